import { useActionData, useLoaderData } from "react-router";
import { SignInDoor, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { unlistedSeo } from "#app/components/seo.ts";
import { LOGIN_FAILED } from "#app/domain/auth/auth.schema.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { noStoreWhenSignedIn, signInPageState } from "#app/web/guard.server.ts";
import { signInAction } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [
    { title: "Admin Login | Sigma Technology Partners" },
    { name: "description", content: "Sign in to manage the Sigma Technology Partners website." },
  ]);

export const middleware = [noStoreWhenSignedIn];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in admin goes on; anyone else sees the card (and may sign in as an admin). The
  // address is filled in for someone who just chose a password in this browser.
  const state = await signInPageState(request, context, ADMIN_ROLES, "/admin/dashboard");
  return { ...state, demo: context.get(appContext).env.DEMO_MODE };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "admin");
}

export default function AdminLogin() {
  const { demo, ...visitor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SignInPage>
      <SignInDoor
        door="admin"
        card={{ headingId: "admin-login-heading", icon: "shield-check", title: "Admin Login" }}
        {...visitor}
        answer={actionData}
        error={
          actionData?.step === "password" ? actionData.error || LOGIN_FAILED : actionData?.error
        }
        demo={
          demo && (
            <p>
              Demo credentials: <code>admin</code> / the ADMIN_PASSWORD of this server, or the
              password it printed at its first start.
            </p>
          )
        }
      />
    </SignInPage>
  );
}
