import { useSearchParams } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { AdminDialog, ConfirmRecord } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { DisableDialog, LeavingConsultations } from "#app/components/admin/leaving-consultant.tsx";
import {
  AddLink,
  adminMeta,
  countOf,
  DataTable,
  FilterBar,
  Notice,
  noticeOf,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { UserRow } from "#app/components/admin/user-row.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import {
  accountMailOf,
  resendInvitation,
  sendPasswordResetByAdmin,
} from "#app/domain/auth/account.server.ts";
import { displayName, isRole, roleLabels } from "#app/domain/auth/roles.ts";
import { resetTwoFactorByAdmin } from "#app/domain/auth/two-factor.server.ts";
import { parseNewUser, roleOptions, USER_TEXTS } from "#app/domain/auth/users.schema.ts";
import { markConsultant, markedConsultants } from "#app/domain/consultations/consultants.server.ts";
import {
  handOverConsultations,
  upcomingCounts,
  upcomingOfConsultant,
} from "#app/domain/consultations/consultation-changes.server.ts";
import { loadBookingEmails } from "#app/domain/consultations/consultation-mail.server.ts";
import { consultsBy, type StaffBooking } from "#app/domain/consultations/consultations.ts";
import { staffMailOf } from "#app/domain/mail/brand.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import {
  addUser,
  deleteUserByAdmin,
  getUser,
  listUsers,
  updateUserByAdmin,
} from "#app/domain/users/users-admin.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import {
  type ActionFailure,
  done,
  fail,
  formValues,
  handleIntents,
  invalid,
  postedId,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { clientOf } from "#app/web/sign-in.server.ts";
import { staffLeaving } from "#app/web/staff-leaving.server.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => adminMeta("User Management");

const PATH = "/admin/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const rawRole = params.get("role") ?? "";
  const role = isRole(rawRole) ? rawRole : undefined;
  const now = currentTime(services.env);
  const [list, marked] = await Promise.all([
    listUsers(services.db, { q, role }),
    markedConsultants(services.db),
  ]);
  const upcoming = await upcomingCounts(
    services.db,
    list.map((u) => u.id),
    now,
  );
  // Disabling or deleting someone with upcoming consultations asks what becomes of them.
  const leaving = parseId(params.get("leave") ?? params.get("delete") ?? "");
  return {
    users: list.map((u) => ({
      ...u,
      consults: consultsBy(u.role, marked.has(u.id)),
      upcomingConsultations: upcoming.get(u.id) ?? 0,
    })),
    filter: { q, role: role ?? "" },
    me: user.id,
    leavingConsultations:
      leaving && upcoming.get(leaving) ? await upcomingOfConsultant(services.db, leaving, now) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  /** Runs `change` on the posted user, or answers that there is no such user. */
  const withUser = <T,>(form: FormData, intent: string, change: (id: number) => Promise<T>) => {
    const id = postedId(form);
    return id ? change(id) : fail(intent, USER_TEXTS.notFound, 404);
  };

  return handleIntents(request, {
    create: async (form, intent) => {
      const values = formValues(form, ["email", "firstName", "lastName", "role"]);
      const parsed = parseNewUser({ ...values, role: values.role || undefined });
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
      const result = await addUser(db, parsed.value, actor, await accountMailOf(services));
      if (!result.ok) {
        return fail(intent, result, {
          fieldErrors: { email: result.error },
          values,
        });
      }
      const user = result.value;
      return done(
        intent,
        `${displayName(user)} was added as ${roleLabels[user.role]}. An invitation to choose a password was sent to ${user.email}.`,
      );
    },
    invite: (form, intent) =>
      withUser(form, intent, async (id) => {
        const result = await resendInvitation(db, id, actor, await accountMailOf(services));
        if (!result.ok) return fail(intent, result);
        return done(intent, `A new invitation was sent to ${result.value.email}.`);
      }),
    reset2fa: (form, intent) =>
      withUser(form, intent, async (id) => {
        const password = String(form.get("password") ?? "");
        const mail = await accountMailOf(services);
        const client = clientOf(request, context);
        const result = await resetTwoFactorByAdmin(db, id, password, actor, mail, client);
        if (!result.ok) {
          return fail(intent, result, {
            fieldErrors: result.fieldErrors,
            values: { id },
          });
        }
        const target = await getUser(db, id);
        return done(
          intent,
          `Two-factor sign-in is off for ${target ? displayName(target) : "the user"}; they were e-mailed. They can turn it on again from their account page.`,
        );
      }),
    reset: (form, intent) =>
      withUser(form, intent, async (id) => {
        const mail = await accountMailOf(services);
        const result = await sendPasswordResetByAdmin(db, id, actor, mail);
        if (!result.ok) return fail(intent, result);
        return done(intent, `A password reset link was sent to ${result.value.email}.`);
      }),
    role: (form, intent) =>
      withUser(form, intent, async (id) => {
        const role = form.get("role");
        if (!isRole(role)) return fail(intent, "Choose a role.");
        const result = await updateUserByAdmin(
          db,
          id,
          { role },
          actor,
          await staffLeaving(services, actor),
        );
        if (!result.ok) return fail(intent, result);
        return done(
          intent,
          `${displayName(result.value)} is now ${roleLabels[result.value.role]}.`,
        );
      }),
    consults: (form, intent) => markAs(form, intent, true),
    "no-consults": (form, intent) => markAs(form, intent, false),
    disable: (form, intent) => setDisabled(form, intent, true),
    enable: (form, intent) => setDisabled(form, intent, false),
    delete: (form, intent) =>
      withUser(form, intent, async (id) => {
        const leave = await leaveStep(form, intent, id);
        if (!("step" in leave)) return leave;
        const onLeave = await staffLeaving(services, actor, leave.step);
        const result = await deleteUserByAdmin(db, id, actor, onLeave);
        if (!result.ok) return fail(intent, result);
        const user = result.value;
        return done(intent, `${displayName(user)} (${user.email}) was deleted.${leave.said.text}`);
      }),
  });

  /**
   * What becomes of a leaving consultant's upcoming consultations, as the admin chose: given to
   * others free then, or cancelled (each booker told), in the transaction that disables or
   * deletes them. A refusal to answer when there are some and no choice was made; else the step
   * to run (none without consultations) and the words that say what it did.
   */
  async function leaveStep(form: FormData, intent: string, id: number) {
    const now = currentTime(services.env);
    const pending = await upcomingOfConsultant(db, id, now);
    const said = { text: "" };
    if (pending.length === 0) return { step: undefined, said };
    const how = form.get("consultations");
    if (how !== "reassign" && how !== "cancel") {
      const error = USER_TEXTS.chooseConsultations(pending.length);
      // The question again, with the consultations it is about (the list may have changed).
      return fail(intent, error, 409, {
        fieldErrors: { consultations: error },
        values: { id, consultations: pending },
      });
    }
    const [mail, companyZone] = await Promise.all([
      staffMailOf(services, loadBookingEmails),
      getTimeZone(db),
    ]);
    const step = async (tx: DbTransaction) => {
      const counts = await handOverConsultations(tx, mail, actor, id, how, now, companyZone);
      const parts = [
        counts.reassigned && `${countOf(counts.reassigned, "consultation")} given to others`,
        counts.cancelled && `${countOf(counts.cancelled, "consultation")} cancelled`,
      ].filter(Boolean);
      said.text = ` Their upcoming consultations: ${parts.join(", ")}; each booker was e-mailed.`;
    };
    return { step, said };
  }

  function markAs(form: FormData, intent: string, on: boolean) {
    return withUser(form, intent, async (id) => {
      if (!(await markConsultant(db, actor, id, on))) return fail(intent, USER_TEXTS.notFound, 404);
      return done(
        intent,
        on
          ? "They now take consultations: they set their hours at Consultation hours in their account."
          : "They no longer take consultations.",
      );
    });
  }

  function setDisabled(form: FormData, intent: string, disabled: boolean) {
    return withUser(form, intent, async (id) => {
      const leave = disabled
        ? await leaveStep(form, intent, id)
        : { step: undefined, said: { text: "" } };
      if (!("step" in leave)) return leave;
      const onLeave = await staffLeaving(services, actor, leave.step);
      const result = await updateUserByAdmin(db, id, { disabled }, actor, onLeave);
      if (!result.ok) return fail(intent, result);
      const who = displayName(result.value);
      return done(
        intent,
        disabled
          ? `${who} is disabled and signed out everywhere.${leave.said.text}`
          : `${who} can sign in again.`,
      );
    });
  }
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, filter, me } = loaderData;
  const [searchParams] = useSearchParams();
  const listPath = addressWith(PATH, filter);
  const withParam = (name: string, value: string) => addressWith(PATH, filter, { [name]: value });

  const result = actionData;
  const failure = result && !result.ok ? (result as ActionFailure) : null;
  const toDelete = users.find(
    (u) =>
      String(u.id) === searchParams.get("delete") ||
      (failure?.intent === "delete" && String(u.id) === String(failure.values?.id)),
  );
  const toDisable = users.find(
    (u) =>
      String(u.id) === searchParams.get("leave") ||
      (failure?.intent === "disable" && String(u.id) === String(failure.values?.id)),
  );
  const leaving = loaderData.leavingConsultations.length
    ? loaderData.leavingConsultations
    : ((failure?.values?.consultations as StaffBooking[] | undefined) ?? []);
  // The admin's password was refused: the dialog stays open for the same user.
  const resetFor =
    failure?.intent === "reset2fa" ? String(failure.values?.id) : searchParams.get("reset2fa");
  const toReset = users.find((u) => String(u.id) === resetFor && u.twoFactor);

  return (
    <>
      <ScreenHeader
        title="User Management"
        description="Staff, instructors and students who can sign in, and their roles."
        action={<AddLink to={withParam("user", "new")}>Add User</AddLink>}
      />
      <Notice {...noticeOf(failure?.intent === "create" ? undefined : result)} />

      {/* It posts to the list itself: once created, the list shows with the message. */}
      <AdminDialog
        open={searchParams.get("user") === "new" || failure?.intent === "create"}
        title="Add New User"
        closeTo={listPath}
      >
        <AdminForm action={listPath} intent="create" failure={failure}>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The new user gets an e-mail with a link to choose their password, which works for 72
            hours. Nobody can sign in with the account before a password is chosen.
          </p>
          <FormText label="Email" name="email" type="email" autoComplete="off" required />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormText label="First Name" name="firstName" required />
            <FormText label="Last Name" name="lastName" required />
          </div>
          <FormSelect
            label="Role"
            name="role"
            placeholder="Choose a role"
            options={roleOptions}
            required
          />
          <FormActions submit="Create User" busy="Creating..." cancelTo={listPath} />
        </AdminForm>
      </AdminDialog>
      <ConfirmRecord record={toDelete} title="Delete User" closeTo={listPath} confirm="Delete User">
        {(user) => (
          <>
            <p>
              {USER_TEXTS.deleteConfirm} {displayName(user)} ({user.email}) loses access at once. To
              keep their history, disable the account instead.
            </p>
            {user.upcomingConsultations > 0 && (
              <LeavingConsultations consultations={leaving} failure={failure} />
            )}
          </>
        )}
      </ConfirmRecord>
      <DisableDialog user={toDisable} closeTo={listPath} leaving={leaving} failure={failure} />

      <ConfirmRecord
        record={toReset}
        title="Reset Two-Factor"
        closeTo={listPath}
        intent="reset2fa"
        confirm="Reset two-factor"
        busy="Resetting..."
      >
        {(user) => (
          <>
            <p>
              For someone who lost both their phone and their recovery codes: two-factor sign-in is
              turned off for {displayName(user)} ({user.email}), their passkeys are removed, and
              they are e-mailed. Do this only after you made sure it is them (call them back on a
              number you know).
            </p>
            <TextField
              label="Your password, to confirm"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={failure?.intent === "reset2fa" ? failure.error : undefined}
            />
          </>
        )}
      </ConfirmRecord>

      <FilterBar action={PATH} label="Users" columns="sm:grid-cols-[1fr_14rem_auto]">
        <TextField label="Search by email or name" name="q" type="search" defaultValue={filter.q} />
        <SelectField
          label="Role"
          name="role"
          placeholder="All roles"
          options={roleOptions}
          defaultValue={filter.role}
        />
      </FilterBar>

      <DataTable
        caption="Users, newest first"
        columns={["User", "Role", "Joined", "Actions"]}
        count={
          filter.q || filter.role
            ? countOf(users.length, "match", "matches")
            : countOf(users.length, "user")
        }
        empty={filter.q || filter.role ? "No users match this search." : "No users yet."}
      >
        {users.map((u) => (
          <UserRow
            key={u.id}
            user={u}
            isMe={u.id === me}
            action={listPath}
            deleteTo={withParam("delete", String(u.id))}
            resetTo={withParam("reset2fa", String(u.id))}
            leaveTo={withParam("leave", String(u.id))}
          />
        ))}
      </DataTable>
    </>
  );
}
