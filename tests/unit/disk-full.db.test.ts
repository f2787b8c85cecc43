// The disk-full fault: storage runs out of space during an inquiry upload or a media upload.
// The visitor gets 507 with a clear message; no row points to a missing file; no partial file.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createOutbox, type Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { receiveImage } from "#app/web/image-upload.server.ts";
import { submitInquiry } from "#app/web/inquiry.server.ts";
import { NO_SPACE, UploadError } from "#app/web/multipart.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { withDiskFull } from "#tests/support/faulty-storage.ts";

let database: Database;
let dataDir: string;
let storage: Storage;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "disk-full-"));
  storage = createLocalStorage(join(dataDir, "uploads"));
});

afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR: stored objects, the driver's temp files and the upload temp files. */
function filesLeft(): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Rows of `table`; of leads, those a visitor sent (not the demo's sales records). */
async function rowCount(table: string): Promise<number> {
  const where = table === "leads" ? " where kind <> 'manual'" : "";
  const [row] = await query<{ n: number }>(
    database,
    `select count(*)::int as n from ${table}${where}`,
  );
  return row?.n ?? -1;
}

const png = (width = 4, height = 4) =>
  sharp({ create: { width, height, channels: 3, background: "#36f" } })
    .png()
    .toBuffer();

function inquiry(files: File[]) {
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
    sourcePage: "/",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const file of files) form.append("files", file);
  return new Request("http://localhost/api/customers/ai-design-inquiry", {
    method: "POST",
    body: form,
  });
}

describe("disk full during an inquiry upload", () => {
  let outbox: Outbox;

  // Not started: the mail (if any) would stay pending, which is all these tests need.
  beforeEach(() => {
    outbox = createOutbox({
      database,
      logger: { ...logger, debug: vi.fn(), child: () => logger } as never,
      from: "Site <no-reply@example.com>",
      retryLimit: 2,
      retryDelaySeconds: 1,
      timeoutMs: 1000,
    });
  });

  it.each([
    ["the first file", [1]],
    ["the second file, after the first was stored", [2]],
  ])("%s: 507, no lead, no file rows, no files", async (_what, failingPuts) => {
    const faulty = withDiskFull(storage, { failingPuts, afterBytes: 40 });
    const pdf = new File(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".repeat(20)], "a.pdf");
    const image = new File([await png(64, 64)], "b.png");
    const { status, result } = await submitInquiry(
      inquiry([pdf, image]),
      {
        db: database.db,
        outbox,
        storage: faulty,
        env: parseEnv({ DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000" }),
        logger,
        clientIp: "203.0.113.7",
      },
      "ai-design",
    );
    expect(status).toBe(507);
    // Said beside the attachments, with what the visitor typed kept for the form (decision 0022).
    expect(result).toMatchObject({
      ok: false,
      error: NO_SPACE,
      fieldErrors: { files: NO_SPACE },
      values: { email: "dana@example.org" },
      // The site's problem: the page does not ask the visitor to correct the field.
      retryLater: true,
    });
    expect(faulty.puts).toHaveLength(failingPuts[0] as number);
    expect(await rowCount("leads")).toBe(0);
    expect(await rowCount("lead_files")).toBe(0);
    expect(await rowCount("mail_messages")).toBe(0);
    expect(filesLeft()).toEqual([]);
  });
});

describe("disk full during a media upload", () => {
  const actor = { user: { id: 1, email: "admin@example.com" }, ip: "203.0.113.9" };

  // Put 1 stores the checked upload; 2-3 the 480 and 960 px variants; 4 the re-encoded original.
  it.each([
    ["storing the upload", 1],
    ["writing a variant", 3],
    ["replacing the original with its re-encoded copy", 4],
  ])("while %s: 507, no image row, no files", async (_what, failingPut) => {
    const faulty = withDiskFull(storage, { failingPuts: [failingPut] });
    const form = new FormData();
    form.append("altText", "A blue square");
    form.append("image", new File([await png(1000, 500)], "square.png"));
    const request = new Request("http://localhost/api/images", { method: "POST", body: form });
    const error = await receiveImage(
      request,
      { db: database.db, storage: faulty, env: { DATA_DIR: dataDir }, logger },
      actor,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 507, message: NO_SPACE });
    expect(faulty.puts.length).toBeGreaterThanOrEqual(failingPut);
    expect(await rowCount("images")).toBe(0);
    expect(filesLeft()).toEqual([]);
  });
});
