// /account: every signed-in person's own account (admins, sales staff, instructors, students):
// who they are, their password, and the sessions signed in with it.
import { redirect } from "react-router";
import { AdminForm, FormActions, useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { RowAction } from "#app/components/admin/confirm-button.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import {
  Badge,
  badgeStyle,
  countOf,
  DataTable,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { NewPasswordFields } from "#app/components/auth/password-fields.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { accountMailOf, changeOwnPassword } from "#app/domain/auth/account.server.ts";
import { auditChange } from "#app/domain/auth/audit.server.ts";
import { readSessionToken } from "#app/domain/auth/cookie.server.ts";
import { getCurrentUser, noStore, requireUser } from "#app/domain/auth/guard.server.ts";
import { displayName, ROLES, roleLabels, signInPathOf } from "#app/domain/auth/roles.ts";
import {
  endOtherSessions,
  endOwnSession,
  listUserSessions,
  type SessionItem,
} from "#app/domain/auth/sessions.server.ts";
import { describeUserAgent } from "#app/domain/auth/user-agent.ts";
import { formatMoment } from "#app/domain/training/training.ts";
import { appContext } from "#app/platform/context.ts";
import {
  type ActionFailure,
  CORRECT_FIELDS,
  done,
  fail,
  handleIntents,
} from "#app/platform/form-action.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Your Account | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

const PATH = "/account";

/** Each area's home, to go back to from the account page. */
const homes = {
  "/admin": { to: "/admin/dashboard", label: "Admin dashboard" },
  "/login": { to: "/sales-dashboard", label: "Sales dashboard" },
  "/portal": { to: "/portal", label: "Training Portal" },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  // Nobody signed in: a page says where each kind of account signs in.
  if (!user) throw redirect("/account/sign-in");
  const { db } = context.get(appContext);
  const door = signInPathOf(user.role);
  return {
    me: {
      name: displayName(user),
      email: user.email,
      username: user.username,
      role: roleLabels[user.role],
      door,
      home: homes[door],
    },
    sessions: await listUserSessions(db, user.id, readSessionToken(request)?.token),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, { roles: ROLES, signInPath: "/login" });
  const services = context.get(appContext);
  const { db, clientIp } = services;
  const token = readSessionToken(request)?.token ?? "";
  const actor = { user, ip: clientIp };
  return handleIntents(request, {
    password: async (form, intent) => {
      const result = await changeOwnPassword(db, await accountMailOf(services), {
        userId: user.id,
        sessionToken: token,
        currentPassword: String(form.get("currentPassword") ?? ""),
        password: String(form.get("password") ?? ""),
        confirmPassword: String(form.get("confirmPassword") ?? ""),
        ip: clientIp,
      });
      if (!result.ok) {
        return fail(intent, result.error || CORRECT_FIELDS, result.status, {
          fieldErrors: result.fieldErrors,
        });
      }
      return done(
        intent,
        "Your password is changed. Every other session was signed out, and we e-mailed you a notice.",
      );
    },
    "end-session": async (form, intent) => {
      const id = String(form.get("id") ?? "");
      if (!(await endOwnSession(db, user.id, id))) {
        return fail(intent, "That session has already ended.", 404);
      }
      await auditChange(db, actor, "session_ended", `user:${user.id}`);
      // Ending the session of this page signs this browser out.
      if (id === (await listUserSessions(db, user.id, token)).find((s) => s.current)?.id) {
        throw redirect(signInPathOf(user.role));
      }
      return done(intent, "The session is signed out.");
    },
    "end-others": async (_form, intent) => {
      const ended = await endOtherSessions(db, user.id, token);
      await auditChange(db, actor, "other_sessions_ended", `user:${user.id}`, { ended });
      return done(
        intent,
        ended
          ? `${countOf(ended, "other session")} signed out.`
          : "No other session was signed in.",
      );
    },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { me, sessions } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <StaffShell
      area="Account"
      welcome={`Signed in as ${me.name}`}
      signOutTo={me.door}
      nav={[
        { to: PATH, label: "Your account" },
        { to: me.home.to, label: me.home.label },
      ]}
    >
      <ScreenHeader
        title="Your Account"
        description="Your sign-in details, your password and where you are signed in."
      />
      <Notice {...noticeOf(failure?.intent === "password" ? undefined : actionData)} />
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

        <Panel
          title="Sessions"
          titleId="sessions-heading"
          description="Browsers and API clients signed in to your account. Sign out any you do not recognise, then change your password."
          actions={
            others > 0 && (
              <RowAction intent="end-others" label="Sign out everywhere else">
                Sign out everywhere else
              </RowAction>
            )
          }
        >
          <DataTable
            caption="Your sessions, the most recently used first"
            columns={["Browser", "Address", "Signed in", "Last used", "Actions"]}
            count={countOf(sessions.length, "session")}
          >
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </DataTable>
        </Panel>
      </div>
    </StaffShell>
  );
}

function SessionRow({ session }: { session: SessionItem }) {
  const busy = useRecordBusy(session.id);
  const browser = describeUserAgent(session.userAgent);
  return (
    <tr>
      <td className="px-4 py-3">
        {browser}
        {session.current && (
          <span className="ml-2">
            <Badge className={badgeStyle.success}>This browser</Badge>
          </span>
        )}
      </td>
      <td className="px-4 py-3">{session.ip || "-"}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={session.createdAt}>{formatMoment(session.createdAt)}</time>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={session.lastSeenAt}>{formatMoment(session.lastSeenAt)}</time>
      </td>
      <td className="px-4 py-3">
        <RowAction
          intent="end-session"
          id={session.id}
          busy={busy}
          label={
            session.current
              ? "Sign out this browser"
              : `Sign out ${browser}, last used ${formatMoment(session.lastSeenAt)}`
          }
        >
          Sign out
        </RowAction>
      </td>
    </tr>
  );
}
