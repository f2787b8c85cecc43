import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  type ConsoleMessage,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  type CaughtMail,
  type MailCatcher,
  type MailCatcherMode,
  startMailCatcher,
} from "#tests/support/mail-catcher.ts";

interface WorkerFixtures {
  site: AppServer;
}

interface TestFixtures {
  /** Console errors and page errors of the test's page; checked after each test. */
  browserErrors: string[];
  /**
   * Whether the sign-in helpers go through the form every time (the specs of signing in,
   * two-factor, "Confirm it's you" and the sessions list) instead of reusing the worker's session.
   */
  freshSignIns: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: an automatic fixture that gives nothing
  signInReuse: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
  freshSignIns: [false, { option: true }],
  signInReuse: [
    async ({ baseURL, freshSignIns }, use) => {
      reuse = freshSignIns ? undefined : (baseURL ?? "");
      await use();
      reuse = undefined;
    },
    { auto: true },
  ],
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      page.on("console", (message) => {
        // Every error is a bug (hydration, CSP, script errors, a missing script, stylesheet or
        // image) except a 4xx answer the test said it expects (expectHttpError).
        if (message.type() === "error" && !isExpected(page, message)) {
          errors.push(`${message.text()} (${message.location().url})`);
        }
      });
      await use(errors);
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/** The 4xx answers each test's page is expected to meet (expectHttpError). */
const expectedErrors = new WeakMap<Page, { status: number; path: string | RegExp }[]>();

/**
 * The test expects `page` to meet an answer with this 4xx `status` (a 404 page, a form sent back
 * with its errors): the browser's console line about it is no error. `path` is a page's path,
 * its query aside (its document or its data request: "/account" covers "/account.data"), or a
 * RegExp for the whole URL. Any other failed request fails the test.
 */
export function expectHttpError(page: Page, status: number, path: string | RegExp) {
  if (status < 400 || status > 499) throw new Error(`${status} is no 4xx`);
  expectedErrors.set(page, [...(expectedErrors.get(page) ?? []), { status, path }]);
}

function isExpected(page: Page, message: ConsoleMessage): boolean {
  const status = Number(/status of (4\d\d)\b/.exec(message.text())?.[1]);
  if (!status || !URL.canParse(message.location().url)) return false;
  const url = new URL(message.location().url);
  const dataPath = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return (expectedErrors.get(page) ?? []).some(
    (e) =>
      e.status === status &&
      (e.path instanceof RegExp
        ? e.path.test(url.href)
        : url.pathname === e.path || dataPath === e.path),
  );
}

export { expect };

/** The seeded admin's password on the servers of `adminTest`. */
export const ADMIN_PASSWORD = "admin-e2e-password";
/** The seeded demo accounts' password (sales rep, manager, instructors) on those servers. */
export const DEMO_PASSWORD = "demo-e2e-password";

/**
 * For the admin screens: the worker's server knows the admin password, and `adminPage` is a
 * page signed in at /admin (cookie set, on /admin/dashboard).
 */
export const adminTest = test.extend<{ adminPage: Page }, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "1000" },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  adminPage: async ({ page }, use) => {
    await signInAsAdmin(page);
    await use(page);
  },
});

/**
 * `adminTest` whose worker's server delivers mail to a test mail catcher (`mail`, in `mode` at
 * the start), with more environment for the server.
 */
export function adminTestWithMail(env: Record<string, string>, mode: MailCatcherMode = "accept") {
  return adminTest.extend<object, { mail: MailCatcher; site: AppServer }>({
    mail: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
      async ({}, use) => {
        const catcher = await startMailCatcher();
        catcher.setMode(mode);
        await use(catcher);
        await catcher.stop();
      },
      { scope: "worker" },
    ],
    site: [
      async ({ mail }, use) => {
        const server = await startAppServer({
          env: { ADMIN_PASSWORD, SIGNIN_RATE_LIMIT: "1000", SMTP_URL: mail.url, ...env },
        });
        await use(server);
        await server.stop();
      },
      { scope: "worker" },
    ],
  });
}

/** The set-password link a delivered message carries, as a path on the test server. */
export function linkIn(message: CaughtMail): string {
  const link = message.text.match(/\/account\/set-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`no set-password link in "${message.subject}"`);
  return link;
}

/**
 * Reading a page that shows an e-mail's HTML part, Playwright tries to run its own helper script
 * in the sandboxed frame; the sandbox refuses it (as it would any script) and says so on the
 * console. That is the frame working: these lines are taken out of `browserErrors`, and how
 * many there were is returned.
 */
export function dropSandboxNotices(browserErrors: string[]): number {
  const blocked =
    /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;
  const kept = browserErrors.filter((e) => !blocked.test(e));
  const dropped = browserErrors.length - kept.length;
  browserErrors.splice(0, browserErrors.length, ...kept);
  return dropped;
}

/** Signs in at /login (sales staff) with the form, as a person would. */
export async function signInAtLogin(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * The sessions the sign-in helpers made through the form, by server and account: later tests of
 * the same worker (one process, one server) reuse them, as a person stays signed in; a form
 * sign-in costs seconds. `reuse` is the server of the running test, or undefined where each
 * sign-in goes through the form (`freshSignIns`).
 */
const sessions = new Map<string, Cookie[]>();
let reuse: string | undefined;

/**
 * Opens `path` signed in with the worker's session for `account`, if it has one that still works
 * (signing out or a changed password ends it): true when the page is at `landing`.
 */
async function reuseSession(page: Page, account: string, path: string, landing: RegExp) {
  const cookies = reuse === undefined ? undefined : sessions.get(`${reuse} ${account}`);
  if (!cookies) return false;
  await page.context().addCookies(cookies);
  await page.goto(path);
  if (landing.test(new URL(page.url()).pathname)) return true;
  sessions.delete(`${reuse} ${account}`);
  return false;
}

async function keepSession(page: Page, account: string) {
  if (reuse !== undefined) sessions.set(`${reuse} ${account}`, await page.context().cookies());
}

/** Signs a sales rep or manager in and waits for their dashboard to be ready. */
export async function signInToSalesDashboard(page: Page, email: string, password: string) {
  const landing = /^\/sales-dashboard$/;
  if (!(await reuseSession(page, `${email} ${password}`, "/sales-dashboard", landing))) {
    await signInAtLogin(page, email, password);
    await expect(page).toHaveURL(/\/sales-dashboard$/);
    await keepSession(page, `${email} ${password}`);
  }
  await hydrated(page);
}

/** Signs in at /admin as the seeded admin (the server must know ADMIN_PASSWORD). */
export async function signInAsAdmin(page: Page, password = ADMIN_PASSWORD) {
  if (await reuseSession(page, `admin ${password}`, "/admin/dashboard", /^\/admin\/dashboard$/)) {
    return;
  }
  await page.goto("/admin");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Username or email").fill("admin");
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await keepSession(page, `admin ${password}`);
}

/**
 * axe finds nothing on the page. `exclude`: elements it leaves out, e.g. a sandboxed frame
 * (axe cannot run inside a frame that runs no script; it waits for it until the test times out).
 */
export async function expectNoAxeViolations(page: Page, { exclude = [] as string[] } = {}) {
  // Only violations are read: collecting every passed and incomplete check costs each run time.
  const axe = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ resultTypes: ["violations"] });
  for (const selector of exclude) axe.exclude(selector);
  const results = await axe.analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Waits until the page is ready for clicks: React has hydrated it (the app marks the document
 * with `data-hydrated`), or, on a content page that loads no framework script (decision 0022),
 * the document has loaded.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState === "complete" &&
      (!document.querySelector("script[type=module]") ||
        document.documentElement.hasAttribute("data-hydrated")),
  );
}

/** Every site link in the page's main content leads to a page that answers 200. */
export async function expectInternalLinksWork(page: Page) {
  const hrefs = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const paths = [
    ...new Set(hrefs.filter((h) => h.startsWith("/")).map((h) => h.split("#")[0] as string)),
  ].filter(Boolean);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const path of paths) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
}

/**
 * Opens a page of the site and checks what every page answers with: status 200, its document
 * title and a level-1 heading (with the given text, or at least visible). Returns the page's
 * main landmark.
 */
export async function openPage(
  page: Page,
  path: string,
  { title, h1 }: { title: string; h1?: string },
) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(title);
  const main = page.getByRole("main");
  const heading = main.getByRole("heading", { level: 1 });
  if (h1 === undefined) await expect(heading).toBeVisible();
  else await expect(heading).toHaveText(h1);
  return main;
}

/** The closing checks of a content page: its internal links work and axe finds no violation. */
export async function expectLinksWorkAndNoAxeViolations(page: Page) {
  await expectInternalLinksWork(page);
  await expectNoAxeViolations(page);
}

/** The page does not scroll sideways on a screen `width` pixels wide. */
export async function expectFitsWidth(page: Page, width = 375) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** The link with the accessible name `name` inside `scope` leads to `href`. */
export async function expectLink(scope: Locator, name: string | RegExp, href: string) {
  await expect(scope.getByRole("link", { name })).toHaveAttribute("href", href);
}

/**
 * The button named `name` inside `scope` opens the page's AI design dialog (decision 0022), and
 * leads to the form's own page where invoker commands are missing.
 */
export async function expectInquiryButton(scope: Locator, name: string | RegExp) {
  const button = scope.getByRole("button", { name });
  await expect(button).toHaveAttribute("commandfor", "ai-design-dialog");
  await expect(button).toHaveAttribute("data-href", "/start-your-ai-design");
}
