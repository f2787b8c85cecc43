// Valid HTML (issue 19): every page of the sitemap and every staff screen, in the light theme
// (and one page of each kind in the dark one, which changes classes, not elements), as the server
// sends it and as the browser has it after hydration, plus states that add markup (open dialogs, forms showing their errors, a selected lead), checked by the W3C Nu
// HTML Checker in one run. Any error other than a CSS grammar message fails the test and is named
// by page, line and message; the saved pages stay in the test's output folder.

import type { Browser, BrowserContext, Page, Response } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createUser } from "#app/domain/auth/users.server.ts";
import routes from "#app/routes.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { storeLeadWithFile } from "#tests/support/leads.ts";
import { formatErrors, PageFolder } from "#tests/support/nu-checker.ts";
import { ADMIN_PASSWORD, test as base, DEMO_PASSWORD, expect, hydrated } from "./fixtures.ts";

const STUDENT = { email: "sam.student@example.org", password: "student-e2e-password" };
/** Sam's certificate (issue 46): its public page, and its block in the portal. */
const CERTIFICATE = "K7QD-M2XP-94TR";

// A student with a course registration, and an inquiry with a file and its e-mails, so the
// portal, Customer Management and the mail log show their full markup.
const test = base.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "1000", FORM_RATE_LIMIT: "100" },
        prepare: async (database) => {
          await createUser(database.db, {
            ...STUDENT,
            role: "student",
            firstName: "Sam",
            lastName: "Student",
          });
          await storeLeadWithFile(database, { objectKey: "leads/brief.pdf", size: 52_000 });
          await database.pglite?.exec(`
            insert into leads (kind, form, name, email)
              values ('registration', 'registration', 'Sam Student', '${STUDENT.email}');
            insert into registrations (lead_id, course_id, cohort_id, certification_interest,
                class_schedule, start_date, experience, payment_method, price_cents)
              select (select max(id) from leads), k.id, c.id, k.title, c.class_schedule,
                     c.start_date, '1-3', 'credit-card', k.price_cents
                from cohorts c join courses k on k.id = c.course_id
                where k.slug = 'ccna' order by c.start_date limit 1;
            insert into certificates (id, registration_id, name, course_title, hours, start_day,
                end_day, attended, held, issued_at, storage_key, credential)
              select '${CERTIFICATE}', max(id), 'Sam Student', 'Cisco Certified Network Associate (CCNA)',
                     96, '2026-01-05', '2026-02-12', 23, 24, now(), 'certificates/k7qd.pdf', 'a.b.c'
                from registrations;
            insert into billing_documents (kind, number, registration_id, billed_to, lines,
                total_cents, issued_at, issued_on, due_on, payment_method, pdf)
              select 'invoice', '2026-0001', max(id),
                     '{"name":"Sam Student","company":"","address":"","email":"${STUDENT.email}","poNumber":""}',
                     '[]', 499500, now(), current_date, current_date + 7, 'bank-transfer',
                     decode('255044462d', 'hex')
                from registrations;
          `);
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test.describe.configure({ timeout: 480_000 });

/** A page to save: an address, optionally steps that change it (open, fill, submit). */
interface Visit {
  path: string;
  /** How the page is named in the report when the steps change it. */
  state?: string;
  /** The status the address answers with (200 unless said). */
  status?: number;
  /** Waits for what arrives after hydration (a lazy chart). */
  ready?: (page: Page) => Promise<void>;
  act?: (page: Page) => Promise<void>;
}

/** Which copy of a page: the DOM after hydration in a theme, or the page without script. */
type Copy = "light" | "dark" | "without script";

interface Job {
  context: BrowserContext;
  visit: Visit;
  copy: Copy;
}

/** The visits in the context, light and dark, or once each in a context without script. */
function jobsOf(context: BrowserContext, visits: Visit[], copies: Copy[] = ["light"]) {
  return visits.flatMap((visit) => copies.map((copy): Job => ({ context, visit, copy })));
}

/**
 * Opens the visit and saves the DOM after hydration (or after load without script) and the
 * HTML of the last document the server sent.
 */
async function saveVisit({ context, visit, copy }: Job, out: PageFolder) {
  const page = await context.newPage();
  let document: Response | undefined;
  page.on("response", (response) => {
    const request = response.request();
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
      document = response;
    }
  });
  const scripted = copy !== "without script";
  if (scripted) await page.emulateMedia({ colorScheme: copy });
  const response = await page.goto(visit.path);
  expect(response?.status(), visit.path).toBe(visit.status ?? 200);
  if (scripted) await hydratedIn(page, copy);
  await visit.ready?.(page);
  if (visit.act) {
    await visit.act(page);
    // Without script the steps end on a new document: wait until it has arrived whole.
    await page.waitForLoadState("load");
    if (scripted) await hydratedIn(page, copy);
  }
  const name = visit.state ? `${visit.path} (${visit.state})` : visit.path;
  out.save(name, scripted ? `${copy}, after hydration` : copy, await page.content());
  // The server's HTML once per visit: in the light copy, or without script when the steps
  // posted a form (with script they fetch data; the document is the plain visit's).
  const sent = visit.act ? copy === "without script" : copy !== "dark";
  if (sent && document && (document.status() < 300 || document.status() >= 400)) {
    out.save(name, "as sent", await document.text());
  }
  await page.close();
}

/**
 * React has hydrated the page in the theme: the theme switch (on every page) says which theme
 * is on once an effect has run, and the script in <head> has set the class.
 */
async function hydratedIn(page: Page, theme: "light" | "dark") {
  await hydrated(page);
  const dark = theme === "dark";
  await expect(page.getByRole("button", { name: "Dark mode", exact: true })).toHaveAttribute(
    "aria-pressed",
    String(dark),
  );
  const darkClass = /(^|\s)dark(\s|$)/;
  if (dark) await expect(page.locator("html")).toHaveClass(darkClass);
  else await expect(page.locator("html")).not.toHaveClass(darkClass);
}

/** Runs the jobs a few at a time (more do not help on two cores). */
async function saveAll(jobs: Job[], out: PageFolder, atOnce = 4) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await saveVisit(job, out);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}

interface Account {
  /** The sign-in page, the label of its first field, what goes in it, and the password. */
  path: string;
  label: string;
  login: string;
  password: string;
}

/** A browser context signed in with `account`. */
async function signedIn(browser: Browser, baseURL: string, account: Account) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(account.path);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel(account.label).fill(account.login);
  await main.getByLabel("Password").fill(account.password);
  await main.getByRole("button", { name: /^(Sign In|Login)$/ }).click();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.close();
  return context;
}

/** The path and query of the first link on the page at `path` that `pattern` matches. */
async function firstLink(context: BrowserContext, path: string, pattern: RegExp) {
  const page = await context.newPage();
  await page.goto(path);
  const links = await page.locator("a[href]").evaluateAll((anchors) =>
    anchors.map((a) => {
      const url = new URL((a as HTMLAnchorElement).href);
      return url.pathname + url.search;
    }),
  );
  await page.close();
  const link = links.find((l) => pattern.test(l));
  expect(link, `a link matching ${pattern} on ${path}`).toBeDefined();
  return link as string;
}

/**
 * The booking page's form for a time the visitor chose (choosing is a post: the first time's
 * button): its address, which shows the form with the visitor's hold to the same browser.
 */
async function chooseFirstTime(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto("/consultation");
  await hydrated(page);
  await page.getByRole("form", { name: "Free times" }).getByRole("button").first().click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  const url = new URL(page.url());
  await page.close();
  return url.pathname + url.search;
}

/** A form submitted with a wrong or missing value, showing its messages. */
const formsWithErrors: Record<"contact" | "aiDesign" | "newUser", Visit> = {
  contact: {
    path: "/contact",
    state: "a form showing its errors",
    act: async (page) => {
      const form = page.getByRole("region", { name: "Send Us a Message" });
      await form.getByLabel("Email").fill("marcus@");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    },
  },
  aiDesign: {
    path: "/start-your-ai-design",
    state: "a form showing its errors",
    act: async (page) => {
      await page.getByRole("button", { name: "Send Inquiry" }).click();
      await expect(page.getByText("Please enter your name.")).toBeVisible();
    },
  },
  newUser: {
    path: "/admin/users?user=new",
    state: "a form showing its errors",
    act: async (page) => {
      const form = page.locator("form", { hasText: "Create User" });
      await form.getByRole("button", { name: "Create User" }).click();
      await expect(form.getByText("Email is required.")).toBeVisible();
    },
  },
};

/** The sales dashboard's pipeline pie, drawn by a chart library loaded after hydration. */
async function pieDrawn(page: Page) {
  const heading = await page.locator("h1").first().textContent();
  await expect(
    page.getByTestId("pipeline-chart").locator("svg.recharts-surface"),
    `the pipeline pie on ${page.url()} ("${heading}")`,
  ).toBeVisible();
}

/** The registration wizard's second and third steps, each showing its errors. */
function registrationSteps(path: string): Visit[] {
  const toSchedule = async (page: Page) => {
    await page.getByLabel("Name").fill("Jordan Reyes");
    await page.getByLabel("Email").fill("jordan@example.org");
    await page.getByLabel("Phone").fill("(205) 555-0188");
    await page.getByRole("button", { name: "Continue" }).click();
    // Step 2 has a Continue button of its own: press it only once step 2 is showing.
    await expect(page.getByLabel("Years of Experience")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please select a start date.")).toBeVisible();
  };
  return [
    { path, state: "step 2 showing its errors", act: toSchedule },
    {
      path,
      state: "step 3 showing its errors",
      act: async (page) => {
        await toSchedule(page);
        await page.getByLabel("Years of Experience").selectOption("1-3");
        await page.getByLabel("Preferred Start Date").selectOption({ index: 1 });
        await page.getByLabel("Class Schedule").selectOption({ index: 1 });
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("button", { name: "Complete Registration" }).click();
        await expect(page.getByText("Please select a payment method.")).toBeVisible();
      },
    },
    {
      path,
      state: "the confirmation page",
      act: async (page) => {
        await page.getByLabel("Name").fill("Jordan Reyes");
        await page.getByLabel("Email").fill(`valid-${crypto.randomUUID()}@example.org`);
        await page.getByLabel("Phone").fill("(205) 555-0188");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Years of Experience").selectOption("1-3");
        await page.getByLabel("Preferred Start Date").selectOption({ index: 1 });
        await page.getByLabel("Class Schedule").selectOption({ index: 1 });
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Payment Method").selectOption("credit-card");
        await page.getByRole("button", { name: /Complete Registration|Join the Waitlist/ }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          /Registration received|You are on the waitlist/,
        );
      },
    },
  ];
}

/** The inquiry dialogs: the AI design inquiry and the consultation request. */
const publicDialogs: Visit[] = [
  {
    path: "/",
    state: "the AI design inquiry dialog",
    act: async (page) => {
      await page.getByRole("button", { name: "Start Your AI Design" }).first().click();
      await expect(page.getByRole("dialog", { name: "Start Your AI Design" })).toBeVisible();
    },
  },
];

const portalWithError: Visit = {
  path: "/portal",
  state: "a failed sign-in",
  act: async (page) => {
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(STUDENT.email);
    await main.getByLabel("Password").fill("wrong-password");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
  },
};

/** The paths of app/routes.ts (without the leading slash). */
function routePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [...(e.path ? [e.path] : []), ...routePaths(e.children ?? [])]);
}

/** Admin screens in states that add markup: open dialogs, an edit form. */
const ADMIN_STATES = [
  "projects?edit=1",
  "slides?slide=new",
  "courses?new=1",
  "users?user=new",
  "content?block=new",
  "images?alt=missing",
  // The Invoices screen filtered (issue 47): the filters shown in force, no rows.
  "invoices?status=overdue&kind=invoice&from=2020-01-01&to=2020-01-31&q=none",
];

/**
 * Every admin screen of app/routes.ts: those without parameters by themselves, plus states that
 * add markup (open dialogs, an edit form). A screen with a parameter needs an address here, so a
 * new one fails the test until it is added.
 */
function adminScreens(withParameters: Record<string, Visit>): Visit[] {
  const paths = routePaths(routes).filter((p) => p.startsWith("admin/"));
  const missing = paths.filter((p) => /[:*]/.test(p) && !(p in withParameters));
  expect(missing, "admin screens with parameters that the HTML check does not visit").toEqual([]);
  return [
    ...paths.filter((p) => !/[:*]/.test(p)).map((p) => ({ path: `/${p}` })),
    ...Object.values(withParameters),
    ...ADMIN_STATES.map((state) => ({ path: `/admin/${state}` })),
  ];
}

test("every public page and staff screen is valid HTML", async ({ browser, site }, testInfo) => {
  const out = new PageFolder(testInfo.outputPath("pages"));
  const baseURL = site.url;
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  expect(sitemapPaths.length).toBeGreaterThan(30);

  // The company's zone: the booking page then keeps its address (another zone adds `tz` to it).
  const visitor = await browser.newContext({ baseURL, timezoneId: "America/Chicago" });
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const [admin, manager, student, instructor] = await Promise.all([
    signedIn(browser, baseURL, {
      path: "/admin",
      label: "Username or email",
      login: "admin",
      password: ADMIN_PASSWORD,
    }),
    signedIn(browser, baseURL, {
      path: "/login",
      label: "Email",
      login: "manager@example.com",
      password: DEMO_PASSWORD,
    }),
    signedIn(browser, baseURL, {
      path: "/portal",
      label: "Email",
      login: STUDENT.email,
      password: STUDENT.password,
    }),
    signedIn(browser, baseURL, {
      path: "/portal",
      label: "Email",
      login: "instructor@example.com",
      password: DEMO_PASSWORD,
    }),
  ]);
  const adminNoScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await adminNoScript.addCookies(await admin.cookies());
  const [register, course, lead, registration, customer, record, heldTime] = await Promise.all([
    firstLink(visitor, "/certification-training/ccna", /^\/certification-training\/.+\/register$/),
    firstLink(admin, "/admin/courses", /^\/admin\/courses\/\d+$/),
    firstLink(admin, "/admin/customers", /^\/admin\/customers\?(.*&)?lead=\d+/),
    firstLink(admin, "/admin/registrations", /^\/admin\/registrations\?(.*&)?registration=\d+/),
    firstLink(manager, "/sales-dashboard", /^\/sales-dashboard\?edit=\d+$/),
    firstLink(manager, "/sales-dashboard", /^\/sales-dashboard\?customer=\d+$/),
    chooseFirstTime(visitor),
  ]);

  const classes = await firstLink(admin, course, /^\/admin\/courses\/\d+\/cohorts\/\d+$/);
  const classEditor = await firstLink(admin, classes, /\/cohorts\/\d+\?session=\d+$/);
  // Attendance (issue 46): a cohort's table and one of its classes, as its instructor.
  const attendance = await firstLink(instructor, "/portal", /^\/portal\/cohorts\/\d+\/attendance$/);
  const classPage = await firstLink(instructor, attendance, /^\/portal\/classes\/\d+$/);

  const jobs: Job[] = [
    // The public site: every page of the sitemap, the sign-in pages, a 404, a registration
    // form, forms showing their errors (with and without script).
    ...jobsOf(visitor, [
      ...sitemapPaths.map((path) => ({ path })),
      { path: "/login" },
      { path: "/admin" },
      { path: "/account/sign-in" },
      { path: "/account/forgot-password?from=portal" },
      { path: "/account/set-password?token=stale", status: 410 },
      { path: "/no-such-page", status: 404 },
      { path: register },
      ...registrationSteps(register),
      formsWithErrors.contact,
      portalWithError,
      // The booking page's days and times, and a chosen time held with its form.
      { path: "/consultation" },
      { path: heldTime },
      { path: `/certificates/${CERTIFICATE}` },
      ...publicDialogs,
    ]),
    ...jobsOf(noScript, [formsWithErrors.contact, formsWithErrors.aiDesign], ["without script"]),
    // The admin screens, a course, a lead selected, a confirm dialog, a refused form.
    ...jobsOf(admin, [
      ...adminScreens({
        "admin/courses/:id": { path: course },
        // A cohort's classes (issue 46), with the editor of one open.
        "admin/courses/:id/cohorts/:cohortId": { path: classes },
        // An item's history (issue 33): the hero section's, and a compare of two versions.
        "admin/history/:type/:id": { path: "/admin/history/homepage_section/hero" },
        "admin/*": { path: "/admin/no-such-screen", status: 404 },
      }),
      { path: `${course}?delete=1` },
      { path: classEditor },
      { path: lead },
      // A registration with its history, and the question before cancelling it.
      { path: `${registration}&cancel=1` },
      { path: "/admin/audit?kind=accounts&page=1", state: "filtered" },
      formsWithErrors.newUser,
      { path: "/account" },
    ]),
    ...jobsOf(adminNoScript, [formsWithErrors.newUser], ["without script"]),
    // The sales dashboard as a manager, with a customer's form and a record's detail open;
    // the portal as a student and as an instructor.
    ...jobsOf(manager, [
      { path: "/admin/users", state: "a wrong door" },
      { path: "/sales-dashboard", ready: pieDrawn },
      { path: customer, ready: pieDrawn },
      { path: record, ready: pieDrawn },
    ]),
    ...jobsOf(student, [
      { path: "/portal", state: "a student" },
      { path: "/account", state: "a student" },
    ]),
    ...jobsOf(instructor, [
      { path: "/portal", state: "an instructor" },
      { path: attendance },
      { path: classPage },
    ]),
    // The dark theme changes classes, not elements: one page of each kind is checked in it too.
    ...jobsOf(
      visitor,
      [
        { path: "/" },
        { path: "/contact" },
        { path: `/certificates/${CERTIFICATE}` },
        ...publicDialogs,
      ],
      ["dark"],
    ),
    ...jobsOf(admin, [{ path: "/admin/dashboard" }, { path: lead }], ["dark"]),
    ...jobsOf(manager, [{ path: "/sales-dashboard", ready: pieDrawn }], ["dark"]),
    ...jobsOf(student, [{ path: "/portal", state: "a student" }], ["dark"]),
  ];
  try {
    await saveAll(jobs, out);
  } catch (error) {
    // A page that cannot be opened because the server stopped: say why it stopped.
    const { exitCode, signalCode } = site.process;
    if (exitCode === null && signalCode === null) throw error;
    const logs = site.logs.slice(-20).join("\n");
    throw new Error(
      `The server stopped (${exitCode ?? signalCode}); its last log lines:\n${logs}`,
      {
        cause: error,
      },
    );
  }
  for (const context of [visitor, noScript, admin, adminNoScript, manager, student, instructor]) {
    await context.close();
  }

  const errors = await out.check();
  testInfo.annotations.push({
    type: "html",
    description: `${out.pages.length} documents checked, ${errors.length} errors`,
  });
  expect(errors.length, `The Nu HTML Checker's errors:\n${formatErrors(errors)}`).toBe(0);
});
