// The media library's upload as the JSON doors (/api/images, /api/admin/images,
// /api/admin/upload-image) and the Image Gallery screen receive it: one multipart file in the
// field `image` (and `altText` or `alt`), streamed into storage and checked here, then handed to
// the media library as its stored key, name and sniffed type.
import { join } from "node:path";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import {
  MAX_IMAGE_PIXELS,
  MEDIA_PREFIX,
  type MediaServices,
  NO_IMAGE_CHOSEN,
  uploadImage,
} from "#app/domain/media/media.server.ts";
import type { MediaImage } from "#app/domain/media/media.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Env } from "#app/platform/env.server.ts";
import { json, statusOf } from "./http.server.ts";
import {
  discardUploads,
  parseMultipart,
  type StoredUpload,
  UploadError,
  type UploadLimits,
} from "./multipart.server.ts";

// The content decides the type (file-type sniffing); any image extension is fine for any type.
const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif", ".webp"];
export const mediaUploadLimits: UploadLimits = {
  maxFiles: 1,
  maxFileBytes: 10 * 1024 * 1024,
  maxFieldBytes: 2000,
  maxFields: 10,
  maxImagePixels: MAX_IMAGE_PIXELS,
  allowed: [
    { extensions: IMAGE_EXTENSIONS, mime: "image/jpeg", image: true, label: "JPG" },
    { extensions: IMAGE_EXTENSIONS, mime: "image/png", image: true, label: "PNG" },
    { extensions: IMAGE_EXTENSIONS, mime: "image/gif", image: true, label: "GIF" },
    { extensions: IMAGE_EXTENSIONS, mime: "image/webp", image: true, label: "WebP" },
  ],
  fileField: "image",
};

type UploadServices = MediaServices & { env: Pick<Env, "DATA_DIR"> };

/**
 * Reads the upload, stores it and its variants, and records it. Throws UploadError (4xx or 507
 * with a message for the sender) on bad input; nothing is kept then.
 */
export async function receiveImage(
  request: Request,
  services: UploadServices,
  actor: Actor,
): Promise<MediaImage> {
  const { storage, logger } = services;
  const { files, fields } = await parseMultipart(
    request,
    storage,
    mediaUploadLimits,
    MEDIA_PREFIX,
    join(services.env.DATA_DIR, "tmp"),
  );
  const discard = (stored: StoredUpload[]) =>
    discardUploads(storage, stored).catch((error: unknown) => {
      logger.error({ err: error }, "could not delete object");
    });
  const [file] = files;
  if (!file) throw new UploadError(400, NO_IMAGE_CHOSEN);
  const altText = fields.get("altText")?.[0] ?? fields.get("alt")?.[0] ?? "";
  let result: Awaited<ReturnType<typeof uploadImage>>;
  try {
    result = await uploadImage(services, { file, altText }, actor);
  } catch (error) {
    await discard(files);
    throw error;
  }
  if (!result.ok) {
    await discard(files);
    throw new UploadError(statusOf(result.reason), result.error);
  }
  return result.value;
}

/**
 * The JSON doors' answer: 201 with the image (`shape: "location"`, the editors' upload door, adds
 * `location`); a refused upload its 4xx and message.
 */
export async function imageUploadAnswer(
  request: Request,
  services: AppServices,
  actor: Actor,
  shape: "image" | "location",
): Promise<Response> {
  try {
    const image = await receiveImage(request, services, actor);
    await services.invalidatePages();
    const body = shape === "location" ? { location: image.url, ...image } : image;
    return json(body, 201, { Location: image.url });
  } catch (error) {
    if (error instanceof UploadError) return json({ error: error.message }, error.status);
    throw error;
  }
}
