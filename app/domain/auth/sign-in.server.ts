// Signing in and out, for every door (/login, /admin, /portal, POST /api/auth/login): a per-IP
// rate limit, throttling per account and kind of client (throttle.server.ts), one answer for
// every kind of failure, a second step for two-factor accounts (no session exists until it
// passes), and audit entries.
// Over 400 lines because every door's sign-in goes through the same limits, throttles and second
// step; a door of its own would be a rule of its own.
import { eq } from "drizzle-orm";
import { type AuditAction, recordAudit } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { authChallenges, users } from "#app/platform/db/schema.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { type Failure, failure, type Success, success } from "#app/platform/result.ts";
import { CODE_EXPIRED, tooManyAttempts, tooManyFailures } from "./auth.schema.ts";
import {
  closeChallenge,
  endIfUsedUp,
  findChallenge,
  openChallenge,
  takeChallengeAttempt,
} from "./challenges.server.ts";
import { checkSecondFactor } from "./codes.server.ts";
import { trustedDeviceOf } from "./devices.server.ts";
import type { Factor } from "./factors.ts";
import { hasPasskey, userPasskeyOptions, verifyUserPasskey } from "./passkeys.server.ts";
import { dummyHash, verifyPassword } from "./password.server.ts";
import type { PublicUser, Role } from "./roles.ts";
import { createSession, endSession, findSession, type SessionSettings } from "./sessions.server.ts";
import {
  type Attempt,
  clearThrottle,
  refundAttempt,
  takeAttempt,
  throttleKey,
} from "./throttle.server.ts";
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

/** A completed sign-in: who, and the new session's token and end. */
export interface SessionStarted {
  user: PublicUser;
  token: string;
  expiresAt: Date;
}

export type SignedIn = Success<SessionStarted>;

/** Too many attempts: the client waits `retryAfter` seconds (the answer's Retry-After). */
export interface Throttled extends Failure {
  reason: "too-many";
  retryAfter: number;
}

/** A proof (a password, a code, a sign-in ticket) that did not verify. */
export interface Unauthorized extends Failure {
  reason: "unauthorized";
}

const unauthorized = (error: string) => failure("unauthorized", error) as Unauthorized;

export const throttled = (error: string, retryAfter: number): Throttled => ({
  ok: false,
  reason: "too-many",
  error,
  retryAfter,
});

/** What the second step of a sign-in takes: a code from the app, or one of the user's passkeys. */
export type SecondStep = "totp" | "passkey";

export type SignInResult =
  | SignedIn
  /** The password was right; the second factor is due (named by `ticket`, for 5 minutes). */
  | {
      ok: false;
      reason: "second_factor";
      ticket: string;
      expiresAt: Date;
      methods: SecondStep[];
    }
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
  client: Pick<SignInClient, "deviceToken">,
  now: Date,
) {
  const device = user ? await trustedDeviceOf(db, user.id, client.deviceToken ?? null, now) : null;
  return throttleKey(login, user?.id ?? null, device);
}

/** A failed attempt (already counted when taken): the entry says when the counter makes it wait. */
async function noteFailure(
  db: Db,
  key: string,
  attempt: Extract<Attempt, { allowed: true }>,
  who: { id?: number | null; label: string },
  client: SignInClient,
  door: string,
  now: Date,
) {
  if (!attempt.blockedUntil) return;
  await audit(db, "sign_in_throttled", who, client, now, {
    door,
    failures: attempt.failures,
    until: attempt.blockedUntil.toISOString(),
    client: key.includes(":device:") ? "trusted browser" : "other clients",
  });
}

/** The second steps `user` has: their authenticator app's codes, their passkeys. */
export async function secondStepsOf(db: Db, user: UserRow): Promise<SecondStep[]> {
  const steps: SecondStep[] = [];
  if (user.totpSecret) steps.push("totp");
  if (await hasPasskey(db, user.id)) steps.push("passkey");
  return steps;
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
  // The attempt counts before the password is looked at: parallel guesses each take one.
  const attempt = await takeAttempt(db, key, now);
  if (!attempt.allowed) {
    // Refused without looking at the password: a waiting client learns nothing from it.
    await audit(db, "sign_in_failed", who, input, now, { door: input.door, reason: "throttled" });
    return { ok: false, reason: "throttled", retryAfter: attempt.retryAfter };
  }
  // Every path verifies one hash, so an unknown user takes as long as a wrong password.
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyHash()),
    input.password,
  );
  const fail = async (reason: string) => {
    await audit(db, "sign_in_failed", who, input, now, { door: input.door, reason });
    return { ok: false, reason: "invalid" } as const;
  };

  if (!user?.passwordHash || !passwordOk) {
    await noteFailure(db, key, attempt, who, input, input.door, now);
    return fail(!user ? "unknown_user" : !user.passwordHash ? "no_password_yet" : "wrong_password");
  }
  // The right password is no failure, even where the account cannot sign in here.
  await refundAttempt(db, key, now);
  if (user.disabled) return fail("disabled");
  if (!input.roles.includes(toPublicUser(user).role)) return fail("role_not_allowed");

  // Owning a second factor means using it: a passkey is asked for as surely as a code.
  const methods = await secondStepsOf(db, user);
  if (methods.length > 0) {
    const { ticket, expiresAt } = await openChallenge(
      db,
      { purpose: "second_factor", userId: user.id, door: input.door },
      now,
    );
    await audit(db, "sign_in_second_factor_due", who, input, now, { door: input.door, methods });
    return { ok: false, reason: "second_factor", ticket, expiresAt, methods };
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
  /** The code or passkey was wrong (or used); the same ticket may try again. */
  | { ok: false; reason: "wrong_code"; methods: SecondStep[] }
  /** The ticket is unknown, used up or older than 5 minutes: sign in again. */
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "throttled"; retryAfter: number; methods: SecondStep[] }
  | { ok: false; reason: "rate_limited"; retryAfter: number };

/** The answer to a pending second step: a code (app or recovery), or a passkey's response. */
export type SecondStepAnswer = { code: string } | { passkey: unknown; siteUrl: string };

/** The live second step a ticket names, with its user (enabled, with a second factor). */
async function pendingSecondStep(db: Db, ticket: unknown, now: Date) {
  const challenge = await findChallenge(db, ticket, "second_factor", now);
  const user = challenge?.userId ? await findUserById(db, challenge.userId) : undefined;
  if (!challenge || !user || user.disabled) return null;
  const methods = await secondStepsOf(db, user);
  return methods.length ? { challenge, user, methods } : null;
}

type PasskeyOptions = NonNullable<Awaited<ReturnType<typeof userPasskeyOptions>>>;

/**
 * The options for answering a pending second step with a passkey (the user's own passkeys);
 * the WebAuthn challenge is kept on the ticket. Refused when the ticket is gone or the user has
 * none (the sign-in starts again), or when the client's network made too many attempts.
 */
export async function secondStepPasskeyOptions(
  db: Db,
  settings: SignInSettings,
  input: { ticket: unknown; ip: string; siteUrl: string },
  now = new Date(),
): Promise<Success<PasskeyOptions> | Unauthorized | Throttled> {
  const limit = await hitSignInLimit(db, settings.rateLimit, input.ip, now);
  if (!limit.allowed) return throttled(tooManyAttempts(limit.retryAfter), limit.retryAfter);
  const expired = unauthorized(CODE_EXPIRED);
  const pending = await pendingSecondStep(db, input.ticket, now);
  if (!pending?.methods.includes("passkey")) return expired;
  const options = await userPasskeyOptions(db, pending.user.id, input.siteUrl);
  if (!options) return expired;
  await db
    .update(authChallenges)
    .set({ challenge: options.challenge })
    .where(eq(authChallenges.idHash, pending.challenge.idHash));
  return success(options);
}

/**
 * The second step: a code from the authenticator app, a recovery code, or one of the user's
 * passkeys, for the pending sign-in `ticket` names. Each answer takes one of the ticket's
 * attempts and one of the account's throttle before it is looked at; a code is accepted once;
 * the ticket ends with the sign-in.
 */
export async function verifySecondFactor(
  db: Db,
  settings: SignInSettings,
  input: SignInClient & { ticket: unknown } & SecondStepAnswer,
  now = new Date(),
): Promise<SecondFactorResult> {
  const limit = await hitSignInLimit(db, settings.rateLimit, input.ip, now);
  if (!limit.allowed) return { ok: false, reason: "rate_limited", retryAfter: limit.retryAfter };
  const pending = await pendingSecondStep(db, input.ticket, now);
  if (!pending) return { ok: false, reason: "expired" };
  const { challenge, user, methods } = pending;
  const door = challenge.door as Door;
  const who = { id: user.id, label: user.email };
  if (!(await takeChallengeAttempt(db, challenge.idHash, now))) {
    return { ok: false, reason: "expired" };
  }
  const key = await counterOf(db, user.email, user, input, now);
  const attempt = await takeAttempt(db, key, now);
  if (!attempt.allowed) {
    return { ok: false, reason: "throttled", retryAfter: attempt.retryAfter, methods };
  }

  let factor: Factor | null = null;
  if ("code" in input) {
    factor = await checkSecondFactor(db, user, input.code.slice(0, 64));
  } else if (
    methods.includes("passkey") &&
    challenge.challenge &&
    (await verifyUserPasskey(db, user.id, input.passkey, challenge.challenge, input.siteUrl))
  ) {
    factor = "passkey";
  }
  if (!factor) {
    await endIfUsedUp(db, challenge.idHash);
    await audit(db, "second_factor_failed", who, input, now, {
      door,
      with: "code" in input ? "code" : "passkey",
    });
    await noteFailure(db, key, attempt, who, input, door, now);
    return { ok: false, reason: "wrong_code", methods };
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

export type PasswordCheck = Success<void> | Unauthorized | Throttled;

/** A proof refused by the account's throttle, before it was looked at. */
const throttledProof = (attempt: { retryAfter: number }) =>
  throttled(tooManyFailures(attempt.retryAfter), attempt.retryAfter);

/**
 * A password given after sign-in ("confirm it's you", turning two-factor off, an admin's own
 * password for a reset): it shares the sign-in throttle of this user and client, so a stolen
 * session is no way to guess the password faster than the sign-in page allows.
 */
export async function checkAccountPassword(
  db: Db,
  user: UserRow,
  password: string,
  client: SignInClient,
  now = new Date(),
): Promise<PasswordCheck> {
  const key = await counterOf(db, user.email, user, client, now);
  const attempt = await takeAttempt(db, key, now);
  if (!attempt.allowed) return throttledProof(attempt);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
    await refundAttempt(db, key, now);
    return success();
  }
  await noteFailure(db, key, attempt, { id: user.id, label: user.email }, client, "account", now);
  return unauthorized("Your password is not correct.");
}

/**
 * A code (app or recovery) given after sign-in: the same throttle as the password. Which kind
 * passed, or why not.
 */
export async function checkAccountCode(
  db: Db,
  user: UserRow,
  code: string,
  client: SignInClient,
  now = new Date(),
): Promise<Success<Factor> | Unauthorized | Throttled> {
  const key = await counterOf(db, user.email, user, client, now);
  const attempt = await takeAttempt(db, key, now);
  if (!attempt.allowed) return throttledProof(attempt);
  const factor = await checkSecondFactor(db, user, code.slice(0, 64));
  if (factor) {
    await refundAttempt(db, key, now);
    return success(factor);
  }
  await noteFailure(db, key, attempt, { id: user.id, label: user.email }, client, "account", now);
  return unauthorized("That code is not right, or was already used.");
}

/**
 * Every factor has passed: the session (a new id, the one presented ends, how it was completed),
 * the counter of this client forgotten, the audit entry.
 */
export async function completeSignIn(
  db: Db,
  settings: SignInSettings,
  user: UserRow,
  client: SignInClient,
  how: { door: Door; factors: Factor[]; key?: string },
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
    { ip: client.ip, userAgent: client.userAgent, factors: how.factors },
    now,
  );
  await audit(db, "sign_in", { id: user.id, label: user.email }, client, now, {
    door: how.door,
    factors: how.factors.join("+"),
  });
  return success({ user: toPublicUser(user), ...session });
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
