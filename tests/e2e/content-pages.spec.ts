import type { Page } from "@playwright/test";
import { expect, expectHttpError, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { carousel, firstSlideTitle, pauseClock, shownSlide } from "./hero.ts";

// The content pages load no framework script (decision 0022). Each behaviour here runs with
// JavaScript (the "chromium" project) and again without it ("no-javascript",
// playwright.config.ts): what needs script must work with it and must not be offered without.

test("the hero slider: dots move it; with script it also advances every 6 s, with arrows and a pause", async ({
  page,
  javaScriptEnabled,
}) => {
  if (javaScriptEnabled) await pauseClock(page);
  await page.goto("/");
  await hydrated(page);
  const hero = carousel(page);
  await expect(firstSlideTitle(page)).toHaveText("AI-Powered Websites That Win Customers");
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
  // The clock runs on here: the slider must stand still by itself, and axe needs the page's timers.
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

/** Every element's colours on the page, in document order (what a theme changes). */
const colours = (page: Page) =>
  page.locator("body *").evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return `${element.localName} ${style.color} ${style.backgroundColor} ${style.borderTopColor}`;
    }),
  );

test("dark mode follows the system's, without script too; the switch is offered only where it works", async ({
  page,
  javaScriptEnabled,
}) => {
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: "Dark mode" });
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/", "/services/network-infrastructure", "/certification-training/ccna"]) {
    await page.goto(path);
    await hydrated(page);
    if (javaScriptEnabled) {
      // The theme script follows the system; the switch shows it and can change it.
      await expect(html).toHaveClass(/dark/);
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      continue;
    }
    // No script to read the system's preference: the stylesheet does, and the page looks
    // exactly as the dark theme does; the switch, which needs script, is not offered. (Colours
    // change at once here, not through their transitions.)
    await html.evaluate((root) => {
      const still = document.createElement("style");
      still.textContent = "*,::before,::after{transition:none!important}";
      root.querySelector("head")?.append(still);
    });
    await expect(html).toHaveCSS("color-scheme", "dark");
    await expect(toggle).toBeHidden();
    const dark = await colours(page);
    await page.emulateMedia({ colorScheme: "light" });
    const light = await colours(page);
    expect(light, path).not.toEqual(dark);
    await expect(html).toHaveCSS("color-scheme", "light");
    await html.evaluate((root) => root.classList.add("dark"));
    expect(await colours(page), path).toEqual(dark);
    await page.emulateMedia({ colorScheme: "dark" });
  }
});

test("dark mode: with script the switch works and is kept; without it a light system's page is light and offers no switch", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/portfolio");
  await hydrated(page);
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if (!javaScriptEnabled) {
    await expect(toggle).toBeHidden();
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
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
  await hydrated(page);
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
    await hydrated(page);
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

/**
 * The service and marketing pages and the topic (an inquiry type) their consultations are
 * about; the home page speaks of every service and leaves the choice to the visitor.
 */
const CONSULTATION_TOPICS: [path: string, topic: string | null][] = [
  ["/", null],
  ["/ai-powered-web-design", "ai-solutions"],
  ["/sigma-ai", "ai-solutions"],
  ["/ai-management-tools", "ai-solutions"],
  ["/ai-marketing", "ai-solutions"],
  ["/services/web-development", "ai-solutions"],
  ["/it-support", "support"],
  ["/services/network-infrastructure", "support"],
  ["/services/cloud-services", "support"],
  ["/services/data-management", "support"],
  ["/services/end-user-support", "support"],
  ["/services/managed-services", "support"],
  ["/services/enterprise-cybersecurity", "enterprise-security"],
];

test("every consultation button of the 13 service and marketing pages books a time, with the page's topic", async ({
  page,
}) => {
  for (const [path, topic] of CONSULTATION_TOPICS) {
    await page.goto(path);
    const main = page.getByRole("main");
    const href = topic ? `/consultation?topic=${topic}` : "/consultation";
    // Each offers one; none opens a form instead (the AI design dialog asks for a website type).
    const calls = main.getByRole("link", { name: /consultation/i });
    expect(await calls.count(), path).toBeGreaterThan(0);
    for (const call of await calls.all()) await expect(call, path).toHaveAttribute("href", href);
    await expect(main.getByRole("button", { name: /consultation/i }), path).toHaveCount(0);
    // Every link to the booking page carries the page's topic.
    const booking = await main
      .locator('a[href^="/consultation"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(booking), path).toEqual(new Set([href]));
  }
  // Followed (without script too), it is the booking page. Once hydrated, the page may add the
  // browser's time zone to its address (`tz`, when it differs from the company's).
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Get a Free Consultation" }).click();
  await expect(page).toHaveURL(/\/consultation(\?tz=[^&]+)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/services/enterprise-cybersecurity");
  await page.getByRole("main").getByRole("link", { name: "Schedule a Free Consultation" }).click();
  await expect(page).toHaveURL(/\/consultation\?topic=enterprise-security(&tz=[^&]+)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
