// Throttling of failed sign-ins, per account and per kind of client, instead of a lockout that
// strangers could use against the owner. The owner's own browser (a trusted-device cookie from
// an earlier sign-in) has a counter of its own; every other client shares the account's; a name
// no account has gets one too, so the answers never tell which names exist. The first few
// failures cost nothing; after them each failure makes the next attempt wait longer, up to 15
// minutes. A passkey is not throttled by password failures, and a reset link clears them all.
import { createHash } from "node:crypto";
import { eq, like, lt, sql } from "drizzle-orm";
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

/** Seconds until `key` may try again, or 0 when it may now. */
export async function throttledFor(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ blockedUntil: signInThrottles.blockedUntil })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, key));
  const until = row?.blockedUntil?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts a failure; returns how many there are now and until when the key must wait. */
export async function countFailure(db: Db, key: string, now = new Date()) {
  const [row] = await db
    .insert(signInThrottles)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: { failures: sql`${signInThrottles.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: signInThrottles.failures });
  const failures = row?.failures ?? 1;
  const wait = waitAfter(failures);
  const blockedUntil = wait ? new Date(now.getTime() + wait) : null;
  if (blockedUntil) {
    await db.update(signInThrottles).set({ blockedUntil }).where(eq(signInThrottles.key, key));
  }
  return { failures, blockedUntil };
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
