import { heroSlides } from "#app/platform/db/schema.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { carousel, pauseClock, shownSlide } from "./hero.ts";

/** The page's own heading: the homepage content's hero heading, outside the slides. */
const PAGE_HEADING = "Technology That Moves Alabama Business Forward";
const SLIDE_TITLES = [
  "AI-Powered Websites That Win Customers",
  "Enterprise Cybersecurity, Locally Managed",
  "Get Certified. Get Hired.",
];

test.describe("home page with the seeded content", () => {
  test("shows the hero slides, the sections and their links", async ({ page }) => {
    await pauseClock(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/AI Web Design, IT Services & Certification Training/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGE_HEADING);

    // Three seeded slides: the first is showing, with arrows and three dots.
    const hero = carousel(page);
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText(SLIDE_TITLES[0] as string);
    await expect(hero.getByRole("button", { name: "Previous slide" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Next slide" })).toBeVisible();
    await expect(hero.getByRole("link", { name: /^Go to slide/ })).toHaveCount(3);

    await expect(page.getByRole("heading", { name: "Complete Digital Solutions" })).toBeVisible();
    const services = page.locator("section", {
      has: page.getByRole("heading", { name: "Complete Digital Solutions" }),
    });
    await expect(services.getByRole("listitem")).toHaveCount(3);
    await expect(services.getByRole("link", { name: /Sigma AI Solutions/ })).toHaveAttribute(
      "href",
      "/sigma-ai",
    );
    await expect(services.getByRole("link", { name: /Certification Training/ })).toHaveAttribute(
      "href",
      "/certification-training",
    );

    const why = page.locator("section", {
      has: page.getByRole("heading", { name: /^Why Choose/ }),
    });
    await expect(why.getByRole("heading", { level: 3 })).toHaveCount(6);

    const projects = page.locator("section", {
      has: page.getByRole("heading", { name: "Recent Projects" }),
    });
    const details = projects.getByRole("link", { name: /^View Details/ });
    await expect(details).toHaveCount(3);
    for (const [i, link] of (await details.all()).entries()) {
      await expect(link).toHaveAttribute("href", `/portfolio/project-${i + 1}`);
    }
    await expect(projects.getByRole("link", { name: "View All Projects" })).toHaveAttribute(
      "href",
      "/portfolio",
    );

    const cta = page.locator("section", {
      has: page.getByRole("heading", { name: "Ready to Transform Your Business?" }),
    });
    await expect(cta.getByRole("button", { name: "Start Your AI Design" })).toBeVisible();
  });

  test("the page has its one heading whatever slide shows; axe finds nothing after 30 s of sliding", async ({
    page,
  }) => {
    await pauseClock(page);
    await page.goto("/");
    await hydrated(page);
    const hero = carousel(page);
    // Five ticks of 6 s: every slide shows at least once, the first twice.
    for (let tick = 0; tick <= 5; tick++) {
      if (tick > 0) await page.clock.runFor(6_000);
      const shown = tick % SLIDE_TITLES.length;
      await expect.poll(() => shownSlide(hero)).toBe(shown);
      const pageHeading = page.getByRole("heading", { level: 1 });
      await expect(pageHeading).toHaveCount(1);
      await expect(hero.getByRole("heading", { level: 2 })).toHaveText(
        SLIDE_TITLES[shown] as string,
      );
      await expect(pageHeading).toHaveText(PAGE_HEADING);
    }
    // axe runs on the page's timers. Scrolled to the footer, as a reader gets there: with the
    // hero filling the window, axe takes it for a modal dialog and skips the heading check.
    await page.clock.resume();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`axe finds no violations in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/");
      await hydrated(page);
      await expect(page.locator("html")).toHaveClass(
        colorScheme === "dark" ? /dark/ : /^(?!.*dark)/,
      );
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("home page hero with other slide sets", () => {
  const servers: AppServer[] = [];
  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  async function serverWith(prepare: Parameters<typeof startAppServer>[0]) {
    const server = await startAppServer(prepare);
    servers.push(server);
    return server;
  }

  test("no slides: the fallback welcome hero with its two buttons", async ({ page }) => {
    const server = await serverWith({
      prepare: async ({ db }) => {
        await db.delete(heroSlides);
      },
    });
    await page.goto(server.url);
    const welcome = page.getByRole("region", { name: "Welcome" });
    await expect(welcome.getByRole("heading", { level: 1 })).toHaveText(
      "Technology That Moves Alabama Business Forward",
    );
    await expect(welcome.getByRole("link", { name: "View Our Work" })).toHaveAttribute(
      "href",
      "/portfolio",
    );
    await expect(welcome.getByRole("link", { name: "Explore AI Web Design" })).toHaveAttribute(
      "href",
      "/ai-powered-web-design",
    );
    await expect(page.getByRole("region", { name: "Highlights" })).toHaveCount(0);
  });

  test("a failing slides read shows the fallback hero, and the page still works", async ({
    page,
  }) => {
    const server = await serverWith({
      prepare: async (database) => {
        await database.pglite?.exec("drop table hero_slides");
      },
    });
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("region", { name: "Welcome" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Complete Digital Solutions" })).toBeVisible();
    // The server's log lines reach the test through its output, after the answer.
    await expect
      .poll(() => server.logs.some((l) => l.includes("Failed to load slides")))
      .toBe(true);
  });

  test("one slide: no arrows and no dots; inactive slides are hidden; order follows sortOrder", async ({
    page,
  }) => {
    const server = await serverWith({
      prepare: async ({ db }) => {
        await db.delete(heroSlides);
        await db.insert(heroSlides).values([
          {
            title: "Only visible slide",
            sortOrder: 3,
            buttonText: "See Training",
            buttonLink: "/certification-training",
          },
          { title: "Switched off", sortOrder: 1, isActive: false },
        ]);
      },
    });
    await page.clock.install();
    await page.goto(server.url);
    await hydrated(page);
    const hero = page.getByRole("region", { name: "Highlights" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGE_HEADING);
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText("Only visible slide");
    await expect(hero.getByRole("link", { name: "See Training" })).toHaveAttribute(
      "href",
      "/certification-training",
    );
    await expect(hero.getByRole("button", { name: /slide/ })).toHaveCount(0);
    await expect(hero.getByRole("link", { name: /^Go to slide/ })).toHaveCount(0);
    await expect(page.getByText("Switched off")).toHaveCount(0);
    await page.clock.runFor(13_000);
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText("Only visible slide");
  });

  test("three slides in sortOrder, whatever order they were created in", async ({ page }) => {
    const server = await serverWith({
      prepare: async ({ db }) => {
        await db.delete(heroSlides);
        await db.insert(heroSlides).values([
          { title: "Slide C", sortOrder: 30 },
          { title: "Slide A", sortOrder: 10 },
          { title: "Hidden B", sortOrder: 15, isActive: false },
          { title: "Slide B", sortOrder: 20 },
        ]);
      },
    });
    await page.goto(server.url);
    const hero = page.getByRole("region", { name: "Highlights" });
    await expect(hero.getByRole("link", { name: /^Go to slide/ })).toHaveText(["", "", ""]);
    const names = await hero
      .getByRole("link", { name: /^Go to slide/ })
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    expect(names).toEqual([
      "Go to slide 1: Slide A",
      "Go to slide 2: Slide B",
      "Go to slide 3: Slide C",
    ]);
  });
});
