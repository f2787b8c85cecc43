// The sales dashboard (issue 9): the spec's figures from the seed on the demo date, adding,
// editing, searching and deleting customers, rep scoping, targets, training, no-script forms.
import type { Page } from "@playwright/test";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  test as base,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  signInToSalesDashboard,
} from "./fixtures.ts";

const DEMO_PASSWORD = "demo-e2e-password";
/** The demo date: the seeded figures are the spec's on it. */
const FROZEN_NOW = "2025-10-26T17:00:00Z";

const test = base.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { DEMO_PASSWORD, FROZEN_NOW, SIGNIN_RATE_LIMIT: "1000" },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

// The tests change the shared database one after another; the flows are long.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const signIn = (page: Page, email: string) => signInToSalesDashboard(page, email, DEMO_PASSWORD);

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
const pipelineRow = (page: Page, phase: string) =>
  page
    .getByRole("table", { name: "Customers by pipeline phase" })
    .getByRole("row", { name: new RegExp(`^${phase} `) });
const customerRows = (page: Page) =>
  page.getByRole("table", { name: "Customers", exact: true }).locator("tbody tr");

/** The stat cards, and the pipeline table's rows adding up to Total Customers (New included). */
async function expectStats(page: Page, values: [string, string, string, string]) {
  const labels = ["Total Customers", "Active Deals", "Won Deals", "Conversion Rate"];
  for (const [i, label] of labels.entries()) {
    await expect(stat(page, label), label).toHaveText(values[i] as string);
  }
  const counts = await page
    .getByRole("table", { name: "Customers by pipeline phase" })
    .locator("tbody td:first-of-type")
    .allTextContents();
  expect(counts.reduce((sum, n) => sum + Number(n), 0)).toBe(Number(values[0]));
}

test("the demo manager sees the spec's figures, computed from the seeded data", async ({
  page,
  baseURL,
}) => {
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL as string) && !r.url().startsWith("data:")) {
      external.push(r.url());
    }
  });
  await signIn(page, "manager@example.com");
  await expect(page.getByText("Welcome, Morgan Blake")).toBeVisible();
  // Every booked dollar is a won customer record: 44 won deals behind the earnings history.
  await expectStats(page, ["47", "3", "44", "94%"]);

  const monthly = page.getByRole("region", { name: "Monthly Earnings" });
  await expect(monthly.getByTestId("month-earnings")).toHaveText("$12,500");
  await expect(monthly).toContainText("target $15,000");
  await expect(monthly).toContainText("83% of target");
  await expect(monthly.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "83");
  await expect(monthly).toContainText("Last Month$14,200");
  await expect(monthly).toContainText("Monthly Average$13,800");
  const ytd = page.getByRole("region", { name: "Year-to-Date Performance" });
  await expect(ytd.getByTestId("ytd-earnings")).toHaveText("$145,000");
  await expect(ytd).toContainText("target $170,000");
  await expect(ytd).toContainText("85% of target");
  await expect(ytd).toContainText("Previous YTD$132,000");
  await expect(ytd).toContainText("Growth+9.8%");
  await expect(ytd).toContainText("Projected Year End$175,000(103% of target)");

  const pipeline: [string, string][] = [
    ["New", "0"],
    ["Free MVP", "1"],
    ["Demo Scheduled", "1"],
    ["Negotiation", "1"],
    ["Closed Won", "44"],
    ["Closed Lost", "0"],
  ];
  for (const [phase, count] of pipeline) {
    await expect(pipelineRow(page, phase).getByRole("cell").first()).toHaveText(count);
  }
  // Recharts is not in the page's first JavaScript: the pie arrives after hydration.
  const html = await (await page.request.get("/sales-dashboard")).text();
  expect(html).toContain("Customers by pipeline phase");
  expect(html).not.toMatch(/pipeline-pie|recharts/i);
  await expect(page.getByTestId("pipeline-chart").locator("svg path").first()).toBeVisible();

  const news = page.getByRole("region", { name: "Latest News in AI" }).getByRole("listitem");
  await expect(news).toHaveCount(3);
  const activity = page.getByRole("list", { name: "Recent activity" }).getByRole("listitem");
  await expect(activity.first()).toContainText(
    "Michael Chen: phase changed from Free MVP to Demo Scheduled",
  );
  await expect(activity.first()).toContainText("5 hours ago");

  const training = page.getByRole("region", { name: "Training and Development" });
  await expect(training.getByRole("listitem")).toHaveCount(3);
  await expect(training.getByRole("button", { name: /^Review Module/ })).toHaveCount(1);
  await expect(training.getByRole("button", { name: /^Continue Training/ })).toHaveCount(2);

  // The table: open deals first, then the won history, with the Sales Rep column for a manager.
  await expect(customerRows(page)).toHaveCount(47);
  await expect(customerRows(page).nth(2)).toContainText("Emily Rodriguez");
  const headers = page
    .getByRole("table", { name: "Customers", exact: true })
    .getByRole("columnheader");
  await expect(headers).toHaveText([
    "Customer",
    "Sales Rep",
    "Contact Info",
    "Company",
    "Status",
    "Phase",
    "Added",
    "Actions",
  ]);
  await expect(customerRows(page).filter({ hasText: "Emily Rodriguez" })).toContainText(
    "Casey Lin",
  );
  await expect(page.getByText("Negotiation", { exact: true }).last()).toHaveClass(/bg-blue-100/);

  // Header links scroll to their sections.
  await page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(page).toHaveURL(/#customers$/);
  await expect(page.getByRole("heading", { name: "Customers", exact: true })).toBeInViewport();

  // Videos load nothing until asked for.
  await expect(page.locator("video, iframe")).toHaveCount(0);
  await expectNoAxeViolations(page);
  const first = training.getByRole("listitem").first();
  await first.getByRole("link", { name: /^Play video/ }).click();
  const video = first.locator("video");
  await expect(video).toHaveAttribute("src", "/videos/training/selling-ai-solutions.webm");
  expect(external).toEqual([]);
  const clip = await page.request.get("/videos/training/selling-ai-solutions.webm");
  expect(clip.status()).toBe(200);
});

test("add a customer, close the deal as Closed Won, search, and delete it", async ({ page }) => {
  await signIn(page, "manager@example.com");
  await page.getByRole("link", { name: "Add Customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Customer" });
  await expect(dialog).toBeVisible();
  // The browser checks the same rules as the server before sending.
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Deal Value ($)").fill("-5");
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(dialog.getByText(/Deal value must be an amount in dollars/)).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Name").fill("Nia Brooks");
  await dialog.getByLabel("Email").fill("nia@brooks.example.com");
  await dialog.getByLabel("Company").fill("Brooks Logistics");
  await dialog.getByLabel("Phone").fill("(205) 555-0100");
  await dialog.getByLabel("Deal Value ($)").fill("10,000");
  await dialog.getByLabel("Sales Rep").selectOption({ label: "Jordan Reed" });
  await dialog.getByRole("button", { name: "Add Customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").first()).toHaveText("Customer added.");
  await expect(customerRows(page)).toHaveCount(48);
  await expectStats(page, ["48", "4", "44", "92%"]);
  await expect(
    page.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first(),
  ).toContainText("New customer added: Nia Brooks");

  // Edit: close the deal.
  await page.getByRole("link", { name: "Edit Nia Brooks" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Customer: Nia Brooks" });
  await expect(edit.getByLabel("Name")).toHaveValue("Nia Brooks");
  await expect(edit.getByLabel("Deal Value ($)")).toHaveValue("10000");
  await edit.getByLabel("Phase").selectOption("Closed Won");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expectStats(page, ["48", "3", "45", "94%"]);
  await expect(pipelineRow(page, "Closed Won").getByRole("cell").first()).toHaveText("45");
  await expect(pipelineRow(page, "Free MVP").getByRole("cell").first()).toHaveText("1");
  await expect(page.getByTestId("month-earnings")).toHaveText("$22,500");
  await expect(page.getByTestId("ytd-earnings")).toHaveText("$155,000");
  await expect(page.getByText("Closed Won", { exact: true }).last()).toHaveClass(/bg-green-100/);
  await expect(
    page.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first(),
  ).toContainText("Nia Brooks: phase changed from Free MVP to Closed Won");

  // Search filters the table (the figures stay whole).
  await page.getByRole("searchbox", { name: "Search customers" }).fill("brooks");
  await expect(page).toHaveURL(/q=brooks/);
  await expect(customerRows(page)).toHaveCount(1);
  await expect(customerRows(page)).toContainText("Nia Brooks");
  await expect(stat(page, "Total Customers")).toHaveText("48");
  // And by the reference the customer quotes ("SIG-000049"), however it is typed.
  const niaId = (
    await page.getByRole("link", { name: "Edit Nia Brooks" }).getAttribute("href")
  )?.match(/edit=(\d+)/)?.[1] as string;
  for (const typed of [`SIG-${niaId.padStart(6, "0")}`, `sig-${niaId}`]) {
    await page.getByRole("searchbox", { name: "Search customers" }).fill(typed);
    await expect(page).toHaveURL(new RegExp(`q=${typed}`));
    await expect(customerRows(page)).toHaveCount(1);
    await expect(customerRows(page)).toContainText("Nia Brooks");
  }
  await page.getByRole("searchbox", { name: "Search customers" }).fill("nobody-matches");
  await expect(page.getByText('No customers match "nobody-matches".')).toBeVisible();
  await page.getByRole("searchbox", { name: "Search customers" }).fill("");
  await expect(customerRows(page)).toHaveCount(48);

  // Delete asks first; Cancel keeps the customer.
  await page.getByRole("link", { name: "Delete Nia Brooks" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Nia Brooks?" });
  await expect(confirm).toContainText("Are you sure you want to delete this customer?");
  await expectNoAxeViolations(page);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(customerRows(page)).toHaveCount(48);
  await page.getByRole("link", { name: "Delete Nia Brooks" }).click();
  await confirm.getByRole("button", { name: "Delete Customer" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").first()).toHaveText("Customer deleted.");
  await expect(customerRows(page)).toHaveCount(47);
  await expectStats(page, ["47", "3", "44", "94%"]);
  await expect(page.getByTestId("month-earnings")).toHaveText("$12,500");
});

test("a rep sees only their own customers and figures, and cannot reach another rep's", async ({
  page,
  browser,
}) => {
  // Emily Rodriguez belongs to Casey Lin: find her id as the manager.
  const managerPage = await browser.newPage();
  await signIn(managerPage, "manager@example.com");
  const emilyId = (
    await managerPage.getByRole("link", { name: "Edit Emily Rodriguez" }).getAttribute("href")
  )?.match(/edit=(\d+)/)?.[1];
  expect(emilyId).toMatch(/^\d+$/);

  await signIn(page, "rep@example.com");
  await expect(page.getByText("Welcome, Jordan Reed")).toBeVisible();
  await expectStats(page, ["24", "2", "22", "92%"]);
  await expect(customerRows(page)).toHaveCount(24);
  await expect(page.getByText("Emily Rodriguez")).toHaveCount(0);
  await expect(
    page
      .getByRole("table", { name: "Customers", exact: true })
      .getByRole("columnheader", { name: "Sales Rep" }),
  ).toHaveCount(0);
  await expect(pipelineRow(page, "Negotiation").getByRole("cell").first()).toHaveText("0");
  await expect(page.getByTestId("month-earnings")).toHaveText("$7,500");
  await expect(page.getByRole("region", { name: "Monthly Earnings" })).toContainText(
    "target $9,000",
  );
  await expect(page.getByRole("region", { name: "Monthly Targets" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Asking for her by address: 404, nothing about her.
  expectHttpError(page, 404, "/sales-dashboard");
  const direct = await page.goto(`/sales-dashboard?edit=${emilyId}`);
  expect(direct?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Customer not found.");
  await expect(page.getByText("Emily Rodriguez")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toBeHidden();

  // Posting changes to her: 404 and nothing changes; setting a target: 403.
  const origin = new URL(page.url()).origin;
  const post = (form: Record<string, string>) =>
    page.request.post("/sales-dashboard", { form, headers: { origin }, maxRedirects: 0 });
  const update = await post({
    intent: "update",
    id: emilyId as string,
    name: "Hijacked",
    email: "x@example.com",
    phase: "Closed Lost",
    dealValue: "1",
  });
  expect(update.status()).toBe(404);
  expect((await post({ intent: "delete", id: emilyId as string })).status()).toBe(404);
  expect(
    (await post({ intent: "target", scope: "team", month: "2025-10", amount: "1" })).status(),
  ).toBe(403);
  // Bad input: 400 with the messages.
  const bad = await post({
    intent: "create",
    name: "",
    email: "nope",
    phase: "Won",
    dealValue: "x",
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("Please enter a valid email address.");

  await managerPage.reload();
  await expect(customerRows(managerPage).filter({ hasText: "Emily Rodriguez" })).toContainText(
    "Negotiation",
  );
  await expect(managerPage.getByText("Hijacked")).toHaveCount(0);
  await expectStats(managerPage, ["47", "3", "44", "94%"]);
  await managerPage.close();
});

test("a manager sets a monthly target; the percentages follow", async ({ page }) => {
  await signIn(page, "manager@example.com");
  const targets = page.getByRole("region", { name: "Monthly Targets" });
  await expect(targets).toContainText("October 2025: Team $15,000");
  expectHttpError(page, 400, "/sales-dashboard");
  await targets.getByLabel("Target ($)").fill("abc");
  await targets.getByRole("button", { name: "Set Target" }).click();
  await expect(targets.getByText(/Target must be an amount in dollars/)).toBeVisible();
  await targets.getByLabel("Target ($)").fill("20000");
  await targets.getByRole("button", { name: "Set Target" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Target saved.");
  const monthly = page.getByRole("region", { name: "Monthly Earnings" });
  await expect(monthly).toContainText("target $20,000");
  await expect(monthly).toContainText("63% of target");
  await expect(page.getByRole("region", { name: "Year-to-Date Performance" })).toContainText(
    "target $175,000",
  );
});

test("training: continuing starts a module and shows its video; completing it makes it a review", async ({
  page,
}) => {
  await signIn(page, "rep@example.com");
  const card = page
    .getByRole("region", { name: "Training and Development" })
    .getByRole("listitem")
    .nth(2);
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await card.getByRole("button", { name: /^Continue Training/ }).click();
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "10");
  await expect(card.locator("video")).toHaveAttribute("src", /mvp-to-closed-deal\.webm$/);
  await card.getByRole("button", { name: /^Mark complete/ }).click();
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(card.getByRole("button", { name: /^Review Module/ })).toBeVisible();
  await expect(card.getByRole("button", { name: /^Mark complete/ })).toHaveCount(0);
});

test("fits a 375 px screen and works by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "manager@example.com");
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
  // Keyboard: the Add Customer link opens the dialog; Escape closes it.
  await page.getByRole("link", { name: "Add Customer" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Customer" });
  await expect(dialog).toBeVisible();
  await expectFitsWidth(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, edit and delete work as plain forms and pages", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("rep@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/sales-dashboard$/);

    await page.getByRole("link", { name: "Add Customer" }).click();
    await expect(page).toHaveURL(/\?add=1#customer-form$/);
    const form = page.getByRole("form", { name: "Add customer" });
    // A rep has no Sales Rep choice: new customers are theirs.
    await expect(form.getByLabel("Sales Rep")).toHaveCount(0);
    await form.getByLabel("Email").fill("bad");
    expectHttpError(page, 400, "/sales-dashboard");
    await form.getByRole("button", { name: "Add Customer" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue("bad");

    await form.getByLabel("Name").fill("Omar Haddad");
    await form.getByLabel("Email").fill("omar@haddad.example.com");
    await form.getByLabel("Deal Value ($)").fill("4500.50");
    await form.getByRole("button", { name: "Add Customer" }).click();
    await expect(page.getByText("Customer added.")).toBeVisible();
    await expect(customerRows(page)).toHaveCount(25);

    await page.getByRole("link", { name: "Edit Omar Haddad" }).click();
    const edit = page.getByRole("form", { name: "Edit customer" });
    await expect(edit.getByLabel("Deal Value ($)")).toHaveValue("4500.50");
    await edit.getByLabel("Phase").selectOption("Closed Lost");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Customer updated.")).toBeVisible();
    await expect(page.getByText("Closed Lost", { exact: true }).last()).toHaveClass(/bg-red-100/);
    await expectStats(page, ["25", "2", "22", "88%"]);

    // Delete: a confirmation step first.
    await page.getByRole("link", { name: "Delete Omar Haddad" }).click();
    await expect(page.getByRole("heading", { name: "Delete Omar Haddad?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete Customer" }).click();
    await expect(page.getByText("Customer deleted.")).toBeVisible();
    await expect(customerRows(page)).toHaveCount(24);

    // Search works as a plain GET form.
    await page.getByRole("searchbox", { name: "Search customers" }).fill("michael");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(customerRows(page)).toHaveCount(1);

    // The video opens by address, and only then.
    await expect(page.locator("video")).toHaveCount(0);
    await page.getByRole("link", { name: /^Play video: Selling AI Solutions/ }).click();
    await expect(page.locator("video")).toHaveCount(1);
  });
});
