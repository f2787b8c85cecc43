// Registrations that get paid (issue 47), the whole story in Chromium: a company registers with a
// PO number and gets its invoice by e-mail, at the billing address too; staff record the bank
// payment and the receipt arrives; a card registration pays through Stripe Checkout (the local
// double, reached by the official SDK) and its signed webhook marks it paid; ten days before the
// start the card registration is cancelled, and the credit note and the card refund follow the
// policy (half); the Invoices screen's money and the sales dashboard's earnings agree to the cent.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page, test } from "@playwright/test";
import { type AppServer, freePort, startAppServer } from "#tests/support/app-server.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { type StripeDouble, startStripeDouble } from "#tests/support/stripe-double.ts";
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

let mail: MailCatcher;
let stripe: StripeDouble;
let server: AppServer;
let port: number;

const env = (now: string) => ({
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  SIGNIN_RATE_LIMIT: "1000",
  FORM_RATE_LIMIT: "100",
  SMTP_URL: mail.url,
  MAIL_RETRY_DELAY_SECONDS: "1",
  FROZEN_NOW: now,
  PORT: String(port),
  SITE_URL: `http://127.0.0.1:${port}`,
  ...stripe.env,
});

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  mail = await startMailCatcher();
  stripe = await startStripeDouble();
  port = await freePort();
  // Monday, April 20, 2026 in Alabama; CCNA's June 16 morning class takes registrations.
  server = await startAppServer({ env: env("2026-04-20T15:00:00Z") });
  stripe.webhookUrl = `${server.url}/api/webhooks/stripe`;
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await mail?.stop();
});

const at = (path: string) => `${server.url}${path}`;

/** The wizard's last step as the browser posts it, for CCNA's June 16 morning class. */
function register(page: Page, fields: Record<string, string>) {
  return page.request.post(at("/certification-training/ccna/register"), {
    headers: { Origin: server.url },
    form: {
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      phone: "(205) 555-0100",
      experience: "3-5",
      startDate: "2026-06-16",
      classSchedule: "morning",
      ...fields,
    },
  });
}

async function signInAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto("/admin");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Username or email").fill("admin");
  await main.getByLabel("Password").fill(ADMIN_PASSWORD);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

/** The manager's Year-to-Date earnings, in cents. */
async function managerYtd(browser: Browser): Promise<number> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await page.goto("/login");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill("manager@example.com");
  await main.getByLabel("Password").fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
  const ytd = page.getByTestId("ytd-earnings");
  await expect(ytd).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  const cents = Math.round(Number((await ytd.innerText()).replace(/[$,]/g, "")) * 100);
  await page.context().close();
  return cents;
}

async function openRegistration(admin: Page, who: string) {
  await admin.goto(`/admin/registrations?q=${encodeURIComponent(who)}`);
  await admin
    .getByRole("link", { name: new RegExp(who) })
    .first()
    .click();
  await expect(admin.getByRole("region", { name: new RegExp(who) })).toBeVisible();
}

/** A PDF attachment checked by qpdf and read back by pdftotext. */
function pdfText(bytes: Buffer | undefined): string {
  const file = join(mkdtempSync(join(tmpdir(), "billing-story-")), "document.pdf");
  writeFileSync(file, bytes ?? Buffer.alloc(0));
  execFileSync("qpdf", ["--check", file]);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test("invoiced, paid by bank and by card, cancelled by the policy: the invoices and the dashboard agree", async ({
  browser,
}) => {
  const ytdBefore = await managerYtd(browser);

  // 1. A company registers Jamie with a PO number; staff confirm; the invoice goes to both.
  const visitor = await (await browser.newContext()).newPage();
  const company = await register(visitor, {
    name: "Jamie Ortiz",
    email: "jamie@acme.example",
    company: "Acme Logistics",
    paymentMethod: "company-invoice",
    billingCompany: "Acme Logistics LLC",
    billingAddress: "Accounts Payable\n400 Commerce St\nMontgomery, AL 36104",
    billingEmail: "ap@acme.example",
    poNumber: "PO-77841",
  });
  expect(company.status()).toBeLessThan(400);
  const admin = await signInAsAdmin(browser);
  await openRegistration(admin, "Jamie Ortiz");
  // Staff see who the invoice is made out to.
  const jamie = admin.getByRole("region", { name: /Jamie Ortiz/ });
  await expect(jamie).toContainText("Acme Logistics LLC");
  await expect(jamie).toContainText("ap@acme.example");
  await expect(jamie).toContainText("PO-77841");
  await admin.getByRole("button", { name: "Confirm registration" }).click();
  await expect(admin.getByRole("status")).toContainText("Registration confirmed");
  const invoice = await mail.waitFor(
    (m) => m.to.includes("ap@acme.example") && m.subject.startsWith("Invoice 2026-0001"),
  );
  await mail.waitFor(
    (m) => m.to.includes("jamie@acme.example") && m.subject.startsWith("Invoice 2026-0001"),
  );
  const invoiceText = pdfText(
    invoice.attachments.find((a) => a.filename === "invoice-2026-0001.pdf")?.bytes,
  );
  for (const expected of [
    "2026-0001",
    "Acme Logistics LLC",
    "400 Commerce St",
    "PO-77841",
    "$4,995.00",
    "May 20, 2026",
  ]) {
    expect(invoiceText).toContain(expected);
  }

  // 2. The bank transfer arrives: staff record it; the receipt follows, to both addresses.
  const payment = admin.getByRole("form", { name: "Record a payment" });
  await expect(payment.getByLabel("Amount ($)")).toHaveValue("4995.00");
  await payment.getByLabel("Reference").fill("Wire 2026-0001");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(admin.getByRole("status")).toContainText("receipt R-2026-0001 e-mailed");
  const receipt = await mail.waitFor(
    (m) => m.to.includes("ap@acme.example") && m.subject.startsWith("Receipt R-2026-0001"),
  );
  const receiptText = pdfText(
    receipt.attachments.find((a) => a.filename === "receipt-R-2026-0001.pdf")?.bytes,
  );
  expect(receiptText).toContain("2026-0001");
  expect(receiptText).toContain("$4,995.00");

  // 3. Riley pays by card: Checkout (the double) for the server's amount, the webhook pays.
  const riley = await (await browser.newContext({ baseURL: server.url })).newPage();
  const registered = await register(riley, {
    name: "Riley Chen",
    email: "riley@example.org",
    paymentMethod: "credit-card",
    amount: "1",
  });
  await riley.goto(registered.url());
  await hydrated(riley);
  await riley.getByRole("button", { name: "Pay now by card" }).click();
  await expect(riley.getByRole("heading", { name: "Pay 4995.00 USD" })).toBeVisible();
  await riley.getByRole("button", { name: "Pay" }).click();
  await expect(riley.getByRole("main")).toContainText("your card payment was received");
  await mail.waitFor(
    (m) => m.to.includes("riley@example.org") && m.subject.startsWith("Receipt R-2026-0002"),
  );
  await admin.context().close();

  // 4. Saturday, June 6: ten days before the start. The server comes back with its clock there.
  const dataDir = server.dataDir;
  await server.halt();
  server = await startAppServer({ dataDir, env: env("2026-06-06T15:00:00Z") });
  const staff = await signInAsAdmin(browser);
  await openRegistration(staff, "Riley Chen");
  await staff.getByRole("link", { name: "Cancel registration..." }).click();
  const asked = staff.getByRole("dialog", { name: "Cancel this registration?" });
  await expect(asked.getByTestId("cancel-policy")).toContainText(
    "Per the cancellation policy: $2,497.50 of $4,995.00 credited (10 days before the start).",
  );
  await asked.getByLabel("Reason for cancelling").fill("Moved to another city");
  await asked.getByRole("button", { name: "Cancel registration" }).click();
  await expect(staff.getByRole("status")).toContainText(
    "Credit note CN-2026-0001 credits $2,497.50",
  );
  // Stripe was asked to refund half of the card payment, once.
  const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds");
  expect(refunds.map((r) => r.body.amount)).toEqual(["249750"]);
  const creditNote = await mail.waitFor(
    (m) => m.to.includes("riley@example.org") && m.subject.startsWith("Credit note CN-2026-0001"),
  );
  const creditText = pdfText(
    creditNote.attachments.find((a) => a.filename === "credit-note-CN-2026-0001.pdf")?.bytes,
  );
  expect(creditText).toContain("R-2026-0002");
  expect(creditText).toContain("$2,497.50");

  // 5. The Invoices screen: Jamie's invoice is paid, the credit note listed, and the money that
  // came this year is what the manager's dashboard earned from these registrations, to the cent.
  await staff.goto("/admin/invoices");
  await expect(staff.getByTestId("invoice-2026-0001")).toContainText("Paid");
  await expect(staff.getByTestId("invoice-CN-2026-0001")).toContainText("$2,497.50");
  const money = staff.getByTestId("money-received");
  await expect(money).toContainText("$9,990.00 received, $2,497.50 refunded, net $7,492.50");
  await expectNoAxeViolations(staff);
  expect((await managerYtd(browser)) - ytdBefore).toBe(749_250);
});
