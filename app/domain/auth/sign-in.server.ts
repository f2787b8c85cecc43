// Signing in and out, for every door (/login, /admin, /portal, POST /api/auth/login): a per-IP
// rate limit, throttling per account and kind of client (throttle.server.ts), one answer for
// every kind of failure, a second step for two-factor accounts (no session exists until it
// passes), and audit entries.
import { eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { type AuditAction, recordAudit } from "./audit.server.ts";
import {
  closeChallenge,
  failChallenge,
  findChallenge,
  openChallenge,
} from "./challenges.server.ts";
import { trustedDeviceOf } from "./devices.server.ts";
import { dummyHash, verifyPassword } from "./password.server.ts";
import type { PublicUser, Role } from "./roles.ts";
import { createSession, endSession, findSession, type SessionSettings } from "./sessions.server.ts";
import { clearThrottle, countFailure, throttledFor, throttleKey } from "./throttle.server.ts";
import { checkSecondFactor } from "./two-factor.server.ts";
import { findUserById, findUserByLogin, toPublicUser, type UserRow } from "./users.server.ts";

export const SIGN_IN_RATE_WINDOW_SECONDS = 15 * 60;

export interface SignInSettings extends SessionSettings {
  /** Sign-in attempts per client IP per window. */
  rateLimit: number;
}

/**
 * Counts one sign-in step of a client address (a password, a code, a passkey challenge) against
 * the per-IP limit every door shares.
 */
export const hitSignInLimit = (db: Db, limit: number, ip: string, now = new Date()) =>
  hitRateLimit(db, `signin:${ip}`, limit, SIGN_IN_RATE_WINDOW_SECONDS, now);

export type Door = "login" | "admin" | "portal" | "api";

/** Who is signing in from where: the client, its browser, the session it had. */
export interface SignInClient {
  ip: string;
  userAgent?: string;
  /** The session the client presented, replaced by the new one. */
  previousToken?: string | null;
  /** The browser's trusted-device cookie, if any. */
  deviceToken?: string | null;
}

export interface SignInRequest extends SignInClient {
  login: string;
  password: string;
  /** Roles this door admits; anyone else fails like a wrong password. */
  roles: readonly Role[];
  door: Door;
}

export type SignedIn = { ok: true; user: PublicUser; token: string; expiresAt: Date };

export type SignInResult =
  | SignedIn
  /** The password was right; the second factor is due (named by `ticket`, for 5 minutes). */
  | { ok: false; reason: "second_factor"; ticket: string; expiresAt: Date }
  | { ok: false; reason: "invalid" }
  /** Too many failures for this account from this kind of client: wait, or reset the password. */
  | { ok: false; reason: "throttled"; retryAfter: number }
  | { ok: false; reason: "rate_limited"; retryAfter: number };

/** The audit entry of a sign-in step. */
function audit(
  db: Db,
  action: AuditAction,
  who: { id?: number | null; label: string },
  client: SignInClient,
  now: Date,
  details: Record<string, unknown>,
) {
  return recordAudit(db, {
    action,
    actorId: who.id ?? null,
    actorLabel: who.label,
    ip: client.ip,
    at: now,
    details,
  });
}

/** The counter a client's attempts on `user` (or on a name no account has) count against. */
async function counterOf(
  db: Db,
  login: string,
  user: UserRow | undefined,
  client: SignInClient,
  now: Date,
) {
  const device = user ? await trustedDeviceOf(db, user.id, client.deviceToken ?? null, now) : null;
  return throttleKey(login, user?.id ?? null, device);
}

/** Counts a failure; the entry says when the counter starts making the client wait. */
async function countFailed(
  db: Db,
  key: string,
  who: { id?: number | null; label: string },
  client: SignInClient,
  door: Door,
  now: Date,
) {
  const { failures, blockedUntil } = await countFailure(db, key, now);
  if (blockedUntil) {
    await audit(db, "sign_in_throttled", who, client, now, {
      door,
      failures,
      until: blockedUntil.toISOString(),
      client: key.includes(":device:") ? "trusted browser" : "other clients",
    });
  }
}

export async function signIn(
  db: Db,
  settings: SignInSettings,
  input: SignInRequest,
  now = new Date(),
): Promise<SignInResult> {
  const label = input.login.trim().slice(0, 254);
  const limit = await hitSignInLimit(db, settings.rateLimit, input.ip, now);
  if (!limit.allowed) {
    await audit(db, "sign_in_rate_limited", { label }, input, now, { door: input.door });
    return { ok: false, reason: "rate_limited", retryAfter: limit.retryAfter };
  }

  const user = await findUserByLogin(db, input.login);
  const who = { id: user?.id ?? null, label };
  const key = await counterOf(db, input.login, user, input, now);
  const wait = await throttledFor(db, key, now);
  if (wait > 0) {
    // Refused without looking at the password: a waiting client learns nothing from it.
    await audit(db, "sign_in_failed", who, input, now, { door: input.door, reason: "throttled" });
    return { ok: false, reason: "throttled", retryAfter: wait };
  }
  // Every path verifies one hash, so an unknown user takes as long as a wrong password.
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyHash()),
    input.password,
  );
  const fail = async (reason: string, counts = true) => {
    await audit(db, "sign_in_failed", who, input, now, { door: input.door, reason });
    if (counts) await countFailed(db, key, who, input, input.door, now);
    return { ok: false, reason: "invalid" } as const;
  };

  if (!user) return fail("unknown_user");
  if (!user.passwordHash) return fail("no_password_yet");
  if (!passwordOk) return fail("wrong_password");
  if (user.disabled) return fail("disabled", false);
  if (!input.roles.includes(toPublicUser(user).role)) return fail("role_not_allowed", false);

  if (user.totpSecret) {
    const { ticket, expiresAt } = await openChallenge(
      db,
      { purpose: "second_factor", userId: user.id, door: input.door },
      now,
    );
    await audit(db, "sign_in_second_factor_due", who, input, now, { door: input.door });
    return { ok: false, reason: "second_factor", ticket, expiresAt };
  }
  return completeSignIn(
    db,
    settings,
    user,
    input,
    { door: input.door, key, factors: ["password"] },
    now,
  );
}

export type SecondFactorResult =
  | SignedIn
  /** The code was wrong (or used); the same ticket may try again. */
  | { ok: false; reason: "wrong_code" }
  /** The ticket is unknown, used up or older than 5 minutes: sign in again. */
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "throttled" | "rate_limited"; retryAfter: number };

/**
 * The second step: a code from the authenticator app, or a recovery code, for the pending
 * sign-in `ticket` names. Wrong codes count toward the account's throttle; a code is accepted
 * once; the ticket ends with the sign-in.
 */
export async function verifySecondFactor(
  db: Db,
  settings: SignInSettings,
  input: SignInClient & { ticket: unknown; code: string },
  now = new Date(),
): Promise<SecondFactorResult> {
  const limit = await hitSignInLimit(db, settings.rateLimit, input.ip, now);
  if (!limit.allowed) return { ok: false, reason: "rate_limited", retryAfter: limit.retryAfter };
  const challenge = await findChallenge(db, input.ticket, "second_factor", now);
  const user = challenge?.userId ? await findUserById(db, challenge.userId) : undefined;
  if (!challenge || !user || user.disabled || !user.totpSecret)
    return { ok: false, reason: "expired" };
  const door = challenge.door as Door;
  const who = { id: user.id, label: user.email };
  const key = await counterOf(db, user.email, user, input, now);
  const wait = await throttledFor(db, key, now);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfter: wait };

  const factor = await checkSecondFactor(db, user, input.code.slice(0, 64));
  if (!factor) {
    await failChallenge(db, challenge.idHash);
    await audit(db, "second_factor_failed", who, input, now, { door });
    await countFailed(db, key, who, input, door, now);
    return { ok: false, reason: "wrong_code" };
  }
  // One sign-in per ticket: a second request with it finds it gone.
  if (!(await closeChallenge(db, challenge.idHash))) return { ok: false, reason: "expired" };
  if (factor === "recovery_code") {
    await audit(db, "recovery_code_used", who, input, now, { door });
  }
  return completeSignIn(
    db,
    settings,
    user,
    input,
    { door, key, factors: ["password", factor] },
    now,
  );
}

/**
 * Every factor has passed: the session (a new id, the one presented ends), the counter of this
 * client forgotten, the audit entry.
 */
export async function completeSignIn(
  db: Db,
  settings: SignInSettings,
  user: UserRow,
  client: SignInClient,
  how: { door: Door; factors: string[]; key?: string },
  now = new Date(),
): Promise<SignedIn> {
  if (how.key) await clearThrottle(db, how.key);
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  // A new id at every sign-in: a session id planted before sign-in is worthless after it.
  if (client.previousToken) await endSession(db, client.previousToken);
  const session = await createSession(
    db,
    user.id,
    settings,
    { ip: client.ip, userAgent: client.userAgent },
    now,
  );
  await audit(db, "sign_in", { id: user.id, label: user.email }, client, now, {
    door: how.door,
    factors: how.factors.join("+"),
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
