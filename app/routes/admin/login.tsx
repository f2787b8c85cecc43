import { useActionData, useLoaderData } from "react-router";
import { SignInDoor, SignInPage } from "#app/components/auth/sign-in-form.tsx";
import { withSeo } from "#app/components/seo.ts";
import { LOGIN_FAILED } from "#app/domain/auth/auth.schema.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { readSignInHint } from "#app/web/cookie.server.ts";
import { noStoreWhenSignedIn, sendSignedInOn } from "#app/web/guard.server.ts";
import { signInAction } from "#app/web/sign-in.server.ts";
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
  // A signed-in admin goes on; anyone else sees the card (and may sign in as an admin).
  const { redirectTo, elsewhere } = await sendSignedInOn(
    request,
    context,
    ADMIN_ROLES,
    "/admin/dashboard",
  );
  const demo = context.get(appContext).env.DEMO_MODE;
  // Just chose a password in this browser: the address is filled in.
  return { redirectTo, elsewhere, demo, hint: readSignInHint(request) };
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
