// Staff screens on a phone (issue 23, point 6): below the `sm` breakpoint every staff table is a
// stack of cards, one per row, each cell headed by its column's name, so a row's fields and its
// actions are on screen without sideways scrolling; no staff screen scrolls sideways at 390 px.
// At 1280 px the tables are tables, with their header row. Light and dark, axe on both.

import type { Locator, Page } from "@playwright/test";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { storeLeadWithFile } from "#tests/support/leads.ts";
import {
  ADMIN_PASSWORD,
  test as base,
  DEMO_PASSWORD,
  dropSandboxNotices,
  expect,
  expectNoAxeViolations,
  hydrated,
  signInAsAdmin,
  signInToSalesDashboard,
} from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The CCNA course's id, read when the database is prepared. */
let ccnaId = 0;

// An inquiry with its e-mails (the mail log has rows) and a student on the first CCNA cohort
// (the instructor's roster has a row; the course's cohorts table counts a registration).
const test = base.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "1000" },
        prepare: async (database) => {
          await storeLeadWithFile(database, { objectKey: "leads/brief.pdf", size: 52_000 });
          await database.pglite?.exec(`
            insert into leads (kind, form, name, email)
              values ('registration', 'registration', 'Rosa Roster', 'rosa.roster@example.org');
            insert into registrations (lead_id, course_id, cohort_id, certification_interest,
                class_schedule, start_date, experience, payment_method, price_cents)
              select (select max(id) from leads), k.id, c.id, k.title, c.class_schedule,
                     c.start_date, '1-3', 'credit-card', k.price_cents
                from cohorts c join courses k on k.id = c.course_id
                where k.slug = 'ccna' order by c.start_date limit 1;
          `);
          const ccna = await database.pglite?.query<{ id: number }>(
            "select id from courses where slug = 'ccna'",
          );
          ccnaId = ccna?.rows[0]?.id ?? 0;
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test.describe.configure({ timeout: 90_000 });

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, path = page.url()) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** The staff header shows all it holds: nothing in it is cut off above or below. */
async function expectHeaderWhole(page: Page) {
  const cut = await page
    .locator("header")
    .first()
    .evaluate((header) => {
      const box = header.getBoundingClientRect();
      return [...header.querySelectorAll<HTMLElement>("*")]
        .filter((e) => e.getBoundingClientRect().width > 1)
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
        })
        .map((e) => e.textContent);
    });
  expect(cut, "cut off in the header").toEqual([]);
}

/** The select shows its chosen option's whole text. */
async function expectWholeValue(select: Locator) {
  const fits = await select.evaluate((element) => {
    const s = element as HTMLSelectElement;
    const context = document.createElement("canvas").getContext("2d");
    const style = getComputedStyle(s);
    if (!context) return false;
    context.font = style.font;
    const text = s.selectedOptions[0]?.text ?? "";
    const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
    return context.measureText(text).width + padding <= s.clientWidth;
  });
  expect(fits, "the select cuts its value").toBe(true);
}

/**
 * A table's first rows are cards on the phone: each non-empty cell and each link, button or
 * field in the row lies within the screen's width, and each cell is headed by its column's name
 * (drawn before it); the column headers stay for assistive technology.
 */
async function expectRowsOnScreen(table: Locator, columns: string[], rows = 3) {
  await expect(table).toBeVisible();
  for (const column of columns) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toHaveCount(1);
  }
  const body = table.locator(":scope > tbody > tr");
  const count = Math.min(rows, await body.count());
  expect(count, "rows in the table").toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const row = body.nth(i);
    const cells = row.locator(":scope > :is(th, td):not(:empty)");
    const controls = row.locator("a, button, select");
    for (const part of [...(await cells.all()), ...(await controls.all())]) {
      const box = await part.boundingBox();
      const what = `${(await part.textContent())?.trim().slice(0, 40)} (row ${i + 1})`;
      expect(box, `${what} is shown`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    const labels = await cells.evaluateAll((tds) =>
      tds.map((td) => getComputedStyle(td, "::before").content),
    );
    const headed = columns.filter((column) => labels.some((l) => l.includes(`"${column}"`)));
    expect(headed.length, "cells headed by their column's name").toBeGreaterThan(0);
  }
}

/** At desktop width the table is a table: its header row shows, its cells sit side by side. */
async function expectTableLayout(table: Locator, columns: string[]) {
  for (const column of columns) {
    const header = table.getByRole("columnheader", { name: column, exact: true });
    const box = await header.boundingBox();
    expect(box?.width ?? 0, `header "${column}"`).toBeGreaterThan(20);
  }
  const cells = table.locator(":scope > tbody > tr").first().locator(":scope > :is(th, td)");
  const tops = await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
  expect(new Set(tops).size, "one row's cells on one line").toBe(1);
}

const salesColumns = ["Customer", "Contact Info", "Company", "Status", "Phase", "Added", "Actions"];
const usersColumns = ["User", "Role", "Joined", "Actions"];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`on a phone, ${colorScheme}`, () => {
    test.use({ viewport: PHONE, colorScheme });

    test("the sales customers table is cards: every field and action on screen", async ({
      page,
    }) => {
      await signInToSalesDashboard(page, "manager@example.com", DEMO_PASSWORD);
      await expect(page.locator("html")).toHaveClass(
        colorScheme === "dark" ? /dark/ : /^(?!.*dark)/,
      );
      const customers = page.getByRole("table", { name: "Customers", exact: true });
      await expectRowsOnScreen(customers, ["Customer", "Sales Rep", ...salesColumns.slice(1)]);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test("an admin table is cards, and the screen passes axe", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/admin/users");
      await hydrated(page);
      await expectRowsOnScreen(
        page.getByRole("table", { name: "Users, newest first" }),
        usersColumns,
      );
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the registration page is as wide as the phone", async ({ page }) => {
    await page.goto("/certification-training/ccna/register");
    await expectNoSidewaysScroll(page);
    await hydrated(page);
    await expectNoSidewaysScroll(page);
    const steps = await page.getByRole("list", { name: "Registration progress" }).boundingBox();
    expect((steps?.x ?? 0) + (steps?.width ?? 0)).toBeLessThanOrEqual(PHONE.width - 16);
  });

  test("the sales manager's header is whole", async ({ page }) => {
    await signInToSalesDashboard(page, "manager@example.com", DEMO_PASSWORD);
    await expectHeaderWhole(page);
    await expectNoSidewaysScroll(page);
  });

  test("a sales rep's customers table is cards", async ({ page }) => {
    await signInToSalesDashboard(page, "rep@example.com", DEMO_PASSWORD);
    await expectRowsOnScreen(
      page.getByRole("table", { name: "Customers", exact: true }),
      salesColumns,
    );
    await expectNoSidewaysScroll(page);
    // The pipeline summary (three short columns) fits as a table.
    const pipeline = page.getByRole("table", { name: "Customers by pipeline phase" });
    const box = await pipeline.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.goto("/account");
    await expectRowsOnScreen(page.getByRole("table", { name: /Your sessions/ }), [
      "Browser",
      "Signed in",
      "Actions",
    ]);
    await expectNoSidewaysScroll(page);
  });

  test("no admin screen scrolls sideways, and their tables are cards", async ({
    page,
    browserErrors,
  }) => {
    await signInAsAdmin(page);
    // The sections fold into a menu naming the current one: the screen starts near the top.
    const nav = page.getByRole("navigation", { name: /admin/i });
    const menu = nav.getByText("Sections: Dashboard");
    await expect(menu).toBeVisible();
    await expect(nav.getByRole("link")).toHaveCount(0);
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading?.y ?? 1000).toBeLessThan(250);
    await menu.click();
    const paths = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(paths).toEqual(expect.arrayContaining(["/admin/registrations", "/admin/audit"]));
    await nav.getByRole("link", { name: "Audit Log" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(nav.getByText("Sections: Audit Log")).toBeVisible();
    await expect(nav.getByRole("link")).toHaveCount(0);
    for (const path of [...paths, `/admin/courses/${ccnaId}`, "/account"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
    }
    await page.goto("/admin/mail");
    await expectRowsOnScreen(page.getByRole("table", { name: /E-mail messages/ }), [
      "Message",
      "Actions",
    ]);
    await page.goto("/admin/audit");
    await expectRowsOnScreen(page.getByRole("table", { name: /Audit log entries/ }), ["When"]);
    await page.goto(`/admin/courses/${ccnaId}`);
    await expectRowsOnScreen(page.getByRole("table", { name: /Upcoming cohorts/ }), [
      "Start date",
      "Registrations",
      "Actions",
    ]);
    await page.goto("/admin/mail?message=1");
    // Measured once the message is the dialog it becomes with script, not the section before.
    await hydrated(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The message's HTML is in a sandboxed frame: the browser may say it blocked a script there.
    dropSandboxNotices(browserErrors);
  });

  test("the instructor's roster is cards", async ({ page }) => {
    await page.goto("/portal");
    await hydrated(page);
    await page.getByRole("main").getByLabel("Email").fill("instructor@example.com");
    await page.getByRole("main").getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    const roster = page.getByRole("table", { name: /^Roster of Cisco Certified Network/ });
    await expectRowsOnScreen(roster, ["Student", "Email", "Schedule", "Status", "Registered"]);
    await expect(roster).toContainText("rosa.roster@example.org");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the sales customers table is a table with its header row", async ({ page }) => {
    await signInToSalesDashboard(page, "rep@example.com", DEMO_PASSWORD);
    await expectTableLayout(
      page.getByRole("table", { name: "Customers", exact: true }),
      salesColumns,
    );
  });

  test("an admin table is a table with its header row", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/users");
    await expectTableLayout(page.getByRole("table", { name: "Users, newest first" }), usersColumns);
    // A customer's owner reads whole in the Sales rep select.
    await page.goto("/admin/customers?q=Sarah");
    await page
      .getByRole("link", { name: /Sarah Johnson/ })
      .first()
      .click();
    const rep = page.getByLabel("Sales rep");
    await expect(rep.locator("option:checked")).toHaveText("Jordan Reed");
    await expectWholeValue(rep);
  });
});
