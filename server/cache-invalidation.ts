import type pg from "pg";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";

export interface CacheInvalidation {
  /** Drops the cached pages of this process at once and of every other instance right after. */
  invalidate(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = "page_cache_invalidate";

/**
 * Tells every app instance that public content changed. On PostgreSQL each instance LISTENs on
 * one channel and a change is a NOTIFY; a listener that lost its connection forgets its pages
 * (it may have missed a message) and listens again. The embedded database serves one process,
 * so there the signal stays local.
 */
export async function createCacheInvalidation(options: {
  database: Database;
  logger: Logger;
  onInvalidate: () => void;
  retryMs?: number;
}): Promise<CacheInvalidation> {
  const { database, logger, onInvalidate, retryMs = 1000 } = options;
  const pool = database.pool;
  if (!pool) {
    return {
      invalidate: async () => onInvalidate(),
      stop: async () => {},
    };
  }

  let stopped = false;
  let listener: { client: pg.PoolClient; giveBack: (err?: Error) => void } | undefined;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    try {
      const client = await pool.connect();
      // A client goes back to the pool once: an error after it went back (the server ending an
      // idle connection, a second error of the same failure) is the pool's, and a second
      // release would throw where nothing catches it.
      let givenBack = false;
      const giveBack = (err?: Error) => {
        if (givenBack) return;
        givenBack = true;
        client.release(err);
      };
      client.on("notification", (message) => {
        if (message.channel === CHANNEL) onInvalidate();
      });
      client.on("error", (err) => {
        if (givenBack) return;
        logger.warn({ err }, "page cache listener lost its connection");
        giveBack(err);
        if (listener?.client === client) listener = undefined;
        onInvalidate();
        schedule();
      });
      await client.query(`LISTEN ${CHANNEL}`);
      if (stopped) return giveBack();
      listener = { client, giveBack };
    } catch (err) {
      logger.warn({ err }, "page cache listener could not connect; retrying");
      onInvalidate();
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, retryMs);
    retry.unref();
  };

  await listen();
  return {
    async invalidate() {
      onInvalidate();
      try {
        await pool.query("select pg_notify($1, '')", [CHANNEL]);
      } catch (err) {
        logger.error({ err }, "could not tell the other instances to drop their cached pages");
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = listener;
      listener = undefined;
      if (current) {
        await current.client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        current.giveBack();
      }
    },
  };
}

/**
 * Pages that show "today" (start-date calendars, upcoming cohorts) change at midnight where the
 * company is: forget them then, every day. Returns a function that stops the timer.
 */
export function invalidateEveryMidnight(onInvalidate: () => void, timeZone: string): () => void {
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(
      () => {
        onInvalidate();
        schedule();
      },
      msUntilMidnight(new Date(), timeZone),
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}

/** Milliseconds from `now` to the next midnight in `timeZone` (at least a second). */
export function msUntilMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((part("hour") * 60 + part("minute")) * 60 + part("second")) * 1000;
  return Math.max(1000, 86_400_000 - elapsed - now.getMilliseconds());
}
