import { redirect, useActionData, useLoaderData } from "react-router";
import { SignInForm } from "#app/components/auth/sign-in-form.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { getCurrentUser, noStoreWhenSignedIn } from "#app/domain/auth/guard.server.ts";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import { SALES_ROLES } from "#app/domain/auth/roles.ts";
import { signInAction } from "#app/domain/auth/sign-in-action.server.ts";
import { seededStaff } from "#app/domain/auth/staff.seed.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => [
  ...withSeo(args, [
    { title: "Sales Sign In | Sigma Technology Partners" },
    { name: "description", content: "Sign in to the Sigma Technology Partners sales dashboard." },
  ]),
  { name: "robots", content: "noindex" },
];

export const middleware = [noStoreWhenSignedIn];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getCurrentUser(request, context);
  if (user && SALES_ROLES.includes(user.role)) {
    throw redirect(redirectTo || "/sales-dashboard");
  }
  const { env } = context.get(appContext);
  // Demo hints depend on the configuration only, never on the visitor.
  const demo = env.DEMO_MODE
    ? {
        accounts: seededStaff
          .filter((a) => SALES_ROLES.includes(a.role))
          .map((a) => ({ email: a.email, role: a.role })),
        password: env.DEMO_PASSWORD ?? null,
      }
    : null;
  return { redirectTo, demo };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "login");
}

export default function SalesLogin() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page max-w-md">
        <section
          aria-labelledby="sign-in-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950">
              <Icon name="users" className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h1
                id="sign-in-heading"
                className="text-2xl font-bold text-slate-900 dark:text-white"
              >
                Sales Sign In
              </h1>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Sales representatives and managers
              </p>
            </div>
          </div>
          <SignInForm
            field="email"
            fieldLabel="Email"
            buttonText="Sign In"
            busyText="Signing in..."
            error={actionData?.error}
            defaultLogin={actionData?.login}
            redirectTo={redirectTo || undefined}
          />
          {demo && (
            <div className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 dark:border-brand-900 dark:bg-slate-800 dark:text-slate-100">
              <h2 className="font-semibold">Demo accounts</h2>
              <ul className="mt-2 space-y-1">
                {demo.accounts.map((a) => (
                  <li key={a.email}>
                    {a.role === "manager" ? "Manager" : "Sales rep"}: <code>{a.email}</code>
                  </li>
                ))}
              </ul>
              <p className="mt-2">
                {demo.password ? (
                  <>
                    Password: <code>{demo.password}</code>
                  </>
                ) : (
                  "Password: the DEMO_PASSWORD of this server, or the one it printed at its first start."
                )}
              </p>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
