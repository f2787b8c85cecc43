import { apiLoginPasskey } from "#app/domain/auth/api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/login-passkey";

/**
 * POST /api/auth/login/passkey { ticket } -> WebAuthn options: the second step of a sign-in
 * answered with one of the user's passkeys (the response then goes to /api/auth/login/verify).
 */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiLoginPasskey(request, context);
}

export const loader = () => methodNotAllowed("POST");
