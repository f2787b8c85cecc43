import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { heroSlides } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { seedHomepage } from "./content.seed.ts";
import { getHomepageContent, getHomepageView, listActiveSlides } from "./content.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const slide = (title: string, sortOrder: number, isActive = true) => ({
  title,
  sortOrder,
  isActive,
});

describe("hero slides", () => {
  it("visitors get active slides only, ordered by sortOrder", async () => {
    database = await createTestDatabase();
    await query(database, "delete from hero_slides");
    await database.db
      .insert(heroSlides)
      .values([
        slide("Third", 5),
        slide("Hidden", 0, false),
        slide("First", 1),
        slide("Second", 2),
      ]);
    const slides = await listActiveSlides(database.db);
    expect(slides.map((s) => s.title)).toEqual(["First", "Second", "Third"]);
  });
});

describe("the home page view", () => {
  const logger = () => ({ error: vi.fn() });

  it("reads the seeded sections and slides", async () => {
    database = await createTestDatabase();
    const view = await getHomepageView(database.db, logger());
    expect(view.contentUnavailable).toBe(false);
    expect(view.slides).toHaveLength(3);
    expect(view.content.services.heading).toBe("Complete Digital Solutions");
    expect(view.content.about.points).toHaveLength(6);
    expect(view.content.portfolio.projects.map((p) => p.id)).toEqual([
      "project-1",
      "project-2",
      "project-3",
    ]);
  });

  it("a failing slides read gives no slides (the fallback hero) and logs 'Failed to load slides'", async () => {
    database = await createTestDatabase();
    await query(database, "drop table hero_slides");
    const log = logger();
    const view = await getHomepageView(database.db, log);
    expect(view.slides).toEqual([]);
    expect(view.contentUnavailable).toBe(false);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "Failed to load slides");
  });

  it("a failing content read falls back to the standard texts with a notice", async () => {
    database = await createTestDatabase();
    await query(database, "drop table homepage_sections");
    const log = logger();
    const view = await getHomepageView(database.db, log);
    expect(view.contentUnavailable).toBe(true);
    expect(view.content.services).toEqual(seedHomepage.services);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "Failed to fetch homepage content");
  });

  it("an invalid or missing section reads as not configured", async () => {
    database = await createTestDatabase();
    await query(
      database,
      `update homepage_sections set data = '{"heading": 42}' where id = 'about'`,
    );
    await query(database, "delete from homepage_sections where id = 'testimonials'");
    const content = await getHomepageContent(database.db);
    expect(content.about).toBeNull();
    expect(content.testimonials).toBeNull();
    const view = await getHomepageView(database.db, logger());
    expect(view.content.about).toEqual(seedHomepage.about);
    expect(view.content.testimonials).toBeNull();
  });
});
