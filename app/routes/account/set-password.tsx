// /account/set-password?token=...: where an invitation or a password reset link leads. The
// page names the account; the password is set once, then the person signs in at their door.
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import {
  AccountNameForPasswordManager,
  NewPasswordFields,
} from "#app/components/auth/password-fields.tsx";
import { SignInCard, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { FormAlert } from "#app/components/ui/fields.tsx";
import { accountMailOf, setPasswordWithLink } from "#app/domain/auth/account.server.ts";
import { checkLink } from "#app/domain/auth/account-links.server.ts";
import { listPasskeys } from "#app/domain/auth/passkeys.server.ts";
import { signInPathOf } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { signInHintCookie } from "#app/web/cookie.server.ts";
import { fail, handleIntents } from "#app/web/form-action.server.ts";
import { noStore, TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import { statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose your password | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

// The page names an account: never cached, and its address (the token) never sent on.
export const middleware = [noStore];
export const headers = () => TOKEN_PAGE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await checkLink(context.get(appContext).db, token);
  if (!link.ok) {
    return data(
      { link: null, problem: link.error, token: "" },
      { status: 410, headers: TOKEN_PAGE_HEADERS },
    );
  }
  const { user, purpose } = link.value;
  const { email, id } = user;
  const { db } = context.get(appContext);
  // A reset takes every way in back: the page says what goes with the old password.
  const passkeys = purpose === "password_reset" ? (await listPasskeys(db, id)).length : 0;
  return data(
    { link: { email, purpose, passkeys }, problem: null, token },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(appContext);
  return handleIntents(request, {
    "set-password": async (form, intent) => {
      const result = await setPasswordWithLink(services.db, await accountMailOf(services), {
        token: String(form.get("token") ?? ""),
        password: String(form.get("password") ?? ""),
        confirmPassword: String(form.get("confirmPassword") ?? ""),
        ip: services.clientIp,
        userAgent: request.headers.get("user-agent") ?? "",
      });
      if (!result.ok) {
        return fail(intent, result.error || CORRECT_FIELDS, statusOf(result.reason), {
          fieldErrors: result.fieldErrors,
        });
      }
      const { user } = result.value;
      const door = signInPathOf(user.role);
      const headers = new Headers(TOKEN_PAGE_HEADERS);
      headers.append("Set-Cookie", signInHintCookie(request, user.email));
      throw redirect(`${door}?password=set`, { headers });
    },
  });
}

export default function SetPassword() {
  const { link, problem, token } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const gone = failure && !failure.ok && !failure.fieldErrors ? failure.error : null;
  const title =
    link?.purpose === "password_reset" ? "Choose a new password" : "Choose your password";
  return (
    <SignInPage>
      <SignInCard headingId="set-password-heading" icon="key-round" title={title}>
        {link && !gone ? (
          <>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              For the account{" "}
              <strong className="text-slate-900 dark:text-white">{link.email}</strong>. You sign in
              with it afterwards.
            </p>
            {link.purpose === "password_reset" && (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                Setting it signs out every session
                {link.passkeys > 0 &&
                  ` and removes your ${link.passkeys === 1 ? "passkey" : `${link.passkeys} passkeys`} (add ${link.passkeys === 1 ? "it" : "them"} again from your account page afterwards)`}
                . Two-factor sign-in stays on if you use it.
              </p>
            )}
            <AdminForm intent="set-password" failure={failure} className="mt-6 space-y-5">
              <input type="hidden" name="token" value={token} />
              <AccountNameForPasswordManager email={link.email} />
              <NewPasswordFields />
              <FormActions submit="Set password" busy="Saving..." />
            </AdminForm>
          </>
        ) : (
          <div className="mt-6 space-y-4">
            <FormAlert kind="error">{gone ?? problem}</FormAlert>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              A reset link can be asked for on the{" "}
              <a
                className="font-semibold text-brand-700 underline dark:text-brand-300"
                href="/account/forgot-password"
              >
                forgot password page
              </a>
              ; an invitation is sent again by an administrator.
            </p>
          </div>
        )}
      </SignInCard>
    </SignInPage>
  );
}
