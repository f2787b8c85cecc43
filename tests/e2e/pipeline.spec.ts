// One pipeline from the website to the sale (issue 21): a visitor's inquiry (with a file) and
// course registration reach the manager's New leads, are assigned to the demo rep, who works
// them on the dashboard and wins the registration; the other rep sees neither; Customer
// Management shows the same records. Then every forged or bad request is refused.
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { csvColumn, csvRecords } from "#tests/support/csv.ts";
import { postAiDesign } from "#tests/support/inquiry-posts.ts";
import {
  ADMIN_PASSWORD,
  test as base,
  expect,
  expectNoAxeViolations,
  hydrated,
  signInAsAdmin,
  signInToSalesDashboard,
} from "./fixtures.ts";

const DEMO_PASSWORD = "demo-e2e-password";

const test = base.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: {
          ADMIN_PASSWORD,
          DEMO_PASSWORD,
          SIGNIN_RATE_LIMIT: "1000",
          FORM_RATE_LIMIT: "1000",
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

test.describe.configure({ mode: "serial" });

/** A page in a context of its own (axe needs one). */
async function newPage(browser: Browser, site: AppServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  return context.newPage();
}

async function signIn(browser: Browser, site: AppServer, email: string): Promise<Page> {
  const page = await newPage(browser, site);
  await signInToSalesDashboard(page, email, DEMO_PASSWORD);
  return page;
}

const newLeads = (page: Page) => page.getByRole("list", { name: "New leads" });
const detail = (page: Page) => page.locator("#customer-detail");
const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
const customerRows = (page: Page) =>
  page.getByRole("table", { name: "Customers", exact: true }).locator("tbody tr");
const post = (page: Page, path: string, form: Record<string, string>) =>
  page.request.post(path, {
    form,
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });

/** What the story makes (record ids, the file, the reference), for its later steps and the bad-input tests. */
const story = { inquiry: 0, registration: 0, file: "", reference: "" };

// The story in steps (serial: each goes on from the one before), so that each fits its time.
test("a visitor sends an AI design inquiry with a file and registers for a course", async ({
  browser,
  site,
}) => {
  // The visitor: the AI design inquiry with a file, then a course registration.
  const visitor = await newPage(browser, site);
  await visitor.goto("/start-your-ai-design");
  await hydrated(visitor);
  const form = visitor.getByRole("main");
  await form.getByLabel("Name").fill("Priya Raman");
  await form.getByLabel("Email").fill("priya@vulcan-robotics.example.com");
  await form.getByLabel("Phone").fill("(205) 555-0142");
  await form.getByLabel("Company").fill("Vulcan Robotics");
  await form.getByLabel("Website Type").selectOption("saas");
  await form.getByLabel("AI Chatbot").check();
  await form.getByLabel("Project Details").fill("A customer portal for our robot fleet.");
  const png = join(tmpdir(), "pipeline-sketch.png");
  await sharp({ create: { width: 16, height: 16, channels: 3, background: "#c30" } })
    .png()
    .toFile(png);
  await form.getByLabel("Attachments").setInputFiles([png]);
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(form.getByRole("status")).toContainText("Your AI design inquiry has been sent!");

  await visitor.goto("/certification-training/ccna/register");
  await hydrated(visitor);
  await visitor.getByLabel("Name").fill("Jordan Reyes");
  await visitor.getByLabel("Email").fill("jordan.reyes@vulcan-freight.example.com");
  await visitor.getByLabel("Phone").fill("(205) 555-0188");
  await visitor.getByRole("button", { name: "Continue" }).click();
  await visitor.getByLabel("Years of Experience").selectOption("1-3");
  await visitor.getByLabel("Preferred Start Date").selectOption({ index: 1 });
  await visitor.getByLabel("Class Schedule").selectOption({ index: 1 });
  await visitor.getByRole("button", { name: "Continue" }).click();
  await visitor.getByLabel("Payment Method").selectOption("company-invoice");
  await visitor.getByLabel("Company Name").fill("Vulcan Freight");
  await visitor.getByLabel("Billing Address").fill("1200 Industrial Pkwy\nBirmingham, AL 35203");
  await visitor.getByLabel("Billing Email").fill("ap@vulcan-freight.example.com");
  await visitor.getByRole("button", { name: "Complete Registration" }).click();
  await expect(visitor.getByText(/Registration submitted successfully/)).toBeVisible();
  // The reference the visitor is given: staff find the record by it.
  story.reference = (await visitor
    .locator("strong")
    .filter({ hasText: /^[A-Z]{3}-\d{6,}$/ })
    .textContent()) as string;
  await visitor.context().close();
});

test("the manager finds both in New leads, assigns them to the demo rep and exports them", async ({
  browser,
  site,
}) => {
  // The manager: both wait in New leads, newest first, each with its whole detail.
  const manager = await signIn(browser, site, "manager@example.com");
  await expect(manager.getByRole("heading", { name: "New leads (2)" })).toBeVisible();
  await expect(newLeads(manager).getByRole("listitem")).toHaveCount(2);
  await expect(newLeads(manager).getByRole("listitem").first()).toContainText("Jordan Reyes");
  await expect(newLeads(manager).getByRole("listitem").first()).toContainText(
    "Course registration",
  );
  await expect(newLeads(manager).getByRole("listitem").nth(1)).toContainText("AI design inquiry");
  await expectNoAxeViolations(manager);
  // The dashboard's search finds the registration by the reference its visitor was given.
  await manager.getByRole("searchbox", { name: "Search customers" }).fill(story.reference);
  await expect(manager).toHaveURL(new RegExp(`q=${story.reference}`));
  await expect(customerRows(manager)).toHaveCount(1);
  await expect(customerRows(manager)).toContainText("Jordan Reyes");
  await manager.goto("/sales-dashboard");

  await newLeads(manager).getByRole("link", { name: "Open Priya Raman" }).click();
  await expect(detail(manager).getByRole("heading", { name: "Priya Raman" })).toBeVisible();
  story.inquiry = Number(new URL(manager.url()).searchParams.get("customer"));
  await expect(detail(manager)).toContainText("SaaS Platform");
  await expect(detail(manager).getByRole("list", { name: "AI features" })).toHaveText("AI Chatbot");
  // The fields of the form it came from, and no others.
  await expect(detail(manager).getByText("Inquiry type")).toHaveCount(0);
  const file = detail(manager).getByRole("link", { name: "pipeline-sketch.png" });
  story.file = (await file.getAttribute("href")) as string;
  await expect(detail(manager).getByRole("list", { name: "E-mail delivery" })).toContainText(
    "Pending",
  );
  await expectNoAxeViolations(manager);
  await detail(manager).getByLabel("Sales rep").selectOption({ label: "Jordan Reed" });
  await detail(manager).getByRole("button", { name: "Assign" }).click();
  await expect(manager.getByRole("status").first()).toHaveText("Sales rep assigned.");
  await expect(manager.getByRole("heading", { name: "New leads (1)" })).toBeVisible();

  await newLeads(manager).getByRole("link", { name: "Open Jordan Reyes" }).click();
  const registration = detail(manager);
  await expect(registration.getByRole("heading", { name: "Jordan Reyes" })).toBeVisible();
  story.registration = Number(new URL(manager.url()).searchParams.get("customer"));
  // The record names the reference.
  expect(story.reference).toBe(`SIG-${String(story.registration).padStart(6, "0")}`);
  await expect(registration.getByText(story.reference, { exact: true })).toBeVisible();
  await expect(registration.getByRole("heading", { name: "Course Registration" })).toBeVisible();
  await expect(registration).toContainText("Cisco Certified Network Associate (CCNA)");
  await expect(registration).toContainText("$4,995");
  // No empty inquiry fields on a registration, and no repeated description.
  await expect(registration.getByText("Website type")).toHaveCount(0);
  await expect(registration.getByText("Project Description")).toHaveCount(0);
  await expect(registration.getByLabel("Deal value ($)")).toHaveValue("4995");
  await registration.getByLabel("Sales rep").selectOption({ label: "Jordan Reed" });
  await registration.getByRole("button", { name: "Assign" }).click();
  await expect(manager.getByRole("status").first()).toHaveText("Sales rep assigned.");
  await expect(manager.getByRole("heading", { name: "New leads (0)" })).toBeVisible();
  await expect(manager.getByText("No new leads: every inquiry has a sales rep.")).toBeVisible();
  // The manager's export: both, with their owner, status, phase, value and page.
  const [csv] = await Promise.all([
    manager.waitForEvent("download"),
    manager.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const exported = csvRecords(await readFile((await csv.path()) as string, "utf8"));
  const exportedRecord = (id: number) => exported.find((r) => r.ID === String(id));
  const worked = { Owner: "Jordan Reed", Status: "New", Phase: "New", Source: "Direct" };
  expect(exportedRecord(story.inquiry)).toMatchObject({
    ...worked,
    Name: "Priya Raman",
    Email: "priya@vulcan-robotics.example.com",
    "Deal Value": "0.00",
    Inquiries: "1",
    "Source Page": expect.stringMatching(/^\/start-your-ai-design/),
    "Website Type": "SaaS Platform",
  });
  expect(exportedRecord(story.registration)).toMatchObject({
    ...worked,
    Name: "Jordan Reyes",
    Reference: story.reference,
    "Deal Value": "4995.00",
    Inquiries: "0",
    "Class Schedule": expect.stringMatching(/^[A-Z][a-z]+.* \d{1,2}:\d\d [AP]M/),
  });

  await manager.context().close();
});

test("the rep works both and wins the registration; the figures add up", async ({
  browser,
  site,
}) => {
  // The rep: both are theirs, with the file and the course; the registration is won.
  const rep = await signIn(browser, site, "rep@example.com");
  await expect(rep.getByRole("heading", { name: /^New leads/ })).toHaveCount(0);
  await expect(stat(rep, "Won Deals")).toHaveText("22");
  await expect(rep.getByTestId("month-earnings")).toHaveText("$7,500");
  await rep.getByTestId(`open-customer-${story.inquiry}`).click();
  await expect(detail(rep).getByRole("heading", { name: "Priya Raman" })).toBeVisible();
  const download = await rep.request.get(story.file);
  expect(download.status()).toBe(200);
  await detail(rep).getByLabel("Add a note").fill("Sent the portal estimate.");
  await detail(rep).getByRole("button", { name: "Add Note" }).click();
  await expect(rep.getByRole("status").first()).toHaveText("Note added.");
  // A rep sees the owner but cannot choose one.
  await expect(detail(rep).getByRole("button", { name: "Assign" })).toHaveCount(0);

  await rep.getByTestId(`open-customer-${story.registration}`).click();
  await expect(detail(rep).getByRole("heading", { name: "Jordan Reyes" })).toBeVisible();
  await expect(detail(rep)).toContainText("Cisco Certified Network Associate (CCNA)");
  await detail(rep).getByLabel("Phase").selectOption("Closed Won");
  await detail(rep).getByRole("button", { name: "Save deal" }).click();
  await expect(rep.getByRole("status").first()).toHaveText("Deal saved.");
  await expect(stat(rep, "Won Deals")).toHaveText("23");
  // Won over every record the table lists (Priya's New inquiry too): 23 of 26.
  await expect(stat(rep, "Total Customers")).toHaveText("26");
  await expect(stat(rep, "Conversion Rate")).toHaveText("88%");
  // The pipeline table counts the same records: Priya's is in its New row, and it adds up.
  const pipelineCounts = rep
    .getByRole("table", { name: "Customers by pipeline phase" })
    .locator("tbody td:first-of-type");
  await expect(pipelineCounts).toHaveText(["1", "1", "1", "0", "23", "0"]);
  // A registration earns what is paid for it (issue 47): won by hand, nothing came in yet.
  await expect(rep.getByTestId("month-earnings")).toHaveText("$7,500");
  await expect(
    rep.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first(),
  ).toContainText("Jordan Reyes: phase changed from New to Closed Won");
  await expectNoAxeViolations(rep);

  await rep.context().close();
});

test("the other rep sees neither, by list, address or file", async ({ browser, site }) => {
  const casey = await signIn(browser, site, "casey@example.com");
  await expect(casey.getByText("Priya Raman")).toHaveCount(0);
  await expect(casey.getByText("Jordan Reyes")).toHaveCount(0);
  const other = await casey.goto(`/sales-dashboard?customer=${story.inquiry}`);
  expect(other?.status()).toBe(404);
  await expect(casey.getByRole("alert")).toHaveText("Customer not found.");
  expect((await casey.request.get(story.file)).status()).toBe(404);

  await casey.context().close();
});

test("Customer Management shows the same records, phases and notes; the rep was told", async ({
  browser,
  site,
}) => {
  const admin = await newPage(browser, site);
  await signInAsAdmin(admin);
  await admin.goto(`/admin/customers?lead=${story.registration}`);
  const panel = admin.getByRole("region", { name: "Jordan Reyes" });
  await expect(panel.getByText("Phase: Closed Won")).toBeVisible();
  await admin.goto(`/admin/customers?lead=${story.inquiry}`);
  await expect(admin.getByRole("list", { name: "Notes" })).toContainText(
    "Sent the portal estimate.",
  );
  // The rep was told, through the outbox.
  await admin.goto("/admin/mail");
  await expect(admin.getByText("New lead assigned to you: Priya Raman").first()).toBeVisible();
  await admin.context().close();
});

test("forged and bad requests are refused with a clear 4xx and change nothing", async ({
  browser,
  site,
}) => {
  const rep = await signIn(browser, site, "rep@example.com");
  const casey = await signIn(browser, site, "casey@example.com");
  const manager = await signIn(browser, site, "manager@example.com");
  // An open record of Casey's (Emily's deal), on any date: her newest can be a won deal of this
  // month, and a closed record keeps its owner when she leaves (the end of this test).
  const caseyRows: { id: number; name: string; phase: string; assignedTo: { id: number } }[] =
    await (await casey.request.get("/api/customers?limit=200")).json();
  const caseyRow = caseyRows.find((r) => !["Closed Won", "Closed Lost"].includes(r.phase));
  if (!caseyRow) throw new Error("Casey has no open record");
  const caseys = caseyRow.id;

  // A rep assigning a lead, to themself or anyone, by form or API: 403.
  const self = await post(rep, "/sales-dashboard", {
    intent: "assign",
    id: String(story.inquiry),
    userId: "",
  });
  expect(self.status()).toBe(403);
  const api = await rep.request.put(`/api/customers/${caseys}/assignee`, {
    data: { userId: caseyRow.assignedTo.id },
    headers: { origin: new URL(rep.url()).origin },
  });
  expect(api.status()).toBe(403);
  // A rep opening another rep's record, export or changing it: 404 / none of it.
  expect((await rep.request.get(`/api/customers/${caseys}`)).status()).toBe(404);
  const exported = await (await rep.request.get("/api/customers/export")).text();
  const exportedIds = csvColumn(exported, "ID");
  expect(exportedIds.length).toBeGreaterThan(1);
  expect(exportedIds).not.toContain(String(caseys));
  const deal = await post(rep, "/sales-dashboard", {
    intent: "deal",
    id: String(caseys),
    phase: "Closed Lost",
    dealValue: "1",
  });
  expect(deal.status()).toBe(404);

  // A phase or value outside the lists: 400 with the message.
  for (const [phase, dealValue] of [
    ["Won", "100"],
    ["Closed Won", "-5"],
    ["Closed Won", "lots"],
  ]) {
    const bad = await post(rep, "/sales-dashboard", {
      intent: "deal",
      id: String(story.inquiry),
      phase: phase as string,
      dealValue: dealValue as string,
    });
    expect(bad.status(), `${phase} ${dealValue}`).toBe(400);
  }

  // A manager assigning to an admin or a disabled user: 400.
  const admin = await newPage(browser, site);
  await signInAsAdmin(admin);
  const users = await (await admin.request.get("/api/admin/users")).json();
  const adminId = users.find((u: { role: string }) => u.role === "admin").id;
  const toAdmin = await post(manager, "/sales-dashboard", {
    intent: "assign",
    id: String(story.inquiry),
    userId: String(adminId),
  });
  expect(toAdmin.status()).toBe(400);
  expect(await toAdmin.text()).toContain("Choose an active sales rep or manager.");

  // Two managers assigning the same queued lead at once: one wins, the other is told.
  const queued = await postAiDesign(site.url, { email: "race@example.org" });
  expect(queued.status).toBe(200);
  const raceId = (await queued.json()).customerId as number;
  const repId = String(users.find((u: { email: string }) => u.email === "rep@example.com").id);
  const caseyId = String(users.find((u: { email: string }) => u.email === "casey@example.com").id);
  const adminPost = (userId: string) =>
    post(admin, "/admin/customers", {
      intent: "assign",
      id: String(raceId),
      userId,
      assignedFrom: "",
    });
  const answers = await Promise.all([
    post(manager, "/sales-dashboard", {
      intent: "assign",
      id: String(raceId),
      userId: repId,
      assignedFrom: "",
    }),
    adminPost(caseyId),
  ]);
  expect(answers.map((a) => a.status()).sort()).toEqual([200, 409]);
  const loser = answers.find((a) => a.status() === 409);
  expect(await loser?.text()).toMatch(/Someone else just assigned Riley Stone to/);

  // The same inquiry posted twice: one record, one history entry; a new one joins the record,
  // with a reference of its own (the visitor never learns the record's number).
  const again = await postAiDesign(site.url, { email: "race@example.org" });
  expect((await again.json()).customerId).toBe(raceId);
  const later = await postAiDesign(site.url, {
    email: "race@example.org",
    message: "And a booking system.",
  });
  const laterId = (await later.json()).customerId;
  expect(laterId).toBeGreaterThan(raceId);
  const record = await (await admin.request.get(`/api/customers/${raceId}`)).json();
  expect(record.inquiries).toHaveLength(1);
  // Owned by then, the record is a returning contact in the managers' New leads (its owner is
  // e-mailed); a manager keeps it with its owner.
  await manager.goto("/sales-dashboard");
  await expect(newLeads(manager)).toContainText("Returning contact, owned by");
  await manager.getByTestId(`new-lead-${raceId}`).click();
  await detail(manager)
    .getByRole("button", { name: /^Keep with / })
    .click();
  await expect(manager.getByRole("status")).toContainText("Kept with its sales rep");
  await expect(manager.getByTestId(`new-lead-${raceId}`)).toHaveCount(0);
  const list = await (await admin.request.get("/api/customers?q=race%40example.org")).json();
  expect(list).toHaveLength(1);

  // A disabled rep: their open records go back to New leads; assigning to them is refused.
  const disable = await admin.request.patch(`/api/admin/users/${caseyId}`, {
    data: { disabled: true },
    headers: { origin: site.url },
  });
  expect(disable.status()).toBe(200);
  const toDisabled = await post(manager, "/sales-dashboard", {
    intent: "assign",
    id: String(story.inquiry),
    userId: caseyId,
  });
  expect(toDisabled.status()).toBe(400);
  expect(
    (await admin.request.get(`/api/customers/${caseys}`).then((r) => r.json())).assignedTo,
  ).toBeNull();
  await manager.reload();
  await expect(newLeads(manager)).toContainText(caseyRow.name);
  for (const page of [rep, casey, manager, admin]) await page.context().close();
});
