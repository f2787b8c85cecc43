import { signOutAction } from "#app/domain/auth/sign-in-action.server.ts";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session on the server; the form says where to go next. */
export function action({ request, context }: Route.ActionArgs) {
  return signOutAction(request, context);
}

// Signing out changes state, so it is never a GET.
export function loader() {
  return new Response("Use POST to sign out.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
