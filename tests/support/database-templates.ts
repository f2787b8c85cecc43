// Vitest global setup for the `.db` test files: the migrated and the migrated-and-seeded database
// are made once per run, here, and every test copies one. Made per file instead, they cost each
// file seconds of CPU (PGlite's initdb, 26 migrations, a seed with argon2 hashes); per test on
// PostgreSQL, a second each.
//
// On PGlite the templates are dumps of the data folder, written to files in a temp folder that
// the workers read (`createTestDatabase` loads one into a new in-memory database). On PostgreSQL
// (TEST_DATABASE_URL) they are template databases on that server, which accept no connections,
// so that `CREATE DATABASE ... TEMPLATE` never finds one open; the teardown drops them.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { seedDatabase } from "#app/seed.server.ts";

/** Dump files (PGlite) or template database names (PostgreSQL). */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

declare module "vitest" {
  interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

interface Made {
  templates: Promise<DatabaseTemplates>;
  remove: () => Promise<void>;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const made = adminUrl ? postgresTemplates(adminUrl) : pgliteTemplates();
  try {
    project.provide("databaseTemplates", await made.templates);
  } catch (error) {
    await made.remove();
    throw error;
  }
  return made.remove;
}

function pgliteTemplates(): Made {
  const folder = mkdtempSync(join(tmpdir(), "site-vitest-db-"));
  const templates = (async () => {
    const database = await openDatabase({ memory: true });
    try {
      const pglite = database.pglite as PGlite;
      // A test database holds a few megabytes; PGlite's 128 MB of shared buffers cost a quarter
      // of each copy's start (about 60 ms, some 400 times a run). Only the speed changes.
      await pglite.exec("alter system set shared_buffers = '16MB'");
      await migrateDatabase(database);
      const migrated = join(folder, "migrated.tar");
      writeFileSync(migrated, await pglite.dumpDataDir("none").then(bytes));
      await seedDatabase(database.db);
      const seeded = join(folder, "seeded.tar");
      writeFileSync(seeded, await pglite.dumpDataDir("none").then(bytes));
      return { migrated, seeded };
    } finally {
      await database.close();
    }
  })();
  return { templates, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function postgresTemplates(adminUrl: string): Made {
  const run = randomBytes(4).toString("hex");
  const names = {
    migrated: `test_template_${run}_migrated`,
    seeded: `test_template_${run}_seeded`,
  };
  const templates = (async () => {
    await admin(adminUrl, `create database ${names.migrated}`);
    await fill(adminUrl, names.migrated, false);
    await admin(adminUrl, `create database ${names.seeded} template ${names.migrated}`);
    await fill(adminUrl, names.seeded, true);
    for (const name of Object.values(names)) {
      await admin(adminUrl, `alter database ${name} is_template true allow_connections false`);
    }
    return names;
  })();
  return {
    templates,
    remove: async () => {
      for (const name of Object.values(names)) {
        await admin(adminUrl, `alter database ${name} is_template false`).catch(() => {});
        await admin(adminUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

/** Migrates (and seeds) the database `name`, then closes every connection to it. */
async function fill(adminUrl: string, name: string, seed: boolean): Promise<void> {
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  try {
    if (seed) await seedDatabase(database.db);
    else await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the admin user (CREATE/DROP DATABASE cannot run in a transaction). */
export async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
