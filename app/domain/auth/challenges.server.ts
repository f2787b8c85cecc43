// Steps of a sign-in or an enrolment under way, each named by a random ticket (only its hash is
// stored): the second factor due after a password (no session exists until it passes), and the
// WebAuthn challenges of a passkey sign-in or registration. They expire in minutes.
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { authChallenges } from "#app/platform/db/schema.ts";
import { hashToken } from "./sessions.server.ts";

export type ChallengePurpose =
  | "second_factor"
  | "passkey_sign_in"
  | "passkey_register"
  /** "Confirm it's you" on /account with a passkey. */
  | "passkey_confirm";

/** A second factor is due within 5 minutes of the password; a WebAuthn ceremony as long. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one pending sign-in may take before it ends (the throttle counts them too). */
export const MAX_CHALLENGE_ATTEMPTS = 5;

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type Challenge = typeof authChallenges.$inferSelect;

export async function openChallenge(
  db: Pick<Db, "insert">,
  input: { purpose: ChallengePurpose; userId: number | null; door?: string; challenge?: string },
  now = new Date(),
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db.insert(authChallenges).values({
    idHash: hashToken(ticket),
    userId: input.userId,
    purpose: input.purpose,
    door: input.door ?? "",
    challenge: input.challenge ?? null,
    expiresAt,
    createdAt: now,
  });
  return { ticket, expiresAt };
}

/** The live challenge a ticket names, for this purpose; null when unknown, expired or another kind. */
export async function findChallenge(
  db: Db,
  ticket: unknown,
  purpose: ChallengePurpose,
  now = new Date(),
): Promise<Challenge | null> {
  if (typeof ticket !== "string" || !TICKET_SHAPE.test(ticket)) return null;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.idHash, hashToken(ticket)), eq(authChallenges.purpose, purpose)));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(authChallenges).where(eq(authChallenges.idHash, row.idHash));
    return null;
  }
  return row;
}

/** Ends a challenge; false when another request already did (a ticket is used once). */
export async function closeChallenge(db: Pick<Db, "delete">, idHash: string): Promise<boolean> {
  const closed = await db
    .delete(authChallenges)
    .where(eq(authChallenges.idHash, idHash))
    .returning({ id: authChallenges.idHash });
  return closed.length > 0;
}

/**
 * Takes one of the challenge's attempts before the answer is looked at, by a conditional update:
 * false when none is left (or the ticket is gone), so parallel answers to one ticket cannot
 * get more than MAX_CHALLENGE_ATTEMPTS looked at. A right answer closes the challenge; the last
 * wrong one ends it (endIfUsedUp).
 */
export async function takeChallengeAttempt(
  db: Pick<Db, "update">,
  idHash: string,
  now = new Date(),
): Promise<boolean> {
  const taken = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.idHash, idHash),
        lt(authChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning({ id: authChallenges.idHash });
  return taken.length > 0;
}

/** A wrong answer: the challenge ends once its attempts are used up. */
export async function endIfUsedUp(db: Pick<Db, "delete">, idHash: string): Promise<void> {
  await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.idHash, idHash),
        sql`${authChallenges.attempts} >= ${MAX_CHALLENGE_ATTEMPTS}`,
      ),
    );
}

/** Challenges past their end (the clean-up job). */
export async function purgeChallenges(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(authChallenges)
    .where(lt(authChallenges.expiresAt, now))
    .returning({ id: authChallenges.idHash });
  return deleted.length;
}
