// The home page's hero slider, as the specs that look at it find it.
import type { Locator, Page } from "@playwright/test";

export const carousel = (page: Page) => page.getByRole("region", { name: "Highlights" });

/** The slide the hero's track shows (0-based). */
export const shownSlide = (hero: Locator) =>
  hero
    .locator("[data-carousel-track]")
    .evaluate((track) => Math.round(track.scrollLeft / track.clientWidth));

/**
 * The title of the hero's first slide, whichever slide shows: the slider moves on every 6 s,
 * and the slides out of view are hidden from the accessibility tree.
 */
export const firstSlideTitle = (page: Page) =>
  carousel(page)
    .getByRole("group", { name: /^1 of \d+$/, includeHidden: true })
    .getByRole("heading", { level: 2, includeHidden: true });

/**
 * Installs Playwright's clock and stops it: the page's timers (the slider's 6-second tick) run
 * only when the test runs the clock (`runFor`), never with the real time a slow step takes.
 */
export async function pauseClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}
