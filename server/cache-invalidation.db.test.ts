import type pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "#app/platform/db/client.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createTestDatabase, usingPostgres } from "#tests/support/database.ts";
import { type CacheInvalidation, createCacheInvalidation } from "./cache-invalidation.ts";

const logger = createLogger("silent");
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function instance(database: Database) {
  const onInvalidate = vi.fn();
  const channel: CacheInvalidation = await createCacheInvalidation({
    database,
    logger,
    onInvalidate,
  });
  cleanup.push(() => channel.stop());
  return { channel, onInvalidate };
}

describe("page cache invalidation", () => {
  it("drops this instance's pages at once", async () => {
    const database = await createTestDatabase({ seed: false });
    cleanup.push(() => database.close());
    const { channel, onInvalidate } = await instance(database);
    await channel.invalidate();
    expect(onInvalidate).toHaveBeenCalled();
  });

  it.runIf(usingPostgres)(
    "reaches every other instance on the same PostgreSQL database",
    async () => {
      const database = await createTestDatabase({ seed: false });
      cleanup.push(() => database.close());
      const { connectionString: url } = (database.pool as pg.Pool).options as {
        connectionString: string;
      };
      const other = await openDatabase({ url });
      cleanup.push(() => other.close());

      const a = await instance(database);
      const b = await instance(other);
      await a.channel.invalidate();
      await vi.waitFor(() => expect(b.onInvalidate).toHaveBeenCalledTimes(1));
      expect(a.onInvalidate).toHaveBeenCalled();
    },
  );

  /** Ends every other connection to the test's database, as a restarting server would. */
  const cutOff = (database: Database) =>
    (database.pool as pg.Pool).query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );

  it.runIf(usingPostgres)(
    "a listener cut off by the server forgets its pages and listens again",
    async () => {
      const database = await createTestDatabase({ seed: false });
      cleanup.push(() => database.close());
      const { connectionString: url } = (database.pool as pg.Pool).options as {
        connectionString: string;
      };
      const other = await openDatabase({ url });
      cleanup.push(() => other.close());
      const a = await instance(database);
      const b = await createCacheInvalidation({
        database: other,
        logger,
        onInvalidate: vi.fn(),
        retryMs: 50,
      });
      cleanup.push(() => b.stop());
      const heard = vi.fn();
      const c = await createCacheInvalidation({
        database,
        logger,
        onInvalidate: heard,
        retryMs: 50,
      });
      cleanup.push(() => c.stop());

      await cutOff(other);
      // Each listener that lost its connection dropped its pages; c listens again and hears a.
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      heard.mockClear();
      await vi.waitFor(
        async () => {
          await a.channel.invalidate();
          expect(heard).toHaveBeenCalled();
        },
        { timeout: 5000, interval: 100 },
      );
    },
  );

  it.runIf(usingPostgres)(
    "a listener stopped and then cut off by the server throws nothing",
    async () => {
      const database = await createTestDatabase({ seed: false });
      cleanup.push(() => database.close());
      const { channel } = await instance(database);
      await channel.stop();
      const pool = database.pool as pg.Pool;
      expect(pool.idleCount).toBeGreaterThan(0);
      // The connection it gave back is idle in the pool; the server ends it. Before the fix its
      // error handler gave the client back a second time: an uncaught exception.
      const other = await openDatabase({
        url: (pool.options as { connectionString: string }).connectionString,
      });
      cleanup.push(() => other.close());
      await cutOff(other);
      await vi.waitFor(() => expect(pool.idleCount).toBe(0));
    },
  );
});
