import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Present on the embedded driver (pg-boss and test dumps need the raw client). */
  pglite?: PGlite;
  /** Present on the PostgreSQL driver. */
  pool?: pg.Pool;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string }
  | { dataDir: string }
  | { memory: true; loadDataDir?: Blob | File };

const migrationsFolder = resolve(import.meta.dirname, "migrations");

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client that loses its server must not crash the process.
    pool.on("error", () => {});
    // Nor a checked-out one (a transaction between two queries): pg-pool listens for errors only
    // on idle clients, and an 'error' event nobody listens to ends the process. The transaction's
    // next query fails instead ("not queryable": a 503), and the pool drops the client on release.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      pool,
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if ("dataDir" in options) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite({ loadDataDir: options.loadDataDir });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    pglite: client,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** Applies the SQL migrations; safe to run from several app instances at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own database type
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  const pool = database.pool as pg.Pool;
  const lock = await pool.connect();
  try {
    // One migrator at a time across instances; the others wait, then find nothing to do.
    await lock.query("select pg_advisory_lock(7301001)");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own database type
    await migrateNodePg(database.db as any, { migrationsFolder });
  } finally {
    await lock.query("select pg_advisory_unlock(7301001)").catch(() => {});
    lock.release();
  }
}
