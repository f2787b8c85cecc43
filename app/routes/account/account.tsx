// /account: every signed-in person's own account (admins, sales staff, instructors, students):
// who they are, their password, two-factor sign-in, passkeys, and where they are signed in.
// Every change is theirs only (the session's user) and is audited. Changes that open or close a
// way into the account (two-factor on, new recovery codes, a passkey added or removed) need a
// secret given on this session within the last 10 minutes ("confirm it's you"); the password
// change and turning two-factor off ask for theirs in the form. Each is announced by e-mail.
import { data, redirect } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { Notice, noticeOf, Panel, ScreenHeader } from "#app/components/admin/screen.tsx";
import {
  ConfirmPanel,
  PasskeysPanel,
  SessionsPanel,
  TwoFactorPanel,
} from "#app/components/auth/account-panels.tsx";
import {
  AccountNameForPasswordManager,
  NewPasswordFields,
} from "#app/components/auth/password-fields.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { auditChange } from "#app/domain/audit/audit.server.ts";
import {
  ACCOUNT_PAGE_TEXTS,
  accountMailOf,
  changeOwnPassword,
} from "#app/domain/auth/account.server.ts";
import { recoveryCodesLeft } from "#app/domain/auth/codes.server.ts";
import type { Factor } from "#app/domain/auth/factors.ts";
import { listPasskeys, removePasskey } from "#app/domain/auth/passkeys.server.ts";
import { displayName, ROLES, roleLabels, signInPathOf } from "#app/domain/auth/roles.ts";
import {
  confirmSession,
  endOtherSessions,
  endOwnSession,
  hashToken,
  isConfirmed,
  listUserSessions,
} from "#app/domain/auth/sessions.server.ts";
import { checkAccountCode, checkAccountPassword } from "#app/domain/auth/sign-in.server.ts";
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  pendingEnrolment,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from "#app/domain/auth/two-factor.server.ts";
import { findUserById } from "#app/domain/auth/users.server.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { getStaffSettings } from "#app/domain/settings/staff-settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import type { Failure } from "#app/platform/result.ts";
import { readSessionToken } from "#app/web/cookie.server.ts";
import {
  type ActionFailure,
  done,
  fail,
  handleIntents,
  postedId,
} from "#app/web/form-action.server.ts";
import { getCurrentSession, noStore, requireUser } from "#app/web/guard.server.ts";
import { statusOf } from "#app/web/http.server.ts";
import { clientOf } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Your Account | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

/** Forms whose refusal shows in the form itself (the others in the status line). */
const FORMS = ["password", "totp-start", "totp-confirm", "totp-disable", "confirm"];

/** Each area's home, to go back to from the account page. */
const homes = {
  "/admin": { to: "/admin/dashboard", label: "Admin dashboard" },
  "/login": { to: "/sales-dashboard", label: "Sales dashboard" },
  "/portal": { to: "/portal", label: "Training Portal" },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCurrentSession(request, context);
  // Nobody signed in: a page says where each kind of account signs in.
  if (!session) throw redirect("/account/sign-in");
  const { user } = session;
  const { db, env } = context.get(appContext);
  const row = await findUserById(db, user.id);
  if (!row) throw redirect("/account/sign-in");
  const door = signInPathOf(user.role);
  const passkeys = await listPasskeys(db, user.id);
  const twoFactorOn = Boolean(row.totpSecret);
  const { siteName, timeZone } = await getSiteSettings(db);
  const ruleOn =
    user.role === "admin" && (await getStaffSettings(db, env)).require_admin_two_factor === "on";
  return {
    me: {
      name: displayName(user),
      email: user.email,
      role: roleLabels[user.role],
      door,
      home: homes[door],
    },
    twoFactor: {
      on: twoFactorOn,
      recoveryLeft: twoFactorOn ? await recoveryCodesLeft(db, user.id) : 0,
      // The key and QR code, once the person asked to set it up (kept until confirmed).
      enrolment: await pendingEnrolment(row, siteName),
      // The rule is on and this session has no second factor: set one up, or confirm with it.
      required: ruleOn && !session.secondFactor,
    },
    // "Confirm it's you": until when sensitive changes are open, and what can confirm.
    confirmation: {
      until: session.confirmedUntil?.toISOString() ?? null,
      code: twoFactorOn,
      passkey: passkeys.length > 0,
    },
    passkeys,
    sessions: await listUserSessions(db, user.id, readSessionToken(request)?.token),
    // The company's time zone: the page's dates and times are shown in it.
    timeZone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, {
    roles: ROLES,
    signInPath: "/login",
    beforeSecondFactor: true,
  });
  const session = await getCurrentSession(request, context);
  const services = context.get(appContext);
  const { db } = services;
  const client = clientOf(request, context);
  const token = client.previousToken ?? "";
  const actor = { user, ip: client.ip };
  const me = async () => {
    const row = await findUserById(db, user.id);
    if (!row) throw redirect("/account/sign-in");
    return row;
  };
  const refused = (intent: string, result: Failure) =>
    fail(intent, result.error || CORRECT_FIELDS, statusOf(result.reason), {
      fieldErrors: result.fieldErrors,
    });
  /** Runs a sensitive change only on a session confirmed in the last 10 minutes. */
  const confirmed =
    <T,>(handler: (form: FormData, intent: string) => Promise<T>) =>
    (form: FormData, intent: string) =>
      isConfirmed(session)
        ? handler(form, intent)
        : fail(intent, ACCOUNT_PAGE_TEXTS.confirmFirst, 403);

  return handleIntents(request, {
    confirm: async (form, intent) => {
      const password = String(form.get("password") ?? "");
      const code = String(form.get("code") ?? "").trim();
      if (!password && !code) {
        const error = ACCOUNT_PAGE_TEXTS.nothingGiven;
        return fail(intent, error, 400, { fieldErrors: { password: error } });
      }
      const row = await me();
      const check = password
        ? await checkAccountPassword(db, row, password, client)
        : await checkAccountCode(db, row, code, client);
      if (!check.ok) {
        if (check.reason === "too-many") return fail(intent, check);
        const [field, error] = password
          ? (["password", ACCOUNT_PAGE_TEXTS.wrongPassword] as const)
          : (["code", ACCOUNT_PAGE_TEXTS.wrongCode] as const);
        return fail(intent, error, 400, { fieldErrors: { [field]: error } });
      }
      const factor: Factor = check.value ?? "password";
      await confirmSession(db, token, factor);
      await auditChange(db, actor, "identity_confirmed", `user:${user.id}`, { with: factor });
      return done(intent, ACCOUNT_PAGE_TEXTS.confirmed);
    },
    password: async (form, intent) => {
      const result = await changeOwnPassword(db, await accountMailOf(services), {
        userId: user.id,
        sessionToken: token,
        currentPassword: String(form.get("currentPassword") ?? ""),
        password: String(form.get("password") ?? ""),
        confirmPassword: String(form.get("confirmPassword") ?? ""),
        client,
      });
      if (!result.ok) return refused(intent, result);
      return done(
        intent,
        "Your password is changed. Every other session was signed out, and we e-mailed you a notice.",
      );
    },
    "totp-start": confirmed(async (_form, intent) => {
      const { siteName } = await getSiteSettings(db);
      const enrolment = await startTotpEnrolment(db, await me(), siteName);
      if (!enrolment) return fail(intent, "Two-factor sign-in is already on.", 409);
      return done(intent, "Scan the QR code with your authenticator app, then enter its code.");
    }),
    "totp-cancel": async (_form, intent) => {
      await cancelTotpEnrolment(db, user.id);
      return done(intent, "Two-factor set-up cancelled.");
    },
    "totp-confirm": confirmed(async (form, intent) => {
      const code = String(form.get("code") ?? "");
      const mail = await accountMailOf(services);
      const result = await confirmTotpEnrolment(db, await me(), code, actor, mail, client);
      if (!result.ok) return refused(intent, result);
      const { endedSessions: others, recoveryCodes } = result.value;
      // Shown once, in this answer only.
      return data({
        ok: true as const,
        intent,
        message: `Two-factor sign-in is on${others ? ` and ${others} other session${others === 1 ? " was" : "s were"} signed out` : ""}. Save your recovery codes now.`,
        recoveryCodes,
      });
    }),
    "recovery-codes": confirmed(async (_form, intent) => {
      const mail = await accountMailOf(services);
      const result = await regenerateRecoveryCodes(db, await me(), actor, mail, client);
      if (!result.ok) return refused(intent, result);
      return data({
        ok: true as const,
        intent,
        message: "New recovery codes are made: the old ones no longer work. Save these now.",
        recoveryCodes: result.value,
      });
    }),
    "totp-disable": async (form, intent) => {
      const input = {
        password: String(form.get("password") ?? ""),
        code: String(form.get("code") ?? ""),
      };
      const mail = await accountMailOf(services);
      const result = await disableTotp(db, await me(), input, actor, mail, client);
      if (!result.ok) return refused(intent, result);
      return done(intent, "Two-factor sign-in is off. We e-mailed you a notice.");
    },
    "remove-passkey": confirmed(async (form, intent) => {
      const id = postedId(form);
      const mail = await accountMailOf(services);
      const result = id ? await removePasskey(db, await me(), id, actor, mail, client) : null;
      if (!result?.ok) return fail(intent, "That passkey is not on your account.", 404);
      return done(intent, `The passkey “${result.value}” is removed. We e-mailed you a notice.`);
    }),
    "end-session": async (form, intent) => {
      const id = String(form.get("id") ?? "");
      if (!(await endOwnSession(db, user.id, id))) {
        return fail(intent, "That session has already ended.", 404);
      }
      await auditChange(db, actor, "session_ended", `user:${user.id}`);
      // Ending the session of this page signs this browser out.
      if (id === hashToken(token)) throw redirect(signInPathOf(user.role));
      return done(intent, "The session is signed out.");
    },
    "end-others": async (_form, intent) => {
      const ended = await endOtherSessions(db, user.id, token);
      await auditChange(db, actor, "other_sessions_ended", `user:${user.id}`, { ended });
      const message = ended
        ? `${ended} other session${ended === 1 ? "" : "s"} signed out.`
        : "No other session was signed in.";
      return done(intent, message);
    },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { me, twoFactor, confirmation, passkeys, sessions } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const recoveryCodes =
    actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined;
  return (
    <StaffShell
      area="Account"
      welcome={`Signed in as ${me.name}`}
      signOutTo={me.door}
      nav={[
        { to: "/account", label: "Your account" },
        // Staff who take consultations set their hours there (the page says who does).
        ...(me.door === "/portal" && me.role === "Student"
          ? []
          : [{ to: "/account/availability", label: "Consultation hours" }]),
        { to: me.home.to, label: me.home.label },
      ]}
    >
      <ScreenHeader
        title="Your Account"
        description="Your sign-in details, your password, two-factor sign-in, passkeys and where you are signed in."
      />
      <Notice {...noticeOf(failure && FORMS.includes(failure.intent) ? undefined : actionData)} />
      <div className="mt-6 space-y-6">
        <Panel title="Profile" titleId="profile-heading">
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            {[
              ["Name", me.name],
              ["Email", me.email],
              ["Role", me.role],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="mt-1 break-words text-slate-900 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
            An administrator changes your name, e-mail or role.
          </p>
        </Panel>

        <Panel
          title="Password"
          titleId="password-heading"
          description="Changing it signs out every other session."
        >
          <AdminForm
            intent="password"
            failure={failure}
            label="Change password"
            className="max-w-md space-y-4"
          >
            <AccountNameForPasswordManager email={me.email} />
            <FormText
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <NewPasswordFields />
            <FormActions submit="Change password" busy="Changing..." />
          </AdminForm>
        </Panel>

        <ConfirmPanel
          state={confirmation}
          failure={failure?.intent === "confirm" ? failure : null}
        />
        <TwoFactorPanel
          state={twoFactor}
          owns={confirmation.code || confirmation.passkey}
          failure={failure}
          recoveryCodes={recoveryCodes}
        />
        <PasskeysPanel passkeys={passkeys} />
        <SessionsPanel sessions={sessions} />
      </div>
    </StaffShell>
  );
}
