// The Staff settings section of the Settings tab (/admin/settings), signed in as admin: the sales
// notification e-mail is saved and audited, a bad address is refused with nothing changed, and
// the value never reaches a public page. The brand form no longer holds it.
import type { Page } from "@playwright/test";
import {
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  adminTest as test,
} from "./fixtures.ts";

const ADDRESS = "hidden-sales@acme.example";
const LABEL = "Sales notification e-mail";
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("Staff settings: the sales notification e-mail is saved, audited and never public", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  await page.goto("/admin/settings");
  await hydrated(page);
  await expect(region(page, "Site details").getByLabel(/sales/i)).toHaveCount(0);
  const staff = region(page, "Staff settings");
  await expect(staff).toContainText("Only staff see these; no public page shows them.");
  await expect(staff.getByLabel(LABEL)).toHaveValue("");

  await staff.getByLabel(LABEL).fill(ADDRESS);
  await staff.getByRole("button", { name: "Save Staff Settings" }).click();
  await expect(page.getByText("Staff settings updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings\?saved=staff$/);
  await expect(staff.getByLabel(LABEL)).toHaveValue(ADDRESS);

  // A bad address: the field says why (a 400), and nothing is saved.
  expectHttpError(page, 400, "/admin/settings");
  await staff.getByLabel(LABEL).fill("not-an-address");
  await staff.getByRole("button", { name: "Save Staff Settings" }).click();
  await expect(staff.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(staff.getByText("must be an e-mail address")).toBeVisible();
  await expect(staff.getByLabel(LABEL)).toHaveValue("not-an-address");
  await expect(page.getByText("Staff settings updated successfully!")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto("/admin/settings");
  await expect(region(page, "Staff settings").getByLabel(LABEL)).toHaveValue(ADDRESS);

  // Never part of a public page, for a visitor or for the signed-in admin.
  const visitor = await playwright.request.newContext({ baseURL });
  for (const path of ["/", "/contact"]) {
    for (const client of [visitor, page.request]) {
      const res = await client.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).not.toContain(ADDRESS);
    }
  }
  await visitor.dispose();

  // The change is in the Audit Log, once (the refused one is not).
  await page.goto("/admin/audit");
  const entries = page.getByRole("row").filter({ hasText: "Updated the staff settings" });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`Sales notification e-mail set to "${ADDRESS}"`);
});

test("Staff settings: while the bank details are empty, a warning says invoices print none", async ({
  adminPage: page,
}) => {
  const WARNING = "Invoices print no bank details until you fill this in";
  const BANK = "Bank details on invoices";
  await page.goto("/admin/settings");
  await hydrated(page);
  const staff = region(page, "Staff settings");
  await expect(staff.getByLabel(BANK)).toHaveValue("");
  await expect(staff.getByText(WARNING)).toBeVisible();
  await expectNoAxeViolations(page);

  await staff.getByLabel(BANK).fill("First Bank of Alabama\nRouting 062000019, account 1234567");
  await staff.getByRole("button", { name: "Save Staff Settings" }).click();
  await expect(page.getByText("Staff settings updated successfully!")).toBeVisible();
  await expect(staff.getByLabel(BANK)).toHaveValue(/^First Bank of Alabama/);
  await expect(staff.getByText(WARNING)).toHaveCount(0);

  // Emptied again: the warning is back.
  await staff.getByLabel(BANK).fill("");
  await staff.getByRole("button", { name: "Save Staff Settings" }).click();
  await expect(page.getByText("Staff settings updated successfully!")).toBeVisible();
  await expect(staff.getByText(WARNING)).toBeVisible();
});
