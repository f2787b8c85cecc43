// GET /api/certificates/:id: a certificate for employers' systems (issue 46), the same facts as
// its public page, with "valid" or "revoked" and the signed credential. No sign-in.
import { appContext } from "#app/platform/context.ts";
import { certificateView } from "#app/web/certificate.server.ts";
import { json, jsonError, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/certificate";

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await certificateView(context.get(appContext), params.id);
  return view ? json(view) : jsonError("That certificate does not exist.", 404);
}

export function action() {
  return methodNotAllowed("GET");
}
