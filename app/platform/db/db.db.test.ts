import { afterEach, describe, expect, it } from "vitest";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import type { Database } from "./client.server.ts";
import { migrateDatabase } from "./client.server.ts";

const driver = usingPostgres ? "postgres" : "pglite";

async function snapshot(database: Database) {
  return {
    settings: await query(database, "select key, value from site_settings order by key"),
    sections: await query(database, "select id, data from homepage_sections order by id"),
    slides: await query(
      database,
      "select id, title, sort_order, is_active from hero_slides order by id",
    ),
    seeds: await query(database, "select name from seed_runs order by name"),
  };
}

describe(`migrations and seed on ${driver}`, () => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it("creates every table and fills an empty database with the spec's content", async () => {
    database = await createTestDatabase({ seed: false });
    expect(database.driver).toBe(driver);
    const tables = await query<{ table_name: string }>(
      database,
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["hero_slides", "homepage_sections", "seed_runs", "site_settings"]),
    );

    const applied = await seedDatabase(database.db);
    expect(applied.length).toBeGreaterThan(0);
    const data = await snapshot(database);
    expect(data.settings.map((s) => s.key)).toEqual(
      expect.arrayContaining(["site_name", "phone", "email", "address", "social_links"]),
    );
    expect(data.sections.map((s) => s.id)).toEqual([
      "about",
      "contact",
      "hero",
      "portfolio",
      "services",
      "testimonials",
    ]);
    expect(data.slides).toHaveLength(3);
  });

  it("running migrations and the seed again changes nothing", async () => {
    database = await createTestDatabase();
    const before = await snapshot(database);
    await migrateDatabase(database);
    expect(await seedDatabase(database.db)).toEqual([]);
    expect(await snapshot(database)).toEqual(before);
  });

  it("never brings back seeded content that staff deleted", async () => {
    database = await createTestDatabase();
    await query(database, "delete from hero_slides");
    await seedDatabase(database.db);
    expect(await query(database, "select id from hero_slides")).toEqual([]);
  });

  it("two instances seeding at once seed once", async () => {
    database = await createTestDatabase({ seed: false });
    const results = await Promise.all([seedDatabase(database.db), seedDatabase(database.db)]);
    expect(results.flat().sort()).toEqual([...new Set(results.flat())].sort());
    expect(await query(database, "select id from hero_slides")).toHaveLength(3);
  });
});
