// One clock (issue 23, point 4): the same moment shows as the same day and time, the zone named,
// on Customers, the mail log, the audit log and Users; the company time zone is a setting, and
// changing it changes every screen while the machine-readable <time datetime> stays ISO; an
// unknown zone is refused with a message and changes nothing.
import type { Locator, Page } from "@playwright/test";
import { auditLog, leads, mailMessages, users } from "#app/platform/db/schema.ts";
import { startAppServer } from "#tests/support/app-server.ts";
import {
  ADMIN_PASSWORD,
  adminTest,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

/** 05:46 UTC on November 25: still the evening of November 24 in Alabama. */
const AT = new Date("2026-11-25T05:46:00Z");
const ISO = AT.toISOString();
const EMAIL = "casey.clock@example.com";
const CENTRAL = { dateTime: "November 24, 2026, 11:46 PM CST", date: "November 24, 2026" };
const EASTERN = { dateTime: "November 25, 2026, 12:46 AM EST", date: "November 25, 2026" };

const test = adminTest.extend({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "1000" },
        // One event seen from four screens: a lead, its e-mail, an audit entry, an account.
        prepare: async ({ db }) => {
          await db.insert(leads).values({
            kind: "inquiry",
            form: "contact",
            name: "Casey Clock",
            email: EMAIL,
            createdAt: AT,
            updatedAt: AT,
          });
          await db.insert(mailMessages).values({
            template: "clock-check",
            toAddress: EMAIL,
            subject: "Clock check",
            textBody: "Hello",
            status: "sent",
            sentAt: AT,
            createdAt: AT,
            updatedAt: AT,
          });
          await db.insert(auditLog).values({ at: AT, actorLabel: EMAIL, action: "sign_in" });
          await db.insert(users).values({
            email: EMAIL,
            firstName: "Casey",
            lastName: "Clock",
            role: "student",
            createdAt: AT,
            updatedAt: AT,
          });
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

/** The <time> of the event in `scope`: its text and its machine-readable value. */
async function expectTime(scope: Locator, text: string) {
  const time = scope.locator("time").filter({ hasText: text }).first();
  await expect(time).toHaveText(text);
  await expect(time).toHaveAttribute("datetime", ISO);
}

/** The four screens, each showing the event as `shown`. */
async function expectEverywhere(page: Page, shown: { dateTime: string; date: string }) {
  await page.goto("/admin/customers");
  const customer = page.getByRole("main").getByRole("link", { name: /Casey Clock/ });
  await expectTime(customer, shown.dateTime);

  await page.goto("/admin/mail");
  const mail = page.getByRole("row").filter({ hasText: "Clock check" });
  await expect(mail.locator("time")).toHaveCount(2); // queued, and sent
  for (const time of await mail.locator("time").all()) {
    await expect(time).toHaveText(shown.dateTime);
    await expect(time).toHaveAttribute("datetime", ISO);
  }

  await page.goto("/admin/audit");
  const entry = page.getByRole("row").filter({ hasText: EMAIL });
  await expectTime(entry, shown.dateTime);

  await page.goto("/admin/users");
  const account = page.getByTestId(`user-${EMAIL}`);
  await expectTime(account, shown.date);
}

async function chooseZone(page: Page, zone: string) {
  await page.goto("/admin/settings");
  await hydrated(page);
  const clock = page.getByRole("region", { name: "Dates and times" });
  await clock.getByLabel("Company time zone").selectOption(zone);
  await clock.getByRole("button", { name: "Save Time Zone" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?saved=clock$/);
  await expect(page.getByText("Time zone updated successfully!")).toBeVisible();
  await expect(clock.getByLabel("Company time zone")).toHaveValue(zone);
}

test.describe("one clock", () => {
  test("the same moment reads the same on every staff screen, in the company's zone", async ({
    adminPage: page,
  }) => {
    await expectEverywhere(page, CENTRAL);
    // No screen shows the old formats.
    for (const path of ["/admin/customers", "/admin/mail", "/admin/audit", "/admin/users"]) {
      await page.goto(path);
      await expect(page.getByRole("main")).not.toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      await expect(page.getByRole("main")).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
    }
    await expectNoAxeViolations(page);
  });

  test("the time zone is a setting: a new zone changes every screen, the ISO value stays", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/settings");
    await hydrated(page);
    const clock = page.getByRole("region", { name: "Dates and times" });
    const select = clock.getByLabel("Company time zone");
    await expect(select).toHaveValue("America/Chicago");
    await expect(clock).toContainText("with the zone named");
    for (const zone of ["America/New_York", "America/Denver", "America/Los_Angeles"]) {
      await expect(select.locator(`option[value="${zone}"]`)).toHaveCount(1);
    }
    await expectNoAxeViolations(page);

    await chooseZone(page, "America/New_York");
    await expectEverywhere(page, EASTERN);
    // The change is in the audit log, in words.
    await page.goto("/admin/audit");
    await expect(
      page.getByRole("row").filter({ hasText: "Set the company time zone to" }).first(),
    ).toContainText("Set the company time zone to Eastern time (New York)");

    await chooseZone(page, "America/Chicago");
    await expectEverywhere(page, CENTRAL);
  });

  test("an unknown zone is refused with a message and changes nothing", async ({
    adminPage: page,
    baseURL,
  }) => {
    const post = (zone: string) =>
      page.request.post("/admin/settings", {
        headers: {
          origin: baseURL as string,
          "content-type": "application/x-www-form-urlencoded",
        },
        data: new URLSearchParams({ intent: "clock", time_zone: zone }).toString(),
        maxRedirects: 0,
      });
    for (const zone of ["Mars/Olympus_Mons", "+05:00", ""]) {
      const res = await post(zone);
      expect(res.status(), zone).toBe(400);
      expect(await res.text(), zone).toContain("choose one from the list");
    }
    await expectEverywhere(page, CENTRAL);
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Company time zone")).toHaveValue("America/Chicago");
  });

  test("on a phone, the screens show the same day and time", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectEverywhere(page, CENTRAL);
    await page.goto("/admin/settings");
    await hydrated(page);
    // The zone's select fits the phone's width (no sideways scrolling to reach it).
    const select = page.getByLabel("Company time zone");
    await select.scrollIntoViewIfNeeded();
    await expect(select).toBeInViewport();
    const box = await select.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
