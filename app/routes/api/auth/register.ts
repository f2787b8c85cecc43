import { apiRegister, methodNotAllowed } from "#app/domain/auth/api.server.ts";
import { requireUser } from "#app/domain/auth/guard.server.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import type { Route } from "./+types/register";

/** POST /api/auth/register { email, role = sales_rep }: admins create users. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiRegister(request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  return methodNotAllowed("POST");
}
