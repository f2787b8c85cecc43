// Users: create, find by e-mail or username, change password, disable. A password hash never
// leaves this module except to the sign-in check.
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { sessions, users } from "#app/platform/db/schema.ts";
import { hashPassword } from "./password.server.ts";
import { isRole, type PublicUser, type Role } from "./roles.ts";
import { clearUserThrottles } from "./throttle.server.ts";

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  role: Role;
  /** Without one the account cannot sign in until its invitation link is used. */
  password?: string;
  username?: string | null;
  firstName?: string;
  lastName?: string;
}

export class UserExistsError extends Error {
  constructor() {
    super("A user with this email or username already exists.");
  }
}

export const normaliseLogin = (value: string) => value.trim().toLowerCase();

/** The user without the hash and counters: what pages, APIs and logs may see. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: isRole(row.role) ? row.role : "student",
  };
}

export async function createUser(db: Pick<Db, "insert">, input: NewUser): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const rows = await db
    .insert(users)
    .values({
      email: normaliseLogin(input.email),
      username: input.username ? normaliseLogin(input.username) : null,
      firstName: input.firstName?.trim() ?? "",
      lastName: input.lastName?.trim() ?? "",
      role: input.role,
      passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  const row = rows[0];
  if (!row) throw new UserExistsError();
  return toPublicUser(row);
}

/** By e-mail or by username (both case-insensitive). */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = normaliseLogin(login);
  if (!value) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, value), eq(users.username, value)))
    .limit(1);
  return row;
}

export async function findUserById(
  db: Pick<Db, "select">,
  id: number,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The operator's reset (the CLI only): sets a new password, forgets the failed sign-ins,
 * re-enables the account and ends its sessions. A reset link never enables an account.
 */
export async function resetPassword(db: Db, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, disabled: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await clearUserThrottles(tx, userId);
  });
}

/** Disabling ends every session of the user at once. */
export async function setUserDisabled(db: Db, userId: number, disabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ disabled, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
