// GET/POST /api/admin/content-blocks (staff spec section 7), admins only, over the same commands
// as /admin/content.
import { createBlock, listAllBlocks } from "#app/domain/content/blocks.server.ts";
import { blockRefused, withBlock } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json } from "#app/web/http.server.ts";
import type { Route } from "./+types/content-blocks";

/** GET: every content block, newest first. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return json(await listAllBlocks(services.db));
}

/** POST { key, title, content, imageUrl, page, section }: 201 with the block. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const create = () =>
    withBlock(request, async (block) => {
      const result = await createBlock(services.db, block, actor);
      if (!result.ok) return blockRefused(result);
      await services.invalidatePages();
      return json(result.value, 201);
    });
  return byMethod(request, { POST: create }, { loader: true });
}
