// The domain side of a public inquiry: storing a checked post with its stored files, called with
// plain objects. The request side (rate limit, body and upload reading, refused text, the
// honeypot, the form's rules) is app/web/inquiry.db.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createOutbox, type Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  type InquiryPost,
  type InquiryServices,
  sourcePageOf,
  storeInquiry,
} from "./inquiries.server.ts";
import { MESSAGE_SUCCESS } from "./leads.ts";

let database: Database;
let outbox: Outbox;
let storage: Storage;
let dataDir: string;
let services: InquiryServices;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "inquiries-"));
  storage = createLocalStorage(dataDir);
  outbox = createOutbox({
    database,
    logger: { ...logger, debug: vi.fn(), child: () => logger } as never,
    from: "Site <no-reply@example.com>",
    retryLimit: 2,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
  });
  services = { db: database.db, outbox, storage, env: parseEnv({}), logger };
});

afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A file as the edge leaves it: already in storage (the same content each time). */
async function storedFile(objectKey: string) {
  await storage.put(objectKey, Readable.from(["%PDF-1.4"]));
  return {
    objectKey,
    originalName: "brief.pdf",
    size: 8,
    mimeType: "application/pdf",
    sha256: "ab",
  };
}

async function stored() {
  const [row] = await query<{ leads: number; mails: number }>(
    database,
    "select (select count(*)::int from leads where email = 'dana@example.org') as leads, (select count(*)::int from mail_messages) as mails",
  );
  return row;
}

describe("storing a checked inquiry", () => {
  const post = (extra: Partial<InquiryPost> = {}): InquiryPost => ({
    form: "general",
    data: {
      inquiryType: "support",
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "(205) 555-0199",
      company: "",
      message: "Our printer is offline.",
    },
    files: [],
    source: "newsletter",
    sourcePage: "/contact",
    ...extra,
  });

  it("stores the lead with its source page and source, and answers the submission's number", async () => {
    const result = await storeInquiry(services, post());
    expect(result.ok).toBe(true);
    expect(result).toMatchObject({ ok: true, value: { message: MESSAGE_SUCCESS } });
    if (!result.ok) throw new Error("refused");
    expect(result.value.customerId).toBeGreaterThan(0);
    const [lead] = await query<{ source_page: string; source: string; email: string }>(
      database,
      "select source_page, source, email from leads where email = 'dana@example.org'",
    );
    expect(lead).toEqual({
      source_page: "/contact",
      source: "newsletter",
      email: "dana@example.org",
    });
    expect((await stored())?.mails).toBeGreaterThan(0);
  });

  it("the same post again is thanked, stores nothing new and removes the files it brought", async () => {
    const first = await storedFile("leads/first.pdf");
    const again = await storedFile("leads/again.pdf");
    expect((await storeInquiry(services, post({ files: [first] }))).ok).toBe(true);
    const before = await stored();
    const result = await storeInquiry(services, post({ files: [again] }));
    expect(result.ok).toBe(true);
    expect(result).toMatchObject({ ok: true, value: { message: MESSAGE_SUCCESS } });
    expect(await stored()).toEqual(before);
    expect(await storage.exists(first.objectKey)).toBe(true);
    expect(await storage.exists(again.objectKey)).toBe(false);
  });
});

describe("the source page", () => {
  it("is the page the post names when it is a same-site path, else the path posted to", () => {
    const postedTo = "http://localhost/api/inquiries/general";
    expect(sourcePageOf("/services/it-support", postedTo)).toBe("/services/it-support");
    expect(sourcePageOf("//evil.example/", postedTo)).toBe("/api/inquiries/general");
    expect(sourcePageOf("https://evil.example/", postedTo)).toBe("/api/inquiries/general");
    expect(sourcePageOf(undefined, postedTo)).toBe("/api/inquiries/general");
  });
});
