import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction(...)` callback receives. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

/** The extensions the schema uses (bookings' exclusion constraint), for every embedded open. */
export const pgliteOptions = { extensions: { btree_gist } } satisfies PGliteOptions;

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
  let unlock = () => {};
  if ("dataDir" in options) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
    try {
      client = new PGlite(dir, pgliteOptions);
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = new PGlite({ ...pgliteOptions, loadDataDir: options.loadDataDir });
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    pglite: client,
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export class DatabaseInUseError extends Error {
  name = "DatabaseInUseError";
}

/**
 * PGlite serves one process at a time, and two on one folder would corrupt it. `<dir>.lock`
 * holds the owner's process id; a lock whose process is gone (a crash) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  let owner = 0;
  try {
    owner = Number(readFileSync(lockFile, "utf8").trim());
  } catch {
    // No lock.
  }
  if (owner && owner !== process.pid && processIsAlive(owner)) {
    throw new DatabaseInUseError(
      `The embedded database ${dir} is in use by process ${owner} (the server?): stop it first. ` +
        `If no such process is yours, delete ${lockFile}.`,
    );
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    try {
      if (Number(readFileSync(lockFile, "utf8").trim()) === process.pid) rmSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
