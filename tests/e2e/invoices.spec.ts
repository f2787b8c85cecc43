// Invoices (issue 47), as a new user meets them: a visitor registers to pay by bank transfer;
// when staff confirm the registration the invoice is issued and e-mailed (its PDF read back by
// qpdf and pdftotext: number, amount, due day); the student downloads the same PDF from the
// portal; another student's invoice, a made-up number and an anonymous visitor get nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { registerByBankTransfer } from "#tests/support/ccna-registration.ts";
import { adminTestWithMail, expect, expectNoAxeViolations, hydrated, linkIn } from "./fixtures.ts";

// Monday, April 20, 2026 in Alabama; CCNA's June 16 morning class takes registrations.
const test = adminTestWithMail({ FORM_RATE_LIMIT: "100", FROZEN_NOW: "2026-04-20T15:00:00Z" });
const PASSWORD = "violet kettle marathon 42";

async function confirmAsStaff(admin: Page, baseURL: string, name: string) {
  await admin.goto(`${baseURL}/admin/registrations?q=${encodeURIComponent(name)}`);
  await admin
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await admin.getByRole("button", { name: "Confirm registration" }).click();
  await expect(admin.getByRole("status")).toContainText("Registration confirmed");
}

test("a bank transfer is invoiced when staff confirm it; the student downloads the invoice, nobody else", async ({
  adminPage: admin,
  browser,
  mail,
  baseURL,
}) => {
  const site = baseURL as string;
  const visitor = await (await browser.newContext()).newPage();
  expect(
    (await registerByBankTransfer(visitor, site, "Zoë Nguyễn", "zoe@example.org")).status(),
  ).toBeLessThan(400);
  expect(
    (await registerByBankTransfer(visitor, site, "Sam Okafor", "sam@example.org")).status(),
  ).toBeLessThan(400);
  await confirmAsStaff(admin, site, "Zoë");
  await confirmAsStaff(admin, site, "Sam Okafor");

  // The invoice e-mail, its PDF read by poppler: seven days to pay by bank transfer.
  const invoiceMail = await mail.waitFor(
    (m) => m.to.includes("zoe@example.org") && m.subject.startsWith("Invoice "),
  );
  const number = invoiceMail.subject.match(/^Invoice (\d{4}-\d{4})/)?.[1] ?? "";
  expect(number).toBe("2026-0001");
  const attached = invoiceMail.attachments.find((a) => a.filename === `invoice-${number}.pdf`);
  const dir = mkdtempSync(join(tmpdir(), "invoice-"));
  const file = join(dir, "invoice.pdf");
  writeFileSync(file, attached?.bytes ?? Buffer.alloc(0));
  execFileSync("qpdf", ["--check", file]);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  for (const expected of [number, "Zoë Nguyễn", "$4,995.00", "April 27, 2026", "Cisco Certified"]) {
    expect(text).toContain(expected);
  }

  // The student's portal lists it; the download is the PDF as issued.
  const confirmed = await mail.waitFor(
    (m) => m.to.includes("zoe@example.org") && m.subject.includes("is confirmed"),
  );
  const student = await (await browser.newContext()).newPage();
  await student.goto(`${site}${linkIn(confirmed)}`);
  const form = student.getByRole("main");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm the password").fill(PASSWORD);
  await form.getByRole("button", { name: "Set password" }).click();
  await expect(student).toHaveURL(/\/portal\?password=set$/);
  await hydrated(student);
  await student.getByRole("main").getByLabel("Password").fill(PASSWORD);
  await student.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const link = student.getByRole("link", { name: new RegExp(`^Invoice ${number}`) });
  await expect(link).toBeVisible();
  await expect(student.getByTestId(/^portal-registration-/)).toContainText(
    "$4,995.00, due April 27, 2026",
  );
  await expectNoAxeViolations(student);
  const download = await student.request.get(`${site}${await link.getAttribute("href")}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).equals(attached?.bytes ?? Buffer.alloc(0))).toBe(true);

  // Sam's invoice, a made-up number, a malformed one: not found; signed out: the portal.
  for (const path of [
    "/portal/invoices/2026-0002",
    "/portal/invoices/2026-0099",
    "/portal/invoices/x",
  ]) {
    expect((await student.request.get(`${site}${path}`)).status()).toBe(404);
  }
  const anonymous = await visitor.request.get(`${site}/portal/invoices/${number}`, {
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe("/portal");
});
