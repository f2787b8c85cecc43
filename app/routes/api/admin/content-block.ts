// GET/PUT/DELETE /api/admin/content-blocks/{id} (staff spec section 7), admins only.
import { BLOCK_TEXTS } from "#app/domain/content/blocks.schema.ts";
import { deleteBlock, getBlock, updateBlock } from "#app/domain/content/blocks.server.ts";
import { blockRefused, withBlock } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/content-block";

const missing = () => json({ error: BLOCK_TEXTS.notFound }, 404);

/** GET one content block. Admins only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const block = id ? await getBlock(services.db, id) : null;
  return block ? json(block) : missing();
}

/** PUT (every field, as POST) and DELETE. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  /** After a change, the pages that show blocks are built again. */
  const changed = async (body: unknown) => {
    await services.invalidatePages();
    return json(body);
  };
  return byMethod(
    request,
    {
      // A body that does not validate is refused before the id is looked at.
      PUT: () =>
        withBlock(request, async (block) => {
          if (!id) return missing();
          const result = await updateBlock(services.db, id, block, actor);
          return result.ok ? changed(result.value) : blockRefused(result);
        }),
      DELETE: async () => {
        if (!id) return missing();
        const result = await deleteBlock(services.db, id, actor);
        return result.ok ? changed({ ok: true, id }) : blockRefused(result);
      },
    },
    { loader: true },
  );
}
