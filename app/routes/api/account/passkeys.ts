import { apiAccountPasskeys } from "#app/domain/auth/passkeys-api.server.ts";
import type { Route } from "./+types/passkeys";

/**
 * POST /api/account/passkeys { intent: "options" | "register" }: /account adds a passkey.
 * Signed-in people only (any other method answers 405 after the sign-in check).
 */
export function action({ request, context }: Route.ActionArgs) {
  return apiAccountPasskeys(request, context);
}

export function loader({ request, context }: Route.LoaderArgs) {
  return apiAccountPasskeys(request, context);
}
