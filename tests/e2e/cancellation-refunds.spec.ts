// Cancellations and refunds (issue 47 part 4), as staff and a student meet them: a student's
// portal says what cancelling now credits before they confirm, and their cancellation voids the
// unpaid invoice with a credit note (e-mailed, its PDF read back); staff see the policy's amount
// in the cancel dialog, an override without its reason is refused (nothing changes), with one
// the credit note is for staff's amount.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { registerByBankTransfer } from "#tests/support/ccna-registration.ts";
import {
  adminTestWithMail,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  linkIn,
} from "./fixtures.ts";

// Monday, April 20, 2026 in Alabama: CCNA's June 16 class is 57 days away (credited in full).
const test = adminTestWithMail({ FORM_RATE_LIMIT: "100", FROZEN_NOW: "2026-04-20T15:00:00Z" });
const PASSWORD = "violet kettle marathon 42";

async function openAsStaff(admin: Page, baseURL: string, name: string) {
  await admin.goto(`${baseURL}/admin/registrations?q=${encodeURIComponent(name)}`);
  await admin
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
}

test("a student sees what cancelling credits and cancels; staff override the credit with a reason", async ({
  adminPage: admin,
  browser,
  mail,
  baseURL,
}) => {
  const site = baseURL as string;
  const visitor = await (await browser.newContext()).newPage();
  for (const [name, email] of [
    ["Zoë Nguyễn", "zoe@example.org"],
    ["Sam Okafor", "sam@example.org"],
  ] as const) {
    expect((await registerByBankTransfer(visitor, site, name, email)).status()).toBeLessThan(400);
    await openAsStaff(admin, site, name);
    await admin.getByRole("button", { name: "Confirm registration" }).click();
    await expect(admin.getByRole("status")).toContainText("Registration confirmed");
  }

  // Zoë's portal says what cancelling now means before she confirms it.
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
  const course = student.getByTestId(/^portal-registration-/);
  await course.locator("summary", { hasText: "Cancel my registration" }).click();
  await expect(course.getByTestId(/^cancel-money-/)).toHaveText(
    "Per the cancellation policy: $4,995.00 of $4,995.00 credited (57 days before the start). Invoice 2026-0001 is void (fully credited): nothing is owed. The credit note is e-mailed to you.",
  );
  await expectNoAxeViolations(student);
  await course.getByRole("button", { name: /Yes, cancel my registration/ }).click();
  await expect(student.getByRole("status").filter({ hasText: "is cancelled" })).toContainText(
    "Credit note CN-2026-0001 credits $4,995.00.",
  );
  const creditMail = await mail.waitFor(
    (m) => m.to.includes("zoe@example.org") && m.subject.startsWith("Credit note CN-2026-0001"),
  );
  const attached = creditMail.attachments.find(
    (a) => a.filename === "credit-note-CN-2026-0001.pdf",
  );
  const dir = mkdtempSync(join(tmpdir(), "credit-note-"));
  const file = join(dir, "credit-note.pdf");
  writeFileSync(file, attached?.bytes ?? Buffer.alloc(0));
  execFileSync("qpdf", ["--check", file]);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  for (const expected of ["CN-2026-0001", "2026-0001", "$4,995.00", "Zoë Nguyễn", "void"]) {
    expect(text).toContain(expected);
  }
  // The portal lists the credit note with the invoice.
  await expect(student.getByRole("link", { name: /^Credit note CN-2026-0001/ })).toBeVisible();

  // Staff cancel Sam's: the dialog gives the policy's amount and the override fields.
  await openAsStaff(admin, site, "Sam Okafor");
  await admin.getByRole("link", { name: "Cancel registration..." }).click();
  const asked = admin.getByRole("dialog", { name: "Cancel this registration?" });
  await expect(asked.getByTestId("cancel-policy")).toContainText(
    "Per the cancellation policy: $4,995.00 of $4,995.00 credited (57 days before the start).",
  );
  await expect(asked.getByLabel("Credit amount (override)")).toHaveValue("4995.00");
  await expectNoAxeViolations(admin);
  await asked.getByLabel("Reason for cancelling").fill("Company budget cut");
  await asked.getByLabel("Credit amount (override)").fill("1000.00");
  // Without the override's reason: a 400 with the field's message; nothing changes.
  expectHttpError(admin, 400, "/admin/registrations.data");
  await asked.getByRole("button", { name: "Cancel registration" }).click();
  await expect(
    asked.getByText("Say why the credit differs from the policy's.").first(),
  ).toBeVisible();
  await expect(
    admin.getByRole("region", { name: /Sam Okafor/ }).getByText("Confirmed", { exact: true }),
  ).toBeVisible();
  await asked.getByLabel("Credit amount (override)").fill("1000.00");
  await asked
    .getByLabel("Reason for the override")
    .fill("Agreed a cancellation fee with the buyer");
  await asked.getByRole("button", { name: "Cancel registration" }).click();
  await expect(admin.getByRole("status")).toContainText(
    "Credit note CN-2026-0002 credits $1,000.00.",
  );
  await mail.waitFor(
    (m) => m.to.includes("sam@example.org") && m.subject.startsWith("Credit note CN-2026-0002"),
  );
});
