import { apiBlock } from "#app/domain/content/blocks-api.server.ts";
import type { Route } from "./+types/content-block";

/** GET one content block. Admins only. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiBlock(request, context, params.id);
}

/** PUT (same body as POST) and DELETE. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiBlock(request, context, params.id);
}
