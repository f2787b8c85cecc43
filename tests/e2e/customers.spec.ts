import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { leadFiles, leadNotes, leads, mailMessages } from "#app/platform/db/schema.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { csvColumn } from "#tests/support/csv.ts";
import {
  ADMIN_PASSWORD,
  adminTest,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

// Payloads that would run if any lead field were rendered as markup.
const SCRIPT = "<script>window.__xss = 1</script>";
const IMG = '<img src="x" onerror="window.__xss = 1">';

/** The admin server of this file, with a lead that carries markup in every field. */
const test = adminTest.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, SIGNIN_RATE_LIMIT: "1000", FORM_RATE_LIMIT: "100" },
        prepare: async ({ db }) => {
          const [xss] = await db
            .insert(leads)
            .values({
              kind: "inquiry",
              form: "ai-design",
              name: `Mallory ${SCRIPT}`,
              email: `${IMG}@example.com`,
              phone: SCRIPT,
              company: IMG,
              inquiryType: SCRIPT,
              websiteType: IMG,
              budget: SCRIPT,
              timeline: IMG,
              aiFeatures: [SCRIPT, IMG],
              message: `Hello ${IMG} ${SCRIPT}`,
              status: `<b>${SCRIPT}</b>`,
              source: IMG,
              sourcePage: SCRIPT,
              notes: IMG,
              createdAt: new Date("2026-01-02T15:00:00Z"),
            })
            .returning({ id: leads.id });
          const id = xss?.id ?? 0;
          await db.insert(leadFiles).values({
            leadId: id,
            objectKey: "leads/2026/01/missing.pdf",
            originalName: `${IMG}.pdf`,
            size: 2_621_440,
            mimeType: "application/pdf",
          });
          await db
            .insert(leadNotes)
            .values({ leadId: id, authorLabel: SCRIPT, body: `Note ${IMG}` });
          await db.insert(mailMessages).values({
            leadId: id,
            template: "inquiry",
            toAddress: IMG,
            subject: SCRIPT,
            textBody: "",
            status: "failed",
            attempts: 5,
            lastError: IMG,
          });
          // Stored shapes that are not a list of strings.
          await db.insert(leads).values([
            {
              kind: "inquiry",
              form: "ai-design",
              name: "Jsonstring Person",
              email: "jsonstring@example.org",
              aiFeatures: "not json" as unknown as string[],
              createdAt: new Date("2026-01-01T15:00:00Z"),
            },
            {
              kind: "inquiry",
              form: "ai-design",
              name: "Object Person",
              email: "object@example.org",
              aiFeatures: { chatbot: true } as unknown as string[],
              createdAt: new Date("2026-01-01T14:00:00Z"),
            },
          ]);
        },
      });
      await use(server);
      await server.stop();
    },
    // Migrating and seeding a fresh database takes a while on a busy machine.
    { scope: "worker", timeout: 120_000 },
  ],
});

test.describe.configure({ mode: "serial" });

const list = (page: Page) => page.getByRole("list", { name: "Customers" });

async function sendInquiryWithFiles(page: Page, email: string) {
  await page.goto("/start-your-ai-design");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill("Priya Raman");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Phone").fill("(205) 555-0142");
  await main.getByLabel("Company").fill("Vulcan Robotics");
  await main.getByLabel("Website Type").selectOption("saas");
  await main.getByLabel("Budget").selectOption("25k-50k");
  await main.getByLabel("Timeline").selectOption("3-4-months");
  await main.getByLabel("AI Chatbot").check();
  await main.getByLabel("Smart User Experience").check();
  await main.getByLabel("Project Details").fill("A customer portal for our robot fleet.");
  const png = join(tmpdir(), "fleet-sketch.png");
  await sharp({ create: { width: 16, height: 16, channels: 3, background: "#c30" } })
    .png()
    .toFile(png);
  const pdf = join(tmpdir(), "fleet-brief.pdf");
  await writeFile(pdf, `%PDF-1.4\n${"%".repeat(300 * 1024)}\n%%EOF\n`);
  await main.getByLabel("Attachments").setInputFiles([png, pdf]);
  await main.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(main.getByRole("status")).toHaveText(
    "Your AI design inquiry has been sent! We'll contact you within 24 hours.",
  );
  return { png, pdf };
}

test("a lead from the inquiry form with files is worked in Customer Management", async ({
  adminPage: page,
  browser,
  site,
}) => {
  test.setTimeout(120_000);
  // A visitor sends the inquiry, in a browser of their own.
  const email = `priya-${Date.now()}@example.org`;
  const visitor = await browser.newPage({ baseURL: site.url });
  const files = await sendInquiryWithFiles(visitor, email);
  await visitor.close();

  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", {
      name: "Customer Management",
    })
    .click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer Management");
  await expect(page.getByRole("heading", { name: "No Customer Selected" })).toBeVisible();
  await expect(
    page.getByText("Select a customer from the list to view their details."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Newest first: the new lead heads the list, with its badge, source and US date.
  const row = list(page).getByRole("link").first();
  await expect(row).toContainText("Priya Raman");
  await expect(row).toContainText(email);
  await expect(row).toContainText("Vulcan Robotics");
  await expect(row).toContainText("New");
  await expect(row).toContainText("Source: Direct");
  // No SMTP server here: the notifications wait in the outbox.
  await expect(row).toContainText("E-mail pending");
  // When it came, in the company's time zone with the zone named (issue 23, one clock).
  await expect(row.locator("time")).toHaveText(
    /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T$/,
  );
  await expect(row.getByText("New", { exact: true })).toHaveClass(/bg-blue-100/);

  await row.click();
  await expect(page).toHaveURL(/\?lead=\d+$/);
  const leadId = Number(new URL(page.url()).searchParams.get("lead"));
  await expect(row).toHaveAttribute("aria-current", "true");
  const panel = page.getByRole("region", { name: "Priya Raman" });
  await expect(panel.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(panel.getByText("(205) 555-0142")).toBeVisible();
  await expect(panel.getByText("SaaS Platform")).toBeVisible();
  await expect(panel.getByText("$25,000 - $50,000")).toBeVisible();
  await expect(panel.getByText("3-4 months")).toBeVisible();
  await expect(panel.getByRole("list", { name: "AI features" }).getByRole("listitem")).toHaveText([
    "Smart User Experience",
    "AI Chatbot",
  ]);
  await expect(panel.getByTestId("lead-message")).toHaveText(
    "A customer portal for our robot fleet.",
  );
  await expect(panel.getByRole("list", { name: "E-mail delivery" })).toContainText("Pending");
  // The reference the visitor's acknowledgement gave them is named on the record.
  const acknowledgement = await panel
    .getByRole("list", { name: "E-mail delivery" })
    .getByText(/We received your AI design inquiry/)
    .textContent();
  const reference = /\(([A-Z]{3}-\d{6,})\)/.exec(acknowledgement ?? "")?.[1] as string;
  expect(reference).toBe(`SIG-${String(leadId).padStart(6, "0")}`);
  await expect(panel.getByText(reference, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Its files, sizes in the one human format, download through the authorised route.
  const fileList = panel.getByRole("list", { name: "Uploaded files" });
  await expect(fileList.getByRole("listitem")).toHaveCount(2);
  await expect(fileList).toContainText("fleet-brief.pdf");
  await expect(fileList).toContainText("(300 KB)");
  await expect(fileList).toContainText(/\(\d+ bytes\)/);
  const pdfLink = fileList.getByRole("link", { name: "fleet-brief.pdf" });
  await expect(pdfLink).toHaveAttribute(
    "href",
    new RegExp(`^/api/customers/${leadId}/files/\\d+$`),
  );
  const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
  expect(download.suggestedFilename()).toBe("fleet-brief.pdf");
  expect(await readFile((await download.path()) as string)).toEqual(await readFile(files.pdf));
  const fileHref = (await pdfLink.getAttribute("href")) as string;
  const direct = await page.request.get(fileHref);
  expect(direct.headers()["content-disposition"]).toMatch(/^attachment; /);
  expect(direct.headers()["x-content-type-options"]).toBe("nosniff");
  // Nobody signed in gets nothing.
  const anonymous = await browser.newContext({ baseURL: site.url });
  expect((await anonymous.request.get(fileHref)).status()).toBe(401);
  await anonymous.close();

  // The status changes (any to any), the list follows.
  await panel.getByLabel("Status").selectOption("Proposal Sent");
  await panel.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status changed" })).toHaveText(
    "Status changed to Proposal Sent.",
  );
  await expect(row.getByText("Proposal Sent", { exact: true })).toHaveClass(/bg-purple-100/);

  // A note, timestamped and signed.
  await panel.getByLabel("Add a note").fill("Called Priya; demo booked for Tuesday.");
  await panel.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  const notes = panel.getByRole("list", { name: "Notes" }).getByRole("listitem");
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText("Called Priya; demo booked for Tuesday.");
  await expect(notes.first()).toContainText(
    /[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T by Site Administrator \(admin@example\.com\)/,
  );
  await expect(panel.getByLabel("Add a note")).toHaveValue("");

  // Assigned to the demo sales rep.
  await panel.getByLabel("Sales rep").selectOption({ label: "Jordan Reed" });
  await panel.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sales rep assigned." })).toBeVisible();
  await expect(
    panel.getByRole("definition").getByText("Jordan Reed", { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Filter and search live in the address; the export honours them.
  await page.getByLabel("Status", { exact: true }).first().selectOption("Proposal Sent");
  await page.getByLabel("Search").fill("vulcan");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=Proposal\+Sent&owner=&q=vulcan$/);
  await expect(page.getByRole("heading", { name: "Customers (1)" })).toBeVisible();
  await expect(list(page).getByRole("link")).toHaveCount(1);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^customers-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await csv.path()) as string, "utf8");
  expect(csvColumn(text, "ID")).toEqual([String(leadId)]);
  expect(csvColumn(text, "Reference")).toEqual([reference]);
  expect(csvColumn(text, "Email")).toEqual([email]);
  expect(csvColumn(text, "Status")).toEqual(["Proposal Sent"]);
  // A date a spreadsheet sorts, the owner by name, the choices as the form showed them.
  expect(csvColumn(text, "Created (UTC)")[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(csvColumn(text, "Owner")).toEqual(["Jordan Reed"]);
  expect(csvColumn(text, "Website Type")).toEqual(["SaaS Platform"]);
  expect(csvColumn(text, "Budget")).toEqual(["$25,000 - $50,000"]);
  expect(csvColumn(text, "Timeline")).toEqual(["3-4 months"]);
  expect(csvColumn(text, "AI Features")).toEqual(["Smart User Experience; AI Chatbot"]);
  expect(csvColumn(text, "Files")).toEqual([expect.stringContaining("fleet-sketch.png")]);
  expect(csvColumn(text, "Files")).toEqual([expect.stringContaining("fleet-brief.pdf")]);
  expect(csvColumn(text, "Notes")).toEqual([
    expect.stringContaining("Called Priya; demo booked for Tuesday."),
  ]);

  // The search finds the record by its reference, however it is typed.
  await page.getByLabel("Status", { exact: true }).first().selectOption("");
  await page.getByLabel("Search").fill(reference);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "Customers (1)" })).toBeVisible();
  await expect(list(page).getByRole("link")).toContainText("Priya Raman");
  for (const typed of [`sig-${leadId}`, String(leadId).padStart(6, "0")]) {
    await page.goto(`/admin/customers?q=${encodeURIComponent(typed)}`);
    await expect(page.getByRole("heading", { name: "Customers (1)" })).toBeVisible();
    await expect(list(page).getByRole("link")).toContainText("Priya Raman");
  }

  // An unknown lead in the address: the list stays, the panel says so.
  expectHttpError(page, 404, "/admin/customers");
  const missing = await page.goto("/admin/customers?lead=99999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No Customer Selected" })).toBeVisible();
  await expect(page.getByText("That customer no longer exists.")).toBeVisible();
});

test("markup stored in every lead field shows as text; nothing runs", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/customers?q=Mallory");
  await hydrated(page);
  const row = list(page).getByRole("link");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Mallory ${SCRIPT}`);
  await expect(row).toContainText(`Source: ${IMG}`);
  await expect(row).toContainText("E-mail failed");
  // An unknown status is gray.
  await expect(row.getByText(`<b>${SCRIPT}</b>`, { exact: true })).toHaveClass(/bg-gray-200/);
  await row.click();
  await expect(page).toHaveURL(/lead=\d+/);
  const panel = page.getByRole("region", { name: `Mallory ${SCRIPT}` });
  for (const shown of [
    `${IMG}@example.com`,
    `Hello ${IMG} ${SCRIPT}`,
    `${IMG}.pdf`,
    `Note ${IMG}`,
    "(2.5 MB)",
  ]) {
    await expect(panel.getByText(shown, { exact: false }).first()).toBeVisible();
  }
  await expect(panel.getByRole("list", { name: "AI features" }).getByRole("listitem")).toHaveText([
    SCRIPT,
    IMG,
  ]);
  await expect(panel.getByRole("list", { name: "E-mail delivery" })).toContainText(
    `last error: ${IMG}`,
  );
  await expect(panel.getByRole("list", { name: "Notes" })).toContainText(`by ${SCRIPT}`);
  // No element came from the payloads, and nothing ran.
  expect(await page.locator('main img[src="x"], main script, main b').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expectNoAxeViolations(page);
});

test("a stored aiFeatures that is not a list shows as none, never an error", async ({
  adminPage: page,
}) => {
  for (const name of ["Jsonstring Person", "Object Person"]) {
    await page.goto(`/admin/customers?q=${encodeURIComponent(name)}`);
    await hydrated(page);
    await list(page).getByRole("link").click();
    const panel = page.getByRole("region", { name });
    await expect(panel.getByRole("heading", { name: "AI Features Requested" })).toBeVisible();
    await expect(panel.getByRole("list", { name: "AI features" })).toHaveCount(0);
    await expect(
      panel
        .getByRole("heading", { name: "AI Features Requested" })
        .locator("xpath=following-sibling::p[1]"),
    ).toHaveText("None");
  }
  const api = await page.request.get("/api/customers?q=Object%20Person");
  expect(api.status()).toBe(200);
  expect((await api.json())[0].aiFeatures).toBe("[]");
});

test("fits 375 px and works with the keyboard", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/customers");
  await hydrated(page);
  await expectFitsWidth(page);
  const first = list(page).getByRole("link").first();
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/lead=\d+/);
  await expect(page.getByLabel("Add a note")).toBeVisible();
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test("status, note, assignment and delete work as plain forms", async ({
    adminPage,
    browser,
    site,
  }) => {
    const context = await browser.newContext({
      baseURL: site.url,
      javaScriptEnabled: false,
      storageState: await adminPage.context().storageState(),
    });
    const page = await context.newPage();
    await page.goto("/admin/customers?q=Jsonstring");
    await list(page).getByRole("link").click();
    await expect(page).toHaveURL(/q=Jsonstring&lead=\d+$/);
    const panel = page.getByRole("region", { name: "Jsonstring Person" });

    await panel.getByLabel("Status").selectOption("Contacted");
    await panel.getByRole("button", { name: "Update status" }).click();
    await expect(page.getByText("Status changed to Contacted.")).toBeVisible();
    await expect(page).toHaveURL(/q=Jsonstring&lead=\d+$/);

    // An empty note is refused with a message and changes nothing.
    await panel.getByLabel("Add a note").fill("   ");
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please write a note.");
    await page.getByLabel("Add a note").fill("Left a voicemail.");
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Notes" })).toContainText("Left a voicemail.");

    await page.getByLabel("Sales rep").selectOption({ label: "Jordan Reed" });
    await page.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByText("Sales rep assigned.")).toBeVisible();

    await page.getByRole("link", { name: "Delete customer" }).click();
    await expect(page.getByRole("heading", { name: "Delete this customer?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete customer" }).click();
    await expect(page).toHaveURL(/\/admin\/customers\?q=Jsonstring&deleted=/);
    await expect(page.getByText('Customer "Jsonstring Person" deleted.')).toBeVisible();
    await expect(page.getByText("No customers match.")).toBeVisible();
    await context.close();
  });
});
