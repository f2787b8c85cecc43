// What people do with their own account, and what an admin does for them: invitations,
// password resets (asked for by the owner or sent by an admin), setting a password through a
// link, and changing it on /account. Every change is audited and every message goes through
// the outbox in the same transaction.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, ne, sql } from "drizzle-orm";
import { type Actor, auditChange, recordAudit } from "#app/domain/audit/audit.server.ts";
import { type StaffMail, staffMailOf } from "#app/domain/mail/brand.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { sessions, users } from "#app/platform/db/schema.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { failure, type Result, type Success, success } from "#app/platform/result.ts";
import {
  checkLink,
  dropLinks,
  issueLink,
  LINK_TEXTS,
  type LinkPurpose,
  useLink,
} from "./account-links.server.ts";
import {
  accountEmails,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
} from "./account-mail.server.ts";
import { tooManyAttempts } from "./auth.schema.ts";
import { listPasskeys, removeAllPasskeys } from "./passkeys.server.ts";
import { hashPassword } from "./password.server.ts";
import { newPasswordProblems, personalWords } from "./password-policy.server.ts";
import type { PublicUser } from "./roles.ts";
import { confirmSession, hashToken } from "./sessions.server.ts";
import {
  checkAccountPassword,
  type SignInClient,
  type Throttled,
  throttled,
} from "./sign-in.server.ts";
import { clearUserThrottles } from "./throttle.server.ts";
import { findUserById, findUserByLogin, toPublicUser } from "./users.server.ts";

/** What account e-mails need: the outbox and the brand, loaded before a transaction opens. */
export type AccountMail = StaffMail;

export const accountMailOf = (
  services: Pick<AppServices, "db" | "storage" | "env" | "logger" | "outbox">,
): Promise<AccountMail> => staffMailOf(services, accountEmails);

/** Sends `user` a new invitation link (any older link stops working). */
export async function sendInvitation(
  tx: DbTransaction,
  user: PublicUser,
  mail: AccountMail,
  now = new Date(),
): Promise<void> {
  const token = await issueLink(tx, user.id, "invitation", now);
  await mail.outbox.enqueue(tx, [await invitationMail(user, token, mail.brand)]);
}

async function sendResetLink(tx: DbTransaction, user: PublicUser, mail: AccountMail, now: Date) {
  const token = await issueLink(tx, user.id, "password_reset", now);
  await mail.outbox.enqueue(tx, [await passwordResetMail(user, token, mail.brand)]);
}

export const ACCOUNT_TEXTS = {
  notFound: "User not found.",
  hasPassword: "This user has already chosen a password: send a password reset instead.",
  disabled: "This account is disabled: enable it first.",
  wrongCurrent: "Your current password is not correct.",
  forgotAnswer:
    "If an account exists for that address, we sent a link to choose a new password. It works for one hour.",
} as const;

/** What /account says about "confirm it's you" (the page and its passkey door). */
export const ACCOUNT_PAGE_TEXTS = {
  confirmFirst:
    "Confirm it's you first: enter your password, a code or use your passkey under “Confirm it's you”.",
  confirmed: "Thank you. For the next 10 minutes you can change your sign-in settings.",
  wrongPassword: "Your password is not correct.",
  wrongCode: "That code is not right, or was already used.",
  nothingGiven: "Enter your password or a code.",
} as const;

/**
 * A new link for an enabled user, sent by an admin from the Users screen: an invitation (for
 * someone who has no password yet) or a password reset (for anyone). The value is the user.
 */
function sendLinkByAdmin(
  db: Db,
  id: number,
  actor: Actor,
  mail: AccountMail,
  purpose: "invitation" | "password_reset",
): Promise<Result<PublicUser>> {
  return db.transaction(async (tx) => {
    const row = await findUserById(tx, id);
    if (!row) return failure("not-found", ACCOUNT_TEXTS.notFound);
    if (purpose === "invitation" && row.passwordHash) {
      return failure("conflict", ACCOUNT_TEXTS.hasPassword);
    }
    if (row.disabled) return failure("conflict", ACCOUNT_TEXTS.disabled);
    const user = toPublicUser(row);
    if (purpose === "invitation") await sendInvitation(tx, user, mail);
    else await sendResetLink(tx, user, mail, new Date());
    const action = purpose === "invitation" ? "invitation_sent" : "password_reset_sent";
    await auditChange(tx, actor, action, `user:${id}`, { email: user.email });
    return success(user);
  });
}

/** The Users screen's "Resend invitation": a new link for a user who has no password yet. */
export const resendInvitation = (db: Db, id: number, actor: Actor, mail: AccountMail) =>
  sendLinkByAdmin(db, id, actor, mail, "invitation");

/** The Users screen's "Send password reset": a reset link to any enabled user. */
export const sendPasswordResetByAdmin = (db: Db, id: number, actor: Actor, mail: AccountMail) =>
  sendLinkByAdmin(db, id, actor, mail, "password_reset");

/** Reset links asked for per client address, and per e-mail address, per hour. */
export const FORGOT_LIMITS = { perIp: 10, perAddress: 3, windowSeconds: 3600 } as const;

/**
 * Every answer to "forgot password" takes at least this long: sending a link (a token, a
 * rendered e-mail, a transaction) must not tell a known address from an unknown one by time.
 */
export const FORGOT_ANSWER_MS = 800;

/**
 * "Forgot password": a reset link to the account with this e-mail, if there is an enabled one.
 * The answer is the same, after the same time, whether or not it exists; only the per-client
 * limit shows (too many asks from the client's network), as it says nothing about the account.
 */
export async function requestPasswordReset(
  db: Db,
  mail: AccountMail,
  input: { email: string; ip: string },
  now = new Date(),
): Promise<Success<void> | Throttled> {
  const started = performance.now();
  try {
    return await sendResetIfKnown(db, mail, input, now);
  } finally {
    await sleep(Math.max(0, FORGOT_ANSWER_MS - (performance.now() - started)));
  }
}

async function sendResetIfKnown(
  db: Db,
  mail: AccountMail,
  input: { email: string; ip: string },
  now: Date,
): Promise<Success<void> | Throttled> {
  const address = input.email.trim().toLowerCase().slice(0, 254);
  const byIp = await hitRateLimit(
    db,
    `forgot:ip:${input.ip}`,
    FORGOT_LIMITS.perIp,
    FORGOT_LIMITS.windowSeconds,
    now,
  );
  const audit = { actorLabel: address, ip: input.ip, at: now };
  if (!byIp.allowed) {
    await recordAudit(db, { ...audit, action: "password_reset_limited", details: { by: "ip" } });
    return throttled(tooManyAttempts(byIp.retryAfter), byIp.retryAfter);
  }
  // The counter's key keeps no address (as the acknowledgement limit does).
  const byAddress = await hitRateLimit(
    db,
    `forgot:address:${createHash("sha256").update(address).digest("hex")}`,
    FORGOT_LIMITS.perAddress,
    FORGOT_LIMITS.windowSeconds,
    now,
  );
  const row = address.includes("@") ? await findUserByLogin(db, address) : undefined;
  if (!byAddress.allowed) {
    await recordAudit(db, {
      ...audit,
      action: "password_reset_limited",
      actorId: row?.id ?? null,
      details: { by: "address" },
    });
    return success();
  }
  if (!row || row.disabled) {
    await recordAudit(db, {
      ...audit,
      action: "password_reset_requested",
      actorId: row?.id ?? null,
      details: { sent: false, reason: row ? "disabled" : "unknown_address" },
    });
    return success();
  }
  await db.transaction(async (tx) => {
    await sendResetLink(tx, toPublicUser(row), mail, now);
    await recordAudit(tx, {
      ...audit,
      action: "password_reset_requested",
      actorId: row.id,
      target: `user:${row.id}`,
      details: { sent: true },
    });
  });
  return success();
}

/** Stores a new hash and forgets the failed sign-ins: the account is unlocked (never enabled). */
async function storePassword(tx: DbTransaction, userId: number, password: string) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await clearUserThrottles(tx, userId);
}

/**
 * Sets the password through an invitation or reset link: the link (and any other of the user)
 * is used up, the account unlocked but never enabled, every session of the user ended; after
 * a reset the owner is told by e-mail. The value is the user and what the link was for.
 */
export async function setPasswordWithLink(
  db: Db,
  mail: AccountMail,
  input: {
    token: string;
    password: string;
    confirmPassword: string;
    ip: string;
    userAgent?: string;
  },
  now = new Date(),
): Promise<Result<{ user: PublicUser; purpose: LinkPurpose }>> {
  const link = await checkLink(db, input.token, now);
  if (!link.ok) return link;
  const { purpose } = link.value;
  const problems = await newPasswordProblems(input.password, input.confirmPassword, {
    userInputs: personalWords(link.value.user),
  });
  if (problems) return failure("invalid", "", problems);
  const user = toPublicUser(link.value.user);
  const reset = purpose === "password_reset";
  const passkeysHeld = reset ? (await listPasskeys(db, user.id)).length : 0;
  const notice = reset
    ? await passwordChangedMail(user, mail.brand, {
        at: now,
        ip: input.ip,
        userAgent: input.userAgent,
        how: "reset",
        passkeysRemoved: passkeysHeld,
      })
    : null;
  return db.transaction(async (tx) => {
    if (!(await useLink(tx, input.token, now))) {
      return failure("gone", LINK_TEXTS.invalid);
    }
    await storePassword(tx, user.id, input.password);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Whoever took over the account may have added a passkey: a reset takes every way in back.
    if (reset) await removeAllPasskeys(tx, user.id);
    await recordAudit(tx, {
      action: purpose === "invitation" ? "invitation_accepted" : "password_reset_completed",
      actorId: user.id,
      actorLabel: user.email,
      target: `user:${user.id}`,
      ip: input.ip,
      at: now,
    });
    if (notice) await mail.outbox.enqueue(tx, [notice]);
    return success({ user, purpose });
  });
}

/**
 * Changes the signed-in user's own password: the current one is required, the new one passes
 * the policy; every other session ends and the owner is told by e-mail. The value is the user.
 */
export async function changeOwnPassword(
  db: Db,
  mail: AccountMail,
  input: {
    userId: number;
    sessionToken: string;
    currentPassword: string;
    password: string;
    confirmPassword: string;
    client: SignInClient;
  },
  now = new Date(),
): Promise<Result<PublicUser>> {
  const row = await findUserById(db, input.userId);
  if (!row) return failure("not-found", ACCOUNT_TEXTS.notFound);
  // The current password is checked like a sign-in: the same throttle, taken before the check.
  const current = await checkAccountPassword(db, row, input.currentPassword, input.client, now);
  if (!current.ok && current.reason === "too-many") return current;
  const label = {
    actorId: row.id,
    actorLabel: row.email,
    target: `user:${row.id}`,
    ip: input.client.ip,
  };
  if (!current.ok) {
    await recordAudit(db, { ...label, action: "password_change_failed", at: now });
    return failure("invalid", ACCOUNT_TEXTS.wrongCurrent, {
      currentPassword: ACCOUNT_TEXTS.wrongCurrent,
    });
  }
  const problems = await newPasswordProblems(input.password, input.confirmPassword, {
    userInputs: personalWords(row),
    currentHash: row.passwordHash,
  });
  if (problems) return failure("invalid", "", problems);
  const user = toPublicUser(row);
  const notice = await passwordChangedMail(user, mail.brand, {
    at: now,
    ip: input.client.ip,
    userAgent: input.client.userAgent,
    how: "changed",
  });
  await db.transaction(async (tx) => {
    await storePassword(tx, row.id, input.password);
    await dropLinks(tx, row.id);
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, row.id), ne(sessions.idHash, hashToken(input.sessionToken))));
    await recordAudit(tx, { ...label, action: "password_changed", at: now });
    await mail.outbox.enqueue(tx, [notice]);
    await confirmSession(tx, input.sessionToken, "password", now);
  });
  return success(user);
}
