// No secret in any log (issue 43): a server of its own issues real secrets and they are used as
// people use them (a consultant's calendar feed fetched, preview links shared and opened, a
// consultation's manage link opened and used, a password-reset link opened and sent wrong),
// and refused (a spent link, a forged one, a cross-site post, a broken body). Then every line
// the server wrote (stdout and stderr), the admin mail log and every stored message are
// searched for every one of them.
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { query } from "#tests/support/database.ts";
import {
  adminTestWithMail,
  DEMO_PASSWORD,
  dropSandboxNotices,
  expect,
  expectHttpError,
  hydrated,
  linkIn,
  signInToSalesDashboard,
} from "./fixtures.ts";
import { firstSlideTitle } from "./hero.ts";

const test = adminTestWithMail({
  DEMO_PASSWORD,
  // Wednesday, March 10, 2027, 9:00 AM in Chicago: the demo rep has free times that week.
  FROZEN_NOW: "2027-03-10T15:00:00Z",
  FORM_RATE_LIMIT: "100",
  MAIL_RETRY_DELAY_SECONDS: "1",
});
test.describe.configure({ mode: "serial" });

/** Every secret the server issued in this file, by what it is. */
const issued = new Map<string, string>();

function keep(what: string, secret: string | undefined) {
  expect(secret, what).toMatch(/^[A-Za-z0-9_.-]{20,}$/);
  issued.set(what, secret as string);
}

const SLIDE = "AI-Powered Websites That Win Customers";

test("a consultant's calendar feed: made, fetched as a calendar app does", async ({
  page,
  site,
}) => {
  await signInToSalesDashboard(page, "manager@example.com", DEMO_PASSWORD);
  await page.goto("/account/availability");
  await hydrated(page);
  await page.getByRole("button", { name: "Make a feed address" }).click();
  const feed = (await page.locator("code").textContent()) ?? "";
  keep("calendar feed", /\/calendar-feed\/([^/]+)\.ics$/.exec(feed)?.[1]);
  const path = new URL(feed).pathname;
  expect((await page.request.get(path)).status()).toBe(200);
  // A calendar app asks again and again; a cross-site post to it is refused (and logged).
  expect((await page.request.get(path)).status()).toBe(200);
  const crossSite = await page.request.post(path, {
    headers: { origin: "https://elsewhere.example" },
    form: { a: "1" },
  });
  expect(crossSite.status()).toBe(403);
  await expect.poll(() => site.logs.join("\n")).toContain("cross-origin request refused");
});

test("preview links: the editor's own and a shared one, opened in a fresh browser", async ({
  adminPage: page,
  browser,
  site,
}) => {
  await page.goto("/admin/slides");
  await hydrated(page);
  await page.getByRole("link", { name: `Edit slide ${SLIDE}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Hero Slide" });
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("A heading in draft");
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved. Visitors see the live slide")).toBeVisible();
  await dialog.getByRole("link", { name: /^History/ }).click();
  await expect(page).toHaveURL(/\/admin\/history\/hero_slide\/\d+$/);

  // "Preview" opens the draft in a new tab, through /preview/{token} to the home page.
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const own = await opened;
  await expect(firstSlideTitle(own)).toHaveText("A heading in draft");
  keep("own preview", new URL(own.url()).searchParams.get("preview") ?? undefined);
  await own.close();

  await page.getByRole("button", { name: "Share preview" }).click();
  const shared = await page.getByLabel("Preview link (works without signing in)").inputValue();
  keep("shared preview", new URL(shared).pathname.replace("/preview/", ""));
  const visitor = await freshPage(browser, site.url);
  await visitor.goto(new URL(shared).pathname);
  await expect(visitor).toHaveURL(/\/\?preview=/);
  await expect(firstSlideTitle(visitor)).toHaveText("A heading in draft");
  // A forged one: a 404 that says why.
  const token = issued.get("shared preview") as string;
  const forged = await visitor.goto(
    `/preview/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
  );
  expect(forged?.status()).toBe(404);
  await visitor.context().close();
});

test("a consultation's manage link: booked, opened, used, then spent", async ({
  page,
  browser,
  mail,
  site,
}) => {
  const email = `secret-${Date.now()}@example.org`;
  // Booked without script: the demo rep's Friday, March 19, 10:00 in Chicago.
  const booker = await freshPage(browser, site.url, { javaScriptEnabled: false });
  await booker.goto("/consultation");
  const rep = await booker
    .getByLabel("Consultant")
    .locator("option", { hasText: "Jordan Reed" })
    .getAttribute("value");
  await booker.goto(`/consultation?with=${rep}&start=2027-03-19T15:00:00.000Z`);
  await booker.getByLabel("Name").fill("Robin Hale");
  await booker.getByLabel("Email").fill(email);
  await booker.getByLabel("Phone").fill("205-555-0188");
  await booker.getByLabel("Topic").selectOption("enterprise-security");
  await booker.getByRole("button", { name: "Book this time" }).click();
  await expect(booker.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
  await booker.context().close();

  const link = /\/consultation\/manage\?token=[A-Za-z0-9_-]{43}/.exec(
    (await mail.waitFor((m) => m.to.includes(email))).text,
  )?.[0] as string;
  keep("manage link", link?.split("token=")[1]);
  // A broken body posted to it is refused.
  const broken = await page.request.post(link, {
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: "--x\r\nbroken",
  });
  expect(broken.status()).toBe(400);
  // Opened with script, and used: the page's own data requests carry the token too.
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel("Reason (optional)").fill("Another time");
  // Spent once used: the link opened again is a 410.
  expectHttpError(page, 410, "/consultation/manage");
  await page.getByRole("button", { name: "Cancel my consultation" }).click();
  await expect(page.getByRole("heading", { name: "Your consultation is cancelled" })).toBeVisible();
  expect((await page.goto(link))?.status()).toBe(410);
});

test("a password-reset link: asked for, opened, sent with passwords that differ", async ({
  page,
  mail,
}) => {
  await page.goto("/account/forgot-password?from=login");
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill("rep@example.com");
  await page.getByRole("main").getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("we sent a link");
  const link = linkIn(await mail.waitFor((m) => m.subject.startsWith("Choose a new password")));
  keep("password reset", link.split("token=")[1]);
  await page.goto(link);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "New password", exact: true }).fill("violet kettle 42");
  await main.getByLabel("Confirm the password").fill("violet kettle 43");
  expectHttpError(page, 400, "/account/set-password");
  await main.getByRole("button", { name: "Set password" }).click();
  await expect(main.getByText("The two passwords do not match.")).toBeVisible();
});

test("no issued secret is in any line the server wrote, in the mail log or in a stored message", async ({
  adminPage: page,
  browserErrors,
  site,
}) => {
  expect([...issued.keys()]).toEqual([
    "calendar feed",
    "own preview",
    "shared preview",
    "manage link",
    "password reset",
  ]);
  // The admin mail log, its messages as shown and its JSON door.
  await page.goto("/admin/mail");
  await hydrated(page);
  await page
    .getByRole("main")
    .getByRole("row", { name: /Your consultation on/ })
    .filter({ hasNotText: "is cancelled" })
    .getByRole("link", { name: /Show message/ })
    .click();
  await expect(page.getByRole("dialog")).toContainText("[one-time link hidden]");
  const shown = [await page.content(), await (await page.request.get("/api/admin/mail")).text()];
  dropSandboxNotices(browserErrors);

  // Every message delivered (a message waiting to be sent keeps its link to send it), then
  // the server stopped: its whole log is written, and its database can be read.
  await expect
    .poll(
      async () =>
        (await (await page.request.get("/api/admin/mail?status=pending")).json()).messages,
    )
    .toEqual([]);
  await site.halt();
  const database = await openDatabase({ dataDir: join(site.dataDir, "db") });
  const rows = (
    await query<{ row: string }>(
      database,
      "select row_to_json(m)::text as row from mail_messages m",
    )
  ).map((r) => r.row);
  await database.close();
  // The messages that carried a secret link are among them.
  const templates = rows.map((row) => JSON.parse(row).template);
  expect(templates).toEqual(expect.arrayContaining(["consultation-booked", "password-reset"]));

  const log = site.logs.join("\n");
  expect(site.logs.length).toBeGreaterThan(50);
  for (const [what, secret] of issued) {
    expect(log, `${what} in the server's log`).not.toContain(secret);
    for (const text of shown) expect(text, `${what} in the mail log`).not.toContain(secret);
    for (const row of rows) expect(row, `${what} in mail_messages`).not.toContain(secret);
  }
  // Each was asked for, and the request log says where, without the secret.
  for (const where of [
    '"url":"/calendar-feed/[redacted].ics"',
    '"url":"/preview/[redacted]"',
    '"url":"/?preview=[redacted]"',
    '"url":"/consultation/manage?token=[redacted]"',
    '"url":"/consultation/manage.data?token=[redacted]',
    '"url":"/account/set-password?token=[redacted]"',
  ]) {
    expect(log).toContain(where);
  }
});

/** A browser of someone else: nobody signed in. */
async function freshPage(
  browser: Browser,
  baseURL: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  return context.newPage();
}
