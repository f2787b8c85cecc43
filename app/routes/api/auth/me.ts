import { ROLES } from "#app/domain/auth/roles.ts";
import { type RequireOptions, requireUser } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/me";

const SIGNED_IN: RequireOptions = { roles: ROLES, signInPath: "/login" };

/** GET /api/auth/me: the signed-in user (any role), or 401. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, SIGNED_IN);
  return json({ user });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, SIGNED_IN);
  return methodNotAllowed("GET");
}
