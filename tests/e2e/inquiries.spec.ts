import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { expect, expectHttpError, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

// The inquiry forms are plain HTML forms on pages without the framework's script (decision
// 0022): this file runs with JavaScript and again without it (playwright.config.ts).

// One server with a test SMTP server for the whole file; the last test stops it and checks
// the database.
test.describe.configure({ mode: "serial" });

let server: AppServer;
let mail: MailCatcher;
const sent: string[] = [];
/** Addresses that sent a second, different message (a later inquiry of their record). */
const sentTwice: string[] = [];
/** Addresses of posts the server refused: nothing of them may be stored. */
const refused: string[] = [];

test.beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({
    env: { SMTP_URL: mail.url, MAIL_RETRY_DELAY_SECONDS: "1", FORM_RATE_LIMIT: "100" },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function fillAiDesign(
  page: import("@playwright/test").Page | import("@playwright/test").Locator,
  email: string,
) {
  await page.getByLabel("Name").fill("Dana Whitfield");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(205) 555-0199");
  await page.getByLabel("Company").fill("Magic City Outfitters");
  await page.getByLabel("Website Type").selectOption("ecommerce");
  await page.getByLabel("Budget").selectOption("10k-25k");
  await page.getByLabel("Timeline").selectOption("asap");
  await page.getByLabel("AI Chatbot").check();
  await page.getByLabel("Predictive Analytics").check();
  await page.getByLabel("Project Details").fill("A new online store with AI recommendations.");
}

/** Sends the page's form and returns the status the server answered the post with. */
async function send(page: Page, form: Page | Locator, button: string) {
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await form.getByRole("button", { name: button }).click();
  const status = (await answer).status();
  await page.waitForLoadState();
  return status;
}

/** A file in the temp folder. */
function tempFile(name: string, content: Buffer | string) {
  const path = join(tmpdir(), name);
  writeFileSync(path, content);
  return path;
}

test("the home page button opens the AI design dialog; it sends with a file, and the answer is focused", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `modal-${Date.now()}@example.org`;
  sent.push(email);
  await page.goto(server.url);
  await hydrated(page);
  await page
    .getByRole("region", { name: "Highlights" })
    .getByRole("button", { name: "Start Your AI Design" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Start Your AI Design" });
  await expect(dialog).toBeVisible();
  // axe runs in the page's own JavaScript: it checks the same markup in the run with it.
  if (javaScriptEnabled) await expectNoAxeViolations(page);

  await fillAiDesign(dialog, email);
  const png = tempFile(
    "sketch.png",
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#36f" } })
      .png()
      .toBuffer(),
  );
  await dialog.getByLabel("Attachments").setInputFiles([png]);
  expect(await send(page, dialog, "Send Inquiry")).toBe(200);
  // The AI design page answers with the result, focused for the visitor and a screen reader.
  await expect(page).toHaveURL(/\/start-your-ai-design\?form=ai-design$/);
  const sentMessage = page.getByRole("status");
  await expect(sentMessage).toHaveText(
    "Your AI design inquiry has been sent! We'll contact you within 24 hours.",
  );
  await expect(sentMessage).toBeFocused();

  const notification = await mail.waitFor(
    (m) => m.text.includes(email) && m.to.includes("sales@example.com"),
  );
  expect(notification.subject).toContain("New AI design inquiry from Dana Whitfield");
  expect(notification.text).toContain("AI features: AI Chatbot, Predictive Analytics");
  expect(notification.text).toContain("sketch.png");
  await mail.waitFor((m) => m.to.includes(email));
});

test("the dialog closes with Close and Escape; a form with missing fields comes back with its messages, a 400", async ({
  page,
}) => {
  await page.goto(server.url);
  await hydrated(page);
  const open = page.getByRole("button", { name: "Start Your AI Design" }).first();
  const dialog = page.getByRole("dialog", { name: "Start Your AI Design" });
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await open.click();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();

  await open.click();
  await dialog.getByLabel("Name").fill("Dana Whitfield");
  await dialog.getByLabel("Email").fill("not-an-email");
  expectHttpError(page, 400, "/start-your-ai-design");
  expect(await send(page, dialog, "Send Inquiry")).toBe(400);
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(main.getByRole("alert")).toBeFocused();
  await expect(main.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(main.getByText("Please choose a website type.")).toBeVisible();
  await expect(main.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByLabel("Name")).toHaveValue("Dana Whitfield");
  await expect(main.getByLabel("Email")).toHaveValue("not-an-email");
});

test("a refused attachment is named beside the field, with the typed values kept and nothing stored", async ({
  page,
}) => {
  const main = page.getByRole("main");
  for (const [file, status, message] of [
    [
      tempFile("notes.txt", "plain text"),
      415,
      /"notes.txt" is not a JPG, PNG, GIF, WebP or PDF file/,
    ],
    [
      tempFile("huge.pdf", Buffer.alloc(10 * 1024 * 1024 + 1, 1)),
      413,
      /Each file must be 10 MB or smaller/,
    ],
  ] as const) {
    const email = `refused-${status}-${Date.now()}@example.org`;
    refused.push(email);
    await page.goto(`${server.url}/start-your-ai-design`);
    await fillAiDesign(main, email);
    await main.getByLabel("Attachments").setInputFiles([file]);
    expectHttpError(page, status, "/start-your-ai-design");
    expect(await send(page, main, "Send Inquiry")).toBe(status);
    const attachments = main.getByLabel("Attachments");
    await expect(attachments).toHaveAttribute("aria-invalid", "true");
    await expect(attachments).toHaveAccessibleDescription(message);
    // Said once: beside the field; the form's message points there.
    await expect(main.getByText(message)).toHaveCount(1);
    await expect(main.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    await expect(main.getByLabel("Email")).toHaveValue(email);
    await expect(main.getByLabel("Project Details")).toHaveValue(
      "A new online store with AI recommendations.",
    );
    await expect(main.getByLabel("Website Type")).toHaveValue("ecommerce");
    await expect(main.getByLabel("AI Chatbot")).toBeChecked();
  }
});

test("text with a NUL byte is refused beside its field, a 400 that stores nothing", async ({
  page,
}) => {
  const email = `nul-${Date.now()}@example.org`;
  refused.push(email);
  const response = await page.request.post(`${server.url}/contact?form=general`, {
    form: {
      inquiry_type: "support",
      name: "Nul Byte",
      email,
      phone: "205-555-0123",
      message: "Hello\u0000there",
    },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Please correct the highlighted fields.");
  expect(html).toContain(`value="${email}"`);
});

test("the general inquiry form keeps the values when a field is wrong, and sends", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `general-${Date.now()}@example.org`;
  sent.push(email);
  await page.goto(`${server.url}/contact`);
  const form = page.getByRole("region", { name: "Send Us a Message" });
  if (javaScriptEnabled) await expectNoAxeViolations(page);
  await form.getByLabel("Inquiry Type").selectOption("enterprise-security");
  await form.getByLabel("Name").fill("Marcus Bell");
  await form.getByLabel("Email").fill("marcus@");
  await form.getByLabel("Phone").fill("205-555-0123");
  await expect(form.getByLabel("Message")).toHaveAttribute("rows", "4");
  await form.getByLabel("Message").fill("We need a penetration test.");
  expectHttpError(page, 400, "/contact");
  expect(await send(page, form, "Send Message")).toBe(400);
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Marcus Bell");
  await expect(form.getByLabel("Message")).toHaveValue("We need a penetration test.");
  await form.getByLabel("Email").fill(email);
  expect(await send(page, form, "Send Message")).toBe(200);
  await expect(form.getByRole("status")).toHaveText(
    "Message sent successfully! We'll get back to you soon.",
  );
  await expect(form.getByRole("status")).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue("");
  const notification = await mail.waitFor(
    (m) => m.text.includes(email) && m.to.includes("sales@example.com"),
  );
  expect(notification.text).toContain("Inquiry type: Enterprise Security");
});

test("two different messages from the same cached page are both stored", async ({ page }) => {
  const email = `cached-${Date.now()}@example.org`;
  sent.push(email);
  sentTwice.push(email);
  // The page comes from the page cache and carries nothing per visitor (no form key).
  await page.goto(`${server.url}/contact`);
  const cached = await page.reload();
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  expect(await cached?.text()).not.toMatch(/idempotency/i);
  for (const message of ["Our printer is offline.", "And the Wi-Fi drops every hour."]) {
    await page.goto(`${server.url}/contact`);
    const form = page.getByRole("region", { name: "Send Us a Message" });
    await form.getByLabel("Inquiry Type").selectOption("support");
    await form.getByLabel("Name").fill("Pat Cached");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("205-555-0123");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toHaveText(
      "Message sent successfully! We'll get back to you soon.",
    );
    await mail.waitFor((m) => m.text.includes(message) && m.to.includes("sales@example.com"));
  }
});

test("a service page's Get Started form: every field required, the page answers", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `service-${Date.now()}@example.org`;
  sent.push(email);
  await page.goto(`${server.url}/services/network-infrastructure`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Network Infrastructure");
  const features = page.locator("section", {
    has: page.getByRole("heading", { name: "Key Features" }),
  });
  await expect(features.getByRole("heading", { level: 3 })).toHaveCount(10);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /^Call / })
      .first(),
  ).toHaveAttribute("href", "tel:+12055550142");
  if (javaScriptEnabled) await expectNoAxeViolations(page);
  const form = page.getByRole("region", { name: "Get Started" });
  await form.getByLabel("Name").fill("Sam Ortiz");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("205-555-0188");
  await form.getByLabel("Message").fill("Our Wi-Fi drops every afternoon.");
  expectHttpError(page, 400, "/services/network-infrastructure");
  expect(await send(page, form, "Get Started")).toBe(400);
  await expect(page).toHaveURL(/\/services\/network-infrastructure\?form=service$/);
  await expect(form.getByText("Please enter your company.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Sam Ortiz");
  await form.getByLabel("Company").fill("Ortiz Dental");
  expect(await send(page, form, "Get Started")).toBe(200);
  await expect(form.getByRole("status")).toHaveText(
    "Message sent successfully! We'll get back to you soon.",
  );
  const notification = await mail.waitFor(
    (m) => m.text.includes(email) && m.to.includes("sales@example.com"),
  );
  expect(notification.text).toContain("Service: Network Infrastructure");
  expect(notification.text).toContain("Inquiry type: IT Support");
});

test("an unknown service page is a 404", async ({ page }) => {
  expectHttpError(page, 404, "/services/time-travel");
  const response = await page.goto(`${server.url}/services/time-travel`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
});

test("every submission is in the database exactly once, with its files", async () => {
  await server.halt();
  // Every test above ran and sent its submission (a skipped one would pass this test empty).
  expect(sent).toHaveLength(4);
  expect(refused).toHaveLength(3);
  const database = await openDatabase({ dataDir: join(server.dataDir, "db") });
  try {
    for (const email of sent) {
      const rows = (
        await database.pglite?.query<{ id: number; files: number; later: number }>(
          "select id, (select count(*)::int from lead_files f where f.lead_id = l.id) as files, (select count(*)::int from lead_inquiries i where i.lead_id = l.id) as later from leads l where email = $1",
          [email],
        )
      )?.rows;
      expect(rows, email).toHaveLength(1);
      if (email.startsWith("modal-")) expect(rows?.[0]?.files).toBe(1);
      expect(rows?.[0]?.later, email).toBe(sentTwice.includes(email) ? 1 : 0);
    }
    for (const email of refused) {
      const rows = (await database.pglite?.query("select id from leads where email = $1", [email]))
        ?.rows;
      expect(rows, email).toHaveLength(0);
    }
  } finally {
    await database.close();
  }
});
