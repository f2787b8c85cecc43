import { apiUsers } from "#app/domain/auth/users-api.server.ts";
import type { Route } from "./+types/users";

/** GET ?q=&role=: users, newest first. Admins only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiUsers(request, context);
}

/** POST { email, firstName, lastName, role }: 201 { user, password } (the password once). */
export function action({ request, context }: Route.ActionArgs) {
  return apiUsers(request, context);
}
