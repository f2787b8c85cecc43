// PUT/DELETE /api/hero-slides/{id} (staff spec section 7), admins only.
import { deleteSlide, updateSlide } from "#app/domain/content/slides.server.ts";
import { withSlide } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/hero-slide";

const missing = () => json({ error: "Slide not found." }, 404);

/** PUT (JSON, same body as POST) and DELETE, admin only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  return byMethod(request, {
    PUT: () =>
      withSlide(request, async (slide) => {
        const updated = id ? await updateSlide(services.db, id, slide, actor) : null;
        if (!updated) return missing();
        await services.invalidatePages();
        return json(updated);
      }),
    DELETE: async () => {
      if (!id || !(await deleteSlide(services.db, id, actor))) return missing();
      await services.invalidatePages();
      return json({ ok: true, id });
    },
  });
}
