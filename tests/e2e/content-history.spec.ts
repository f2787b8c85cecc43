// Content with a history (issue 33), as a new admin tries it: the homepage hero heading (the
// first slide) and a course price edited as drafts while visitors still see the old ones; share
// preview links opened in a fresh browser show the new ones; both scheduled as one release that
// goes live together; compared, the old heading restored as a draft and published; the history
// names every step. Then every bad input: forged, expired, revoked and misused preview links, a
// schedule in the past or in no known format, a stale publish, the API for other roles (a rep and
// a manager refused, nothing changed). Issue 43's walk: the history screen is titled by what is
// live, the course list marks drafts, cohorts beside a drafted course say they take effect at
// once, "Publish now" asks first (with and without JavaScript), and the audit log names draft
// saves and gives release times in the company's zone.
import type { Browser, Page } from "@playwright/test";
import { startAppServer } from "#tests/support/app-server.ts";
import {
  ADMIN_PASSWORD,
  adminTest,
  DEMO_PASSWORD,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  signInToSalesDashboard,
} from "./fixtures.ts";
import { firstSlideTitle } from "./hero.ts";

const test = adminTest;
test.describe.configure({ mode: "serial" });

const OLD_HEADING = "AI-Powered Websites That Win Customers";
const NEW_HEADING = "Launch Week: New Cohorts Open";
const COURSE = "/certification-training/comptia-security-plus";

/** What a visitor sees: a fresh browser, nobody signed in. */
async function visitor(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, response, close: () => context.close() };
}

/** The company's wall clock (Chicago) a few minutes from now, as a datetime-local field takes it. */
function chicagoIn(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(at)
    .replace(" ", "T");
}

async function shareLink(page: Page) {
  await page.getByRole("button", { name: "Share preview" }).click();
  return page.getByLabel("Preview link (works without signing in)").inputValue();
}

let slideHistory = "";
let courseHistory = "";
const links: string[] = [];

test("drafts: the slide heading and the course price change for nobody but the editor", async ({
  adminPage: page,
  browser,
  site,
}) => {
  await page.goto("/admin/slides");
  await hydrated(page);
  await page.getByRole("link", { name: `Edit slide ${OLD_HEADING}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Hero Slide" });
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(NEW_HEADING);
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved. Visitors see the live slide")).toBeVisible();
  await expect(dialog.getByText(/Draft saved .* by Site Administrator/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("link", { name: /^History/ }).click();
  await expect(page).toHaveURL(/\/admin\/history\/hero_slide\/\d+$/);
  slideHistory = new URL(page.url()).pathname;
  // The screen is named by what visitors see, not by the draft's new title.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`History: ${OLD_HEADING}`);
  await expect(page).toHaveTitle(new RegExp(`^History: ${OLD_HEADING}`));

  await page.goto("/admin/courses?q=Security%2B");
  await page
    .getByRole("link", { name: /CompTIA Security\+/ })
    .first()
    .click();
  const form = page.getByRole("form", { name: "Edit course" });
  await expect(form.getByLabel("Price (USD)")).toHaveValue("3995");
  await form.getByLabel("Price (USD)").fill("2995");
  await form.getByLabel("Note for the history (optional)").fill("Launch price");
  await form.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  // The form shows the draft; the line above it says what is live and what is draft.
  await expect(form.getByLabel("Price (USD)")).toHaveValue("2995");
  await expect(page.getByText(/live version from/)).toBeVisible();
  await page.getByRole("link", { name: /^History, schedule and share/ }).click();
  await expect(page).toHaveURL(/\/admin\/history\/course\/\d+$/);
  courseHistory = new URL(page.url()).pathname;

  // The course list marks the drafted course, as the slides list does, and no longer says that
  // changes show at once.
  await page.goto("/admin/courses");
  const cards = page.getByRole("list", { name: "Courses" }).getByRole("listitem");
  const drafted = cards.filter({ hasText: "Unpublished draft" });
  await expect(drafted).toHaveCount(1);
  await expect(drafted.getByRole("heading")).toHaveText(/CompTIA Security\+/);
  await expect(page.getByText("Changes show on the public pages at once")).toHaveCount(0);
  await expect(page.getByText(/kept as a draft until someone publishes them/)).toBeVisible();

  const home = await visitor(browser, site.url, "/");
  await expect(firstSlideTitle(home.page)).toHaveText(OLD_HEADING);
  await home.page.goto(COURSE);
  await expect(home.page.getByRole("main").getByText("$3,995").first()).toBeVisible();
  await home.close();
});

test("cohorts beside a drafted course say they take effect at once, and leave the draft alone", async ({
  adminPage: page,
}) => {
  const coursePage = courseHistory.replace("/admin/history/course/", "/admin/courses/");
  await page.goto(coursePage);
  await hydrated(page);
  const cohorts = page.getByRole("region", { name: "Cohorts" });
  await expect(cohorts).toContainText(
    "Cohorts are not part of the course's draft: adding, changing or deleting one takes effect on the public pages at once.",
  );
  const year = new Date().getFullYear() + 1;
  const adder = page.getByRole("form", { name: "Add Cohort" });
  await adder.getByLabel("Start date").fill(`${year}-12-28`);
  await adder.getByLabel("Class schedule").selectOption({ index: 1 });
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Cohort added. It is live now: cohorts take effect at once, without a draft.",
  );
  // The course's draft is untouched: its form still shows the draft's price.
  const form = page.getByRole("form", { name: "Edit course" });
  await expect(form.getByLabel("Price (USD)")).toHaveValue("2995");

  const row = page.getByRole("row").filter({ hasText: `December 28, ${year}` });
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await row.getByRole("button", { name: /^Delete cohort/ }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Cohort deleted. It is gone from the public pages now: cohorts take effect at once, without a draft.",
  );
  expect(question).toMatch(
    /^Delete the cohort December 28, \d{4} .*\? It disappears from the public pages at once, whatever the course's draft\.$/,
  );
  await expect(page.getByRole("row").filter({ hasText: `December 28, ${year}` })).toHaveCount(0);
  await expect(form.getByLabel("Price (USD)")).toHaveValue("2995");
});

test("share preview: a fresh browser sees the drafts; the links are never cached or indexed", async ({
  adminPage: page,
  browser,
  site,
}) => {
  await page.goto(slideHistory);
  links.push(await shareLink(page));
  await expect(page.getByText(/shared by admin@example.com/)).toBeVisible();
  await page.goto(courseHistory);
  links.push(await shareLink(page));
  await expectNoAxeViolations(page);

  const [slideLink, courseLink] = links as [string, string];
  const owner = await visitor(browser, site.url, new URL(slideLink).pathname);
  expect(owner.response?.status()).toBe(200);
  expect(owner.page.url()).toContain("/?preview=");
  await expect(firstSlideTitle(owner.page)).toHaveText(NEW_HEADING);
  await expect(owner.page.getByRole("status").first()).toContainText(
    "Preview of an unpublished version",
  );
  const headers = owner.response?.headers() ?? {};
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["referrer-policy"]).toBe("same-origin");
  await owner.page.goto(new URL(courseLink).pathname);
  await expect(owner.page).toHaveURL(new RegExp(`${COURSE}\\?preview=`));
  await expect(owner.page.getByRole("main").getByText("$2,995").first()).toBeVisible();
  // The same page without the link is what everyone sees, and the cache never kept the draft.
  await owner.page.goto(COURSE);
  await expect(owner.page.getByRole("main").getByText("$3,995").first()).toBeVisible();
  await owner.page.goto("/");
  await expect(firstSlideTitle(owner.page)).toHaveText(OLD_HEADING);
  await owner.close();
});

test("preview links: forged, reused for another page, revoked: a 4xx that says why", async ({
  adminPage: page,
  browser,
  site,
}) => {
  const token = new URL(links[0] as string).pathname.replace("/preview/", "");
  const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  const other = await visitor(browser, site.url, `/preview/${forged}`);
  expect(other.response?.status()).toBe(404);
  await expect(other.page.getByText("This preview link is not valid.")).toBeVisible();
  const misused = await other.page.goto(`/portfolio/project-1?preview=${token}`);
  expect(misused?.status()).toBe(404);
  await expect(other.page.getByText("This preview link is for another page.")).toBeVisible();
  const extended = token.replace(/\.(\d+)\./, (_, s) => `.${Number(s) + 86_400}.`);
  expect((await other.page.goto(`/?preview=${extended}`))?.status()).toBe(404);

  // A third link, revoked from the screen: gone at once.
  await page.goto(slideHistory);
  const third = await shareLink(page);
  const linkId = new URL(third).pathname.split("/").at(-1)?.split(".")[0];
  await page.getByRole("button", { name: `Revoke preview link ${linkId}` }).click();
  await expect(page.getByText("Preview link revoked.")).toBeVisible();
  // The first link of this slide still works; the revoked one is gone at once.
  expect((await other.page.goto(new URL(links[0] as string).pathname))?.status()).toBe(200);
  const revoked = await other.page.goto(new URL(third).pathname);
  expect(revoked?.status()).toBe(410);
  await expect(other.page.getByText("expired or been revoked")).toBeVisible();
  await other.close();
});

test("schedule: a time in the past or in no known format is refused; two drafts go in one release", async ({
  adminPage: page,
}) => {
  await page.goto(slideHistory);
  const schedule = page.getByRole("region", { name: "Schedule" });
  expectHttpError(page, 400, slideHistory);
  await schedule
    .getByLabel(/^Date and time/)
    .first()
    .fill(chicagoIn(-60));
  await schedule.getByRole("button", { name: "Schedule publishing" }).click();
  await expect(page.getByText("Choose a time in the future.").first()).toBeVisible();
  const refused = await page.request.post(slideHistory, {
    form: { intent: "schedule", versionId: "1", publishAt: "tomorrow at 8" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("Enter the date and time as YYYY-MM-DD HH:MM.");

  await schedule
    .getByLabel(/^Date and time/)
    .first()
    .fill(chicagoIn(60));
  await schedule.getByLabel("Release name").first().fill("Launch week");
  await schedule.getByRole("button", { name: "Schedule publishing" }).click();
  await expect(page.getByText("Scheduled.")).toBeVisible();
  await expect(
    page.getByText(/Scheduled to publish on .* \(release "Launch week"\)/),
  ).toBeVisible();

  await page.goto(courseHistory);
  const courseSchedule = page.getByRole("region", { name: "Schedule" });
  await courseSchedule.getByRole("radio", { name: /Launch week/ }).check();
  await courseSchedule.getByRole("button", { name: "Schedule publishing" }).click();
  await expect(page.getByText(/release "Launch week"/)).toBeVisible();

  await page.goto("/admin/releases");
  const release = page.getByRole("region", { name: "Launch week" });
  await expect(release.getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test("the release goes live together; compare, restore the old heading as a draft, publish it", async ({
  adminPage: page,
  browser,
  site,
}) => {
  // Its time is an hour away, so the minute job cannot publish it while these tests run; "Publish
  // now" does at once what the job does then (the job itself, and a start after downtime, are
  // app/domain/history/history.db.test.ts's).
  await page.goto("/admin/releases");
  await hydrated(page);
  // "Publish now" asks first, naming what goes live; Cancel publishes nothing.
  await page.getByRole("link", { name: "Publish Launch week now…" }).click();
  const question = page.getByRole("dialog", { name: "Publish the release now?" });
  await expect(question).toContainText('"Launch week" is scheduled for');
  await expect(question.getByRole("listitem")).toHaveText([
    `Publish hero slide "${NEW_HEADING}"`,
    /^Publish course "CompTIA Security\+/,
  ]);
  await expectNoAxeViolations(page);
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  const home = await visitor(browser, site.url, "/");
  await expect(firstSlideTitle(home.page)).toHaveText(OLD_HEADING);

  // Without JavaScript the same question is a part of the page, and its button publishes.
  const noScript = await browser.newContext({
    baseURL: site.url,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/admin/releases");
  await plain.getByRole("link", { name: "Publish Launch week now…" }).click();
  await expect(plain).toHaveURL(/\/admin\/releases\?publish=\d+$/);
  const inPage = plain.getByRole("region", { name: "Publish the release now?" });
  await expect(inPage).toContainText("makes every item in it live at once");
  await inPage.getByRole("button", { name: "Publish now" }).click();
  await expect(plain.getByText("Release published: every draft in it is live.")).toBeVisible();
  await noScript.close();

  await home.page.goto("/");
  await expect(firstSlideTitle(home.page)).toHaveText(NEW_HEADING);
  await home.page.goto(COURSE);
  await expect(home.page.getByRole("main").getByText("$2,995").first()).toBeVisible();

  await page.goto(slideHistory);
  const versions = page.getByRole("region", { name: "Versions" });
  // The newest two versions by default: the old heading struck, the new one marked.
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const compare = page.getByRole("region", { name: /compared with/ });
  await expect(compare.locator("del")).toContainText(["AI-Powered Websites That Win Customers"]);
  await expect(compare.locator("ins").first()).toContainText("Launch Week");
  await expectNoAxeViolations(page);

  const old = versions.getByRole("row").filter({ hasText: "As it was when history began" });
  await old.getByRole("button", { name: /^Restore version/ }).click();
  await expect(page.getByText("A new draft was made from the old version.")).toBeVisible();
  // Restoring never publishes by itself.
  await home.page.goto("/");
  await expect(firstSlideTitle(home.page)).toHaveText(NEW_HEADING);
  await page.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
  await home.page.goto("/");
  await expect(firstSlideTitle(home.page)).toHaveText(OLD_HEADING);
  await home.close();

  // The history shows every step, with names.
  const rows = versions.getByRole("row");
  await expect(rows.filter({ hasText: "Restored from version" })).toContainText(
    "Site Administrator",
  );
  await expect(rows.filter({ has: page.getByText("Live", { exact: true }) })).toHaveCount(1);
  await expect(versions).toContainText("As it was when history began");
  await page.goto("/admin/audit?kind=content");
  for (const line of [
    /Published the release "Launch week"/,
    /Made a draft of hero slide/,
    /Saved a draft \(version \d+\) of hero slide \d+/,
    /Saved a draft \(version \d+\) of course \d+/,
    /Shared a preview link/,
    /Revoked a preview link/,
    // The company's zone (Central), as every staff screen shows times; never a raw UTC instant.
    /^Scheduled the release "Launch week" for [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T$/,
  ]) {
    await expect(page.getByText(line).first()).toBeVisible();
  }
  await expect(page.getByText(/Scheduled the release .* \d{4}-\d\d-\d\dT/)).toHaveCount(0);
});

test("a stale draft is not published over someone else's version without a word", async ({
  adminPage: page,
}) => {
  // Two tabs of the same course: the second saves and publishes first.
  await page.goto(courseHistory.replace("/admin/history/course/", "/admin/courses/"));
  const first = page.getByRole("form", { name: "Edit course" });
  await first.getByLabel("Duration").fill("96 hours (6 weeks, evenings)");
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole("form", { name: "Edit course" }).getByLabel("Price (USD)").fill("3495");
  await other.getByRole("button", { name: "Save Draft" }).click();
  await other.getByRole("button", { name: "Publish draft" }).click();
  await expect(other.getByText("Published. Visitors see it now.")).toBeVisible();
  await other.close();

  await first.getByRole("button", { name: "Save Draft" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "published another version after this draft was started" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish draft" })).toHaveCount(0);
  await page.getByRole("link", { name: "compare the two" }).click();
  await expect(page.getByRole("region", { name: /compared with/ })).toContainText("Price cents");
  await page.getByRole("button", { name: /^Publish over version/ }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
});

test("the versions API: admins only; another type or a used draft is a 4xx that changes nothing", async ({
  adminPage: page,
  browser,
  playwright,
  site,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: site.url });
  expect((await anonymous.get("/api/admin/versions?type=course&id=1")).status()).toBe(401);
  await anonymous.dispose();

  const id = courseHistory.split("/").at(-1);
  const list = await page.request.get(`/api/admin/versions?type=course&id=${id}`);
  expect(list.status()).toBe(200);
  const { versions, total } = await list.json();
  expect(total).toBeGreaterThanOrEqual(4);
  expect(versions[0].id).toBeGreaterThan(versions[1].id);
  expect(versions.map((v: { note: string }) => v.note)).toContain("Launch price");
  const live = versions.find((v: { live: boolean }) => v.live);
  const one = await (await page.request.get(`/api/admin/versions/${live.id}`)).json();
  expect(one.data.priceCents).toBeGreaterThan(0);

  const origin = { origin: site.url };
  const wrongType = await page.request.post(`/api/admin/versions/${live.id}/restore`, {
    data: { type: "hero_slide" },
    headers: origin,
  });
  expect(wrongType.status()).toBe(400);
  expect((await wrongType.json()).error).toMatch(/is not a hero_slide/);
  // The type must be named: a call without it changes nothing.
  const course = { type: "course" };
  const noType = await page.request.post(`/api/admin/versions/${live.id}/restore`, {
    headers: origin,
  });
  expect(noType.status()).toBe(415);
  const notDraft = await page.request.post(`/api/admin/versions/${live.id}/publish`, {
    data: course,
    headers: origin,
  });
  expect(notDraft.status()).toBe(409);

  const restored = await page.request.post(`/api/admin/versions/${versions.at(-1).id}/restore`, {
    data: course,
    headers: origin,
  });
  expect(restored.status()).toBe(201);
  const draft = await restored.json();
  expect(draft.status).toBe("draft");

  // A sales rep and a manager are signed in, and still no version call is theirs: 403 each,
  // and the history (read again as the admin after every refusal) is as it was.
  const history = async () => {
    const answer = await page.request.get(`/api/admin/versions?type=course&id=${id}`);
    return (await answer.json()) as unknown;
  };
  const before = await history();
  for (const email of ["rep@example.com", "manager@example.com"]) {
    const context = await browser.newContext({ baseURL: site.url });
    const staff = await context.newPage();
    await signInToSalesDashboard(staff, email, DEMO_PASSWORD);
    const calls = [
      () => staff.request.get(`/api/admin/versions?type=course&id=${id}`),
      () => staff.request.get(`/api/admin/versions/${draft.id}`),
      () =>
        staff.request.post(`/api/admin/versions/${live.id}/restore`, {
          data: course,
          headers: origin,
        }),
      () =>
        staff.request.post(`/api/admin/versions/${draft.id}/publish`, {
          data: course,
          headers: origin,
        }),
    ];
    for (const call of calls) {
      const refused = await call();
      expect(refused.status(), `${email}: ${refused.url()}`).toBe(403);
      expect(await refused.text()).not.toContain("priceCents");
      expect(await history()).toEqual(before);
    }
    await context.close();
  }

  const published = await page.request.post(`/api/admin/versions/${draft.id}/publish`, {
    data: course,
    headers: origin,
  });
  expect(published.status()).toBe(200);
  expect((await published.json()).live).toBe(true);
  const again = await page.request.post(`/api/admin/versions/${draft.id}/publish`, {
    data: course,
    headers: origin,
  });
  expect(again.status()).toBe(409);
});

test("an expired preview link is a 410 that says why", async ({ browser, site }) => {
  // 73 hours later: the worker's server stops and starts again on the same database with its
  // clock moved on (the last test of this file: nothing needs the old server after it).
  await site.halt();
  const later = await startAppServer({
    dataDir: site.dataDir,
    env: {
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      FROZEN_NOW: new Date(Date.now() + 73 * 3_600_000).toISOString(),
    },
  });
  try {
    const expired = await visitor(browser, later.url, new URL(links[1] as string).pathname);
    expect(expired.response?.status()).toBe(410);
    await expect(expired.page.getByText("expired or been revoked")).toBeVisible();
    // On the page it led to, the same answer.
    const onPage = await expired.page.goto(`${COURSE}?preview=${links[1]?.split("/").pop()}`);
    expect(onPage?.status()).toBe(410);
    await expect(expired.page.getByText("expired or been revoked")).toBeVisible();
    await expired.close();
  } finally {
    await later.halt();
  }
});
