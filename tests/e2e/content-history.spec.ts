// Content with a history (issue 33), as a new admin tries it: the homepage hero heading (the
// first slide) and a course price edited as drafts while visitors still see the old ones; share
// preview links opened in a fresh browser show the new ones; both scheduled as one release that
// goes live together; compared, the old heading restored as a draft and published; the history
// names every step. Then every bad input: forged, expired, revoked and misused preview links, a
// schedule in the past or in no known format, a stale publish, the API for other roles.
import type { Browser, Page } from "@playwright/test";
import { adminTest, expect, expectHttpError, expectNoAxeViolations, hydrated } from "./fixtures.ts";

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

  const home = await visitor(browser, site.url, "/");
  await expect(home.page.getByRole("heading", { level: 1 })).toHaveText(OLD_HEADING);
  await home.page.goto(COURSE);
  await expect(home.page.getByRole("main").getByText("$3,995").first()).toBeVisible();
  await home.close();
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
  await expect(owner.page.getByRole("heading", { level: 1 })).toHaveText(NEW_HEADING);
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
  await expect(owner.page.getByRole("heading", { level: 1 })).toHaveText(OLD_HEADING);
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
    .fill(chicagoIn(2));
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
  // Its time is two minutes away; "Publish now" does at once what the job does then (the job
  // itself, and a start after downtime, are app/domain/history/history.db.test.ts's).
  await page.goto("/admin/releases");
  await page.getByRole("button", { name: "Publish Launch week now" }).click();
  await expect(page.getByText("Release published: every draft in it is live.")).toBeVisible();
  const home = await visitor(browser, site.url, "/");
  await expect(home.page.getByRole("heading", { level: 1 })).toHaveText(NEW_HEADING);
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
  await expect(home.page.getByRole("heading", { level: 1 })).toHaveText(NEW_HEADING);
  await page.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
  await home.page.goto("/");
  await expect(home.page.getByRole("heading", { level: 1 })).toHaveText(OLD_HEADING);
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
    /Shared a preview link/,
    /Revoked a preview link/,
    /Scheduled the release "Launch week"/,
  ]) {
    await expect(page.getByText(line).first()).toBeVisible();
  }
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
