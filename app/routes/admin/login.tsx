import { redirect, useActionData, useLoaderData } from "react-router";
import { SignInForm } from "#app/components/auth/sign-in-form.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { LOGIN_FAILED } from "#app/domain/auth/auth.schema.ts";
import { getCurrentUser, noStoreWhenSignedIn } from "#app/domain/auth/guard.server.ts";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import { signInAction } from "#app/domain/auth/sign-in-action.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => [
  ...withSeo(args, [
    { title: "Admin Login | Sigma Technology Partners" },
    { name: "description", content: "Sign in to manage the Sigma Technology Partners website." },
  ]),
  { name: "robots", content: "noindex" },
];

export const middleware = [noStoreWhenSignedIn];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getCurrentUser(request, context);
  // A signed-in admin goes on; anyone else sees the card (and may sign in as an admin).
  if (user?.role === "admin") throw redirect(redirectTo || "/admin/dashboard");
  return { redirectTo, demo: context.get(appContext).env.DEMO_MODE };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "admin");
}

export default function AdminLogin() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page max-w-md">
        <section
          aria-labelledby="admin-login-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950">
              <Icon name="shield-check" className="size-5" aria-hidden="true" />
            </span>
            <h1
              id="admin-login-heading"
              className="text-2xl font-bold text-slate-900 dark:text-white"
            >
              Admin Login
            </h1>
          </div>
          <SignInForm
            field="username"
            fieldLabel="Username or email"
            buttonText="Login"
            busyText="Logging in..."
            error={actionData ? actionData.error || LOGIN_FAILED : undefined}
            defaultLogin={actionData?.login}
            redirectTo={redirectTo || undefined}
          />
          {demo && (
            <p className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 dark:border-brand-900 dark:bg-slate-800 dark:text-slate-100">
              Demo credentials: <code>admin</code> / the ADMIN_PASSWORD of this server, or the
              password it printed at its first start.
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
