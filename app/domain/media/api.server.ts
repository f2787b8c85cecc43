// The JSON doors of the media library (staff spec section 7).
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, parseId, readJsonObject } from "#app/web/http.server.ts";
import { UploadError } from "#app/web/multipart.server.ts";
import {
  cleanAltText,
  deleteImage,
  getImage,
  listImages,
  updateAltText,
  uploadImage,
} from "./media.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * POST multipart `image` (+ `altText`/`alt`): 201 with the image; `shape: "location"` (the
 * editors' upload door) adds `location`. Bad files: the upload error's 4xx and message.
 */
export async function apiUploadImage(
  request: Request,
  context: Context,
  shape: "image" | "location" = "image",
) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { actor, services } = await requireAdmin(request, context);
  try {
    const image = await uploadImage(services, request, actor);
    await services.invalidatePages();
    const body = shape === "location" ? { location: image.url, ...image } : image;
    return json(body, 201, { Location: image.url });
  } catch (error) {
    if (error instanceof UploadError) return json({ error: error.message }, error.status);
    throw error;
  }
}

export async function apiListImages(request: Request, context: Context) {
  const { services } = await requireAdmin(request, context);
  return json(await listImages(services.db));
}

export async function apiGetImage(request: Request, context: Context, rawId: string | undefined) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  const image = id ? await getImage(services.db, id) : null;
  return image ? json(image) : json({ error: "Image not found." }, 404);
}

/** DELETE removes the image; PATCH/PUT {altText} changes its alternative text. */
export async function apiChangeImage(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  if (request.method === "DELETE") {
    const image = id ? await deleteImage(services, id, actor) : null;
    if (!image) return json({ error: "Image not found." }, 404);
    await services.invalidatePages();
    return json({ ok: true, id: image.id });
  }
  if (request.method === "PATCH" || request.method === "PUT") {
    const body = await readJsonObject(request);
    if (!body) return json({ error: "Send a JSON object with altText." }, 400);
    const alt = cleanAltText(body.altText);
    if (!alt.ok) return json({ error: alt.error }, 400);
    const image = id ? await updateAltText(services.db, id, alt.value, actor) : null;
    if (!image) return json({ error: "Image not found." }, 404);
    await services.invalidatePages();
    return json(image);
  }
  return methodNotAllowed("DELETE, PATCH");
}
