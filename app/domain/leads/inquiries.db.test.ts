// The domain side of a public inquiry: what it does with posted fields and stored files, called
// with plain objects. The request side (rate limit, body and upload reading) is
// app/web/inquiry.db.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { createOutbox, type Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { type InquiryServices, sourcePageOf, takeInquiry } from "./inquiries.server.ts";
import { CORRECT_FIELDS, HONEYPOT_FIELD, MESSAGE_SUCCESS } from "./leads.ts";

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

const general = (extra: Record<string, string> = {}) => ({
  inquiryType: "support",
  name: "Dana Whitfield",
  email: "dana@example.org",
  phone: "(205) 555-0199",
  message: "Our printer is offline.",
  ...extra,
});

/** A file as the edge leaves it: already in storage. */
async function storedFile() {
  const objectKey = "leads/brief.pdf";
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

describe("taking an inquiry", () => {
  it("stores the lead with its source page and source, and answers the submission's number", async () => {
    const { status, result } = await takeInquiry(services, "general", {
      fields: general({ utm_source: "newsletter" }),
      files: [],
      sourcePage: "/contact",
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, message: MESSAGE_SUCCESS });
    const [lead] = await query<{ source_page: string; source: string; email: string }>(
      database,
      "select source_page, source, email from leads where email = 'dana@example.org'",
    );
    expect(lead).toEqual({
      source_page: "/contact",
      source: "newsletter",
      email: "dana@example.org",
    });
  });

  it("a filled honeypot is thanked, keeps nothing and removes the stored files", async () => {
    const file = await storedFile();
    const { status, result } = await takeInquiry(services, "general", {
      fields: general({ [HONEYPOT_FIELD]: "https://spam.example" }),
      files: [file],
      sourcePage: "/contact",
    });
    expect(status).toBe(200);
    expect(result).toEqual({ ok: true, message: MESSAGE_SUCCESS, customerId: 0 });
    expect(await stored()).toEqual({ leads: 0, mails: 0 });
    expect(await storage.exists(file.objectKey)).toBe(false);
  });

  it("invalid fields: 400 with the messages and the values (never the honeypot), files removed", async () => {
    const file = await storedFile();
    const { status, result } = await takeInquiry(services, "general", {
      fields: general({ email: "not-an-address", [HONEYPOT_FIELD]: "" }),
      files: [file],
      sourcePage: "/contact",
    });
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, error: CORRECT_FIELDS });
    if (result.ok) throw new Error("accepted");
    expect(Object.keys(result.fieldErrors ?? {})).toEqual(["email"]);
    expect(result.values).toEqual(general({ email: "not-an-address" }));
    expect(await stored()).toEqual({ leads: 0, mails: 0 });
    expect(await storage.exists(file.objectKey)).toBe(false);
  });

  it("refused text is said on its field, and the value shown again without it", async () => {
    const { status, result } = await takeInquiry(services, "general", {
      fields: general({ company: "Magic\u0000City" }),
      files: [],
      sourcePage: "/contact",
    });
    expect(status).toBe(400);
    expect(result).toMatchObject({
      ok: false,
      error: CORRECT_FIELDS,
      fieldErrors: { company: REFUSED_TEXT },
      values: { company: "MagicCity" },
    });
    expect(await stored()).toEqual({ leads: 0, mails: 0 });
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
