import { useActionData, useLoaderData } from "react-router";
import { SignInDoor, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { unlistedSeo } from "#app/components/seo.ts";
import { SALES_ROLES } from "#app/domain/auth/roles.ts";
import { seededStaff } from "#app/domain/auth/staff.seed.ts";
import { appContext } from "#app/platform/context.ts";
import { noStoreWhenSignedIn, signInPageState } from "#app/web/guard.server.ts";
import { signInAction } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [
    { title: "Sales Sign In | Sigma Technology Partners" },
    { name: "description", content: "Sign in to the Sigma Technology Partners sales dashboard." },
  ]);

export const middleware = [noStoreWhenSignedIn];

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await signInPageState(request, context, SALES_ROLES, "/sales-dashboard");
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
  return { ...state, demo };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "login");
}

export default function SalesLogin() {
  const { demo, ...visitor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SignInPage>
      <SignInDoor
        door="login"
        card={{
          headingId: "sign-in-heading",
          icon: "users",
          title: "Sales Sign In",
          subtitle: "Sales representatives and managers",
        }}
        {...visitor}
        answer={actionData}
        demo={
          demo && (
            <>
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
            </>
          )
        }
      />
    </SignInPage>
  );
}
