// Trusted devices: a browser that completed a sign-in keeps a long-lived random cookie (only its
// hash is stored, with its user). Failed sign-ins from it are counted apart from strangers'
// (throttle.server.ts), so a flood of wrong passwords elsewhere never keeps the owner out.
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { trustedDevices } from "#app/platform/db/schema.ts";
import { isHttps, readCookie } from "#app/web/cookie.server.ts";
import { hashToken } from "./sessions.server.ts";

const DEVICE_DAYS = 180;

const cookieName = (request: Request) => (isHttps(request) ? "__Host-device" : "device");

/** The device cookie's token as presented, or null. */
export function readDeviceToken(request: Request): string | null {
  const token = readCookie(request, cookieName(request));
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

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
 * DEVICE_DAYS (a new one when it had none, or one of another user). Returns its Set-Cookie.
 */
export async function rememberDevice(
  db: Db,
  request: Request,
  userId: number,
  now = new Date(),
): Promise<string> {
  const presented = readDeviceToken(request);
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
  let token = presented;
  const known = await trustedDeviceOf(db, userId, presented, now);
  if (known) {
    await db
      .update(trustedDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(eq(trustedDevices.idHash, known));
  } else {
    token = randomBytes(32).toString("base64url");
    await db
      .insert(trustedDevices)
      .values({ idHash: hashToken(token), userId, createdAt: now, lastUsedAt: now, expiresAt });
  }
  const secure = isHttps(request) ? "; Secure" : "";
  return `${cookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_DAYS * 86_400}${secure}`;
}

/** Device records past their end (the clean-up job). */
export async function purgeDevices(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.expiresAt, now))
    .returning({ id: trustedDevices.idHash });
  return deleted.length;
}
