import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INQUIRY_SUCCESS, MESSAGE_SUCCESS } from "#app/domain/leads/leads.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { createOutbox, type Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { type InquiryRequestServices, submitInquiry } from "./inquiry.server.ts";

let database: Database;
let outbox: Outbox;
let storage: Storage;
let dataDir: string;
let services: InquiryRequestServices;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "inquiries-"));
  storage = createLocalStorage(join(dataDir, "uploads"));
  outbox = createOutbox({
    database,
    logger: { ...logger, debug: vi.fn(), child: () => logger } as never,
    from: "Site <no-reply@example.com>",
    retryLimit: 2,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
  });
  await outbox.start();
  services = {
    db: database.db,
    outbox,
    storage,
    env: { ...parseEnv({ DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000" }) },
    logger,
    clientIp: "203.0.113.7",
  };
});

afterEach(async () => {
  await outbox.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#36f" } })
    .png()
    .toBuffer();

function aiDesignForm(overrides: Record<string, string> = {}, files: File[] = []) {
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
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("ai-features", "chatbot");
  form.append("ai-features", "personalization");
  for (const file of files) form.append("files", file);
  return form;
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/customers/ai-design-inquiry", {
    method: "POST",
    body,
    headers,
  });

function storedObjects(): string[] {
  const root = join(dataDir, "uploads");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.includes(".tmp"))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function counts() {
  const [row] = await query<{ leads: number; files: number; mails: number }>(
    database,
    "select (select count(*)::int from leads where kind <> 'manual') as leads, (select count(*)::int from lead_files) as files, (select count(*)::int from mail_messages) as mails",
  );
  return row;
}

describe("the AI design inquiry", () => {
  it("stores the lead, its files and both e-mails, and answers the lead id", async () => {
    const pdf = new File(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"], "brief.pdf", {
      type: "application/pdf",
    });
    const image = new File([await png()], "sketch.png", { type: "image/png" });
    const { status, result } = await submitInquiry(
      post(aiDesignForm({}, [pdf, image])),
      services,
      "ai-design",
    );
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, message: INQUIRY_SUCCESS });
    const id = result.ok ? result.customerId : 0;

    const [lead] = await query(database, `select * from leads where id = ${id}`);
    expect(lead).toMatchObject({
      kind: "inquiry",
      form: "ai-design",
      name: "Dana Whitfield",
      email: "dana@example.org",
      website_type: "ecommerce",
      budget: "10k-25k",
      timeline: "1-2-months",
      ai_features: ["chatbot", "personalization"],
      status: "New",
      source: "Direct",
      source_page: "/",
    });
    const files = await query<{ original_name: string; mime_type: string; object_key: string }>(
      database,
      `select * from lead_files where lead_id = ${id} order by original_name`,
    );
    expect(files.map((f) => [f.original_name, f.mime_type])).toEqual([
      ["brief.pdf", "application/pdf"],
      ["sketch.png", "image/png"],
    ]);
    for (const f of files) expect(await storage.exists(f.object_key)).toBe(true);

    const mails = await query<{
      to_address: string;
      reply_to: string;
      subject: string;
      text_body: string;
    }>(database, `select * from mail_messages where lead_id = ${id} order by id`);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({
      to_address: "sales@example.com",
      reply_to: "dana@example.org",
    });
    expect(mails[0]?.text_body).toContain("Name: Dana Whitfield");
    expect(mails[0]?.text_body).toContain("Phone: (205) 555-0199");
    expect(mails[0]?.text_body).toContain("AI features: AI Chatbot, Dynamic Personalization");
    expect(mails[0]?.text_body).toContain("brief.pdf");
    expect(mails[1]?.to_address).toBe("dana@example.org");
  });

  it("the same message sent three times is stored once and thanked three times", async () => {
    const image = async () => new File([await png()], "plan.png", { type: "image/png" });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await submitInquiry(post(aiDesignForm({}, [await image()])), services, "ai-design"),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.result)).toEqual([
      answers[0]?.result,
      answers[0]?.result,
      answers[0]?.result,
    ]);
    expect(await counts()).toEqual({ leads: 1, files: 1, mails: 2 });
    // The repeats' copies of the file are not kept.
    expect(storedObjects()).toHaveLength(1);
  });

  it("two different messages with the key of a cached page are two inquiries", async () => {
    // Cached HTML once carried one key for every visitor: whatever key comes, it merges nothing.
    const cached = { idempotencyKey: "51d87ee8-9c02-4383-855e-2c2f484edfdd" };
    const general = (message: string) =>
      new URLSearchParams({
        ...cached,
        inquiryType: "support",
        name: "Dana Whitfield",
        email: "dana@example.org",
        phone: "(205) 555-0199",
        message,
      });
    const first = await submitInquiry(
      post(general("Our printer is offline.")),
      services,
      "general",
    );
    const second = await submitInquiry(
      post(general("And the Wi-Fi drops every hour.")),
      services,
      "general",
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    // One person, one open record: the second message is its later inquiry, with its e-mails.
    const stored = await query<{ message: string }>(
      database,
      "select message from leads where email = 'dana@example.org' union all select message from lead_inquiries order by message",
    );
    expect(stored.map((r) => r.message)).toEqual([
      "And the Wi-Fi drops every hour.",
      "Our printer is offline.",
    ]);
    expect((await counts())?.mails).toBe(4);
    // Another visitor with the same key, and the same person with another file: stored too.
    await submitInquiry(
      post(aiDesignForm({ ...cached, email: "other@example.org" })),
      services,
      "ai-design",
    );
    const pdf = new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "brief.pdf", {
      type: "application/pdf",
    });
    await submitInquiry(
      post(aiDesignForm({ ...cached, email: "other@example.org" }, [pdf])),
      services,
      "ai-design",
    );
    expect((await counts())?.leads).toBe(2);
    const [later] = await query<{ n: number }>(
      database,
      "select count(*)::int as n from lead_inquiries",
    );
    expect(later?.n).toBe(2);
  });

  it("the same message a day later is a new inquiry", async () => {
    await submitInquiry(post(aiDesignForm()), services, "ai-design");
    await query(database, "update leads set created_at = now() - interval '25 hours'");
    await submitInquiry(post(aiDesignForm()), services, "ai-design");
    const [later] = await query<{ n: number }>(
      database,
      "select count(*)::int as n from lead_inquiries",
    );
    expect(later?.n).toBe(1);
    expect((await counts())?.mails).toBe(4);
  });

  it("50 concurrent submissions are 50 leads", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const body = new URLSearchParams({
          inquiry_type: "support",
          name: `Visitor ${i}`,
          email: `visitor${i}@example.org`,
          phone: "205-555-0100",
          message: "Our office network is slow.",
        });
        return submitInquiry(post(body), services, "general");
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => (r.result.ok ? r.result.customerId : 0))).size).toBe(50);
    expect(await counts()).toEqual({ leads: 50, files: 0, mails: 100 });
  });

  it("refused text is said on its field, the value shown again without it, nothing stored", async () => {
    const body = new URLSearchParams({
      inquiryType: "support",
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "(205) 555-0199",
      company: "Magic\u0000City",
      message: "Our printer is offline.",
    });
    const { status, result } = await submitInquiry(post(body), services, "general");
    expect(status).toBe(400);
    expect(result).toMatchObject({
      ok: false,
      error: "Please correct the highlighted fields.",
      fieldErrors: { company: REFUSED_TEXT },
      values: { company: "MagicCity" },
    });
    expect((await counts())?.leads).toBe(0);
  });

  it("a filled honeypot is thanked and forgotten", async () => {
    const image = new File([await png()], "a.png", { type: "image/png" });
    const { status, result } = await submitInquiry(
      post(aiDesignForm({ company_website: "http://spam.example" }, [image])),
      services,
      "ai-design",
    );
    expect(status).toBe(200);
    expect(result.ok).toBe(true);
    expect(await counts()).toEqual({ leads: 0, files: 0, mails: 0 });
    expect(storedObjects()).toEqual([]);
  });

  it("answers 429 with a clear message after too many posts from one address", async () => {
    services.env = { ...services.env, FORM_RATE_LIMIT: 2 };
    for (let i = 0; i < 2; i++) {
      const form = aiDesignForm({ message: `A new store, take ${i + 1}.` });
      expect((await submitInquiry(post(form), services, "ai-design")).status).toBe(200);
    }
    const { status, result } = await submitInquiry(post(aiDesignForm()), services, "ai-design");
    expect(status).toBe(429);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/Too many messages/) });
    // Two inquiries kept: the second from the same address joined the first one's record.
    expect((await counts())?.leads).toBe(1);
    const [later] = await query<{ n: number }>(
      database,
      "select count(*)::int as n from lead_inquiries",
    );
    expect(later?.n).toBe(1);
    // Another address is not affected.
    services.clientIp = "198.51.100.1";
    expect((await submitInquiry(post(aiDesignForm()), services, "ai-design")).status).toBe(200);
  });

  it("a failing store answers 503 with the spec's text and keeps nothing half-written", async () => {
    const image = new File([await png()], "a.png", { type: "image/png" });
    services.outbox = {
      ...outbox,
      enqueue: async () => Promise.reject(new Error("database went away")),
    };
    const { status, result } = await submitInquiry(
      post(aiDesignForm({}, [image])),
      services,
      "ai-design",
    );
    expect(status).toBe(503);
    expect(result).toEqual({
      ok: false,
      error: "Failed to send message. Please try again or contact us directly.",
    });
    expect(await counts()).toEqual({ leads: 0, files: 0, mails: 0 });
    expect(storedObjects()).toEqual([]);
  });
});

describe("bad input: a 4xx with a clear message, and nothing stored", () => {
  const cases: [string, () => Promise<Request>, number, RegExp][] = [
    [
      "missing required fields",
      async () => post(aiDesignForm({ name: "", phone: "", message: "" })),
      400,
      /highlighted/,
    ],
    ["a malformed e-mail", async () => post(aiDesignForm({ email: "dana@" })), 400, /highlighted/],
    [
      "an unknown website type",
      async () => post(aiDesignForm({ "website-type": "castle" })),
      400,
      /highlighted/,
    ],
    [
      "6 files",
      async () => {
        const buf = await png();
        return post(
          aiDesignForm(
            {},
            Array.from({ length: 6 }, (_, i) => new File([buf], `${i}.png`)),
          ),
        );
      },
      413,
      /at most 5 files/,
    ],
    [
      "an 11 MB file",
      async () => post(aiDesignForm({}, [new File([new Uint8Array(11 * 1024 * 1024)], "big.pdf")])),
      413,
      /10 MB/,
    ],
    [
      "an HTML file renamed .jpg",
      async () =>
        post(
          aiDesignForm({}, [new File(["<!doctype html><script>alert(1)</script>"], "photo.jpg")]),
        ),
      415,
      /photo\.jpg/,
    ],
    [
      "an SVG",
      async () =>
        post(
          aiDesignForm({}, [
            new File(
              ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
              "logo.svg",
            ),
          ]),
        ),
      415,
      /logo\.svg/,
    ],
    [
      "a file named ../../etc/passwd.png",
      async () =>
        post(
          aiDesignForm({}, [
            new File(["root:x:0:0:root:/root:/bin/bash\n"], "../../etc/passwd.png"),
          ]),
        ),
      415,
      /passwd\.png/,
    ],
    [
      "a truncated multipart body",
      async () => {
        const full = await post(aiDesignForm({}, [new File([await png()], "a.png")])).arrayBuffer();
        const type = post(aiDesignForm()).headers.get("content-type") as string;
        return post(new Uint8Array(full).slice(0, Math.floor(full.byteLength / 2)), {
          "content-type": type,
        });
      },
      400,
      /interrupted/,
    ],
    [
      "a 1 MB text field",
      async () => post(aiDesignForm({ message: "x".repeat(1024 * 1024) })),
      413,
      /too long/,
    ],
  ];

  for (const [what, request, status, message] of cases) {
    it(`${what}: ${status}`, async () => {
      const { status: got, result } = await submitInquiry(await request(), services, "ai-design");
      expect(got).toBe(status);
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.error).toMatch(message);
      expect(await counts()).toEqual({ leads: 0, files: 0, mails: 0 });
      expect(storedObjects()).toEqual([]);
    });
  }

  it("a refused attachment is said beside the field, with the values typed before it kept (a page without script shows them again)", async () => {
    const form = aiDesignForm({}, [new File(["plain text"], "notes.txt")]);
    const { status, result } = await submitInquiry(post(form), services, "ai-design");
    expect(status).toBe(415);
    expect(result).toMatchObject({
      ok: false,
      error: '"notes.txt" is not a JPG, PNG, GIF, WebP or PDF file.',
      fieldErrors: { files: '"notes.txt" is not a JPG, PNG, GIF, WebP or PDF file.' },
      values: {
        name: "Dana Whitfield",
        email: "dana@example.org",
        websiteType: "ecommerce",
        aiFeatures: ["chatbot", "personalization"],
        message: "We need a new store with product recommendations.",
      },
    });
    expect(await counts()).toEqual({ leads: 0, files: 0, mails: 0 });
  });

  it("a 1 MB text field on a text form: 413", async () => {
    const body = new URLSearchParams({
      inquiry_type: "support",
      name: "A",
      email: "a@example.org",
      phone: "2055550100",
      message: "x".repeat(1024 * 1024),
    });
    const { status, result } = await submitInquiry(post(body), services, "general");
    expect(status).toBe(413);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/too long/) });
    expect((await counts())?.leads).toBe(0);
  });

  it("the general form's rules: inquiry type, phone, name, e-mail and message required", async () => {
    const { status, result } = await submitInquiry(
      post(new URLSearchParams({ company: "Acme" })),
      services,
      "general",
    );
    expect(status).toBe(400);
    expect(result.ok ? {} : Object.keys(result.fieldErrors ?? {}).sort()).toEqual([
      "email",
      "inquiryType",
      "message",
      "name",
      "phone",
    ]);
  });

  it("the service form requires the company too, and is a support inquiry", async () => {
    const fields = {
      name: "Sam",
      email: "sam@example.org",
      phone: "205-555-0111",
      message: "Need help",
      service: "Cloud Services",
    };
    const missing = await submitInquiry(post(new URLSearchParams(fields)), services, "service");
    expect(missing.status).toBe(400);
    expect(missing.result.ok ? {} : missing.result.fieldErrors).toHaveProperty("company");
    const ok = await submitInquiry(
      post(new URLSearchParams({ ...fields, company: "Acme" })),
      services,
      "service",
    );
    expect(ok.result).toMatchObject({ ok: true, message: MESSAGE_SUCCESS });
    const [lead] = await query(
      database,
      "select inquiry_type, form, message from leads where kind <> 'manual'",
    );
    expect(lead).toMatchObject({
      inquiry_type: "support",
      form: "service",
      message: "Service: Cloud Services\n\nNeed help",
    });
  });
});

describe("what a lead is about", () => {
  const contact = {
    name: "Jo Park",
    phone: "205-555-0155",
    company: "Park Realty",
    message: "We want an AI chatbot on our listings site.",
  };
  const filed = async (email: string) => {
    const [lead] = await query<{ inquiry_type: string; source_page: string }>(
      database,
      `select inquiry_type, source_page from leads where email = '${email}'`,
    );
    const mails = await query<{ to_address: string; text_body: string }>(
      database,
      `select m.to_address, m.text_body from mail_messages m join leads l on l.id = m.lead_id where l.email = '${email}' order by m.id`,
    );
    const [notification, acknowledgement] = mails.map((m) => m.text_body);
    return { lead, notification, acknowledgement };
  };

  it("a consultation files and acknowledges its page's service and type", async () => {
    for (const [service, email, type, typeLabel] of [
      ["AI-Powered Web Design", "jo@example.org", "ai-solutions", "AI Solutions"],
      ["Network Infrastructure", "ny@example.org", "support", "IT Support"],
    ] as const) {
      const body = new URLSearchParams({
        ...contact,
        email,
        service,
        sourcePage: "/ai-powered-web-design",
      });
      expect((await submitInquiry(post(body), services, "service")).status).toBe(200);
      const { lead, notification, acknowledgement } = await filed(email);
      expect(lead).toEqual({ inquiry_type: type, source_page: "/ai-powered-web-design" });
      expect(notification).toContain(`Inquiry type: ${typeLabel}\nService: ${service}\n`);
      expect(acknowledgement).toContain(`We received your consultation request about ${service} `);
    }
  });

  it("a service name the site does not list is kept for staff but not repeated to the visitor", async () => {
    const body = new URLSearchParams({ ...contact, email: "x@example.org", service: "Free money" });
    expect((await submitInquiry(post(body), services, "service")).status).toBe(200);
    const { lead, notification, acknowledgement } = await filed("x@example.org");
    expect(lead?.inquiry_type).toBe("support");
    expect(notification).toContain("Service: Free money");
    expect(acknowledgement).toContain("We received your consultation request about IT Support ");
    expect(acknowledgement).not.toContain("Free money");
  });

  it("the AI design inquiry is an AI Solutions inquiry; the general form files the chosen type", async () => {
    await submitInquiry(post(aiDesignForm()), services, "ai-design");
    const design = await filed("dana@example.org");
    expect(design.lead?.inquiry_type).toBe("ai-solutions");
    expect(design.notification).toContain("Inquiry type: AI Solutions\n");
    expect(design.acknowledgement).toContain("We received your AI design inquiry and ");

    const general = new URLSearchParams({
      ...contact,
      email: "gen@example.org",
      inquiryType: "ai-training",
    });
    await submitInquiry(post(general), services, "general");
    const chosen = await filed("gen@example.org");
    expect(chosen.lead?.inquiry_type).toBe("ai-training");
    expect(chosen.notification).toContain("Inquiry type: AI Training\n");
    expect(chosen.acknowledgement).toContain("We received your inquiry about AI Training ");
  });
});
