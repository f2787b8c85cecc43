import { apiVersionCommand } from "#app/domain/history/history-api.server.ts";
import type { Route } from "./+types/version-publish";

/** POST: publishes this draft. Admins only. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiVersionCommand(request, context, params.id, "publish");
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiVersionCommand(request, context, params.id, "publish");
}
