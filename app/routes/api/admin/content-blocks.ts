// GET/POST /api/admin/content-blocks (staff spec section 7), admins only, over the same commands
// as /admin/content.
import { parseBlock } from "#app/domain/content/blocks.schema.ts";
import { createBlock, listAllBlocks } from "#app/domain/content/blocks.server.ts";
import { blockInvalid, blockRefused } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/content-blocks";

/** GET: every content block, newest first. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return json(await listAllBlocks(services.db));
}

/** POST { key, title, content, imageUrl, page, section }: 201 with the block. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        const parsed = parseBlock(await readJsonObject(request));
        if (!parsed.ok) return blockInvalid(parsed.errors);
        const result = await createBlock(services.db, parsed.value, actor);
        if (!result.ok) return blockRefused(result);
        await services.invalidatePages();
        return json(result.block, 201);
      },
    },
    { get: true },
  );
}
