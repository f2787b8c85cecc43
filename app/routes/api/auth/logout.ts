import { apiLogout } from "#app/domain/auth/api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/logout";

/** POST /api/auth/logout: ends the presented session (Bearer token or cookie). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiLogout(request, context);
}

export const loader = () => methodNotAllowed("POST");
