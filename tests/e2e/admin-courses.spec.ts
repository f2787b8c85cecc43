import type { APIRequestContext, Page } from "@playwright/test";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  ADMIN_PASSWORD,
  test as base,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  signInAsAdmin,
} from "./fixtures.ts";

// One server for the file, its clock frozen on Monday, April 20, 2026 (Alabama). Three students
// are registered for CCNA's June 16 morning cohort (taught by the seeded certification
// instructor) and one for the first AI Fundamentals cohort (the AI instructor's).
const DEMO_PASSWORD = "demo-e2e-password";
/** A course's screen's data requests (/admin/courses/{id}.data?...). */
const COURSE_DATA = /\/admin\/courses\/\d+\.data(\?|$)/;
const NEW_TITLE = "CompTIA Network+ Bootcamp";
const NEW_SLUG = "comptia-network-bootcamp";

const test = base.extend<{ adminPage: Page }, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: {
          ADMIN_PASSWORD,
          DEMO_PASSWORD,
          SIGNIN_RATE_LIMIT: "1000",
          FORM_RATE_LIMIT: "100",
          FROZEN_NOW: "2026-04-20T15:00:00Z",
        },
        prepare: async (database) => {
          await database.pglite?.exec(`
            create temporary table seeded (name text, email text, slug text, cohort int);
            insert into seeded
              select v.name, v.email, 'ccna', (select c.id from cohorts c join courses k on k.id = c.course_id
                where k.slug = 'ccna' and c.start_date = '2026-06-16' and c.class_schedule = 'morning')
              from (values ('Pat Seeded', 'pat@example.org'), ('Lee Seeded', 'lee@example.org'),
                           ('Kim Seeded', 'kim@example.org')) as v(name, email);
            insert into seeded
              select 'Ada Learner', 'ada@example.org', 'ai-fundamentals', (select c.id from cohorts c
                join courses k on k.id = c.course_id where k.slug = 'ai-fundamentals'
                and c.start_date >= '2026-04-20' order by c.start_date, c.class_schedule limit 1);
            insert into leads (kind, form, name, email)
              select 'registration', 'registration', name, email from seeded;
            insert into registrations (lead_id, course_id, cohort_id, certification_interest,
                class_schedule, start_date, experience, payment_method, price_cents)
              select l.id, c.course_id, c.id, k.title, c.class_schedule, c.start_date, '1-3',
                     'credit-card', k.price_cents
                from seeded s join leads l on l.email = s.email join cohorts c on c.id = s.cohort
                join courses k on k.id = c.course_id;
            update cohorts set seats_taken = (select count(*) from registrations r where r.cohort_id = cohorts.id);
          `);
        },
      });
      await use(server);
      await server.stop();
    },
    // Seeding hashes five passwords before the server starts; the machine may be busy.
    { scope: "worker", timeout: 90_000 },
  ],
  adminPage: async ({ page }, use) => {
    await signInAsAdmin(page);
    await use(page);
  },
});

test.describe.configure({ mode: "serial", timeout: 90_000 });

const cards = (page: Page) => page.getByRole("list", { name: "Courses" }).getByRole("listitem");

async function courseIdOf(page: Page, title: string) {
  await page.goto(`/admin/courses?q=${encodeURIComponent(title)}`);
  const href = await page
    .getByRole("list", { name: "Courses" })
    .getByRole("link", { name: title, exact: true })
    .getAttribute("href");
  return Number(href?.split("/").pop());
}

/** A form post with the admin's cookie and the site's Origin, as a browser without script sends it. */
function post(page: Page, path: string, fields: Record<string, string | string[]>, origin: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  }
  return page.request.post(path, {
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    data: body.toString(),
    maxRedirects: 0,
  });
}

test("the course list: cards with students, instructor and date; search; axe; 375 px", async ({
  adminPage: page,
}) => {
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Courses" })
    .click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course Management");
  await expect(cards(page)).toHaveCount(11);
  const ccna = cards(page).filter({ hasText: "Cisco Certified Network Associate (CCNA)" });
  await expect(ccna).toContainText("3 students");
  await expect(ccna).toContainText("Avery Collins");
  await expect(ccna.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(ccna.getByRole("link")).toHaveAttribute("href", /^\/admin\/courses\/\d+$/);
  const ai = cards(page).filter({ hasText: "AI Fundamentals for Business" });
  await expect(ai).toContainText("1 student");
  await expect(ai).toContainText("Riley Brooks");
  await expectNoAxeViolations(page);

  // Search by title or description (the CISA card matches by its title, NSE 7 by its text).
  await page.getByRole("searchbox", { name: /Search courses/ }).fill("auditor");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=auditor$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText("ISACA Certified Information Systems Auditor (CISA)");
  await page.getByRole("searchbox", { name: /Search courses/ }).fill("no such course here");
  await page.getByRole("searchbox", { name: /Search courses/ }).press("Enter");
  await expect(page.getByText("No course matches your search.")).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/courses");
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
});

test("Add Course: required fields, bad slug and price refused; the new course and cohort reach the public pages", async ({
  adminPage: page,
  baseURL,
}) => {
  const origin = baseURL as string;
  await page.goto("/admin/courses");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Course" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Course" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // Checked in the browser first, with the server's rules.
  await dialog.getByRole("button", { name: "Add Course" }).click();
  await expect(dialog.getByText("Title is required.")).toBeVisible();
  await expect(dialog.getByText("Description is required.")).toBeVisible();
  await expect(dialog.getByText("Instructor is required.")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();

  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(NEW_TITLE);
  await dialog
    .getByLabel("Description")
    .first()
    .fill("Install, configure and troubleshoot networks.");
  await dialog
    .getByLabel("Instructor")
    .selectOption({ label: "Avery Collins (instructor@example.com)" });
  await dialog.getByLabel("Slug").fill("Network Plus!");
  await dialog.getByLabel("Duration").fill("96 Hours (6 Weeks)");
  await dialog.getByLabel("Price (USD)").fill("two thousand");
  await dialog.getByRole("button", { name: "Add Course" }).click();
  await expect(dialog.getByText(/^Slug may use only lower-case letters/)).toBeVisible();
  await expect(
    dialog.getByText("Price must be a number of dollars, e.g. 4995 or 4,995.00."),
  ).toBeVisible();
  await expect(dialog.getByText("Choose at least one class schedule.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The server refuses the same, with 400 and nothing stored (a post that skips the browser).
  const refused = await post(
    page,
    "/admin/courses",
    {
      intent: "create",
      title: "",
      description: "",
      instructorId: "",
      price: "x",
      kind: "certification",
      status: "active",
      duration: "",
    },
    origin,
  );
  expect(refused.status()).toBe(400);
  const taken = await post(
    page,
    "/admin/courses",
    {
      intent: "create",
      title: "Duplicate",
      description: "Same slug as CCNA.",
      instructorId: "1",
      slug: "ccna",
      kind: "certification",
      status: "active",
      duration: "1 day",
      price: "10",
      scheduleOptions: "morning",
    },
    origin,
  );
  expect(taken.status()).toBe(400);
  expect(await taken.text()).toContain("Another course already uses the slug");

  await dialog.getByLabel("Slug").fill("");
  await dialog.getByLabel("Price (USD)").fill("2,495");
  await dialog.getByLabel("Vendor group").fill("CompTIA");
  await dialog.getByLabel("Short title").fill("Network+");
  await dialog.getByRole("checkbox", { name: /^Morning/ }).check();
  await dialog.getByRole("checkbox", { name: /^Evening/ }).check();
  await dialog.getByLabel("Key topics").fill("Subnetting\nTroubleshooting methodology");
  await dialog.getByLabel("What's included").fill("Exam voucher");
  await dialog.getByRole("button", { name: "Add Course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+\?saved=created$/);
  await expect(page.getByRole("status").filter({ hasText: "Course added." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEW_TITLE);

  // Cohorts: the past, a capacity of 0 and a schedule the course does not offer are refused
  // (each form sent back with its errors, a 400).
  expectHttpError(page, 400, COURSE_DATA);
  const adder = page.getByRole("form", { name: "Add Cohort" });
  await adder.getByLabel("Start date").fill("2026-04-01");
  await adder.getByLabel("Class schedule").selectOption("morning");
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  await expect(
    page
      .getByRole("form", { name: "Add Cohort" })
      .getByText("April 1, 2026 is in the past: choose today or a later day."),
  ).toBeVisible();
  await adder.getByLabel("Start date").fill("2026-06-01");
  await adder.getByLabel("Class schedule").selectOption("morning");
  await adder.getByLabel("Capacity").fill("0");
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  await expect(adder.getByText("Capacity must be a whole number from 1 to 500.")).toBeVisible();
  await expectNoAxeViolations(page);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const wrongSchedule = await post(
    page,
    `/admin/courses/${id}`,
    { intent: "add-cohort", startDate: "2026-06-01", classSchedule: "saturday", capacity: "12" },
    origin,
  );
  expect(wrongSchedule.status()).toBe(400);
  await adder.getByLabel("Capacity").fill("12");
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cohort added." })).toBeVisible();
  const upcoming = page.getByRole("table", { name: "Upcoming cohorts (1)" });
  await expect(upcoming.getByRole("row").nth(1)).toContainText("June 1, 2026");
  await expect(upcoming.getByRole("row").nth(1)).toContainText("Morning");

  // The public pages change at once (their cached copies are dropped).
  await page.goto("/certification-training");
  const card = page.getByRole("listitem").filter({ hasText: NEW_TITLE });
  await expect(card.getByText("$2,495")).toBeVisible();
  await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute(
    "href",
    `/certification-training/${NEW_SLUG}`,
  );
  await page.goto(`/certification-training/${NEW_SLUG}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEW_TITLE);
  await expect(page.getByTestId("next-start-date")).toHaveText("June 1, 2026");
  await expect(page.getByTestId("course-price")).toHaveText("$2,495");
  await expect(page.getByText("Troubleshooting methodology")).toBeVisible();
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/certification-training/${NEW_SLUG}</loc>`);

  // The registration form offers it, and its cohort; a student registers.
  await page.goto(`/certification-training/${NEW_SLUG}/register`);
  await hydrated(page);
  await expect(page.getByLabel("Certification Interest")).toHaveValue(NEW_SLUG);
  await expect(
    page.getByLabel("Certification Interest").locator("option", { hasText: "Network+" }),
  ).toHaveCount(1);
  await page.getByLabel("Name").fill("Noor Network");
  await page.getByLabel("Email").fill("noor@example.org");
  await page.getByLabel("Phone").fill("(205) 555-0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Years of Experience").selectOption("1-3");
  const dates = page.getByLabel("Preferred Start Date").locator("option");
  await expect(dates).toHaveCount(2);
  await expect(dates.nth(1)).toHaveText("Monday, June 1, 2026");
  await page.getByLabel("Preferred Start Date").selectOption("2026-06-01");
  await page.getByLabel("Class Schedule").selectOption("morning");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("order-total")).toHaveText("$2,495");
  await page.getByLabel("Payment Method").selectOption("credit-card");
  await page.getByRole("button", { name: "Complete Registration" }).click();
  await expect(page.getByRole("status")).toContainText("Registration submitted successfully!");

  await page.goto(`/admin/courses?q=${encodeURIComponent("Network+")}`);
  await expect(cards(page).filter({ hasText: NEW_TITLE })).toContainText("1 student");
});

test("Edit: every change shows publicly; seats taken guard capacity; registrations block deletes", async ({
  adminPage: page,
  baseURL,
}) => {
  const origin = baseURL as string;
  const id = await courseIdOf(page, NEW_TITLE);
  await page.goto(`/admin/courses/${id}`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Edit course" });
  await expect(form.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(NEW_TITLE);
  await expect(form.getByLabel("Price (USD)")).toHaveValue("2495");
  await form
    .getByRole("textbox", { name: "Title", exact: true })
    .fill("CompTIA Network+ Certification Bootcamp");
  await form.getByLabel("Price (USD)").fill("2695");
  await form.getByLabel("Course overview").fill("Six weeks of networking.\n\nWith labs every day.");
  await form.getByLabel("Prerequisites").fill("A year of help-desk work");
  await form.getByLabel("Career growth").fill("Network jobs grow 5% a year in Alabama.");
  await form.getByLabel("Average salaries").fill("Network Technician | $58,000");
  await form
    .getByLabel("Open positions")
    .fill(
      "Network Technician | Port City Health | Mobile | $52,000 - $60,000 | Keep the clinics online.",
    );
  await form.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await page.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await page.getByRole("link", { name: "View public page" }).click();
  await expect(page).toHaveURL(new RegExp(`/certification-training/${NEW_SLUG}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "CompTIA Network+ Certification Bootcamp",
  );
  for (const text of [
    "With labs every day.",
    "A year of help-desk work",
    "Network jobs grow 5% a year in Alabama.",
    "Port City Health",
  ]) {
    await expect(page.getByRole("main").getByText(text).first()).toBeVisible();
  }
  await expect(page.getByTestId("course-price")).toHaveText("$2,695");

  // The server refuses a price that is not a number: 400 and nothing changed.
  const bad = await post(
    page,
    `/admin/courses/${id}`,
    {
      intent: "update",
      title: "Changed",
      description: "x",
      instructorId: "1",
      kind: "certification",
      status: "active",
      duration: "1 day",
      price: "12 dollars",
      scheduleOptions: "morning",
    },
    origin,
  );
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("Price must be a number of dollars");
  await page.goto(`/certification-training/${NEW_SLUG}`);
  await expect(page.getByTestId("course-price")).toHaveText("$2,695");

  // CCNA's June 16 morning cohort: three seats taken.
  const ccna = await courseIdOf(page, "Cisco Certified Network Associate (CCNA)");
  await page.goto(`/admin/courses/${ccna}`);
  await hydrated(page);
  const row = page
    .getByRole("table", { name: /Upcoming cohorts/ })
    .getByRole("row")
    .filter({ hasText: "June 16, 2026" })
    .filter({ hasText: "Morning" });
  await expect(row).toContainText("16");
  await expect(row.getByRole("cell").nth(3)).toHaveText("3");
  // Past cohorts: the newest first, Morning before Evening on one date.
  await page.locator("summary", { hasText: /^Past cohorts/ }).click();
  const past = page.getByRole("table", { name: "Past cohorts" }).getByRole("row");
  await expect(past.nth(1)).toContainText("September 8, 2025");
  await expect(past.nth(1)).toContainText("Morning");
  await expect(past.nth(2)).toContainText("September 8, 2025");
  await expect(past.nth(2)).toContainText("Evening");
  await expect(past.nth(3)).toContainText("July 28, 2025");
  await row.getByRole("link", { name: /^Edit cohort/ }).click();
  // Refusals: the form sent back with its errors (400), a delete that cannot be (409).
  expectHttpError(page, 400, COURSE_DATA);
  expectHttpError(page, 409, COURSE_DATA);
  const editor = page.getByRole("form", { name: "Edit the June 16, 2026 cohort" });
  await editor.getByLabel("Capacity").fill("2");
  await editor.getByRole("button", { name: "Save Cohort" }).click();
  await expect(
    editor.getByText("Capacity cannot be below the 3 seats already taken."),
  ).toBeVisible();
  await editor.getByLabel("Capacity").fill("16");
  await editor.getByLabel("Start date").fill("2026-06-23");
  await editor.getByRole("button", { name: "Save Cohort" }).click();
  await expect(editor.getByText(/^Students have registered for this cohort/)).toBeVisible();
  await expectNoAxeViolations(page);
  await editor.getByLabel("Start date").fill("2026-06-16");
  await editor.getByLabel("Capacity").fill("20");
  await editor.getByRole("button", { name: "Save Cohort" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cohort saved." })).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("20");

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: /^Delete cohort/ }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The June 16, 2026 cohort has 3 registrations and cannot be deleted.",
  );
  await page.getByRole("link", { name: "Delete course…" }).click();
  await page.getByRole("button", { name: "Delete course" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "has 3 registrations and cannot be deleted. Set its status to Archived",
  );
  await page.goto("/certification-training/ccna");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("CCNA");

  // An empty cohort and a course without registrations can go.
  await page.goto(`/admin/courses/${id}`);
  await hydrated(page);
  const adder = page.getByRole("form", { name: "Add Cohort" });
  await adder.getByLabel("Start date").fill("2026-07-06");
  await adder.getByLabel("Class schedule").selectOption("evening");
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  const july = page.getByRole("row").filter({ hasText: "July 6, 2026" });
  await expect(july).toHaveCount(1);
  page.once("dialog", (d) => void d.accept());
  await july.getByRole("button", { name: /^Delete cohort/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cohort deleted." })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "July 6, 2026" })).toHaveCount(0);

  const nse7 = await courseIdOf(page, "Fortinet NSE 7 Network Security");
  await page.goto(`/admin/courses/${nse7}?delete=1`);
  await hydrated(page);
  await page.getByRole("button", { name: "Delete course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\?deleted=/);
  await expect(page.getByRole("status").first()).toHaveText(
    'Course "Fortinet NSE 7 Network Security" deleted.',
  );
  await expect(cards(page)).toHaveCount(11);
  expect(
    (await page.request.get("/certification-training/fortinet-nse-7-network-security")).status(),
  ).toBe(404);
  expect((await page.request.get(`/admin/courses/${nse7}`)).status()).toBe(404);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/courses/${id}`);
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
});

async function signInAtPortal(page: Page, email: string) {
  await page.goto("/portal");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your Cohorts" })).toBeVisible();
}

test("a cohort's classes: one moved, one cancelled, one added; its students are e-mailed; light and dark", async ({
  adminPage: page,
}) => {
  const id = await courseIdOf(page, "Cisco Certified Network Associate (CCNA)");
  await page.goto(`/admin/courses/${id}`);
  await page.getByRole("link", { name: /^Classes of the cohort June 16, 2026 Morning/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Classes: Cisco Certified Network Associate (CCNA), June 16, 2026",
  );
  await hydrated(page);
  const rows = page.getByRole("table", { name: "Classes" }).getByRole("row");
  // 96 hours of mornings (4 hours, Monday to Thursday): 24 classes and the header row.
  await expect(rows).toHaveCount(25);
  await expect(rows.nth(1)).toContainText("June 16, 2026");
  await expect(rows.nth(1)).toContainText("8:00 AM to 12:00 PM");
  await expectNoAxeViolations(page);

  // The first class moves to the evening, in Room 4; a class that ends before it starts is refused.
  expectHttpError(page, 400, /\/admin\/courses\/\d+\/cohorts\/\d+\.data/);
  await page
    .getByRole("link", { name: "Change the class of June 16, 2026, 8:00 AM to 12:00 PM" })
    .click();
  const editor = page.getByRole("form", { name: "Change the class of June 16, 2026" });
  await editor.getByLabel("Starts").fill("18:00");
  await editor.getByLabel("Ends").fill("17:00");
  await editor.getByRole("button", { name: "Save and e-mail students" }).click();
  await expect(editor).toContainText("The class must end after it starts.");
  await expect(rows.nth(1)).toContainText("8:00 AM to 12:00 PM");
  await editor.getByLabel("Ends").fill("22:00");
  await editor.getByLabel("Place").fill("Room 4");
  await editor.getByRole("button", { name: "Save and e-mail students" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Class moved to Tuesday, June 16, 2026, 6:00 PM to 10:00 PM. 3 students were e-mailed.",
  );
  await expect(rows.nth(1)).toContainText("6:00 PM to 10:00 PM");
  await expect(rows.nth(1)).toContainText("Room 4");

  // The second class is cancelled after the browser's question; a make-up class is added.
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: /^Cancel the class of June 17, 2026/ }).click();
  await expect(page.getByRole("status")).toContainText("cancelled. 3 students were e-mailed.");
  await expect(rows.nth(2)).toContainText("Cancelled");
  const adder = page.getByRole("form", { name: "Add a class" });
  // Today, an orientation class (it has started: attendance is taken below).
  await adder.getByLabel("Date").fill("2026-04-20");
  await adder.getByLabel("Starts").fill("09:00");
  await adder.getByLabel("Ends").fill("13:00");
  await adder.getByRole("button", { name: "Add and e-mail students" }).click();
  await expect(page.getByRole("status")).toContainText("Class added on Monday, April 20, 2026");
  await expect(rows).toHaveCount(26);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  // Each student got each change, with the class's calendar file.
  await page.goto("/admin/mail?q=pat%40example.org");
  for (const subject of [
    "Your class has moved: Cisco Certified Network Associate (CCNA), Tuesday, June 16, 2026",
    "A class is cancelled: Cisco Certified Network Associate (CCNA), Wednesday, June 17, 2026",
    "A class is added: Cisco Certified Network Associate (CCNA), Monday, April 20, 2026",
  ]) {
    await expect(page.getByRole("main")).toContainText(subject);
  }
});

test("the instructor takes attendance on a phone: a tap per student, everyone present; the table and its CSV", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAtPortal(page, "instructor@example.com");
  const classes = page.getByRole("region", { name: "Attendance" });
  await classes
    .getByRole("link", {
      name: /^Take attendance: Cisco Certified Network Associate \(CCNA\), Monday, April 20, 2026/,
    })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Attendance: Cisco Certified Network Associate (CCNA)",
  );
  await hydrated(page);
  const students = page.getByRole("list", { name: "Students" }).getByRole("listitem");
  await expect(students).toHaveCount(3);
  const kim = page.getByRole("form", { name: "Attendance of Kim Seeded" });
  await kim.getByRole("button", { name: "Late" }).click();
  await expect(page.getByRole("status")).toHaveText("Kim Seeded marked late.");
  await expect(kim.getByRole("button", { name: "Late" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Everyone present (2 not marked yet)" }).click();
  await expect(page.getByRole("status")).toHaveText("2 students marked present.");
  await expect(
    page
      .getByRole("form", { name: "Attendance of Pat Seeded" })
      .getByRole("button", { name: "Present" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectFitsWidth(page, 390);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  // The cohort's table and its CSV.
  const classPath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "The cohort's attendance" }).click();
  const table = page.getByRole("table", {
    name: /^Attendance of Cisco Certified Network Associate/,
  });
  await expect(table.getByRole("row").filter({ hasText: "Kim Seeded" })).toContainText("Late");
  await expect(table.getByRole("row").filter({ hasText: "Pat Seeded" })).toContainText("Present");
  await expectNoAxeViolations(page);
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download as CSV" }).getAttribute("href")) ?? "",
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).split("\r\n");
  expect(lines[0]).toMatch(/^Student,Email,2026-04-20 09:00,/);
  const columns = lines[0]?.split(",").length ?? 0;
  expect(lines).toContain(`Kim Seeded,kim@example.org,Late${",".repeat(columns - 3)}`);

  // Another instructor: the class and the table are not found.
  const tablePath = new URL(page.url()).pathname;
  await page.context().clearCookies();
  await signInAtPortal(page, "ai.instructor@example.com");
  for (const path of [classPath, tablePath]) {
    expectHttpError(page, 404, path);
    expect((await page.goto(path))?.status()).toBe(404);
  }
  await expect(page.getByText("Kim Seeded")).toHaveCount(0);
});

test("a cohort's materials: a link released now, a file released later, a file of the wrong type refused", async ({
  adminPage: page,
}) => {
  const id = await courseIdOf(page, "Cisco Certified Network Associate (CCNA)");
  await page.goto(`/admin/courses/${id}`);
  await page.getByRole("link", { name: /^Classes of the cohort June 16, 2026 Morning/ }).click();
  await hydrated(page);
  const form = page.getByRole("form", { name: "Add a material" });
  // Today (frozen: 10 AM in Alabama) at 8 AM: released already.
  await form.getByLabel("Title").fill("Subnetting video");
  await form.getByLabel("Or a link").fill("https://video.example.org/subnetting");
  await form.getByRole("button", { name: "Add material" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Material added: students with a seat see it from its release.",
  );
  const table = page.getByRole("table", { name: "Materials" });
  await expect(table.getByRole("row").filter({ hasText: "Subnetting video" })).toContainText(
    "Since",
  );

  // A text file named .pdf is refused by its content; nothing is listed.
  expectHttpError(page, 415, /\/cohorts\/\d+\.data/);
  await form.getByLabel("Title").fill("Week 1 slides");
  await form.getByLabel("File").setInputFiles({
    name: "week-1.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just text, not a PDF"),
  });
  await form.getByLabel("Release day").fill("2026-06-16");
  await form.getByRole("button", { name: "Add material" }).click();
  await expect(form).toContainText("PDF");
  await expect(table.getByRole("row")).toHaveCount(2);

  // A real PDF for the first class's day: listed, not released yet.
  await form.getByLabel("File").setInputFiles({
    name: "week-1.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  await form.getByRole("button", { name: "Add material" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Material added: students with a seat see it from its release.",
  );
  const slides = table.getByRole("row").filter({ hasText: "Week 1 slides" });
  await expect(slides).toContainText("week-1.pdf");
  await expect(slides).toContainText("On ");
  await expectNoAxeViolations(page);
  // Staff download nothing through the students' door.
  const materialId = (await slides.getAttribute("data-testid"))?.replace("material-", "");
  expectHttpError(page, 404, `/portal/materials/${materialId}`);
  expect((await page.request.get(`/portal/materials/${materialId}`)).status()).toBe(404);

  page.once("dialog", (dialog) => dialog.accept());
  await table.getByRole("button", { name: "Remove Subnetting video" }).click();
  await expect(page.getByRole("status")).toHaveText("Material removed.");
  await expect(table.getByRole("row")).toHaveCount(2);
});

test("an instructor sees the rosters of their own cohorts only", async ({ page }) => {
  await signInAtPortal(page, "instructor@example.com");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Avery Collins");
  const june16 = page
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", {
        name: "Cisco Certified Network Associate (CCNA): June 16, 2026",
      }),
    })
    .filter({ hasText: "Morning" });
  const roster = june16.getByRole("table");
  await expect(roster.getByRole("columnheader")).toHaveText([
    "Student",
    "Email",
    "Schedule",
    "Status",
    "Registered",
  ]);
  for (const [name, email] of [
    ["Pat Seeded", "pat@example.org"],
    ["Lee Seeded", "lee@example.org"],
    ["Kim Seeded", "kim@example.org"],
  ] as const) {
    const student = roster.getByRole("row").filter({ hasText: name });
    await expect(student).toContainText(email);
    await expect(student).toContainText("Morning");
    await expect(student.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  }
  // The course made in admin today, with the student who registered through the form.
  const network = page
    .getByRole("listitem")
    .filter({ hasText: "CompTIA Network+ Certification Bootcamp: June 1, 2026" });
  await expect(network.getByRole("row").filter({ hasText: "Noor Network" })).toContainText(
    "noor@example.org",
  );
  await expect(page.getByText("ada@example.org")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsWidth(page);

  await page.context().clearCookies();
  await signInAtPortal(page, "ai.instructor@example.com");
  await expect(page.getByText("ada@example.org")).toBeVisible();
  await expect(page.getByText("Ada Learner")).toBeVisible();
  for (const email of ["pat@example.org", "noor@example.org"]) {
    await expect(page.getByText(email)).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("sales reps, managers, instructors and visitors are refused the course screens", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL as string;
  const anonymous: APIRequestContext = await playwright.request.newContext({ baseURL });
  for (const path of ["/admin/courses", "/admin/courses/1"]) {
    const res = await anonymous.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location).toBe(`/admin?redirectTo=${encodeURIComponent(path)}`);
    const write = await anonymous.post(path, {
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      data: "intent=delete",
      maxRedirects: 0,
    });
    expect(write.status(), `POST ${path}`).toBe(302);
  }
  await anonymous.dispose();

  for (const [door, email] of [
    ["/login", "rep@example.com"],
    ["/login", "manager@example.com"],
    ["/portal", "instructor@example.com"],
  ] as const) {
    const context = await playwright.request.newContext({ baseURL });
    const signIn = await context.post(door, {
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
      maxRedirects: 0,
    });
    expect(signIn.status(), email).toBe(302);
    const list = await context.get("/admin/courses", { maxRedirects: 0 });
    expect(list.status(), email).toBe(302);
    expect(list.headers().location).toBe("/admin?redirectTo=%2Fadmin%2Fcourses");
    const write = await context.post("/admin/courses/1", {
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      data: "intent=delete",
      maxRedirects: 0,
    });
    expect(write.status(), email).toBe(302);
    await context.dispose();
  }
  // CCNA (course 1) is still there.
  await page.goto("/certification-training/ccna");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("CCNA");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add a course and a cohort, see the server's messages, delete the course", async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL as string;
    const signIn = await page.request.post("/admin", {
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }).toString(),
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);

    await page.goto("/admin/courses");
    await page.getByRole("link", { name: "Add Course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses\?new=1$/);
    const form = page.getByRole("form", { name: "Add course" });
    expectHttpError(page, 400, "/admin/courses");
    await form.getByRole("button", { name: "Add Course" }).click();
    await expect(form.getByText("Title is required.")).toBeVisible();
    await expect(form.getByText("Description is required.")).toBeVisible();
    await expect(form.getByText("Instructor is required.")).toBeVisible();

    await form.getByRole("textbox", { name: "Title", exact: true }).fill("Prompt Craft");
    await form.getByLabel("Description").fill("Write prompts that work.");
    await form
      .getByLabel("Instructor")
      .selectOption({ label: "Riley Brooks (ai.instructor@example.com)" });
    await form.getByLabel("Kind").selectOption("ai");
    await form.getByLabel("Duration").fill("1 Day (8 Hours)");
    await form.getByLabel("Price (USD)").fill("495");
    await form.getByRole("checkbox", { name: /^Saturday/ }).check();
    await form.getByRole("button", { name: "Add Course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses\/\d+\?saved=created$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prompt Craft");
    await expect(page.getByRole("form", { name: "Edit course" }).getByLabel("Slug")).toHaveValue(
      "ai-prompt-craft",
    );

    const adder = page.getByRole("form", { name: "Add Cohort" });
    await adder.getByLabel("Start date").fill("2026-05-09");
    await adder.getByLabel("Class schedule").selectOption("saturday");
    await adder.getByRole("button", { name: "Add Cohort" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cohort added." })).toBeVisible();
    await page.goto("/ai-training/prompt-craft");
    await expect(page.getByTestId("next-start-date")).toHaveText("May 9, 2026");

    await page.goBack();
    await page.getByRole("link", { name: "Delete course…" }).click();
    await page.getByRole("button", { name: "Delete course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses\?deleted=Prompt%20Craft$/);
    await expect(page.getByText('Course "Prompt Craft" deleted.')).toBeVisible();
    expect((await page.request.get("/ai-training/prompt-craft")).status()).toBe(404);
  });
});
