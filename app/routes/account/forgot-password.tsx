// /account/forgot-password: asks for the e-mail and sends a reset link if an enabled account has
// it. The answer is the same text, after about the same time, whether or not it exists.
import { data, Link, useActionData, useLoaderData } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { SignInCard, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { FormAlert } from "#app/components/ui/fields.tsx";
import {
  ACCOUNT_TEXTS,
  accountMailOf,
  requestPasswordReset,
} from "#app/domain/auth/account.server.ts";
import { appContext } from "#app/platform/context.ts";
import { done, fail, handleIntents } from "#app/web/form-action.server.ts";
import { noStoreWhenSignedIn } from "#app/web/guard.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot your password? | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStoreWhenSignedIn];

/** Where the person came from, and goes back to sign in. */
const doors = {
  admin: { to: "/admin", label: "Admin Login" },
  login: { to: "/login", label: "Sales Sign In" },
  portal: { to: "/portal", label: "Training Portal" },
} as const;

export function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return { back: from && Object.hasOwn(doors, from) ? doors[from as keyof typeof doors] : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(appContext);
  return handleIntents(request, {
    forgot: async (form, intent) => {
      const email = String(form.get("email") ?? "").trim();
      if (!email || email.length > 254 || !email.includes("@")) {
        return fail(intent, "Enter the e-mail address of your account.", 400, {
          fieldErrors: { email: "Enter the e-mail address of your account." },
          values: { email },
        });
      }
      const mail = await accountMailOf(services);
      const result = await requestPasswordReset(services.db, mail, {
        email,
        ip: services.clientIp,
      });
      if (!result.ok) {
        return data(
          { ok: false as const, intent, error: result.error },
          { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
        );
      }
      return done(intent, ACCOUNT_TEXTS.forgotAnswer);
    },
  });
}

export default function ForgotPassword() {
  const { back } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const sent = result?.ok ? result.message : null;
  return (
    <SignInPage>
      <SignInCard headingId="forgot-heading" icon="key-round" title="Forgot your password?">
        {sent ? (
          <div className="mt-6">
            <FormAlert kind="success">{sent}</FormAlert>
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              Enter the e-mail address of your account. We send a link to choose a new password; it
              also unlocks the account.
            </p>
            <AdminForm
              intent="forgot"
              failure={result && !result.ok ? result : null}
              className="mt-6 space-y-5"
            >
              <FormText label="Email" name="email" type="email" autoComplete="username" required />
              <FormActions submit="Send the link" busy="Sending..." />
            </AdminForm>
          </>
        )}
        {back && (
          <p className="mt-6 text-sm">
            <Link
              to={back.to}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
            >
              Back to {back.label}
            </Link>
          </p>
        )}
      </SignInCard>
    </SignInPage>
  );
}
