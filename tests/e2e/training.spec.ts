import { join } from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { checkIcs, readIcs } from "#tests/support/ics.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import {
  test as base,
  expect,
  expectHttpError,
  expectInternalLinksWork,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

// One server for the file, its clock frozen on Monday, April 20, 2026 (Alabama). CCNA's May 5
// cohorts are made full, so its next start date is June 16, 2026. A coming-soon course and an
// active course without cohorts are added. The last test stops the server and reads the database.
const SUCCESS =
  "Registration submitted successfully! We'll contact you shortly to finalize your enrollment.";
/** The confirmation page a registration ends on (a page of its own, not a 3-second redirect). */
const CONFIRMATION =
  /\/certification-training\/[a-z0-9-]+\/register\/confirmation\?token=[\w-]{43}$/;

/** The confirmation page shows what was registered for; it stays (no redirect). */
async function expectConfirmation(page: Page, facts: string[]) {
  await expect(page).toHaveURL(CONFIRMATION);
  await expect(
    page.getByRole("heading", { level: 1, name: "Registration received" }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  const receipt = page.getByRole("region", { name: "Your registration" });
  for (const fact of facts) await expect(receipt).toContainText(fact);
  await expect(receipt).toContainText(/Reference\s*SIG-\d{6}/);
  await expect(receipt).toContainText("We e-mailed you a copy at");
}

let mail: MailCatcher;
const registered: { email: string; course: string; startDate: string; schedule: string }[] = [];

// This file's own server replaces the fixtures' default one, so relative links reach it too.
const test = base.extend<Record<never, never>, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      mail = await startMailCatcher();
      const server = await startAppServer({
        env: {
          SMTP_URL: mail.url,
          MAIL_RETRY_DELAY_SECONDS: "1",
          FORM_RATE_LIMIT: "100",
          FROZEN_NOW: "2026-04-20T15:00:00Z",
        },
        prepare: async (database) => {
          await database.pglite?.exec(`
            update cohorts set seats_taken = capacity
              where start_date = '2026-05-05' and course_id = (select id from courses where slug = 'ccna');
            insert into courses (slug, kind, status, vendor_group, title, short_title, description, duration, price_cents, sort_order)
              values ('ccie-security', 'certification', 'coming-soon', 'Cisco Security', 'CCIE Security', 'CCIE Security',
                      'Expert-level security certification.', '240 Hours', 1299500, 20),
                     ('no-dates-yet', 'certification', 'active', 'ISACA', 'CISM Preview', 'CISM',
                      'Information security management.', '96 Hours (6 Weeks)', 499500, 21);
          `);
        },
      });
      await use(server);
      await server.stop();
      await mail.stop();
    },
    { scope: "worker" },
  ],
});

// Generous: the wizard walks are long and the machine may be busy.
test.describe.configure({ mode: "serial" });

async function fillPersonalInfo(page: Page, email: string) {
  await page.getByLabel("Name").fill("Jordan Reyes");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(205) 555-0188");
  await page.getByLabel("Company (Optional)").fill("Vulcan Freight");
}

const stepHeading = (page: Page, n: number, name: string) =>
  page.getByRole("heading", { name: `Step ${n} of 3: ${name}` });

test("the certification catalogue groups courses by vendor; a coming-soon card shows the alert", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/certification-training`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Certification Training Programs" }),
  ).toBeVisible();
  await expect(
    page.getByText("Advance your career with industry-recognized certifications"),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Enterprise-Grade Training Environment" }),
  ).toBeVisible();
  for (const vendor of ["Cisco", "Cisco Security", "Fortinet", "CompTIA", "ISACA"]) {
    await expect(page.getByRole("heading", { level: 2, name: vendor, exact: true })).toBeVisible();
  }
  const securityPlus = page.getByRole("listitem").filter({ hasText: "CompTIA Security+" });
  await expect(securityPlus.getByText("$3,995")).toBeVisible();
  await expect(securityPlus.getByRole("link", { name: /View Details/ })).toHaveAttribute(
    "href",
    "/certification-training/comptia-security-plus",
  );
  const soon = page.getByRole("listitem").filter({ hasText: "CCIE Security" });
  await expect(soon.getByRole("link")).toHaveCount(0);
  await soon.getByText("View Details").click();
  await expect(soon.getByRole("alert")).toHaveText("This certification course is coming soon!");
  await expectNoAxeViolations(page);
  await expectInternalLinksWork(page);
});

test("the AI catalogue links its three courses; each detail page enrolls at its register page", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/ai-training`);
  await expect(page.getByRole("heading", { level: 1, name: "AI Training" })).toBeVisible();
  await expect(page.getByText("$495")).toHaveCount(3);
  await expectNoAxeViolations(page);
  await expectInternalLinksWork(page);
  for (const level of ["fundamentals", "advanced", "enterprise"]) {
    await page.goto(`${site.url}/ai-training`);
    await page.locator(`a[href="/ai-training/${level}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/ai-training/${level}$`));
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Key Topics" })).toBeVisible();
    await expect(page.getByTestId("course-price")).toHaveText("$495");
    await expect(page.getByRole("link", { name: "Enroll Now" }).first()).toHaveAttribute(
      "href",
      `/certification-training/ai-${level}/register`,
    );
  }
  await expectNoAxeViolations(page);
  expect((await page.request.get(`${site.url}/ai-training/expert`)).status()).toBe(404);
});

test("a course page: overview, details with the computed next start date, JSON-LD, sitemap", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/certification-training/isaca-cisa`);
  await expect(
    page.locator("#main").getByRole("listitem").filter({ hasText: "Exam strategy" }),
  ).toBeVisible();
  await page.goto(`${site.url}/certification-training/ccna`);
  for (const name of [
    "Course Overview",
    "Key Topics",
    "Prerequisites",
    "Course Details",
    "Available Start Dates",
    "Career Outlook in Alabama",
  ]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("course-price")).toHaveText("$4,995");
  // May 5 is full: the next start date is computed from the cohorts with seats.
  await expect(page.getByTestId("next-start-date")).toHaveText("June 16, 2026");
  await expect(page.getByRole("link", { name: "Enroll Now" }).first()).toHaveAttribute(
    "href",
    "/certification-training/ccna/register",
  );
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
  const course = jsonLd.find((d) => d["@type"] === "Course");
  expect(course).toMatchObject({
    name: "Cisco Certified Network Associate (CCNA)",
    offers: { "@type": "Offer", price: "4995.00", priceCurrency: "USD" },
  });
  expect(course.hasCourseInstance.map((i: { startDate: string }) => i.startDate)).toEqual([
    "2026-05-05",
    "2026-06-16",
    "2026-07-28",
    "2026-09-08",
  ]);
  await expectNoAxeViolations(page);
  await expectInternalLinksWork(page);

  const sitemap = await (await page.request.get(`${site.url}/sitemap.xml`)).text();
  for (const path of [
    "/certification-training",
    "/certification-training/ccna",
    "/certification-training/isaca-cisa",
    "/ai-training/enterprise",
  ]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  expect(sitemap).not.toContain("ccie-security");
  expect(
    (await page.request.get(`${site.url}/certification-training/ccie-security`)).status(),
  ).toBe(404);
  expect((await page.request.get(`${site.url}/certification-training/nope`)).status()).toBe(404);
});

test("the calendar: the next start date's month first, past and unlisted days disabled, full shown, keyboard operable", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/certification-training/ccna`);
  await hydrated(page);
  const calendar = page.locator("#start-dates");
  // Today is in April; the first start date (May 5) is where the calendar opens.
  await expect(calendar.getByText("May 2026")).toBeVisible();
  await calendar.getByRole("link", { name: "Previous month" }).click();
  await expect(calendar.getByText("April 2026")).toBeVisible();
  await expect(calendar.getByRole("button", { name: "Previous month" })).toBeDisabled();
  await expect(calendar.getByRole("table").getByRole("link")).toHaveCount(0);

  await calendar.getByRole("link", { name: "Next month" }).click();
  await expect(calendar.getByText("May 2026")).toBeVisible();
  // May 5 is full: shown as full, and it leads to the registration to join its waitlist.
  await expect(calendar.getByRole("table").getByRole("link")).toHaveCount(1);
  await expect(
    calendar.getByRole("link", {
      name: "Tuesday, May 5, 2026, start date, full, join the waitlist",
    }),
  ).toHaveAttribute("href", "/certification-training/ccna/register?startDate=2026-05-05");

  await calendar.getByRole("link", { name: "Next month" }).click();
  await hydrated(page);
  const june16 = calendar.getByRole("link", {
    name: "Tuesday, June 16, 2026, start date, register",
  });
  await expect(june16).toBeVisible();
  await expect(calendar.getByRole("table").getByRole("link")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Keyboard: Page Down follows the next month's link; a start date is a link reached with Tab.
  await june16.focus();
  await page.keyboard.press("ArrowRight"); // no later start date in June: focus stays
  await expect(june16).toBeFocused();
  await page.keyboard.press("PageDown");
  await expect(page).toHaveURL(/\?month=2026-07#start-dates$/);
  await expect(calendar.getByText("July 2026")).toBeVisible();
  await page.goto(`${site.url}/certification-training/ccna?month=2026-09#start-dates`);
  const september = calendar.getByRole("table").getByRole("link", { name: /September 8, 2026/ });
  await september.focus();
  for (const key of ["ArrowRight", "ArrowDown", "End", "Home"]) {
    await page.keyboard.press(key);
    await expect(september).toBeFocused();
  }
  await expect(calendar.getByRole("link", { name: "Next month" })).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/certification-training\/ccna\/register\?startDate=2026-09-08$/);
  await expect(page.getByLabel("Certification Interest")).toHaveValue("ccna");
});

test("on a phone, dark: the start dates and the calendar fit, opening on the next start date", async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${site.url}/certification-training/ccna#start-dates`);
  await hydrated(page);
  const calendar = page.locator("#start-dates");
  await expect(calendar.getByText("May 2026")).toBeVisible();
  await expect(calendar.getByRole("link", { name: "June 16, 2026", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

test("the dates beside the calendar lead to the registration with that date chosen", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/certification-training/ccna`);
  await hydrated(page);
  const list = page.locator("#start-dates").getByRole("listitem");
  await expect(list.first()).toHaveText("May 5, 2026(Full: join the waitlist)");
  await page
    .locator("#start-dates")
    .getByRole("link", { name: "July 28, 2026", exact: true })
    .click();
  await expect(page).toHaveURL(/\/certification-training\/ccna\/register\?startDate=2026-07-28$/);
  await fillPersonalInfo(page, `list-${Date.now()}@example.org`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Preferred Start Date")).toHaveValue("2026-07-28");
});

test("a course without upcoming cohorts: 'New dates are being scheduled' and an inquiry form", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/certification-training/no-dates-yet`);
  await hydrated(page);
  await expect(page.getByTestId("next-start-date")).toHaveText("To be announced");
  const section = page.locator("#start-dates");
  await expect(section.getByText("New dates are being scheduled.")).toBeVisible();
  await expect(section.getByRole("table")).toHaveCount(0);
  await expect(section.getByLabel("Inquiry Type")).toHaveValue("training");
  await expect(section.getByLabel("Message")).toHaveValue(/next CISM class/);
  await section.getByLabel("Name").fill("Casey Morgan");
  await section.getByLabel("Email").fill(`dates-${Date.now()}@example.org`);
  await section.getByLabel("Phone").fill("(205) 555-0100");
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "Message sent successfully! We'll get back to you soon.",
  );
  await expectNoAxeViolations(page);
});

test("the wizard with JavaScript: checks each step, Back keeps values, registers and ends on a confirmation page that stays", async ({
  page,
  site,
}) => {
  const email = `js-${Date.now()}@example.org`;
  registered.push({ email, course: "ccna", startDate: "2026-06-16", schedule: "morning" });
  // A step the server refuses answers 400; a made-up confirmation link 410.
  expectHttpError(page, 400, "/certification-training/ccna/register");
  expectHttpError(page, 410, "/certification-training/ccna/register/confirmation");
  // The page's timers run on a clock the test can move: "it stays" is checked without waiting.
  await page.clock.install();
  await page.goto(`${site.url}/certification-training/ccna/register`);
  await hydrated(page);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Register for Cisco Certified Network Associate (CCNA)",
    }),
  ).toBeVisible();
  await expect(
    page.getByText("Complete your registration for the certification program"),
  ).toBeVisible();
  const progress = page.getByRole("list", { name: "Registration progress" });
  await expect(progress).toContainText("Personal Info");
  await expect(progress.locator('[aria-current="step"]')).toContainText("Personal Info");
  await expect(page.getByLabel("Certification Interest")).toHaveValue("ccna");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter your phone number.")).toBeVisible();
  await expect(stepHeading(page, 1, "Personal Info")).toBeVisible();

  await fillPersonalInfo(page, email);
  await page.getByLabel("Email").fill("jordan@");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  // The error goes as soon as the field is fixed.
  await page.getByLabel("Email").fill(email);
  await expect(page.getByText("Please enter a valid email address.")).toBeHidden();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(stepHeading(page, 2, "Schedule")).toBeVisible();
  await expect(progress.locator('[aria-current="step"]')).toContainText("Schedule");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please select your years of experience.")).toBeVisible();
  await expect(page.getByText("Please select a start date.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page, 1, "Personal Info")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Jordan Reyes");
  await expect(page.getByLabel("Company (Optional)")).toHaveValue("Vulcan Freight");
  await page.getByRole("button", { name: "Continue" }).click();

  await page.getByLabel("Years of Experience").selectOption("1-3");
  const dates = page.getByLabel("Preferred Start Date").locator("option");
  // Every upcoming cohort; May 5 is full and offers its waitlist.
  await expect(dates).toHaveText([
    "Select start date",
    "Tuesday, May 5, 2026 (full: join the waitlist)",
    "Tuesday, June 16, 2026",
    "Tuesday, July 28, 2026",
    "Tuesday, September 8, 2026",
  ]);
  await page.getByLabel("Preferred Start Date").selectOption("2026-06-16");
  await expect(page.getByLabel("Class Schedule").locator("option")).toHaveText([
    "Select schedule",
    "Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
    "Evening (Monday to Thursday 6:00 PM to 10:00 PM)",
  ]);
  await page.getByLabel("Class Schedule").selectOption("morning");
  await page.getByLabel("Additional Comments").fill("I work nights on Fridays.");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(stepHeading(page, 3, "Payment")).toBeVisible();
  const summary = page.getByRole("region", { name: "Order Summary" });
  // What is being bought, with step 2's choices: the start date and the class schedule.
  await expect(summary.locator("dt")).toHaveText([
    "Course",
    "Start date",
    "Class schedule",
    "Duration",
    "Total",
  ]);
  await expect(summary.locator("dd")).toHaveText([
    "Cisco Certified Network Associate (CCNA)",
    "Tuesday, June 16, 2026",
    "Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
    "96 Hours (6 Weeks)",
    "$4,995",
  ]);
  await expect(page.getByTestId("order-total")).toHaveText("$4,995");
  await expect(summary).toContainText("meet and greet session");
  // The company invoice's details show only while it is chosen; each method says what follows.
  const billing = page.getByRole("group", { name: "Company invoice details" });
  await expect(billing).toBeHidden();
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expect(page.getByText("Please select a payment method.")).toBeVisible();
  await expectNoAxeViolations(page);
  const notes = summary.locator("li:visible");
  await expect(notes).toHaveText([/^Credit Card: /, /^Bank Transfer: /, /^Company Invoice: /]);
  await page.getByLabel("Payment Method").selectOption("credit-card");
  await expect(billing).toBeHidden();
  await expect(notes).toHaveText([/^Credit Card: .*finalize payment arrangements\.$/]);
  await page.getByLabel("Payment Method").selectOption("bank-transfer");
  await expect(notes).toHaveText([
    /^Bank Transfer: Your invoice is e-mailed to you once your seat is confirmed/,
  ]);
  await expect(billing).toBeHidden();
  await page.getByLabel("Payment Method").selectOption("company-invoice");
  await expect(billing).toBeVisible();
  await expect(notes).toHaveText([
    /^Company Invoice: The invoice is e-mailed to you and to the billing email once your seat is confirmed/,
  ]);
  // Step 1's company, to change if the invoice goes elsewhere.
  await expect(billing.getByLabel("Company Name")).toHaveValue("Vulcan Freight");
  await billing.getByLabel("Billing Email").fill("accounts@");
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expect(billing.getByText("Please enter the billing address.")).toBeVisible();
  await expect(billing.getByText("Please enter a valid billing email address.")).toBeVisible();
  await expect(billing.getByLabel("Billing Address")).toBeFocused();
  await expectNoAxeViolations(page);
  await billing.getByLabel("Company Name").fill("Vulcan Freight Holdings LLC");
  await billing
    .getByLabel("Billing Address")
    .fill("Accounts Payable\n1200 Industrial Pkwy\nBirmingham, AL 35203");
  await billing.getByLabel("Billing Email").fill("ap@vulcan-freight.example.com");
  await billing.getByLabel("PO Number (Optional)").fill("PO-88123");
  // Back and Continue keep them.
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(billing.getByLabel("PO Number (Optional)")).toHaveValue("PO-88123");
  await expect(billing.getByLabel("Billing Address")).toHaveValue(
    /^Accounts Payable\r?\n1200 Industrial Pkwy\r?\nBirmingham, AL 35203$/,
  );
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expectConfirmation(page, [
    "Cisco Certified Network Associate (CCNA)",
    "Tuesday, June 16, 2026",
    "Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
    "$4,995",
    "Company Invoice",
    "Vulcan Freight Holdings LLC",
    "1200 Industrial Pkwy",
    "ap@vulcan-freight.example.com",
    "PO-88123",
    email,
  ]);
  await expectNoAxeViolations(page);
  // It stays: no jump back to the catalogue, and it reads the same after a reload.
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(CONFIRMATION);
  await page.reload();
  await expect(page.getByRole("region", { name: "Your registration" })).toContainText(
    "Tuesday, June 16, 2026",
  );
  await expect(page.getByRole("link", { name: "Browse Certification Training" })).toBeVisible();
  // A made-up link says it has ended, with a 410.
  const forged = await page.goto(
    `${site.url}/certification-training/ccna/register/confirmation?token=${"a".repeat(43)}`,
  );
  expect(forged?.status()).toBe(410);
  await expect(
    page.getByRole("heading", { name: "This confirmation link has ended" }),
  ).toBeVisible();

  const notification = await mail.waitFor(
    (m) => m.to.includes("sales@example.com") && m.text.includes(email),
  );
  expect(notification.subject).toBe(
    "New course registration: Cisco Certified Network Associate (CCNA) - Jordan Reyes",
  );
  expect(notification.text).toContain("Start Date: Tuesday, June 16, 2026");
  expect(notification.text).toContain(
    "Class Schedule: Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
  );
  expect(notification.text).toContain("Additional Comments: I work nights on Fridays.");
  expect(notification.text).toContain("Billing Email: ap@vulcan-freight.example.com");
  expect(notification.text).toContain("PO Number: PO-88123");
  const confirmation = await mail.waitFor((m) => m.to.includes(email));
  const ics = confirmation.attachments.find((a) => a.filename === "course-start.ics");
  expect(ics?.contentType).toBe("text/calendar");
  const { problems, lines } = checkIcs(ics?.content ?? "");
  expect(problems).toEqual([]);
  // 8:00 AM Central on June 16, in the zone's wall clock with its VTIMEZONE.
  expect(lines).toContain("DTSTART;TZID=America/Chicago:20260616T080000");
  expect(readIcs(ics?.content ?? "").events[0]?.start.toISOString()).toBe(
    "2026-06-16T13:00:00.000Z",
  );
});

test("choosing another certification goes to that course's registration, keeping what was typed", async ({
  page,
  site,
}) => {
  const email = `ai-${Date.now()}@example.org`;
  registered.push({
    email,
    course: "ai-enterprise",
    startDate: "2026-05-02",
    schedule: "saturday",
  });
  await page.goto(`${site.url}/ai-training/advanced`);
  await hydrated(page);
  await page.getByRole("link", { name: "Enroll Now" }).first().click();
  await expect(page).toHaveURL(/\/certification-training\/ai-advanced\/register$/);
  // A content page links here with a whole page load: the course switch below needs the script.
  await hydrated(page);
  await expect(page.getByLabel("Certification Interest")).toHaveValue("ai-advanced");
  // The eleven seeded courses, the one this file adds, and the placeholder.
  await expect(page.getByLabel("Certification Interest").locator("option")).toHaveCount(13);
  await fillPersonalInfo(page, email);
  await page.getByLabel("Certification Interest").selectOption({ label: "Enterprise AI" });
  // The page is now that course's: heading, address and values typed so far.
  await expect(page).toHaveURL(/\/certification-training\/ai-enterprise\/register$/);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Register for Enterprise AI Strategy and Implementation",
    }),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Jordan Reyes");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Certification Interest")).toHaveValue("ai-enterprise");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(stepHeading(page, 2, "Schedule")).toBeVisible();
  const dates = page.getByLabel("Preferred Start Date").locator("option");
  await expect(dates.nth(1)).toHaveText("Friday, May 1, 2026");
  await expect(dates.nth(2)).toHaveText("Saturday, May 2, 2026");
  await page.getByLabel("Years of Experience").selectOption("0-1");
  await page.getByLabel("Preferred Start Date").selectOption("2026-05-02");
  // A Saturday cohort: only its own schedule is offered, already chosen.
  await expect(page.getByLabel("Class Schedule").locator("option")).toHaveText([
    "Select schedule",
    "Saturday (9:00 AM to 5:00 PM)",
  ]);
  await expect(page.getByLabel("Class Schedule")).toHaveValue("saturday");
  await page.getByRole("button", { name: "Continue" }).click();

  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("Enterprise AI Strategy and Implementation");
  await expect(summary).toContainText("Saturday, May 2, 2026");
  await expect(summary).toContainText("Saturday (9:00 AM to 5:00 PM)");
  await expect(summary).toContainText("1 Day (8 Hours)");
  await expect(page.getByTestId("order-total")).toHaveText("$495");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Preferred Start Date")).toHaveValue("2026-05-02");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Payment Method").selectOption("bank-transfer");
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expectConfirmation(page, [
    "Enterprise AI Strategy and Implementation",
    "Saturday, May 2, 2026",
    "$495",
  ]);
  await expect(page.getByRole("link", { name: "Browse AI Training" })).toBeVisible();

  const confirmation = await mail.waitFor((m) => m.to.includes(email));
  expect(confirmation.subject).toContain("Enterprise AI Strategy and Implementation");
  const { problems, lines } = checkIcs(confirmation.attachments[0]?.content ?? "");
  expect(problems).toEqual([]);
  expect(lines).toContain("DTSTART;TZID=America/Chicago:20260502T090000");
  expect(readIcs(confirmation.attachments[0]?.content ?? "").events[0]?.start.toISOString()).toBe(
    "2026-05-02T14:00:00.000Z",
  );
  await mail.waitFor((m) => m.to.includes("sales@example.com") && m.text.includes(email));
});

test("an unknown courseId: 'Course not found' with status 404", async ({ page, site }) => {
  expectHttpError(page, 404, "/certification-training/ccie/register");
  const response = await page.goto(`${site.url}/certification-training/ccie/register`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Course not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calendar's month buttons are links the server answers", async ({ page, site }) => {
    await page.goto(`${site.url}/certification-training/ccna`);
    await expect(page.locator("#start-dates").getByText("May 2026")).toBeVisible();
    await page.locator("#start-dates").getByRole("link", { name: "Next month" }).click();
    await expect(page).toHaveURL(/\?month=2026-06#start-dates$/);
    await expect(page.locator("#start-dates").getByText("June 2026")).toBeVisible();
  });

  test("choosing another course and continuing goes to that course's page with the values", async ({
    page,
    site,
  }) => {
    await page.goto(`${site.url}/certification-training/ccna/register`);
    await fillPersonalInfo(page, `nojs-switch-${Date.now()}@example.org`);
    await page.getByLabel("Certification Interest").selectOption({ label: "AI Fundamentals" });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/certification-training\/ai-fundamentals\/register$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Register for AI Fundamentals for Business",
    );
    await expect(stepHeading(page, 2, "Schedule")).toBeVisible();
    await expect(page.getByLabel("Preferred Start Date").locator("option").nth(1)).toHaveText(
      "Friday, May 1, 2026",
    );
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Name")).toHaveValue("Jordan Reyes");
  });

  test("each step is a POST that keeps the values; errors per step; success ends on the confirmation page", async ({
    page,
    site,
  }) => {
    const email = `nojs-${Date.now()}@example.org`;
    registered.push({ email, course: "ccna", startDate: "2026-07-28", schedule: "evening" });
    // Each step refused by the server comes back with its errors: a 400.
    expectHttpError(page, 400, "/certification-training/ccna/register");
    await page.goto(`${site.url}/certification-training/ccna/register`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByLabel("Certification Interest")).toHaveValue("ccna");

    await fillPersonalInfo(page, email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(stepHeading(page, 2, "Schedule")).toBeVisible();
    await page.getByLabel("Years of Experience").selectOption("5+");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please select a start date.")).toBeVisible();
    await expect(page.getByLabel("Years of Experience")).toHaveValue("5+");

    await page.getByRole("button", { name: "Back" }).click();
    await expect(stepHeading(page, 1, "Personal Info")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByLabel("Years of Experience").selectOption("5+");
    await page.getByLabel("Preferred Start Date").selectOption("2026-07-28");
    await page.getByLabel("Class Schedule").selectOption("evening");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(stepHeading(page, 3, "Payment")).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Tuesday, July 28, 2026");
    await expect(summary).toContainText("Evening (Monday to Thursday 6:00 PM to 10:00 PM)");
    await expect(page.getByTestId("order-total")).toHaveText("$4,995");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(page.getByText("Please select a payment method.")).toBeVisible();
    // The company invoice's fields show as it is chosen, without script too.
    const billing = page.getByRole("group", { name: "Company invoice details" });
    await expect(billing).toBeHidden();
    await page.getByLabel("Payment Method").selectOption("company-invoice");
    await expect(billing).toBeVisible();
    await expect(billing.getByLabel("Company Name")).toHaveValue("Vulcan Freight");
    await billing.getByLabel("Company Name").fill("");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(stepHeading(page, 3, "Payment")).toBeVisible();
    await expect(billing).toBeVisible();
    await expect(billing.getByText("Please enter the company to invoice.")).toBeVisible();
    await expect(billing.getByText("Please enter the billing address.")).toBeVisible();
    await expect(billing.getByText("Please enter the billing email address.")).toBeVisible();
    await billing.getByLabel("Company Name").fill("Vulcan Freight LLC");
    await billing.getByLabel("Billing Address").fill("1200 Industrial Pkwy\nBirmingham, AL 35203");
    await billing.getByLabel("Billing Email").fill("ap@vulcan-freight.example.com");
    await billing.getByLabel("PO Number (Optional)").fill("PO 4471");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expectConfirmation(page, [
      "Tuesday, July 28, 2026",
      "Evening",
      "$4,995",
      "Vulcan Freight LLC",
      "PO 4471",
    ]);
    await mail.waitFor((m) => m.to.includes(email));
  });
});

test("the registrations are in the database with their seats", async ({ site }) => {
  await site.halt();
  const database = await openDatabase({ dataDir: join(site.dataDir, "db") });
  try {
    for (const r of registered) {
      const rows = (
        await database.pglite?.query<Record<string, unknown>>(
          `select l.kind, l.inquiry_type, r.start_date::text as start_date, r.class_schedule, c.seats_taken, k.slug
             from leads l join registrations r on r.lead_id = l.id
             join cohorts c on c.id = r.cohort_id join courses k on k.id = r.course_id
            where l.email = $1`,
          [r.email],
        )
      )?.rows;
      expect(rows, r.email).toEqual([
        {
          kind: "registration",
          inquiry_type: "training",
          start_date: r.startDate,
          class_schedule: r.schedule,
          seats_taken: 1,
          slug: r.course,
        },
      ]);
    }
  } finally {
    await database.close();
  }
});
