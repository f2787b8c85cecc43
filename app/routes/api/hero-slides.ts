// GET/POST /api/hero-slides (staff spec section 7).
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { listActiveSlides } from "#app/domain/content/content.server.ts";
import { createSlide, listAllSlides } from "#app/domain/content/slides.server.ts";
import { appContext } from "#app/platform/context.ts";
import { withSlide } from "#app/web/content-api.server.ts";
import { getStaffUser, requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json } from "#app/web/http.server.ts";
import type { Route } from "./+types/hero-slides";

/**
 * Public: the active slides in order (cacheable); a signed-in admin gets every slide, as far as
 * the staff rules let their session in (the two-factor rule included).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  if (await getStaffUser(request, context, ADMIN_ROLES)) return json(await listAllSlides(db));
  return Response.json(await listActiveSlides(db), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}

/** POST (admin): creates a slide from JSON; 201 with the slide. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: () =>
        withSlide(request, async (slide) => {
          const created = await createSlide(services.db, slide, actor);
          await services.invalidatePages();
          return json(created, 201);
        }),
    },
    { loader: true },
  );
}
