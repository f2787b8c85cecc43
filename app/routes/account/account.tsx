// /account: every signed-in person's own account (admins, sales staff, instructors, students):
// who they are, their password, two-factor sign-in, passkeys, and where they are signed in.
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { Notice, noticeOf, Panel, ScreenHeader } from "#app/components/admin/screen.tsx";
import {
  ConfirmPanel,
  PasskeysPanel,
  SessionsPanel,
  TwoFactorPanel,
} from "#app/components/auth/account-panels.tsx";
import { NewPasswordFields } from "#app/components/auth/password-fields.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { accountAction, accountLoader } from "#app/domain/auth/account-action.server.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { noStore } from "#app/web/guard.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Your Account | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

/** Forms whose refusal shows in the form itself (the others in the status line). */
const FORMS = ["password", "totp-start", "totp-confirm", "totp-disable", "confirm"];

export function loader({ request, context }: Route.LoaderArgs) {
  return accountLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
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
            {/* Lets a password manager file the new password under the right account. */}
            <input
              type="text"
              name="username"
              value={me.email}
              autoComplete="username"
              readOnly
              hidden
            />
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
