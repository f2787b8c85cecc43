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
});
