// Test databases: an in-memory PGlite by default, loaded from a dump of a migrated (and seeded)
// database, or a copy of a template database on the PostgreSQL server named by
// TEST_DATABASE_URL. The global setup (database-templates.ts) makes the dumps and templates once
// per run; copying one is much faster than migrating and seeding.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type pg from "pg";
import { type Database, openDatabase } from "#app/platform/db/client.server.ts";
import { admin, databaseUrl } from "./database-templates.ts";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A dump already in memory. PGlite reads the dump it loads with `arrayBuffer()`, which on Node's
 * own Blob copies its 40 MB through a stream each time (about 50 ms a database).
 */
class LoadedDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super();
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

const dumps = new Map<string, Promise<Blob>>();

/** A migrated database; seeded unless `seed: false`. Close it when done. */
export async function createTestDatabase({ seed = true } = {}): Promise<Database> {
  // Imported here: Playwright's specs import this module for `query`, and Vitest has no place there.
  const { inject } = await import("vitest");
  const templates = inject("databaseTemplates");
  if (!templates) {
    throw new Error(
      "No database templates: a test that uses createTestDatabase belongs in a *.db.test.ts file " +
        "(the Vitest projects whose global setup makes them).",
    );
  }
  const template = seed ? templates.seeded : templates.migrated;
  if (!usingPostgres) {
    let dump = dumps.get(template);
    if (!dump) {
      dump = readFile(template).then(
        (data) => new LoadedDump(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)),
      );
      dumps.set(template, dump);
    }
    return openDatabase({ memory: true, loadDataDir: await dump });
  }

  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${randomBytes(6).toString("hex")}`;
  await admin(adminUrl, `create database ${name} template ${template}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
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
  await admin(adminUrl, `create database ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
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
