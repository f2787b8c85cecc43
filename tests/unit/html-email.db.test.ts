// Every e-mail the site sends reaches a real SMTP server (the test mail catcher) as
// multipart/alternative: the text part and an HTML part in the company's look, its logo inline
// (cid:), no remote image, visitor text escaped; the visitor's acknowledgement carries none of
// the visitor's text, and at most three go to one address a day.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadMailBrand } from "#app/domain/mail/brand.server.ts";
import { getMail, resendMail } from "#app/domain/mail/mail-log.server.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailMessages, siteSettings } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { action as registrationAction } from "#app/routes/site/training/register.tsx";
import { seedDatabase } from "#app/seed.server.ts";
import { submitInquiry } from "#app/web/inquiry.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { checkIcs } from "#tests/support/ics.ts";
import {
  type CaughtMail,
  type MailCatcher,
  startMailCatcher,
} from "#tests/support/mail-catcher.ts";
import { outboxTo } from "#tests/support/outbox.ts";

// A Monday in April 2026, in Alabama: CCNA's next start is May 5, 2026.
const NOW = "2026-04-20T15:00:00Z";
const HOSTILE_NAME = "<img src=x onerror=alert(1)>";
const HOSTILE_MESSAGE = 'Call me <script>alert("x")</script> & "now"';

let database: Database;
let catcher: MailCatcher;
let outbox: Outbox;
let storage: Storage;
let dataDir: string;
let services: RequestServices;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase({ seed: false });
  await seedDatabase(database.db, { now: new Date(NOW) });
  dataDir = mkdtempSync(join(tmpdir(), "html-email-"));
  storage = createLocalStorage(join(dataDir, "uploads"));
  catcher = await startMailCatcher();
  outbox = await outboxTo(database, catcher);
  services = {
    db: database.db,
    outbox,
    storage,
    env: parseEnv({
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT: "1000",
      FROZEN_NOW: NOW,
      SITE_URL: "https://www.example.com",
    }),
    logger: logger as never,
    invalidatePages: vi.fn(async () => {}),
    nonce: "",
    clientIp: "203.0.113.21",
  };
});

afterEach(async () => {
  await outbox.stop();
  await catcher.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function inquiry(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request("http://localhost/api/inquiries/general", { method: "POST", body: form });
}

const general = (email: string) => ({
  name: HOSTILE_NAME,
  email,
  phone: "(205) 555-0101",
  company: "Hostile & Co",
  inquiryType: "enterprise-security",
  message: HOSTILE_MESSAGE,
});

async function registration(fields: Record<string, string>) {
  const provider = new RouterContextProvider();
  provider.set(appContext, services);
  const request = new Request("http://localhost/certification-training/ccna/register", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  // A stored registration answers with a redirect to its confirmation page.
  const answer = await registrationAction({
    request,
    params: { courseId: "ccna" },
    context: provider,
  } as never).catch((thrown: unknown) => thrown);
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(303);
}

/** Both parts, the logo inline and referred to, no remote image, nothing of `hostile` as markup. */
function expectBranded(mail: CaughtMail) {
  expect(mail.parts).toContain("multipart/alternative");
  const alternative = mail.parts.indexOf("multipart/alternative");
  expect(mail.parts.slice(alternative)).toEqual(
    expect.arrayContaining(["text/plain", "text/html"]),
  );
  expect(mail.text).not.toBe("");
  const html = mail.html ?? "";
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toContain("Sigma Technology Partners");
  const [logo] = mail.inline;
  expect(mail.inline).toHaveLength(1);
  expect(logo?.contentType).toBe("image/png");
  expect(logo?.bytes.subarray(1, 4).toString()).toBe("PNG");
  expect(html).toContain(`src="cid:${logo?.cid}"`);
  // No image, style or frame from anywhere else: every src is the inline logo.
  expect([...html.matchAll(/\bsrc="([^"]*)"/g)].map((m) => m[1])).toEqual([`cid:${logo?.cid}`]);
  expect(html).not.toMatch(/url\(|<link\b|<script\b|<iframe\b|@import/i);
  expect(html).not.toContain("<img src=x");
}

describe("HTML e-mail", () => {
  it("an inquiry: the notification escapes the visitor's text; the acknowledgement has none of it", async () => {
    const posted = await submitInquiry(
      inquiry(general("visitor@example.org")),
      services,
      "general",
    );
    expect(posted.status).toBe(200);
    const leadId = posted.result.ok ? posted.result.customerId : 0;
    const reference = `SIG-${String(leadId).padStart(6, "0")}`;

    const notification = await catcher.waitFor((m) => m.to.includes("sales@example.com"));
    expectBranded(notification);
    expect(notification.parts[0]).toBe("multipart/alternative");
    expect(notification.text).toContain(`Name: ${HOSTILE_NAME}`);
    expect(notification.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(notification.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(notification.html).toContain(`/admin/customers?lead=${leadId}`);
    // A reply reaches the visitor from the notification, the company from the acknowledgement.
    expect(notification.headers.get("reply-to")).toBe("visitor@example.org");

    const acknowledgement = await catcher.waitFor((m) => m.to.includes("visitor@example.org"));
    expectBranded(acknowledgement);
    expect(acknowledgement.subject).toBe(
      `We received your inquiry (${reference}) - Sigma Technology Partners`,
    );
    for (const part of [acknowledgement.text, acknowledgement.html ?? ""]) {
      expect(part).toContain(reference);
      expect(part).toContain("Enterprise Security");
      for (const visitorText of ["src=x", "onerror", "alert", "Call me", "Hostile", "555-0101"]) {
        expect(part).not.toContain(visitorText);
      }
    }
    expect(acknowledgement.text).toContain(`Your reference: ${reference}`);
    expect(acknowledgement.headers.get("reply-to")).toBe("info@example.com");
  });

  it("a registration: the confirmation keeps the course facts and the .ics, never the visitor's text", async () => {
    await registration({
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      name: HOSTILE_NAME,
      email: "student@example.org",
      phone: "(205) 555-0188",
      company: "",
      experience: "1-3",
      startDate: "2026-05-05",
      classSchedule: "morning",
      comments: HOSTILE_MESSAGE,
      paymentMethod: "company-invoice",
      // Step 3's company invoice details are the visitor's text too.
      billingCompany: "Acme <b>Holdings</b>",
      billingAddress: "1 <i>Main</i> St\nMontgomery, AL 36104",
      billingEmail: "ap@example.org",
      poNumber: "PO-<u>77</u>",
    });
    const notification = await catcher.waitFor((m) => m.to.includes("sales@example.com"));
    expectBranded(notification);
    expect(notification.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(notification.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(notification.text).toContain(`Additional Comments: ${HOSTILE_MESSAGE}`);
    expect(notification.text).toContain("PO Number: PO-<u>77</u>");
    expect(notification.html).toContain("Acme &lt;b&gt;Holdings&lt;/b&gt;");
    expect(notification.html).toContain("1 &lt;i&gt;Main&lt;/i&gt; St, Montgomery, AL 36104");
    expect(notification.html).toContain("PO-&lt;u&gt;77&lt;/u&gt;");

    const confirmation = await catcher.waitFor((m) => m.to.includes("student@example.org"));
    expectBranded(confirmation);
    expect(confirmation.headers.get("reply-to")).toBe("info@example.com");
    expect(confirmation.parts[0]).toBe("multipart/mixed");
    const [ics] = confirmation.attachments;
    expect(confirmation.attachments).toHaveLength(1);
    expect(ics?.filename).toBe("course-start.ics");
    expect(checkIcs(ics?.content ?? "").problems).toEqual([]);
    for (const part of [confirmation.text, confirmation.html ?? ""]) {
      expect(part).toContain("Cisco Certified Network Associate (CCNA)");
      expect(part).toContain("Tuesday, May 5, 2026");
      expect(part).toContain("Company Invoice");
      expect(part).toMatch(/SIG-\d{6}/);
      for (const visitorText of [
        "src=x",
        "onerror",
        "alert",
        "Call me",
        "555-0188",
        "Holdings",
        "Main",
        "ap@example.org",
        "PO-",
      ]) {
        expect(part).not.toContain(visitorText);
      }
    }
  });

  it("at most three acknowledgements to one address a day; every lead and notification is kept", async () => {
    // One address, however it is capitalised.
    const addresses = [
      "Flood@Example.org",
      "flood@example.org",
      "FLOOD@example.org",
      "flood@example.org",
    ];
    for (const [i, email] of addresses.entries()) {
      // Four different messages (the same one again would be a retry, stored once).
      const message = `${HOSTILE_MESSAGE} (${i + 1})`;
      const posted = await submitInquiry(
        inquiry({ ...general(email), message }),
        services,
        "general",
      );
      expect(posted.status).toBe(200);
    }
    const mails = await query<{ template: string; n: number }>(
      database,
      "select template, count(*)::int as n from mail_messages group by template order by template",
    );
    expect(mails).toEqual([
      { template: "general-notification", n: 4 },
      { template: "inquiry-acknowledgement", n: 3 },
    ]);
    // Every inquiry is kept: one record, the three later ones in its history.
    const [kept] = await query<{ records: number; later: number }>(
      database,
      "select (select count(*)::int from leads where kind <> 'manual') as records, (select count(*)::int from lead_inquiries) as later",
    );
    expect(kept).toEqual({ records: 1, later: 3 });
    // Another address has its own count.
    await submitInquiry(inquiry(general("other@example.org")), services, "general");
    await catcher.waitFor((m) => m.to.includes("other@example.org"));
  });

  it("a message queued before HTML e-mail (no HTML stored) resends as text only", async () => {
    const [old] = await database.db
      .insert(mailMessages)
      .values({
        template: "inquiry-notification",
        toAddress: "sales@example.com",
        subject: "An old notification",
        textBody: "Name: Ada",
        status: "failed",
        attempts: 3,
      })
      .returning({ id: mailMessages.id });
    const id = old?.id ?? 0;
    expect(await getMail(database.db, id)).toMatchObject({ hasHtml: false });
    const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };
    expect(await resendMail(database.db, outbox, id, actor)).toMatchObject({ ok: true });
    const resent = await catcher.waitFor((m) => m.subject === "An old notification");
    expect(resent.parts).toEqual(["text/plain"]);
    expect(resent.html).toBeNull();
    expect(resent.text.trim()).toBe("Name: Ada");
  });
});

describe("the logo in e-mail", () => {
  const sources = () => ({ db: database.db, storage, siteUrl: "https://www.example.com" });
  const setLogo = (url: string) =>
    database.db
      .insert(siteSettings)
      .values({ key: "logo_url", value: url })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: url } });

  it("an uploaded logo travels as a small PNG; without one, the site's mark beside the name", async () => {
    const mark = (await loadMailBrand(sources())).logo;
    expect(mark).toMatchObject({
      kind: "mark",
      width: 36,
      height: 36,
      cid: "logo@www.example.com",
    });

    const webp = await sharp({
      create: { width: 800, height: 200, channels: 4, background: "#1d51f0" },
    })
      .webp()
      .toBuffer();
    const key = "media/2026/04/0b7c6d0e-8a57-4c2e-9f61-6f1c8d2a9b10.webp";
    await storage.put(key, Readable.from(webp));
    await setLogo(`/${key}`);
    const logo = (await loadMailBrand(sources())).logo;
    expect(logo).toMatchObject({ kind: "logo", width: 192, height: 48 });
    const png = sharp(Buffer.from(logo?.png ?? "", "base64"));
    expect(await png.metadata()).toMatchObject({ format: "png", width: 384, height: 96 });
  });

  it("a logo on another host, or one that cannot be read, is never fetched: the mark shows", async () => {
    for (const url of [
      "https://cdn.example.net/logo.png",
      "/media/2026/04/00000000-0000-4000-8000-000000000000.png",
      "/../../etc/passwd",
      "/favicon.ico",
    ]) {
      await setLogo(url);
      expect((await loadMailBrand(sources())).logo?.kind).toBe("mark");
    }
  });
});
