import { sql } from "drizzle-orm";
import type { Db } from "./db/client.server.ts";
import { rateLimits } from "./db/schema.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Counts one hit for `key` in a fixed window and says whether it is within `limit`. The
 * counter lives in the database, so every app instance shares it.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  // Old windows are trimmed by the clean-up job only: a random trim here, by a caller's clock,
  // could drop another caller's live window (a frozen test clock lies far in the past).
  return {
    allowed: (row?.hits ?? 1) <= limit,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
  };
}

/** Every limit window is shorter than this; rows older than it count nothing any more. */
const RATE_LIMIT_RETENTION_MS = 86_400_000;

/** Deletes counters of windows that started over a day before `now`; returns how many. */
export async function purgeRateLimits(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)}`)
    .returning({ key: rateLimits.key });
  return deleted.length;
}
