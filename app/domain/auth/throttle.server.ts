// Throttling of failed sign-ins, per account and per kind of client, instead of a lockout that
// strangers could use against the owner. The owner's own browser (a trusted-device cookie from
// an earlier sign-in) has a counter of its own; every other client shares the account's; a name
// no account has gets one too, so the answers never tell which names exist. The first few
// failures cost nothing; after them each failure makes the next attempt wait longer, up to 15
// minutes. A passkey is not throttled by password failures, and a reset link clears them all.
import { createHash } from "node:crypto";
import { eq, like, lt, type SQL, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { signInThrottles } from "#app/platform/db/schema.ts";

/** Failures allowed before any wait. */
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 15 * 60_000;

/** The counter a sign-in attempt counts against. */
export function throttleKey(
  login: string,
  userId: number | null,
  trustedDevice: string | null,
): string {
  if (userId === null) {
    return `login:${createHash("sha256").update(login.trim().toLowerCase()).digest("hex")}`;
  }
  return trustedDevice ? `user:${userId}:device:${trustedDevice}` : `user:${userId}:other`;
}

/** How long the next attempt must wait after `failures` failures (0 for the first few). */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** The wait after `failures` failures, in SQL (as waitAfter): for the conditional updates. */
const waitSql = (failures: SQL) =>
  sql`case when ${failures} < ${FREE_FAILURES} then null else least(${LONGEST_WAIT_MS}, ${FIRST_WAIT_MS}::bigint * power(2, ${failures} - ${FREE_FAILURES})::bigint) end`;

const blockedAfter = (failures: SQL, now: Date) =>
  sql`${now}::timestamptz + (${waitSql(failures)}) * interval '1 millisecond'`;

export type Attempt =
  | {
      allowed: true;
      /** The failures counted with this attempt (it counts as one until refunded). */
      failures: number;
      /** Until when the key waits should this attempt fail, or null while failures are free. */
      blockedUntil: Date | null;
    }
  | { allowed: false; retryAfter: number };

/**
 * Takes one attempt on `key` before the secret is looked at: one conditional upsert counts it as
 * a failure and, once the free failures are used, sets the wait, unless the key is waiting (then
 * nothing is counted and the attempt is refused). The row lock makes parallel attempts take
 * turns, so N attempts at once count N and no more than the free ones get through. A right
 * secret gives the attempt back (refundAttempt) or clears the counter (a completed sign-in).
 */
export async function takeAttempt(db: Db, key: string, now = new Date()): Promise<Attempt> {
  const t = signInThrottles;
  const [taken] = await db
    .insert(t)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`${t.failures} + 1`,
        blockedUntil: blockedAfter(sql`${t.failures} + 1`, now),
        updatedAt: now,
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${now}`,
    })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
  if (taken) return { allowed: true, failures: taken.failures, blockedUntil: taken.blockedUntil };
  const [row] = await db.select({ blockedUntil: t.blockedUntil }).from(t).where(eq(t.key, key));
  const until = row?.blockedUntil?.getTime() ?? now.getTime() + 1000;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/** The secret was right: the attempt taken for it is not a failure (the wait shrinks with it). */
export async function refundAttempt(db: Db | DbTransaction, key: string, now = new Date()) {
  const t = signInThrottles;
  const left = sql`greatest(${t.failures} - 1, 0)`;
  await db
    .update(t)
    .set({ failures: left, blockedUntil: blockedAfter(left, now), updatedAt: now })
    .where(eq(t.key, key));
}

/** A successful sign-in forgets the failures of its counter. */
export async function clearThrottle(db: Db | DbTransaction, key: string) {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}

/** Every counter of a user (their password was just reset: they start afresh). */
export async function clearUserThrottles(db: Pick<Db, "delete">, userId: number) {
  await db.delete(signInThrottles).where(like(signInThrottles.key, `user:${userId}:%`));
}

/** Counters untouched for a day count nothing any more (the clean-up job). */
export async function purgeThrottles(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(signInThrottles)
    .where(lt(signInThrottles.updatedAt, new Date(now.getTime() - 86_400_000)))
    .returning({ key: signInThrottles.key });
  return deleted.length;
}
