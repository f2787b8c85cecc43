import { apiVersion } from "#app/domain/history/history-api.server.ts";
import type { Route } from "./+types/version";

/** GET one version with its data. Admins only. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiVersion(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return apiVersion(request, context, params.id);
}
