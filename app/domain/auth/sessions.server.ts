// Sessions in the database. The browser (cookie) or API client (Bearer) holds a random id; the
// table keeps only its SHA-256, so a copy of the table cannot be replayed.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { sessions, users } from "#app/platform/db/schema.ts";
import type { Env } from "#app/platform/env.server.ts";
import { type Factor, factorsOf, hasSecondFactor } from "./factors.ts";
import type { PublicUser } from "./roles.ts";
import { toPublicUser } from "./users.server.ts";

export interface SessionSettings {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  maxMs: number;
}

export function sessionSettings(
  env: Pick<Env, "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS">,
): SessionSettings {
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxMs: env.SESSION_MAX_DAYS * 86_400_000 };
}

/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** "Confirm it's you" lasts this long: a secret given on the session opens sensitive changes. */
export const CONFIRMATION_MS = 10 * 60_000;

export async function createSession(
  db: Pick<Db, "insert">,
  userId: number,
  settings: SessionSettings,
  meta: { ip?: string; userAgent?: string; factors?: readonly Factor[] } = {},
  now = new Date(),
): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + settings.maxMs);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? "",
    userAgent: (meta.userAgent ?? "").slice(0, 300),
    factors: [...new Set(meta.factors ?? [])].join("+"),
    // Signing in is giving the secrets: the first minutes are confirmed.
    confirmedAt: meta.factors?.length ? now : null,
  });
  return { token, expiresAt };
}

export interface ActiveSession {
  user: PublicUser;
  expiresAt: Date;
  /** How this session was completed (and confirmed since). */
  factors: Factor[];
  /** This session was completed with a second factor (a code or a passkey), not only owned one. */
  secondFactor: boolean;
  /** Until when sensitive changes are open without asking again (null: ask now). */
  confirmedUntil: Date | null;
}

/** A sensitive change asks for a secret given on this session in the last 10 minutes. */
export const isConfirmed = (session: ActiveSession | null) => Boolean(session?.confirmedUntil);

/** The session's user, or null when the token is unknown, expired, idle too long or disabled. */
export async function findSession(
  db: Db,
  token: string,
  settings: SessionSettings,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const idleEnd = session.lastSeenAt.getTime() + settings.idleMs;
  if (session.expiresAt.getTime() <= now.getTime() || idleEnd <= now.getTime() || user.disabled) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const factors = factorsOf(session.factors);
  const confirmedUntil = session.confirmedAt
    ? new Date(session.confirmedAt.getTime() + CONFIRMATION_MS)
    : null;
  return {
    user: toPublicUser(user),
    expiresAt: session.expiresAt,
    factors,
    secondFactor: hasSecondFactor(factors),
    confirmedUntil: confirmedUntil && confirmedUntil > now ? confirmedUntil : null,
  };
}

/**
 * "Confirm it's you" passed on this session: sensitive changes open for CONFIRMATION_MS, and a
 * second factor given now counts for the session from here on (a session from before factors
 * were recorded, or one completed with the password alone, is completed by it).
 */
export async function confirmSession(
  db: Pick<Db, "update">,
  token: string,
  factor: Factor,
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({
      confirmedAt: now,
      factors: sql`case when ${sessions.factors} = '' then ${factor} when ('+' || ${sessions.factors} || '+') like ${`%+${factor}+%`} then ${sessions.factors} else ${sessions.factors} || '+' || ${factor} end`,
    })
    .where(eq(sessions.idHash, hashToken(token)));
}

export async function endSession(db: Db, token: string): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their end (a clean-up; lookups refuse them anyway). */
export async function purgeSessions(db: Db, settings: SessionSettings, now = new Date()) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - settings.idleMs)),
      ),
    );
}

export async function countSessions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId)));
  return row?.n ?? 0;
}

/** A session as its owner sees it on /account. */
export interface SessionItem {
  /** The stored hash: names the session in a form; it cannot be used to sign in. */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
  /** How it signed in (empty: before this was recorded). */
  factors: Factor[];
  /** The session of this request. */
  current: boolean;
}

/** The user's sessions, the most recently used first. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentToken: string | undefined,
): Promise<SessionItem[]> {
  const currentHash = currentToken ? hashToken(currentToken) : "";
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.idHash,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    factors: factorsOf(row.factors),
    current: row.idHash === currentHash,
  }));
}

/** Ends one of the user's own sessions; false when it is not theirs (or already ended). */
export async function endOwnSession(db: Db, userId: number, id: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.idHash, id)))
    .returning({ id: sessions.idHash });
  return ended.length > 0;
}

/** Ends every session of the user but the one presented; returns how many ended. */
export async function endOtherSessions(
  db: Pick<Db, "delete">,
  userId: number,
  currentToken: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(currentToken))))
    .returning({ id: sessions.idHash });
  return ended.length;
}
