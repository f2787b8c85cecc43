import { registerByBankTransfer } from "#tests/support/ccna-registration.ts";
import { readCsv } from "#tests/support/csv.ts";
import { adminTestWithMail, expect, expectNoAxeViolations } from "./fixtures.ts";

// Monday, April 20, 2026 in Alabama; CCNA's June 16 morning class takes registrations.
const test = adminTestWithMail({ FORM_RATE_LIMIT: "100", FROZEN_NOW: "2026-04-20T15:00:00Z" });

test("staff record a bank payment: the receipt is e-mailed, the invoice is Paid, the CSV says so", async ({
  adminPage: admin,
  browser,
  mail,
  baseURL,
}) => {
  const site = baseURL as string;
  const visitor = await (await browser.newContext()).newPage();
  expect(
    (await registerByBankTransfer(visitor, site, "Uma Patel", "uma@example.org")).status(),
  ).toBeLessThan(400);
  await admin.goto(`${site}/admin/registrations?q=uma%40example.org`);
  await admin
    .getByRole("link", { name: /Uma Patel/ })
    .first()
    .click();
  await admin.getByRole("button", { name: "Confirm registration" }).click();
  await expect(admin.getByRole("status")).toContainText("Registration confirmed");
  const invoiceMail = await mail.waitFor(
    (m) => m.to.includes("uma@example.org") && m.subject.startsWith("Invoice "),
  );
  const number = invoiceMail.subject.match(/^Invoice (\d{4}-\d{4})/)?.[1] ?? "";

  const payments = admin.getByTestId("registration-payments");
  await expect(payments).toContainText("Invoiced$4,995.00");
  await expect(payments).toContainText("Due$4,995.00");

  // More than is due: refused with the amount, nothing recorded.
  const id = new URL(admin.url()).searchParams.get("registration") ?? "";
  const tooMuch = await admin.request.post(`${site}/admin/registrations`, {
    headers: { Origin: site },
    form: {
      intent: "payment",
      id,
      receivedOn: "2026-04-20",
      amount: "5000",
      method: "bank-transfer",
      reference: "",
    },
  });
  expect(tooMuch.status()).toBe(400);
  expect(await tooMuch.text()).toContain("Only $4,995.00 is due on this registration");

  // The form starts from what is due, today and the invoice's number as the reference.
  const form = admin.getByRole("form", { name: "Record a payment" });
  await expect(form.getByLabel("Amount ($)")).toHaveValue("4995.00");
  await expect(form.getByLabel("Date received")).toHaveValue("2026-04-20");
  await expect(form.getByLabel("Method")).toHaveValue("bank-transfer");
  await form.getByLabel("Reference").fill(`Wire ${number}`);
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(admin.getByRole("status")).toContainText(
    "$4,995.00 recorded for Uma Patel; receipt R-2026-0001 e-mailed; nothing more is due",
  );
  await expect(payments).toContainText("Due$0.00");
  await expect(payments.getByRole("link", { name: "R-2026-0001 (PDF)" })).toBeVisible();

  const receipt = await mail.waitFor(
    (m) => m.to.includes("uma@example.org") && m.subject.startsWith("Receipt R-2026-0001"),
  );
  const attached = receipt.attachments.find((a) => a.filename === "receipt-R-2026-0001.pdf");
  expect(attached?.bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // Staff open any document's PDF as issued, in the browser; an unknown number is not found.
  const pdf = await admin.request.get(`${site}/api/admin/billing/R-2026-0001`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^inline/);
  expect(pdf.headers()["cache-control"]).toContain("no-store");
  expect((await pdf.body()).equals(attached?.bytes ?? Buffer.alloc(0))).toBe(true);
  expect((await admin.request.get(`${site}/api/admin/billing/2026-0999`)).status()).toBe(404);
  expect((await visitor.request.get(`${site}/api/admin/billing/${number}`)).status()).toBe(401);

  // The Invoices screen: the invoice is Paid; axe finds nothing; the CSV has the same row.
  await admin
    .getByRole("navigation", { name: /admin/i })
    .getByRole("link", { name: "Invoices" })
    .click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Invoices");
  const row = admin.getByTestId(`invoice-${number}`);
  await expect(row).toContainText("Uma Patel");
  await expect(row).toContainText("Paid");
  await expect(admin.getByTestId("invoice-totals")).toContainText("Paid$4,995.00");
  await expectNoAxeViolations(admin);
  await admin.getByLabel("Status").selectOption("paid");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/status=paid/);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("invoices-2026-04-20.csv");
  const csv = readCsv(
    await (await download.createReadStream())
      .toArray()
      .then((c) => Buffer.concat(c).toString("utf8")),
  );
  expect(csv[0]?.[0]).toBe("Number");
  expect(csv.slice(1).map((r) => [r[0], r[4], r[9], r[10], r[12]])).toEqual([
    [number, "Uma Patel", "4995.00", "4995.00", "Paid"],
  ]);
});
