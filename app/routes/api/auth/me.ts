import { apiMe } from "#app/domain/auth/api.server.ts";
import { ROLES } from "#app/domain/auth/roles.ts";
import { requireUser } from "#app/web/guard.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/me";

/** GET /api/auth/me: the signed-in user (any role), or 401. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiMe(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, { roles: ROLES, signInPath: "/login" });
  return methodNotAllowed("GET");
}
