import { apiMe, methodNotAllowed } from "#app/domain/auth/api.server.ts";
import type { Route } from "./+types/me";

/** GET /api/auth/me: the signed-in user (any role), or 401. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiMe(request, context);
}

export const action = () => methodNotAllowed("GET");
