// PUT/DELETE /api/hero-slides/{id} (staff spec section 7), admins only.
import { deleteSlide, updateSlide } from "#app/domain/content/slides.server.ts";
import { readSlide, slideInvalid } from "#app/web/content-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/hero-slide";

const missing = () => json({ error: "Slide not found." }, 404);

/** PUT (JSON, same body as POST) and DELETE, admin only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  return byMethod(request, {
    PUT: async () => {
      const parsed = await readSlide(request);
      if (!parsed.ok) return slideInvalid(parsed.errors);
      const slide = id ? await updateSlide(services.db, id, parsed.value, actor) : null;
      if (!slide) return missing();
      await services.invalidatePages();
      return json(slide);
    },
    DELETE: async () => {
      if (!id || !(await deleteSlide(services.db, id, actor))) return missing();
      await services.invalidatePages();
      return json({ ok: true, id });
    },
  });
}
