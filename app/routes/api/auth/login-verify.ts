import { apiLoginVerify } from "#app/domain/auth/api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/login-verify";

/**
 * POST /api/auth/login/verify { ticket, code } or { ticket, passkey } -> { token, user,
 * expiresAt }: the second step of an API sign-in for an account with a second factor (the
 * ticket comes from /api/auth/login).
 */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiLoginVerify(request, context);
}

export const loader = () => methodNotAllowed("POST");
