import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  createLocalStorage,
  newObjectKey,
  type Storage,
} from "#app/platform/storage/storage.server.ts";
import { receiveImage } from "#app/web/image-upload.server.ts";
import { UploadError } from "#app/web/multipart.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  deleteImage,
  findImageUsages,
  listImages,
  MEDIA_PREFIX,
  type MediaServices,
  openMedia,
  type StoredImage,
  uploadImage,
} from "./media.server.ts";

let database: Database;
let dataDir: string;
let storage: Storage;
let services: MediaServices & { env: { DATA_DIR: string } };
const actor = { user: { id: 1, email: "admin@example.com" }, ip: "203.0.113.9" };

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "media-"));
  storage = createLocalStorage(join(dataDir, "uploads"));
  services = { db: database.db, storage, env: { DATA_DIR: dataDir }, logger: { error: vi.fn() } };
});

afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The upload as a browser posts it (the web layer reads it: tests/unit level of the door). */
function upload(content: Buffer | string, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    "image",
    new File([typeof content === "string" ? content : new Uint8Array(content)], name),
  );
  return new Request("http://localhost/api/images", { method: "POST", body: form });
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": ".jpg", "image/png": ".png" };

/** A file as the web layer hands it to the media library: stored, with its name and type. */
async function stash(
  content: Buffer | string,
  name: string,
  mimeType: string,
): Promise<StoredImage> {
  const objectKey = newObjectKey(MEDIA_PREFIX, EXTENSIONS[mimeType] ?? "");
  await storage.put(objectKey, Readable.from([Buffer.from(content)]), { contentType: mimeType });
  return { objectKey, originalName: name, mimeType };
}

/** The media library's own upload: a stored file and its alt text, recorded. */
async function record(file: StoredImage, altText = "") {
  const result = await uploadImage(services, { file, altText }, actor);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const stored = () =>
  (existsSync(join(dataDir, "uploads"))
    ? (readdirSync(join(dataDir, "uploads"), { recursive: true }) as string[])
    : []
  ).filter((f) => /\.(png|jpg|gif|webp)$/.test(f));
const imageCount = async () =>
  Number((await query(database, "select count(*)::int as n from images"))[0]?.n);

async function refused(request: Request, status: number, message: RegExp) {
  const error = await receiveImage(request, services, actor).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).status).toBe(status);
  expect((error as UploadError).message).toMatch(message);
  expect(await imageCount()).toBe(0);
  expect(stored()).toEqual([]);
}

/** A valid PNG whose header claims the given size (IHDR patched, CRC recomputed). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("uploadImage", () => {
  it("stores a rotated, metadata-free image with WebP variants, and records it", async () => {
    // 2000x1000 stored sideways: EXIF orientation 6 means "rotate 90° clockwise to view".
    const jpeg = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: "#c33" },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-gps-place" } } })
      .toBuffer();
    const image = await record(await stash(jpeg, "Team photo.JPG", "image/jpeg"), "Our team");
    expect(image).toMatchObject({
      originalName: "Team photo.JPG",
      altText: "Our team",
      mimeType: "image/jpeg",
      width: 1000,
      height: 2000,
    });
    expect(image.url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(image.variants.map((v) => v.width)).toEqual([480, 960]);
    expect(image.srcSet).toContain("480w");
    const file = await openMedia(storage, image.url.replace(/^\/media\//, ""));
    const bytes = await buffer(file?.body as NodeJS.ReadableStream);
    expect(bytes.length).toBe(image.size);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      1000,
      2000,
      undefined,
      undefined,
    ]);
    expect(bytes.includes("secret-gps-place")).toBe(false);
    expect(stored()).toHaveLength(3);
    expect(await listImages(database.db)).toEqual([image]);
    const audit = await query(
      database,
      "select action, target from audit_log where action = 'image_uploaded'",
    );
    expect(audit).toEqual([{ action: "image_uploaded", target: image.url }]);
  });

  it("takes the type from the content: a PNG named .jpg is a PNG", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: "#0f0" } })
      .png()
      .toBuffer();
    const image = await receiveImage(upload(png, "logo.jpg"), services, actor);
    expect(image.mimeType).toBe("image/png");
    expect(image.url).toMatch(/\.png$/);
    expect(image.variants).toEqual([]);
  });

  it("refuses a non-image, a disguised HTML file, an SVG with a script and a pixel flood", async () => {
    await refused(upload("%PDF-1.4 hello", "doc.pdf"), 415, /is not a JPG, PNG, GIF or WebP file/);
    await refused(
      upload("<!doctype html><html><script>alert(1)</script></html>", "photo.jpg"),
      415,
      /is not a JPG, PNG, GIF or WebP file/,
    );
    await refused(
      upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "icon.svg"),
      415,
      /is not a JPG, PNG, GIF or WebP file/,
    );
    await refused(
      upload('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "icon.png"),
      415,
      /is not a JPG, PNG, GIF or WebP file/,
    );
    await refused(
      upload(await pngClaiming(30000, 30000), "flood.png"),
      415,
      /could not be read as an image/,
    );
  });

  it("refuses a request without a file, and alt text that is too long", async () => {
    const form = new FormData();
    form.append("altText", "x");
    await refused(
      new Request("http://localhost/api/images", { method: "POST", body: form }),
      400,
      /Choose an image/,
    );
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#00f" } })
      .png()
      .toBuffer();
    await refused(upload(png, "a.png", { altText: "x".repeat(301) }), 400, /at most 300/);
  });

  it("the media library refuses long alt text and content it cannot read, and writes nothing", async () => {
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: "#0a0" },
    })
      .png()
      .toBuffer();
    const file = await stash(png, "wide.png", "image/png");
    const long = await uploadImage(services, { file, altText: "x".repeat(301) }, actor);
    expect(long).toEqual({
      ok: false,
      reason: "invalid",
      error: "Alt text must be at most 300 characters.",
    });
    const broken = await stash("not an image at all", "broken.png", "image/png");
    expect(await uploadImage(services, { file: broken, altText: "" }, actor)).toEqual({
      ok: false,
      reason: "unsupported",
      error: '"broken.png" could not be read as an image. It may be damaged or too large.',
    });
    expect(await imageCount()).toBe(0);
    // No variant was written; the stored uploads are the web layer's to discard.
    expect(stored().sort()).toEqual([file.objectKey, broken.objectKey].sort());
  });
});

describe("usage and delete", () => {
  it("finds where an image is used, and delete removes the row and every file", async () => {
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: "#333" },
    })
      .png()
      .toBuffer();
    const image = await record(await stash(png, "hero.png", "image/png"));
    expect(await findImageUsages(database.db, [image])).toEqual({});
    await query(
      database,
      `insert into hero_slides (title, background_image) values ('Spring', '${image.url}')`,
    );
    expect(await findImageUsages(database.db, [image])).toEqual({
      [image.id]: ['Hero slide "Spring"'],
    });
    expect(stored()).toHaveLength(3);
    expect(await deleteImage(services, image.id, actor)).toMatchObject({ id: image.id });
    expect(await imageCount()).toBe(0);
    expect(stored()).toEqual([]);
    expect(await deleteImage(services, image.id, actor)).toBeNull();
  });

  it("serves only media keys", async () => {
    expect(await openMedia(storage, "../leads/x.pdf")).toBeNull();
    expect(await openMedia(storage, "2025/01/not-a-uuid.png")).toBeNull();
    expect(await openMedia(storage, "2025/01/00000000-0000-0000-0000-000000000000.png")).toBeNull();
  });
});
