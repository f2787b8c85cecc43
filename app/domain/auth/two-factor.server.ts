// Two-factor sign-in turned on and off: time-based codes from an authenticator app and ten
// single-use recovery codes (checked in codes.server.ts). Enrolment shows a QR code drawn here as
// SVG (no image from anywhere else) and the key as text, and is confirmed by one valid code.
import { randomBytes } from "node:crypto";
import { getTOTPAuthUri } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { recoveryCodes, users } from "#app/platform/db/schema.ts";
import { type Failure, failure, type Result, type Success, success } from "#app/platform/result.ts";
import type { AccountMail } from "./account.server.ts";
import { securityNoticeMail } from "./account-mail.server.ts";
import { codeStep, newRecoveryCodes, TOTP } from "./codes.server.ts";
import { hasPasskey, removeAllPasskeys } from "./passkeys.server.ts";
import { confirmSession, endOtherSessions } from "./sessions.server.ts";
import {
  checkAccountCode,
  checkAccountPassword,
  type PasswordCheck,
  type SignInClient,
} from "./sign-in.server.ts";
import { findUserById, toPublicUser, type UserRow } from "./users.server.ts";

export const TWO_FACTOR_TEXTS = {
  wrongCode: "That code is not right, or was already used. Enter the current code from your app.",
  noEnrolment: "Start the set-up again: the key shown has expired.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  nothingToReset: "This user has neither two-factor codes nor a passkey.",
  wrongPassword: "Your password is not correct.",
  codeOrRecovery: "Enter a code from your app or one of your recovery codes.",
  notFound: "User not found.",
} as const;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding (what authenticator apps take). */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** What the enrolment shows: the key as text (in groups of four) and as a QR code. */
export interface TotpEnrolment {
  key: string;
  uri: string;
  qrSvg: string;
}

async function enrolmentOf(secret: string, user: UserRow, issuer: string): Promise<TotpEnrolment> {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { key: secret.match(/.{1,4}/g)?.join(" ") ?? secret, uri, qrSvg };
}

/** Starts an enrolment for a user without two-factor: a new key, kept pending until confirmed. */
export async function startTotpEnrolment(
  db: Db,
  user: UserRow,
  issuer: string,
): Promise<TotpEnrolment | null> {
  if (user.totpSecret) return null;
  // 160 bits, as RFC 4226 recommends.
  const secret = base32(randomBytes(20));
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  return enrolmentOf(secret, { ...user, totpPendingSecret: secret }, issuer);
}

/** The enrolment under way (the pending key, shown again), or null when there is none. */
export function pendingEnrolment(user: UserRow, issuer: string): Promise<TotpEnrolment> | null {
  return !user.totpSecret && user.totpPendingSecret
    ? enrolmentOf(user.totpPendingSecret, user, issuer)
    : null;
}

/** Drops the key of an enrolment not confirmed (the person cancelled the set-up). */
export async function cancelTotpEnrolment(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ totpPendingSecret: null }).where(eq(users.id, userId));
}

/** A refused password or code after sign-in, as the form shows it. */
function refusedCheck(
  check: Exclude<PasswordCheck, Success<void>>,
  field: "password" | "code",
  error: string,
): Failure {
  if (check.reason === "too-many") return check;
  return failure("invalid", error, { [field]: error });
}

/**
 * Turns two-factor on with the pending key, after one valid code; returns the recovery codes.
 * Every other session of the user ends: whoever else was signed in must now give a code too.
 */
export async function confirmTotpEnrolment(
  db: Db,
  user: UserRow,
  code: string,
  actor: Actor,
  mail: AccountMail,
  client: SignInClient = { ip: actor.ip },
): Promise<Result<{ recoveryCodes: string[]; endedSessions: number }>> {
  if (user.totpSecret) return failure("conflict", TWO_FACTOR_TEXTS.alreadyOn);
  const secret = user.totpPendingSecret;
  if (!secret) return failure("conflict", TWO_FACTOR_TEXTS.noEnrolment);
  const step = await codeStep(secret, code.replace(/\s/g, ""));
  if (step === null) {
    return failure("invalid", TWO_FACTOR_TEXTS.wrongCode, { code: TWO_FACTOR_TEXTS.wrongCode });
  }
  const notice = await securityNoticeMail(toPublicUser(user), mail.brand, {
    template: "two-factor-on",
    heading: "Two-factor sign-in is on",
    happened:
      "Signing in to your account now asks for a code from your authenticator app after the password. Every other session was signed out.",
    at: new Date(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(users.id, user.id));
    const made = await newRecoveryCodes(tx, user.id);
    const ended = await endOtherSessions(tx, user.id, client.previousToken ?? "");
    if (client.previousToken) await confirmSession(tx, client.previousToken, "totp");
    await auditChange(tx, actor, "two_factor_enabled", `user:${user.id}`, {
      otherSessionsEnded: ended,
    });
    await mail.outbox.enqueue(tx, [notice]);
    return success({ recoveryCodes: made, endedSessions: ended });
  });
}

/**
 * Ten new recovery codes for a user with two-factor on (the old ones stop working); shown once.
 * The value is the codes.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  user: UserRow,
  actor: Actor,
  mail: AccountMail,
  client: SignInClient = { ip: actor.ip },
): Promise<Result<string[]>> {
  if (!user.totpSecret) return failure("conflict", TWO_FACTOR_TEXTS.notOn);
  const notice = await securityNoticeMail(toPublicUser(user), mail.brand, {
    template: "recovery-codes-new",
    heading: "New recovery codes",
    happened:
      "Ten new recovery codes were made for your account from the account page. The old ones no longer work.",
    at: new Date(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return db.transaction(async (tx) => {
    const made = await newRecoveryCodes(tx, user.id);
    await auditChange(tx, actor, "recovery_codes_renewed", `user:${user.id}`);
    await mail.outbox.enqueue(tx, [notice]);
    return success(made);
  });
}

/** Two-factor codes off for a user: the key, any pending one, and the recovery codes go. */
export async function clearTwoFactor(tx: Pick<Db, "update" | "delete">, userId: number) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

async function turnOff(
  db: Db,
  user: UserRow,
  actor: Actor,
  mail: AccountMail,
  how: {
    action: "two_factor_disabled" | "two_factor_reset";
    happened: string;
    client: SignInClient;
    /** The admin's reset: the passkeys go too (whoever has the account may have added one). */
    passkeys?: boolean;
  },
) {
  const notice = await securityNoticeMail(toPublicUser(user), mail.brand, {
    template: "two-factor-off",
    heading: "Two-factor sign-in is off",
    happened: how.happened,
    at: new Date(),
    ip: how.client.ip,
    userAgent: how.client.userAgent,
  });
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    const passkeysRemoved = how.passkeys ? await removeAllPasskeys(tx, user.id) : 0;
    await auditChange(tx, actor, how.action, `user:${user.id}`, {
      email: user.email,
      ...(how.passkeys ? { passkeysRemoved } : {}),
    });
    await mail.outbox.enqueue(tx, [notice]);
  });
}

/**
 * The owner turns two-factor off: their password and a current or recovery code are required,
 * each checked like a sign-in (the account's throttle, taken before the check).
 */
export async function disableTotp(
  db: Db,
  user: UserRow,
  input: { password: string; code: string },
  actor: Actor,
  mail: AccountMail,
  client: SignInClient = { ip: actor.ip },
): Promise<Result> {
  if (!user.totpSecret) return failure("conflict", TWO_FACTOR_TEXTS.notOn);
  const password = await checkAccountPassword(db, user, input.password, client);
  if (!password.ok) return refusedCheck(password, "password", TWO_FACTOR_TEXTS.wrongPassword);
  const code = await checkAccountCode(db, user, input.code, client);
  if (!code.ok) return refusedCheck(code, "code", TWO_FACTOR_TEXTS.codeOrRecovery);
  await turnOff(db, user, actor, mail, {
    action: "two_factor_disabled",
    happened:
      "Two-factor sign-in was turned off from the account page: a password alone signs in now.",
    client,
  });
  return success();
}

/**
 * An admin helps a user who lost both their device and their recovery codes: the admin's own
 * password is required (checked like a sign-in of the admin); the user's two-factor codes and
 * passkeys are removed and the user is told by e-mail.
 */
export async function resetTwoFactorByAdmin(
  db: Db,
  targetId: number,
  adminPassword: string,
  actor: Actor,
  mail: AccountMail,
  client: SignInClient = { ip: actor.ip },
): Promise<Result> {
  const [target, admin] = await Promise.all([
    findUserById(db, targetId),
    findUserById(db, actor.user.id),
  ]);
  if (!admin) return failure("not-found", TWO_FACTOR_TEXTS.notFound);
  const password = await checkAccountPassword(db, admin, adminPassword, client);
  if (!password.ok) return refusedCheck(password, "password", TWO_FACTOR_TEXTS.wrongPassword);
  if (!target) return failure("not-found", TWO_FACTOR_TEXTS.notFound);
  if (!target.totpSecret && !(await hasPasskey(db, target.id))) {
    return failure("conflict", TWO_FACTOR_TEXTS.nothingToReset);
  }
  await turnOff(db, target, actor, mail, {
    action: "two_factor_reset",
    happened:
      "An administrator turned two-factor sign-in off for your account, as you asked, and removed its passkeys. Turn two-factor on again, or add a passkey, from the account page.",
    client: { ip: actor.ip },
    passkeys: true,
  });
  return success();
}
