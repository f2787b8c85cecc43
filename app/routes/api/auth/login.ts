import { apiLogin } from "#app/domain/auth/api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/login";

/** POST /api/auth/login { email, password } -> { token, user }: a Bearer token for API clients. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiLogin(request, context);
}

export const loader = () => methodNotAllowed("POST");
