import {
  cleanAltText,
  deleteImage,
  getImage,
  updateAltText,
} from "#app/domain/media/media.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, parseId, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/image";

const NOT_FOUND = { error: "Image not found." };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const image = id ? await getImage(services.db, id) : null;
  return image ? json(image) : json(NOT_FOUND, 404);
}

/** DELETE (admin) removes the image and its files; PATCH (or PUT) {altText} edits the alt text. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const changeAltText = async () => {
    const body = await readJsonObject(request);
    if (!body) return json({ error: "Send a JSON object with altText." }, 400);
    const alt = cleanAltText(body.altText);
    if (!alt.ok) return json({ error: alt.error }, 400);
    const image = id ? await updateAltText(services.db, id, alt.value, actor) : null;
    if (!image) return json(NOT_FOUND, 404);
    await services.invalidatePages();
    return json(image);
  };
  // PUT is taken as PATCH; the 405 names DELETE and PATCH.
  if (request.method === "PUT") return changeAltText();
  return byMethod(request, {
    DELETE: async () => {
      const image = id ? await deleteImage(services, id, actor) : null;
      if (!image) return json(NOT_FOUND, 404);
      await services.invalidatePages();
      return json({ ok: true, id: image.id });
    },
    PATCH: changeAltText,
  });
}
