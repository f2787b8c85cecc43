// GET/PUT/DELETE /api/admin/content-blocks/{id} (staff spec section 7), admins only.
import { BLOCK_TEXTS, parseBlock } from "#app/domain/content/blocks.schema.ts";
import { deleteBlock, getBlock, updateBlock } from "#app/domain/content/blocks.server.ts";
import { blockInvalid, blockRefused } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, parseId, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/content-block";

const missing = () => json({ error: BLOCK_TEXTS.notFound }, 404);

/** GET one content block. Admins only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const block = id ? await getBlock(services.db, id) : null;
  return block ? json(block) : missing();
}

/** PUT (same body as POST) and DELETE. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  return byMethod(
    request,
    {
      PUT: async () => {
        const parsed = parseBlock(await readJsonObject(request));
        if (!parsed.ok) return blockInvalid(parsed.errors);
        if (!id) return missing();
        const result = await updateBlock(services.db, id, parsed.value, actor);
        if (!result.ok) return blockRefused(result);
        await services.invalidatePages();
        return json(result.block);
      },
      DELETE: async () => {
        if (!id) return missing();
        const result = await deleteBlock(services.db, id, actor);
        if (!result.ok) return blockRefused(result);
        await services.invalidatePages();
        return json({ ok: true, id });
      },
    },
    { get: true },
  );
}
