// The media library: uploads (checked, re-encoded, resized), the list, alt text, delete, usage.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  courses,
  heroSlides,
  homepageSections,
  type ImageVariant,
  images,
  portfolioProjects,
  siteSettings,
} from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { NO_SPACE, type Storage } from "#app/platform/storage/storage.server.ts";
import { ALT_TEXT_MAX, type MediaImage, needsAltText } from "./media.ts";

export interface MediaServices {
  db: Db;
  storage: Storage;
  logger: { error: (obj: object, msg: string) => void };
}

/** An upload as the web layer stored it: its key, the name it was sent with, its sniffed type. */
export interface StoredImage {
  objectKey: string;
  originalName: string;
  mimeType: string;
}

/** Stored keys start with this; the public URL of a key is `/${key}`. */
export const MEDIA_PREFIX = "media";
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** Enough for a 60-megapixel photo; a 30000x30000 header (a pixel flood) is refused. */
export const MAX_IMAGE_PIXELS = 60_000_000;

export const NO_IMAGE_CHOSEN = "Choose an image to upload.";
const UNREADABLE = (name: string) =>
  `"${name}" could not be read as an image. It may be damaged or too large.`;

export const mediaUrl = (key: string) => `/${key}`;
/** The key without its extension: it names the original and every variant. */
const stemOf = (key: string) => key.replace(/\.[a-z]+$/, "");

type ImageRow = typeof images.$inferSelect;

export function toMediaImage(row: ImageRow): MediaImage {
  const variants = row.variants.map((v) => ({ width: v.width, url: mediaUrl(v.key) }));
  const srcSet = variants.length
    ? [
        ...variants.map((v) => `${v.url} ${v.width}w`),
        `${mediaUrl(row.objectKey)} ${row.width}w`,
      ].join(", ")
    : "";
  return {
    id: row.id,
    url: mediaUrl(row.objectKey),
    originalName: row.originalName,
    altText: row.altText,
    size: row.size,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    variants,
    srcSet,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first. */
export async function listImages(db: Db): Promise<MediaImage[]> {
  const rows = await db.select().from(images).orderBy(desc(images.createdAt), desc(images.id));
  return rows.map(toMediaImage);
}

export async function getImage(db: Db, id: number): Promise<MediaImage | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row ? toMediaImage(row) : null;
}

export function cleanAltText(raw: unknown): Result<string> {
  if (raw !== undefined && raw !== null && typeof raw !== "string") {
    return failure("invalid", "Alt text must be text.");
  }
  const value = (raw ?? "").replace(/[\p{Cc}]/gu, " ").trim();
  if (value.length > ALT_TEXT_MAX) {
    return failure("invalid", `Alt text must be at most ${ALT_TEXT_MAX} characters.`);
  }
  return success(value);
}

/** Re-encodes the stored upload (EXIF orientation applied, metadata gone) and writes its variants. */
async function processUpload(storage: Storage, upload: StoredImage) {
  const input = await buffer(await storage.get(upload.objectKey));
  const animated = upload.mimeType === "image/gif" || upload.mimeType === "image/webp";
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const, animated };
  const meta = await sharp(input, options).metadata();
  const pages = meta.pages ?? 1;
  let image = sharp(input, options);
  // Multi-page images carry no EXIF orientation worth applying (and sharp cannot rotate them).
  if (pages === 1) image = image.rotate();
  const format = ({ "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif" } as const)[
    upload.mimeType as "image/jpeg"
  ];
  // sharp writes no metadata unless asked to: EXIF (GPS, camera), XMP and comments are dropped.
  const { data, info } = await (format ? image.toFormat(format) : image.webp()).toBuffer({
    resolveWithObject: true,
  });
  const width = info.width;
  const height = pages > 1 ? (info.pageHeight ?? meta.pageHeight ?? info.height) : info.height;

  const variants: ImageVariant[] = [];
  if (pages === 1) {
    for (const w of VARIANT_WIDTHS.filter((w) => w < width)) {
      const out = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize({ width: w })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = `${stemOf(upload.objectKey)}-${w}w.webp`;
      await storage.put(key, Readable.from([out.data]), { contentType: "image/webp" });
      variants.push({ width: out.info.width, height: out.info.height, key, size: out.data.length });
    }
  }
  await storage.put(upload.objectKey, Readable.from([data]), { contentType: upload.mimeType });
  return { size: data.length, width, height, variants };
}

/**
 * Re-encodes a stored upload (the web layer has checked its type and pixels), writes its variants
 * and records it. A refusal (alt text that is too long, content sharp cannot read, a full disk)
 * leaves no variant behind; the stored upload itself is the caller's to discard then.
 */
export async function uploadImage(
  services: MediaServices,
  { file, altText }: { file: StoredImage; altText: unknown },
  actor: Actor,
): Promise<Result<MediaImage>> {
  const alt = cleanAltText(altText);
  if (!alt.ok) return failure("invalid", alt.error);
  let processed: Awaited<ReturnType<typeof processUpload>>;
  try {
    processed = await processUpload(services.storage, file);
  } catch (error) {
    await removeObjects(services, variantKeysOf(file.objectKey));
    services.logger.error({ err: error }, "image processing failed");
    // A full disk while writing the variants is not the image's fault.
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") {
      return failure("no-space", NO_SPACE);
    }
    return failure("unsupported", UNREADABLE(file.originalName));
  }
  try {
    const row = await services.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(images)
        .values({
          objectKey: file.objectKey,
          originalName: file.originalName,
          altText: alt.value,
          mimeType: file.mimeType,
          ...processed,
        })
        .returning();
      const saved = inserted as ImageRow;
      await auditChange(tx, actor, "image_uploaded", mediaUrl(saved.objectKey), {
        originalName: saved.originalName,
        size: saved.size,
      });
      return saved;
    });
    return success(toMediaImage(row));
  } catch (error) {
    await removeObjects(
      services,
      processed.variants.map((v) => v.key),
    );
    throw error;
  }
}

/** Every storage key the media library holds: each image's original and its variants. */
export async function mediaKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: images.objectKey, variants: images.variants }).from(images);
  return new Set(rows.flatMap((r) => [r.key, ...r.variants.map((v) => v.key)]));
}

const variantKeysOf = (key: string) => VARIANT_WIDTHS.map((w) => `${stemOf(key)}-${w}w.webp`);

async function removeObjects(services: MediaServices, keys: string[]) {
  const results = await Promise.allSettled(keys.map((k) => services.storage.delete(k)));
  for (const r of results) {
    if (r.status === "rejected")
      services.logger.error({ err: r.reason }, "could not delete object");
  }
}

export async function updateAltText(
  db: Db,
  id: number,
  altText: string,
  actor: Actor,
): Promise<MediaImage | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(images).set({ altText }).where(eq(images.id, id)).returning();
    if (!row) return null;
    await auditChange(tx, actor, "image_updated", mediaUrl(row.objectKey), { altText });
    return toMediaImage(row);
  });
}

/** Deletes the record, then the stored files. Null when there is no such image. */
export async function deleteImage(
  services: MediaServices,
  id: number,
  actor: Actor,
): Promise<MediaImage | null> {
  const row = await services.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(images).where(eq(images.id, id)).returning();
    if (!deleted) return null;
    await auditChange(tx, actor, "image_deleted", mediaUrl(deleted.objectKey), {
      originalName: deleted.originalName,
    });
    return deleted;
  });
  if (!row) return null;
  await removeObjects(services, [row.objectKey, ...row.variants.map((v) => v.key)]);
  return toMediaImage(row);
}

/**
 * Where each image is still used: hero slides, portfolio projects, homepage sections (and the
 * logo setting and course images). Keyed by image id; images in use by nothing are absent.
 */
/**
 * The Image Gallery's screen: every image, or only those without alt text; the open image (it
 * stays open when a new alt text takes it out of the filtered list); where each shown one is used.
 */
export async function galleryScreen(
  db: Db,
  { needsAlt, imageId }: { needsAlt: boolean; imageId: string | null },
) {
  const all = await listImages(db);
  const shown = needsAlt ? all.filter(needsAltText) : all;
  const selected = all.find((i) => String(i.id) === imageId) ?? null;
  return {
    images: shown,
    selected,
    needsAlt,
    missingAlt: all.filter(needsAltText).length,
    usages: await findImageUsages(db, selected ? [...shown, selected] : shown),
  };
}

export async function findImageUsages(
  db: Db,
  list: Pick<MediaImage, "id" | "url">[],
): Promise<Record<number, string[]>> {
  if (list.length === 0) return {};
  const [slides, projects, sections, settings, courseRows] = await Promise.all([
    db.select({ title: heroSlides.title, ref: heroSlides.backgroundImage }).from(heroSlides),
    db
      .select({ title: portfolioProjects.title, ref: portfolioProjects.image })
      .from(portfolioProjects),
    db
      .select({ id: homepageSections.id, ref: sql<string>`${homepageSections.data}::text` })
      .from(homepageSections),
    db
      .select({ key: siteSettings.key, ref: sql<string>`${siteSettings.value}::text` })
      .from(siteSettings),
    db.select({ title: courses.title, ref: courses.image }).from(courses),
  ]);
  const places = [
    ...slides.map((s) => ({ label: `Hero slide "${s.title}"`, ref: s.ref })),
    ...projects.map((p) => ({ label: `Portfolio project "${p.title}"`, ref: p.ref })),
    ...sections.map((s) => ({ label: `Homepage section "${s.id}"`, ref: s.ref })),
    ...settings.map((s) => ({ label: `Setting "${s.key}"`, ref: s.ref })),
    ...courseRows.map((c) => ({ label: `Course "${c.title}"`, ref: c.ref })),
  ];
  const usages: Record<number, string[]> = {};
  for (const image of list) {
    // The stem matches the original and every variant, as a path or inside a full URL.
    const stem = stemOf(image.url);
    const found = places.filter((p) => p.ref.includes(stem)).map((p) => p.label);
    if (found.length) usages[image.id] = found;
  }
  return usages;
}

// ---- Serving: GET /media/<yyyy>/<mm>/<uuid>[-<w>w].<ext>

const SERVED_PATH = /^\d{4}\/\d{2}\/[0-9a-f-]{36}(-\d{2,4}w)?\.(jpg|png|gif|webp)$/;
const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

/** The stored object for a public media path, or null (only media keys are ever served). */
export async function openMedia(
  storage: Storage,
  path: string,
): Promise<{ body: Readable; contentType: string } | null> {
  if (!SERVED_PATH.test(path)) return null;
  const key = `${MEDIA_PREFIX}/${path}`;
  try {
    const body = await storage.get(key);
    return { body, contentType: TYPES[path.split(".").pop() as string] as string };
  } catch (error) {
    if ((error as Error).name === "StorageNotFoundError") return null;
    throw error;
  }
}
