// The JSON doors of the media library (staff spec section 7) and the helpers the pages share.
import type { RouterContextProvider } from "react-router";
import { NO_STORE, requireUser } from "#app/domain/auth/guard.server.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { UploadError } from "#app/platform/uploads/multipart.server.ts";
import {
  type Actor,
  cleanAltText,
  deleteImage,
  getImage,
  listImages,
  updateAltText,
  uploadImage,
} from "./media.server.ts";

type Context = Readonly<RouterContextProvider>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });

export const methodNotAllowed = (allow: string) =>
  json({ error: `Use ${allow}.` }, 405, { Allow: allow });

/** The admin of this request and the services (throws the guard's 401/403 or redirect). */
export async function requireAdmin(request: Request, context: Context) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  const services = context.get(appContext);
  const actor: Actor = { user, ip: services.clientIp };
  return { user, actor, services };
}

/** A small JSON object body, or null. */
export async function readJsonObject(
  request: Request,
  maxBytes = 64 * 1024,
): Promise<Record<string, unknown> | null> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return null;
  try {
    const text = await request.text();
    if (Buffer.byteLength(text) > maxBytes) return null;
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
}

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
