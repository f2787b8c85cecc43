import { apiVersionCommand } from "#app/domain/history/history-api.server.ts";
import type { Route } from "./+types/version-restore";

/** POST: a new draft from this version (never published by itself). Admins only. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiVersionCommand(request, context, params.id, "restore");
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiVersionCommand(request, context, params.id, "restore");
}
