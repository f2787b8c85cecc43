import { apiAccountPasskeys } from "#app/domain/auth/passkeys-api.server.ts";
import { methodNotAllowed } from "#app/platform/http.server.ts";
import type { Route } from "./+types/passkeys";

/** POST /api/account/passkeys { intent: "options" | "register" }: /account adds a passkey. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiAccountPasskeys(request, context);
}

export const loader = () => methodNotAllowed("POST");
