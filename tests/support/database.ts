// Test databases: an in-memory PGlite by default (copied from a migrated and seeded template,
// which is much faster than migrating each time), or a fresh database on the PostgreSQL
// server named by TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { seedDatabase } from "#app/seed.server.ts";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

const templates = new Map<boolean, Promise<Blob>>();

/** A dump of a migrated (and seeded) embedded database, made once per test file. */
async function pgliteTemplate(seed: boolean): Promise<Blob> {
  const database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  if (seed) await seedDatabase(database.db);
  const dump = await (database.pglite as PGlite).dumpDataDir("none");
  await database.close();
  return dump;
}

/** A migrated database; seeded unless `seed: false`. Close it when done. */
export async function createTestDatabase({ seed = true } = {}): Promise<Database> {
  if (!usingPostgres) {
    let template = templates.get(seed);
    if (!template) {
      template = pgliteTemplate(seed);
      templates.set(seed, template);
    }
    return openDatabase({ memory: true, loadDataDir: await template });
  }

  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  if (seed) await seedDatabase(database.db);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs raw SQL and returns the rows (test assertions only). */
export async function query<T = Record<string, unknown>>(
  database: Database,
  text: string,
): Promise<T[]> {
  if (database.pglite) return (await database.pglite.query<T>(text)).rows;
  return (await (database.pool as pg.Pool).query(text)).rows as T[];
}

/**
 * An empty database on the PostgreSQL server named by TEST_DATABASE_URL, for app servers that
 * migrate and seed it themselves. `drop` removes it (also ending connections still open).
 */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** For test files that need PostgreSQL: says visibly why they are skipped on the embedded database. */
export function explainSkipWithoutPostgres(what: string): void {
  if (!usingPostgres) {
    console.warn(
      `${what}: skipped, needs TEST_DATABASE_URL (the PostgreSQL pass of npm run test:db)`,
    );
  }
}
