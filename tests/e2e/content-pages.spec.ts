import type { Locator, Page } from "@playwright/test";
import { expect, expectHttpError, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

// The content pages load no framework script (decision 0022). Each behaviour here runs with
// JavaScript (the "chromium" project) and again without it ("no-javascript",
// playwright.config.ts): what needs script must work with it and must not be offered without.

const carousel = (page: Page) => page.getByRole("region", { name: "Highlights" });
/** The slide the hero's track shows (0-based). */
const shownSlide = (hero: Locator) =>
  hero
    .locator("[data-carousel-track]")
    .evaluate((track) => Math.round(track.scrollLeft / track.clientWidth));

test("the hero slider: dots move it; with script it also advances every 6 s, with arrows and a pause", async ({
  page,
  javaScriptEnabled,
}) => {
  if (javaScriptEnabled) await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const hero = carousel(page);
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText(
    "AI-Powered Websites That Win Customers",
  );
  expect(await shownSlide(hero)).toBe(0);
  await hero.getByRole("link", { name: "Go to slide 3: Get Certified. Get Hired." }).click();
  await expect.poll(() => shownSlide(hero)).toBe(2);

  const buttons = ["Previous slide", "Next slide", "Pause slides"];
  if (!javaScriptEnabled) {
    // Nothing is offered that cannot work: the arrows and the pause button need script.
    for (const name of buttons) await expect(hero.getByRole("button", { name })).toBeHidden();
    return;
  }
  await expect(
    hero.getByRole("link", { name: "Go to slide 3: Get Certified. Get Hired." }),
  ).toHaveAttribute("aria-current", "true");
  /** Moves the pointer and focus off the slider (it waits while they are on it). */
  const leave = async () => {
    await page.mouse.move(0, 0);
    await page.getByRole("heading", { name: "Complete Digital Solutions" }).click();
  };
  await leave();
  await page.clock.runFor(6_100);
  await expect.poll(() => shownSlide(hero)).toBe(0);

  // A visitor who comes to prefer reduced motion stops it; Play starts it again, and from then
  // on it moves without animation (which also makes the steps below exact).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(hero.getByRole("button", { name: "Play slides" })).toBeVisible();
  await page.clock.runFor(13_000);
  expect(await shownSlide(hero)).toBe(0);
  await hero.getByRole("button", { name: "Play slides" }).click();
  await expect(hero.getByRole("button", { name: "Pause slides" })).toBeVisible();
  await leave();
  await page.clock.runFor(6_100);
  await expect.poll(() => shownSlide(hero)).toBe(1);
  // Slides out of view are out of reach too.
  await expect(hero.locator("[aria-roledescription=slide][aria-hidden=true]")).toHaveCount(2);

  await hero.getByRole("button", { name: "Previous slide" }).click();
  await expect.poll(() => shownSlide(hero)).toBe(0);
  await hero.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(() => shownSlide(hero)).toBe(1);

  // Pointed at or focused, it stays; paused, it stays.
  await hero.hover();
  await page.clock.runFor(13_000);
  expect(await shownSlide(hero)).toBe(1);
  await hero.getByRole("button", { name: "Pause slides" }).click();
  await leave();
  await page.clock.runFor(13_000);
  expect(await shownSlide(hero)).toBe(1);
  await expect(hero.getByRole("button", { name: "Play slides" })).toBeVisible();
});

test("the hero slider stands still for a visitor who prefers reduced motion", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  if (javaScriptEnabled) await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const hero = carousel(page);
  if (javaScriptEnabled) {
    await expect(hero.getByRole("button", { name: "Play slides" })).toBeVisible();
    await page.clock.runFor(20_000);
  }
  expect(await shownSlide(hero)).toBe(0);
  // axe runs in the page's own JavaScript: it checks the same markup in the run with it.
  if (javaScriptEnabled) await expectNoAxeViolations(page);
});

test("dark mode: with script the switch works and is kept; without it the page is light and offers no switch", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/portfolio");
  await hydrated(page);
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if (!javaScriptEnabled) {
    await expect(toggle).toBeHidden();
    await expect(html).not.toHaveClass(/dark/);
    return;
  }
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page
    .getByRole("link", { name: /^Details about/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/portfolio\/project-/);
  await expect(html).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
});

test("the header's Services & Training menu opens and leads to its pages", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/contact");
  await hydrated(page);
  const menu = page.getByRole("navigation", { name: "Main" });
  const cyber = menu.getByRole("link", { name: "Enterprise Cybersecurity" });
  await expect(cyber).toBeHidden();
  await menu.getByText("Services & Training").click();
  await expect(cyber).toBeVisible();
  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(cyber).toBeHidden();
    await menu.getByText("Services & Training").click();
  }
  await cyber.click();
  await expect(page).toHaveURL(/\/services\/enterprise-cybersecurity$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu covers the page, holds it still and leads to its pages", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByRole("banner").locator("summary[aria-label='Menu']").click();
    await expect(mobileNav).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
      .toBe("hidden");
    await mobileNav.getByRole("link", { name: "Certification Training" }).click();
    await expect(page).toHaveURL(/\/certification-training$/);
    await expect(mobileNav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test("a course's calendar: month links the server answers, and start dates that lead to the registration", async ({
  page,
}) => {
  await page.goto("/certification-training/ccna");
  await hydrated(page);
  const calendar = page.locator("#start-dates");
  const month = await calendar.locator("[data-calendar] p[aria-live]").textContent();
  await calendar.getByRole("link", { name: "Next month" }).click();
  await expect(page).toHaveURL(/\?month=\d{4}-\d{2}#start-dates$/);
  await expect(calendar.locator("[data-calendar] p[aria-live]")).not.toHaveText(month ?? "");
  await calendar.getByRole("link", { name: "Previous month" }).click();
  await expect(calendar.locator("[data-calendar] p[aria-live]")).toHaveText(month ?? "");
  const date = calendar.getByRole("table").getByRole("link").first();
  const href = await date.getAttribute("href");
  await date.click();
  await page.waitForURL((url) => url.pathname + url.search === href);
});

test("the 404 page reads and links home", async ({ page }) => {
  expectHttpError(page, 404, "/no-such-page");
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
