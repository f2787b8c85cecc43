import { apiUser } from "#app/domain/auth/users-api.server.ts";
import type { Route } from "./+types/user";

/** GET one user. Admins only. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiUser(request, context, params.id);
}

/** PATCH { role?, disabled? } and DELETE. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiUser(request, context, params.id);
}
