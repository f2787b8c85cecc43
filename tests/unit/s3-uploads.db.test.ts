// Uploads through the S3 driver: a media image and its variants are stored in the bucket and
// served by /media's reader; an inquiry's files land in the bucket under their lead_files keys.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openMedia } from "#app/domain/media/media.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createOutbox } from "#app/platform/mail/outbox.server.ts";
import { createS3Storage } from "#app/platform/storage/s3.server.ts";
import { receiveImage } from "#app/web/image-upload.server.ts";
import { submitInquiry } from "#app/web/inquiry.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server.ts";

let s3: TestS3Server;
let database: Database;
let dataDir: string;
let storage: ReturnType<typeof createS3Storage>;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "s3-uploads-"));
  storage = createS3Storage(await s3.newBucket());
});

afterEach(async () => {
  storage.client.destroy();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function keys(prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list(prefix)) found.push(object.key);
  return found.sort();
}

describe("uploads on S3", () => {
  it("a media image and its variants are stored in the bucket and served from it", async () => {
    const form = new FormData();
    form.append("altText", "Team photo");
    const png = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "#3a6" },
    })
      .png()
      .toBuffer();
    form.append("image", new File([png], "team.png"));
    const image = await receiveImage(
      new Request("http://localhost/api/images", { method: "POST", body: form }),
      { db: database.db, storage, env: { DATA_DIR: dataDir }, logger },
      { user: { id: 1, email: "admin@example.com" }, ip: "203.0.113.9" },
    );
    expect(image.variants.map((v) => v.width)).toEqual([480]);
    const variantUrl = image.variants[0]?.url ?? "";
    expect(await keys("media/")).toEqual([image.url.slice(1), variantUrl.slice(1)].sort());

    const served = await openMedia(storage, image.url.replace(/^\/media\//, ""));
    expect(served?.contentType).toBe("image/png");
    const bytes = await buffer(served?.body as NodeJS.ReadableStream);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 600, height: 300 });
    const small = await openMedia(storage, variantUrl.replace(/^\/media\//, ""));
    expect((await sharp(await buffer(small?.body as NodeJS.ReadableStream)).metadata()).width).toBe(
      480,
    );
    expect(await openMedia(storage, "2025/01/00000000-0000-0000-0000-000000000000.png")).toBeNull();
  });

  it("an inquiry's files are stored in the bucket under the keys its lead_files rows hold", async () => {
    const form = new FormData();
    const fields = {
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "(205) 555-0199",
      company: "Magic City Outfitters",
      "website-type": "ecommerce",
      budget: "10k-25k",
      timeline: "1-2-months",
      message: "We need a new store with product recommendations.",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const pdf = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
    form.append("files", new File([pdf], "brief.pdf"));
    const outbox = createOutbox({
      database,
      logger: { ...logger, debug: vi.fn(), child: () => logger } as never,
      from: "Site <no-reply@example.com>",
      retryLimit: 1,
      retryDelaySeconds: 1,
      timeoutMs: 1000,
    });
    const { status } = await submitInquiry(
      new Request("http://localhost/api/customers/ai-design-inquiry", {
        method: "POST",
        body: form,
      }),
      {
        db: database.db,
        outbox,
        storage,
        env: parseEnv({ DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000" }),
        logger,
        clientIp: "203.0.113.7",
      },
      "ai-design",
    );
    expect(status).toBe(200);
    const rows = await query<{ object_key: string }>(database, "select object_key from lead_files");
    expect(rows).toHaveLength(1);
    expect(await keys("leads/")).toEqual([rows[0]?.object_key]);
    expect((await buffer(await storage.get(rows[0]?.object_key as string))).toString()).toBe(pdf);
  });
});
