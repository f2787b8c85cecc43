// Links of a registration (decision 0017): the one-time links sent by e-mail (confirming the
// student's address, answering a waitlist offer) and the visitor's confirmation page (a
// receipt, which is read, not used up). 256 random bits; only the SHA-256 is stored; a
// registration has one live one-time link per purpose, and using a link deletes it.
import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne } from "drizzle-orm";
import { hashToken } from "#app/domain/auth/sessions.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { registrationTokens } from "#app/platform/db/schema.ts";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type TokenPurpose = "email" | "offer" | "receipt";

/**
 * A new link for the registration. An older one-time link of the same purpose stops working;
 * receipts stay (a visitor who sent the form twice keeps both pages).
 */
export async function issueRegistrationToken(
  tx: DbTransaction,
  registrationId: number,
  purpose: TokenPurpose,
  expiresAt: Date,
): Promise<string> {
  if (purpose !== "receipt") {
    await tx
      .delete(registrationTokens)
      .where(
        and(
          eq(registrationTokens.registrationId, registrationId),
          eq(registrationTokens.purpose, purpose),
        ),
      );
  }
  const token = randomBytes(32).toString("base64url");
  await tx.insert(registrationTokens).values({
    tokenHash: hashToken(token),
    registrationId,
    purpose,
    expiresAt,
  });
  return token;
}

/** The row of a token that still works: its hash, for its purpose, not expired. */
const live = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(registrationTokens.tokenHash, hashToken(token)),
    eq(registrationTokens.purpose, purpose),
    gt(registrationTokens.expiresAt, now),
  );

/** The registration a live token names, or null (unknown, used, expired or malformed). */
export async function registrationOfToken(
  db: Pick<Db, "select">,
  token: unknown,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ id: registrationTokens.registrationId })
    .from(registrationTokens)
    .where(live(token, purpose, now));
  return row?.id ?? null;
}

/** Uses a token: deleting it is the use, so of two posts at once one wins. */
export async function spendRegistrationToken(
  tx: DbTransaction,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx
    .delete(registrationTokens)
    .where(live(token, purpose, now))
    .returning({ id: registrationTokens.registrationId });
  return row?.id ?? null;
}

/** Every one-time link of a registration stops working (it was cancelled); its receipt stays. */
export async function dropRegistrationTokens(tx: DbTransaction, registrationId: number) {
  await tx
    .delete(registrationTokens)
    .where(
      and(
        eq(registrationTokens.registrationId, registrationId),
        ne(registrationTokens.purpose, "receipt"),
      ),
    );
}

/** Links past their expiry open nothing any more: the registrations job deletes them. */
export async function purgeExpiredRegistrationTokens(db: Pick<Db, "delete">, now: Date) {
  const gone = await db
    .delete(registrationTokens)
    .where(lte(registrationTokens.expiresAt, now))
    .returning({ hash: registrationTokens.tokenHash });
  return gone.length;
}
