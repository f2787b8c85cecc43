import { apiVersions } from "#app/domain/history/history-api.server.ts";
import type { Route } from "./+types/versions";

/** GET an item's versions (?type=&id=&page=), newest first. Admins only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiVersions(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return apiVersions(request, context);
}
