import { redirectDocument } from "react-router";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import { signOut } from "#app/domain/auth/sign-in.server.ts";
import { appContext } from "#app/platform/context.ts";
import { clearSessionCookie, readSessionToken } from "#app/web/cookie.server.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { NO_STORE, readForm } from "#app/web/http.server.ts";
import type { Route } from "./+types/logout";

/**
 * POST /logout: ends the session on the server, clears the cookie and goes where the form says
 * (redirectTo, default /login).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, 16 * 1024).catch(() => null);
  const { db, env, clientIp } = context.get(appContext);
  await signOut(db, authSettings(env), readSessionToken(request)?.token, clientIp);
  return redirectDocument(safeRedirect(form?.get("redirectTo"), "/login"), {
    headers: { "Set-Cookie": clearSessionCookie(request), "Cache-Control": NO_STORE },
  });
}

// Signing out changes state, so it is never a GET.
export function loader() {
  return new Response("Use POST to sign out.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
