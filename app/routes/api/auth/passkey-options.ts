import { apiPasskeyOptions } from "#app/domain/auth/passkeys-api.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/passkey-options";

/** POST /api/auth/passkey/options { door } -> { options, ticket }: a passkey sign-in's challenge. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiPasskeyOptions(request, context);
}

export const loader = () => methodNotAllowed("POST");
