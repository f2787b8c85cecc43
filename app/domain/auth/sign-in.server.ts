// Signing in and out, for every door (/login, /admin, /portal, POST /api/auth/login): per-IP
// rate limit, per-account lockout, one answer for every kind of failure, audit entries.
import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import { dummyHash, verifyPassword } from "./password.server.ts";
import type { PublicUser, Role } from "./roles.ts";
import { createSession, endSession, findSession, type SessionSettings } from "./sessions.server.ts";
import { findUserByLogin, toPublicUser } from "./users.server.ts";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
export const SIGN_IN_RATE_WINDOW_SECONDS = 15 * 60;

export interface SignInSettings extends SessionSettings {
  /** Sign-in attempts per client IP per window. */
  rateLimit: number;
}

export interface SignInRequest {
  login: string;
  password: string;
  /** Roles this door admits; anyone else fails like a wrong password. */
  roles: readonly Role[];
  ip: string;
  userAgent?: string;
  /** The session the client presented, replaced by the new one. */
  previousToken?: string | null;
  door: "login" | "admin" | "portal" | "api";
}

export type SignInResult =
  | { ok: true; user: PublicUser; token: string; expiresAt: Date }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfter: number };

export async function signIn(
  db: Db,
  settings: SignInSettings,
  input: SignInRequest,
  now = new Date(),
): Promise<SignInResult> {
  const limit = await hitRateLimit(
    db,
    `signin:${input.ip}`,
    settings.rateLimit,
    SIGN_IN_RATE_WINDOW_SECONDS,
    now,
  );
  const label = input.login.trim().slice(0, 254);
  const audit = { actorLabel: label, ip: input.ip, at: now };
  if (!limit.allowed) {
    await recordAudit(db, {
      ...audit,
      action: "sign_in_rate_limited",
      details: { door: input.door },
    });
    return { ok: false, reason: "rate_limited", retryAfter: limit.retryAfter };
  }

  const user = await findUserByLogin(db, input.login);
  // Every path verifies one hash, so an unknown user takes as long as a wrong password.
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyHash()),
    input.password,
  );
  const fail = async (reason: string) => {
    await recordAudit(db, {
      ...audit,
      action: "sign_in_failed",
      actorId: user?.id ?? null,
      details: { door: input.door, reason },
    });
    return { ok: false, reason: "invalid" } as const;
  };

  if (!user) return fail("unknown_user");
  if (!user.passwordHash) return fail("no_password_yet");
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) return fail("locked");
  if (user.disabled) return fail("disabled");
  if (!passwordOk) {
    const [counted] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins });
    if ((counted?.failedLogins ?? 0) >= MAX_FAILED_SIGN_INS) {
      const lockedUntil = new Date(now.getTime() + LOCKOUT_MS);
      await db.update(users).set({ failedLogins: 0, lockedUntil }).where(eq(users.id, user.id));
      await recordAudit(db, {
        ...audit,
        action: "lockout",
        actorId: user.id,
        details: { door: input.door, until: lockedUntil.toISOString() },
      });
    }
    return fail("wrong_password");
  }
  if (!input.roles.includes(toPublicUser(user).role)) return fail("role_not_allowed");

  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(users.id, user.id));
  // A new id at every sign-in: a session id planted before sign-in is worthless after it.
  if (input.previousToken) await endSession(db, input.previousToken);
  const session = await createSession(
    db,
    user.id,
    settings,
    { ip: input.ip, userAgent: input.userAgent },
    now,
  );
  await recordAudit(db, {
    ...audit,
    action: "sign_in",
    actorId: user.id,
    details: { door: input.door },
  });
  return { ok: true, user: toPublicUser(user), ...session };
}

/** Ends the presented session (if it is one) and records who signed out. */
export async function signOut(
  db: Db,
  settings: SessionSettings,
  token: string | null | undefined,
  ip: string,
  now = new Date(),
): Promise<void> {
  if (!token) return;
  const active = await findSession(db, token, settings, now);
  await endSession(db, token);
  if (active) {
    await recordAudit(db, {
      action: "sign_out",
      actorId: active.user.id,
      actorLabel: active.user.username ?? active.user.email,
      ip,
      at: now,
    });
  }
}
