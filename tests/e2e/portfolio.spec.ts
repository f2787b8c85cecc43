import { sql } from "drizzle-orm";
import { portfolioProjects } from "#app/platform/db/schema.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  expect,
  expectHttpError,
  expectInquiryButton,
  expectNoAxeViolations,
  hydrated,
  test,
} from "./fixtures.ts";

test.describe("the portfolio with the seeded projects", () => {
  test("lists six projects with their links and image fallbacks", async ({ page }) => {
    const response = await page.goto("/portfolio");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Project Portfolio");
    const projects = page.getByRole("region", { name: "Projects" });
    const details = projects.getByRole("link", { name: /^Details/ });
    await expect(details).toHaveCount(6);
    for (const [i, link] of (await details.all()).entries()) {
      await expect(link).toHaveAttribute("href", `/portfolio/project-${i + 1}`);
    }
    // A stored URL without a scheme gets https://; projects without a URL have no Visit Site.
    await expect(projects.getByRole("link", { name: /^Visit Site .*Magic City/ })).toHaveAttribute(
      "href",
      "https://magiccity-outfitters.example.com",
    );
    await expect(projects.getByRole("link", { name: /^Visit Site/ })).toHaveCount(3);
    // Project 6 has no image: a gradient instead.
    await expect(projects.getByTestId("image-fallback")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Ready for Your Next Project?" })).toBeVisible();
    await expectInquiryButton(page.getByRole("main"), "Start Your Project");
    await expect(
      page.getByRole("main").getByRole("link", { name: "View Services" }),
    ).toHaveAttribute("href", "/services/web-development");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectNoAxeViolations(page);
  });

  test("a project page shows every part of the project", async ({ page }) => {
    await page.goto("/portfolio/project-1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Magic City Outfitters Online Store",
    );
    for (const heading of [
      "The Challenge",
      "Our Solution",
      "Technologies Used",
      "Project Information",
      "Project Results",
      "Client Testimonial",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByText("14 weeks")).toBeVisible();
    await expect(page.getByText("5 specialists")).toBeVisible();
    await expect(page.getByText("+28%")).toBeVisible();
    await expect(page.getByRole("link", { name: /Visit Live Site/ })).toHaveAttribute(
      "href",
      "https://magiccity-outfitters.example.com",
    );
    await expect(page.locator("time")).toHaveAttribute("datetime", "2025-03-14");
    await expect(page.getByRole("link", { name: "View More Projects" })).toHaveAttribute(
      "href",
      "/portfolio",
    );
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectNoAxeViolations(page);
  });

  test("the id may come without the project- prefix; unknown ids are Project Not Found", async ({
    page,
  }) => {
    await page.goto("/portfolio/2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Riverbend Clinic Patient Assistant",
    );
    expectHttpError(page, 404, "/portfolio/project-99");
    expectHttpError(page, 404, "/portfolio/project-abc");
    const missing = await page.goto("/portfolio/project-99");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Not Found");
    await expect(page.getByRole("link", { name: "← Back to Portfolio" })).toHaveAttribute(
      "href",
      "/portfolio",
    );
    expect((await page.goto("/portfolio/project-abc"))?.status()).toBe(404);
  });

  test("the home page's View Details links open the matching projects", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: /^View Details .*Riverbend Clinic/ }).click();
    await expect(page).toHaveURL(/\/portfolio\/project-2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Riverbend Clinic Patient Assistant",
    );
  });
});

test.describe("portfolio edge cases", () => {
  let server: AppServer;
  let empty: AppServer;
  test.afterAll(async () => {
    await server?.stop();
    await empty?.stop();
  });

  test("malformed results and testimonial JSON show as empty; no projects shows the empty state", async ({
    page,
  }) => {
    server = await startAppServer({
      prepare: async ({ db }) => {
        await db.execute(
          sql`update ${portfolioProjects} set results = ${JSON.stringify("{broken")}::jsonb, testimonial = ${JSON.stringify("[oops")}::jsonb, image = '/images/placeholder.jpg' where id = 1`,
        );
      },
    });
    const response = await page.goto(`${server.url}/portfolio/project-1`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "The Challenge" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Project Results" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Client Testimonial" })).toHaveCount(0);
    await expect(page.getByTestId("image-fallback")).toHaveCount(1);

    const api = await page.request.get(`${server.url}/api/project-details/1`);
    expect(await api.json()).toMatchObject({
      results: { metrics: [] },
      testimonial: { content: "", author: "", position: "", company: "" },
    });
  });

  test("no projects: No Projects Found", async ({ page }) => {
    // Stopped in afterAll, once the page (which keeps talking to its server) is closed.
    empty = await startAppServer({
      prepare: async ({ db }) => {
        await db.delete(portfolioProjects);
      },
    });
    await page.goto(`${empty.url}/portfolio`);
    await expect(page.getByRole("heading", { name: "No Projects Found" })).toBeVisible();
    await expect(
      page.getByText("Portfolio projects will appear here once they are added."),
    ).toBeVisible();
  });
});

test.describe("public JSON reads", () => {
  test("their shapes, and the 404 of an unknown project", async ({ request }) => {
    const slides = await (await request.get("/api/hero-slides")).json();
    expect(slides).toHaveLength(3);
    expect(Object.keys(slides[0]).sort()).toEqual([
      "backgroundImage",
      "buttonLink",
      "buttonText",
      "description",
      "id",
      "isActive",
      "sortOrder",
      "subtitle",
      "title",
    ]);
    expect(slides.map((s: { sortOrder: number }) => s.sortOrder)).toEqual([0, 1, 2]);

    const content = await (await request.get("/api/homepage-content")).json();
    expect(Object.keys(content).sort()).toEqual([
      "about",
      "contact",
      "hero",
      "portfolio",
      "services",
      "testimonials",
    ]);
    expect(content.portfolio.projects[0]).toMatchObject({
      id: "project-1",
      title: expect.any(String),
    });
    expect(content.contact).toMatchObject({ phone: "(205) 555-0142", email: "info@example.com" });

    const projects = await (await request.get("/api/portfolio-projects")).json();
    expect(projects).toHaveLength(6);
    expect(Object.keys(projects[0]).sort()).toEqual([
      "category",
      "client",
      "description",
      "id",
      "image",
      "projectUrl",
      "project_id",
      "technologies",
      "title",
    ]);
    expect(projects[0].project_id).toBe("project-1");

    const details = await request.get("/api/project-details/project-3");
    expect(details.status()).toBe(200);
    expect(await details.json()).toMatchObject({
      title: "Gulf Coast Logistics Web Platform",
      completedDate: "2024-11-20",
      technologies: expect.arrayContaining(["TypeScript"]),
      results: { metrics: expect.any(Array) },
      testimonial: { author: "Marcus Bell" },
    });
    const missing = await request.get("/api/project-details/404");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Project not found" });
  });
});

test.describe("sitemap and robots", () => {
  test("sitemap.xml is well-formed and every address in it answers 200", async ({
    request,
    site,
  }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.headers()["content-type"]).toContain("application/xml");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs).toContain("http://localhost:3000/portfolio/project-6");
    expect(xml.match(/<url>/g)?.length).toBe(locs.length);
    const titles = new Map<string, string>();
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      const page = await request.get(`${site.url}${path}`);
      expect(page.status(), path).toBe(200);
      // Every page has its own title and description.
      const html = await page.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(titles.get(title), `${path} shares its title with`).toBeUndefined();
      titles.set(title, path);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
    }
  });

  test("canonical URL, sharing tags and structured data on every page", async ({ page }) => {
    await page.goto("/services/cloud-services");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "http://localhost:3000/services/cloud-services",
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      "http://localhost:3000/images/share.png",
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      /^Cloud Services/,
    );
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")));
    expect(blocks).toContainEqual(
      expect.objectContaining({
        "@type": "LocalBusiness",
        telephone: "(205) 555-0142",
        address: expect.objectContaining({ addressLocality: "Birmingham", addressRegion: "AL" }),
      }),
    );
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "IT Support",
      "Cloud Services",
    ]);

    await page.goto("/");
    const home = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")["@type"]));
    expect(home).toEqual(["LocalBusiness"]);
  });

  test("robots.txt keeps crawlers out of the staff areas, the API and the booking pages", async ({
    request,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    for (const line of [
      "Disallow: /admin",
      "Disallow: /login",
      "Disallow: /sales-dashboard",
      "Disallow: /api/",
      "Disallow: /consultation",
      "Disallow: /calendar-feed/",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
