// One-time links that set a password: the invitation of a new account (72 hours) and the
// password reset (1 hour). The token is 256 random bits; only its SHA-256 is stored. A user has
// at most one live link: issuing one deletes the older, using one deletes them all, so only the
// newest link works and none works twice.
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { accountTokens, users } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { INVITATION_HOURS, RESET_HOURS } from "./account-mail.server.ts";
import { hashToken } from "./sessions.server.ts";
import type { UserRow } from "./users.server.ts";

export type LinkPurpose = "invitation" | "password_reset";

const LIFETIME_MS: Record<LinkPurpose, number> = {
  invitation: INVITATION_HOURS * 3_600_000,
  password_reset: RESET_HOURS * 3_600_000,
};

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new link for `userId`; every older link of the user stops working. Returns the token. */
export async function issueLink(
  tx: Pick<DbTransaction, "delete" | "insert">,
  userId: number,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<string> {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
  const token = randomBytes(32).toString("base64url");
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * What a presented token opens: its user and what for, or why it opens nothing (a link that is
 * gone: unknown, used, expired, or of a disabled account). Changes nothing.
 */
export async function checkLink(
  db: Pick<Db, "select">,
  token: unknown,
  now = new Date(),
): Promise<Result<{ user: UserRow; purpose: LinkPurpose }>> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) {
    return failure("gone", LINK_TEXTS.invalid);
  }
  const [row] = await db
    .select({ link: accountTokens, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(eq(accountTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return failure("gone", LINK_TEXTS.invalid);
  if (row.link.expiresAt.getTime() <= now.getTime()) return failure("gone", LINK_TEXTS.expired);
  // A link never enables a disabled account (only the CLI's reset does).
  if (row.user.disabled) return failure("gone", LINK_TEXTS.disabled);
  return success({ user: row.user, purpose: row.link.purpose as LinkPurpose });
}

/**
 * Uses `token` up, with every other link of its user, inside the caller's transaction. False
 * when it was already used, superseded or expired in the meantime (two posts at once: one wins).
 */
export async function useLink(tx: DbTransaction, token: string, now = new Date()) {
  const [used] = await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId });
  if (!used) return false;
  await tx.delete(accountTokens).where(eq(accountTokens.userId, used.userId));
  return true;
}

/** Ends every link of a user (their password was just set another way). */
export async function dropLinks(tx: Pick<DbTransaction, "delete">, userId: number) {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}

/** Users of `ids` who have a live link (an invitation or reset they may still use). */
export async function usersWithLiveLinks(
  db: Pick<Db, "selectDistinct">,
  ids: number[],
  now = new Date(),
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(inArray(accountTokens.userId, ids), gt(accountTokens.expiresAt, now)));
  return new Set(rows.map((r) => r.userId));
}

export const LINK_TEXTS = {
  invalid:
    "This link does not work: it was already used, a newer one was sent, or it was copied incompletely. Ask for a new one.",
  expired: "This link has expired. Ask for a new one.",
  disabled: "This account is disabled. Ask an administrator to enable it first.",
} as const;
