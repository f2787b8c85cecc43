// Trusted devices: a browser that completed a sign-in keeps a long-lived random cookie (only its
// hash is stored, with its user). Failed sign-ins from it are counted apart from strangers'
// (throttle.server.ts), so a flood of wrong passwords elsewhere never keeps the owner out. The
// cookie itself is the web layer's (app/web/sign-in.server.ts): this file takes and gives tokens.
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { trustedDevices } from "#app/platform/db/schema.ts";
import { hashToken } from "./sessions.server.ts";

/** How long a device stays trusted after its last sign-in. */
export const DEVICE_DAYS = 180;

/** A device token's form (32 random bytes, base64url): anything else is no token. */
export const isDeviceToken = (token: string | null): token is string =>
  Boolean(token && /^[A-Za-z0-9_-]{43}$/.test(token));

/** The device's id (the hash) when `token` is a trusted device of `userId`, else null. */
export async function trustedDeviceOf(
  db: Db,
  userId: number,
  token: string | null,
  now = new Date(),
): Promise<string | null> {
  if (!token) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({ idHash: trustedDevices.idHash })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.idHash, idHash),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return row?.idHash ?? null;
}

/**
 * After a completed sign-in: the browser's device record for this user, kept for another
 * DEVICE_DAYS (a new one when it had none, or one of another user). `presented` is the device
 * token the browser sent (or null); returns the token the browser keeps.
 */
export async function rememberDevice(
  db: Db,
  presented: string | null,
  userId: number,
  now = new Date(),
): Promise<string> {
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
  const known = await trustedDeviceOf(db, userId, presented, now);
  if (known && presented) {
    await db
      .update(trustedDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(eq(trustedDevices.idHash, known));
    return presented;
  }
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(trustedDevices)
    .values({ idHash: hashToken(token), userId, createdAt: now, lastUsedAt: now, expiresAt });
  return token;
}

/** Device records past their end (the clean-up job). */
export async function purgeDevices(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.expiresAt, now))
    .returning({ id: trustedDevices.idHash });
  return deleted.length;
}
