import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import {
  AdminDialog,
  adminButton,
  adminDanger,
  adminPrimary,
} from "#app/components/admin/admin-dialog.tsx";
import { FormAlert, SelectField, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { displayName, isRole, type Role, roleLabels } from "#app/domain/auth/roles.ts";
import {
  type NewUserErrors,
  parseNewUser,
  roleOptions,
  USER_TEXTS,
} from "#app/domain/auth/users.schema.ts";
import {
  addUser,
  deleteUserByAdmin,
  listUsers,
  type UserListItem,
  updateUserByAdmin,
} from "#app/domain/auth/users-admin.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: "User Management | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const rawRole = params.get("role") ?? "";
  const role = isRole(rawRole) ? rawRole : undefined;
  return {
    users: await listUsers(services.db, { q, role }),
    filter: { q, role: role ?? "" },
    me: user.id,
  };
}

type ActionResult =
  | { ok: true; intent: "create"; user: UserListItem; password: string }
  | { ok: true; intent: "role" | "disable" | "enable" | "delete"; message: string }
  | {
      ok: false;
      intent: string;
      error: string;
      errors?: NewUserErrors;
      values?: Record<string, string>;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  const fail = (error: string, status: number, extra: Partial<ActionResult> = {}) =>
    data<ActionResult>({ ok: false, intent, error, ...extra } as ActionResult, status);
  if (!form) return fail("The form could not be read.", 400);

  if (intent === "create") {
    const values = Object.fromEntries(
      ["email", "firstName", "lastName", "role"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    const parsed = parseNewUser({ ...values, role: values.role || undefined });
    if (!parsed.ok) {
      return fail("Please correct the highlighted fields.", 400, {
        errors: parsed.errors,
        values,
      });
    }
    const result = await addUser(db, parsed.value, actor);
    if (!result.ok) {
      return fail(result.error, result.status, { errors: { email: result.error }, values });
    }
    // Shown once in this answer; never stored in plain text or logged.
    return data<ActionResult>(
      { ok: true, intent, user: result.user, password: result.password as string },
      { status: 201 },
    );
  }

  const id = parseId(String(form.get("id") ?? ""));
  if (!id) return fail(USER_TEXTS.notFound, 404);
  if (intent === "role" || intent === "disable" || intent === "enable") {
    const role = form.get("role");
    if (intent === "role" && !isRole(role)) return fail("Choose a role.", 400);
    const result = await updateUserByAdmin(
      db,
      id,
      intent === "role" ? { role: role as Role } : { disabled: intent === "disable" },
      actor,
    );
    if (!result.ok) return fail(result.error, result.status);
    const who = displayName(result.user);
    const message =
      intent === "role"
        ? `${who} is now ${roleLabels[result.user.role]}.`
        : intent === "disable"
          ? `${who} is disabled and signed out everywhere.`
          : `${who} can sign in again.`;
    return data<ActionResult>({ ok: true, intent, message });
  }
  if (intent === "delete") {
    const result = await deleteUserByAdmin(db, id, actor);
    if (!result.ok) return fail(result.error, result.status);
    return data<ActionResult>({
      ok: true,
      intent,
      message: `${displayName(result.user)} (${result.user.email}) was deleted.`,
    });
  }
  return fail("Unknown action.", 400);
}

const formatDate = (iso: string) => iso.slice(0, 10);

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, filter, me } = loaderData;
  const [searchParams] = useSearchParams();
  const list = new URLSearchParams();
  if (filter.q) list.set("q", filter.q);
  if (filter.role) list.set("role", filter.role);
  const listPath = `/admin/users${list.size ? `?${list}` : ""}`;
  const withParam = (name: string, value: string) => {
    const next = new URLSearchParams(list);
    next.set(name, value);
    return `/admin/users?${next}`;
  };

  const adding = searchParams.get("user") === "new";
  const toDelete = users.find((u) => String(u.id) === searchParams.get("delete"));
  const result = actionData as ActionResult | undefined;
  const created = result?.ok && result.intent === "create" ? result : undefined;
  const createFailure = result && !result.ok && result.intent === "create" ? result : undefined;
  const notice = result?.ok && "message" in result ? result.message : "";
  const failure = result && !result.ok && result.intent !== "create" ? result.error : "";

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            User Management
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Staff, instructors and students who can sign in, and their roles.
          </p>
        </div>
        <Link to={withParam("user", "new")} className={adminPrimary} preventScrollReset>
          <Icon name="plus" className="size-4" aria-hidden="true" />
          Add User
        </Link>
      </div>

      <p role="status" className="mt-4 empty:hidden">
        {notice && (
          <span className="block rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200">
            {notice}
          </span>
        )}
      </p>
      {failure && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {failure}
        </p>
      )}

      <AdminDialog
        open={adding || Boolean(created)}
        title={created ? "User Created" : "Add New User"}
        closeTo={listPath}
      >
        {created ? (
          <CreatedUser user={created.user} password={created.password} closeTo={listPath} />
        ) : (
          <AddUserForm
            action={withParam("user", "new")}
            closeTo={listPath}
            errors={createFailure?.errors}
            values={createFailure?.values}
            error={createFailure && !createFailure.errors ? createFailure.error : ""}
          />
        )}
      </AdminDialog>
      <AdminDialog open={Boolean(toDelete)} title="Delete User" closeTo={listPath}>
        {toDelete && <ConfirmDelete user={toDelete} action={listPath} closeTo={listPath} />}
      </AdminDialog>

      <Form
        method="get"
        action="/admin/users"
        role="search"
        aria-label="Users"
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <TextField label="Search by email or name" name="q" type="search" defaultValue={filter.q} />
        <SelectField
          label="Role"
          name="role"
          placeholder="All roles"
          options={roleOptions}
          defaultValue={filter.role}
        />
        <button type="submit" className={adminPrimary}>
          <Icon name="search" className="size-4" aria-hidden="true" />
          Filter
        </button>
      </Form>

      {users.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {filter.q || filter.role ? "No users match this search." : "No users yet."}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users, newest first</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-2">
                  User
                </th>
                <th scope="col" className="px-4 py-2">
                  Role
                </th>
                <th scope="col" className="px-4 py-2">
                  Joined
                </th>
                <th scope="col" className="px-4 py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
              {users.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  isMe={u.id === me}
                  action={listPath}
                  deleteTo={withParam("delete", String(u.id))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function UserRow({
  user,
  isMe,
  action,
  deleteTo,
}: {
  user: UserListItem;
  isMe: boolean;
  action: string;
  deleteTo: string;
}) {
  const name = displayName(user);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(user.id);
  return (
    <tr data-testid={`user-${user.email}`}>
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900 dark:text-white">
          {name}
          {isMe && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>}
        </p>
        <p className="text-slate-600 dark:text-slate-300">{user.email}</p>
        {user.disabled && (
          <span className="mt-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            Disabled
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        <Form method="post" action={action} preventScrollReset className="flex gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={user.id} />
          <label htmlFor={`role-${user.id}`} className="sr-only">
            Role of {name}
          </label>
          <select
            id={`role-${user.id}`}
            name="role"
            defaultValue={user.role}
            key={user.role}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          >
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className={adminButton}
            disabled={busy}
            aria-label={`Save role of ${name}`}
          >
            Save
          </button>
        </Form>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value={user.disabled ? "enable" : "disable"} />
            <input type="hidden" name="id" value={user.id} />
            <button
              type="submit"
              className={adminButton}
              disabled={busy}
              aria-label={`${user.disabled ? "Enable" : "Disable"} ${name}`}
            >
              {user.disabled ? "Enable" : "Disable"}
            </button>
          </Form>
          <Link
            to={deleteTo}
            className={adminButton}
            preventScrollReset
            aria-label={`Delete ${name}`}
          >
            <Icon name="trash" className="size-4" aria-hidden="true" />
            Delete
          </Link>
        </div>
      </td>
    </tr>
  );
}

function AddUserForm({
  action,
  closeTo,
  errors,
  values,
  error,
}: {
  action: string;
  closeTo: string;
  errors?: NewUserErrors;
  values?: Record<string, string>;
  error: string;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Form method="post" action={action} noValidate preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A password is generated and shown once, for you to hand over.
      </p>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        defaultValue={values?.email}
        error={errors?.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          name="firstName"
          required
          defaultValue={values?.firstName}
          error={errors?.firstName}
        />
        <TextField
          label="Last Name"
          name="lastName"
          required
          defaultValue={values?.lastName}
          error={errors?.lastName}
        />
      </div>
      <SelectField
        label="Role"
        name="role"
        placeholder="Choose a role"
        options={roleOptions}
        required
        defaultValue={values?.role}
        error={errors?.role}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Link to={closeTo} className={adminButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={adminPrimary} disabled={saving}>
          {saving ? "Creating..." : "Create User"}
        </button>
      </div>
    </Form>
  );
}

function CreatedUser({
  user,
  password,
  closeTo,
}: {
  user: UserListItem;
  password: string;
  closeTo: string;
}) {
  return (
    <div className="space-y-4">
      <FormAlert kind="success">
        {displayName(user)} ({user.email}) was added as {roleLabels[user.role]}.
      </FormAlert>
      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200" id="new-password">
          Password (shown once)
        </p>
        <output
          aria-labelledby="new-password"
          data-testid="new-password"
          className="mt-1.5 block rounded-lg border border-slate-300 bg-slate-50 px-3.5 py-2.5 font-mono text-lg break-all text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        >
          {password}
        </output>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Copy it now and give it to {user.firstName} in person or by phone. It is not stored and
          cannot be shown again; an admin can set a new one with the user command.
        </p>
      </div>
      <div className="flex justify-end">
        <Link to={closeTo} className={adminPrimary} preventScrollReset>
          Done
        </Link>
      </div>
    </div>
  );
}

function ConfirmDelete({
  user,
  action,
  closeTo,
}: {
  user: UserListItem;
  action: string;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={user.id} />
      <p>
        {USER_TEXTS.deleteConfirm} {displayName(user)} ({user.email}) loses access at once. To keep
        their history, disable the account instead.
      </p>
      <div className="flex justify-end gap-3">
        <Link to={closeTo} className={adminButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={adminDanger} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete User"}
        </button>
      </div>
    </Form>
  );
}
