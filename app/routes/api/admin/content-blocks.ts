import { apiBlocks } from "#app/domain/content/blocks-api.server.ts";
import type { Route } from "./+types/content-blocks";

/** GET: every content block, newest first. Admins only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiBlocks(request, context);
}

/** POST { key, title, content, imageUrl, page, section }: 201 with the block. */
export function action({ request, context }: Route.ActionArgs) {
  return apiBlocks(request, context);
}
