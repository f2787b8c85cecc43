// GET/POST /api/hero-slides and PUT/DELETE /api/hero-slides/{id} (staff spec section 7).
import type { RouterContextProvider } from "react-router";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { getStaffUser, requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, parseId, readJsonObject } from "#app/web/http.server.ts";
import { listActiveSlides } from "./content.server.ts";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  parseSlide,
  updateSlide,
} from "./slides.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Visitors get the active slides (cacheable); a signed-in admin gets every slide, as far as the
 * staff rules let their session in (the two-factor rule included).
 */
export async function apiListSlides(request: Request, context: Context) {
  const { db } = context.get(appContext);
  if (await getStaffUser(request, context, ADMIN_ROLES)) return json(await listAllSlides(db));
  return Response.json(await listActiveSlides(db), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}

const invalid = (errors: Record<string, string | undefined>) =>
  json({ error: Object.values(errors)[0] ?? "The slide is not valid.", errors }, 400);

export async function apiCreateSlide(request: Request, context: Context) {
  if (request.method !== "POST") {
    await requireAdmin(request, context);
    return methodNotAllowed("GET, POST");
  }
  const { actor, services } = await requireAdmin(request, context);
  const parsed = parseSlide(await readJsonObject(request));
  if (!parsed.ok) return invalid(parsed.errors);
  const slide = await createSlide(services.db, parsed.value, actor);
  await services.invalidatePages();
  return json(slide, 201);
}

export async function apiChangeSlide(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  if (request.method === "PUT") {
    const parsed = parseSlide(await readJsonObject(request));
    if (!parsed.ok) return invalid(parsed.errors);
    const slide = id ? await updateSlide(services.db, id, parsed.value, actor) : null;
    if (!slide) return json({ error: "Slide not found." }, 404);
    await services.invalidatePages();
    return json(slide);
  }
  if (request.method === "DELETE") {
    if (!id || !(await deleteSlide(services.db, id, actor))) {
      return json({ error: "Slide not found." }, 404);
    }
    await services.invalidatePages();
    return json({ ok: true, id });
  }
  return methodNotAllowed("PUT, DELETE");
}
