import { apiPasskeyVerify } from "#app/domain/auth/passkeys-api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/passkey-verify";

/** POST /api/auth/passkey/verify { ticket, response, redirectTo } -> { redirectTo }: signs in with a passkey. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiPasskeyVerify(request, context);
}

export const loader = () => methodNotAllowed("POST");
