import { apiRegister } from "#app/domain/auth/api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/register";

/** POST /api/auth/register { email, role = sales_rep }: admins create users. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiRegister(request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
