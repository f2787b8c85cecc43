// Staff commands on user accounts (the Users screen and /api/admin/users): list, add (the new
// user is e-mailed an invitation link), change the role, disable or enable, delete. The last active admin and the
// acting admin's own admin role are protected. Each change is audited in its transaction.
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Actor, type AuditAction, auditChange } from "#app/domain/audit/audit.server.ts";
import { personColumns } from "#app/domain/audit/people.server.ts";
import { type AccountMail, sendInvitation } from "#app/domain/auth/account.server.ts";
import { usersWithLiveLinks } from "#app/domain/auth/account-links.server.ts";
import {
  displayName,
  isRole,
  type PublicUser,
  type Role,
  SALES_ROLES,
} from "#app/domain/auth/roles.ts";
import { type NewUserInput, USER_TEXTS } from "#app/domain/auth/users.schema.ts";
import {
  createUser,
  deleteUser,
  setUserDisabled,
  UserExistsError,
} from "#app/domain/auth/users.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { passkeys, users } from "#app/platform/db/schema.ts";
import { type Failure, failure, type Result, success } from "#app/platform/result.ts";

/** A user as the staff screens list them: no hash, no counters. */
export interface UserListItem extends PublicUser {
  disabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /**
   * null once the user has chosen a password; until then "pending" while a link they were sent
   * still works, "expired" when none does.
   */
  invitation: InvitationState;
  /** Two-factor codes are on (an admin may reset them for someone who lost their device). */
  twoFactor: boolean;
}

export type InvitationState = "pending" | "expired" | null;

const columns = {
  ...personColumns,
  role: users.role,
  disabled: users.disabled,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  // A second factor of either kind: sign-in asks for it, and "Reset two-factor" removes both.
  twoFactor: sql<boolean>`(${users.totpSecret} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
};

type Row = Omit<PublicUser, "role"> & {
  role: string;
  disabled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  hasPassword: boolean;
  twoFactor: boolean;
};

/** The rows as list items, with the invitation state of those who have no password yet. */
async function toItems(db: Pick<Db, "selectDistinct">, rows: Row[]): Promise<UserListItem[]> {
  const invited = rows.filter((row) => !row.hasPassword).map((row) => row.id);
  const live = await usersWithLiveLinks(db, invited);
  return rows.map(({ hasPassword, ...row }) => ({
    ...row,
    role: isRole(row.role) ? row.role : "student",
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    invitation: hasPassword ? null : live.has(row.id) ? "pending" : "expired",
  }));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first; `q` matches e-mail, username, first, last or full name (case-insensitive). */
export async function listUsers(
  db: Db,
  filter: { q?: string; role?: Role } = {},
): Promise<UserListItem[]> {
  const conditions: SQL[] = [];
  const q = filter.q?.trim().slice(0, 100);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.username, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ) as SQL,
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  const rows = await db
    .select(columns)
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id));
  return toItems(db, rows);
}

/** A person staff can pick (an assignee, an instructor): enabled accounts only. */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** The enabled users with one of `roles`, by name. */
export async function listEnabledStaff(
  db: Db | DbTransaction,
  roles: readonly Role[],
): Promise<StaffMember[]> {
  const rows = await db
    .select({ ...personColumns, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.disabled, false)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    name: displayName(u),
    email: u.email,
    role: u.role as Role,
  }));
}

export async function getUser(
  db: Pick<Db, "select" | "selectDistinct">,
  id: number,
): Promise<UserListItem | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ? ((await toItems(db, [row]))[0] ?? null) : null;
}

function audit(
  tx: Pick<Db, "insert">,
  actor: Actor,
  action: AuditAction,
  target: UserListItem | PublicUser,
  details: Record<string, unknown> = {},
) {
  return auditChange(tx, actor, action, `user:${target.id}`, { email: target.email, ...details });
}

/**
 * A new account without a password, and its invitation e-mail (a link to choose one, through
 * the outbox in the same transaction). Nobody can sign in with the account until it is used.
 * An API client may give a password instead (the caller checks it against the policy): then
 * no invitation is sent.
 */
export async function addUser(
  db: Db,
  input: NewUserInput & { username?: string },
  actor: Actor,
  mail: AccountMail,
  password?: string,
): Promise<Result<UserListItem>> {
  try {
    return await db.transaction(async (tx) => {
      const created = await createUser(tx, { ...input, password });
      if (!password) await sendInvitation(tx, created, mail);
      await audit(tx, actor, "user_created", created, {
        role: created.role,
        invited: !password,
      });
      const user = (await getUser(tx, created.id)) as UserListItem;
      return success(user);
    });
  } catch (error) {
    if (error instanceof UserExistsError) {
      return failure("conflict", USER_TEXTS.duplicate);
    }
    throw error;
  }
}

/**
 * Locks the active admins (so two admins demoting each other at once cannot both succeed) and
 * says whether `id` is the only one left.
 */
async function isLastActiveAdmin(tx: DbTransaction, id: number): Promise<boolean> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for("update");
  return admins.length === 1 && admins[0]?.id === id;
}

/** The refusal, if taking away `target`'s active admin status would leave none or is the actor's own. */
async function adminGuard(
  tx: DbTransaction,
  target: UserListItem,
  actor: Actor,
  own: string,
): Promise<Failure | null> {
  if (target.role === "admin" && !target.disabled && (await isLastActiveAdmin(tx, target.id))) {
    return failure("conflict", USER_TEXTS.lastAdmin);
  }
  if (target.id === actor.user.id) return failure("conflict", own);
  return null;
}

const notFound = failure("not-found", USER_TEXTS.notFound);

/** Thrown to roll a transaction back and answer with the refusal. */
class Refused extends Error {
  readonly result: Failure;
  constructor(result: Failure) {
    super(result.error);
    this.result = result;
  }
}

/** A user who leaves the sales team or the staff: their records and meetings go to others. */
export interface LeavingUser {
  id: number;
  name: string;
}

/**
 * What the areas above do, in the same transaction, when a user leaves: moved out of the sales
 * roles, disabled or deleted (their open records handed back, their consultations handed over).
 * The caller composes it (app/web/staff-leaving.server.ts); identity knows nothing of them.
 */
export type OnLeave = (
  tx: DbTransaction,
  leaving: LeavingUser,
  how: "moved" | "disabled" | "deleted",
) => Promise<void>;

export interface UserChanges {
  role?: Role;
  disabled?: boolean;
}

/**
 * Changes the role and/or the disabled switch in one transaction: a refused part changes
 * nothing. Disabling ends every session of the user at once.
 */
export async function updateUserByAdmin(
  db: Db,
  id: number,
  changes: UserChanges,
  actor: Actor,
  onLeave: OnLeave,
): Promise<Result<UserListItem>> {
  return db
    .transaction(async (tx) => {
      let target = await getUser(tx, id);
      if (!target) return notFound;
      const { role, disabled } = changes;
      if (role !== undefined && role !== target.role) {
        if (target.role === "admin") {
          const refused = await adminGuard(tx, target, actor, USER_TEXTS.ownAdminRole);
          if (refused) throw new Refused(refused);
        }
        await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, id));
        await audit(tx, actor, "user_role_changed", target, { from: target.role, to: role });
        if (SALES_ROLES.includes(target.role) && !SALES_ROLES.includes(role)) {
          await onLeave(tx, leaving(target), "moved");
        }
        target = { ...target, role };
      }
      if (disabled !== undefined && disabled !== target.disabled) {
        if (disabled) {
          const refused = await adminGuard(tx, target, actor, USER_TEXTS.ownAccountDisable);
          if (refused) throw new Refused(refused);
        }
        await setUserDisabled(tx, id, disabled);
        await audit(tx, actor, disabled ? "user_disabled" : "user_enabled", target);
        if (disabled) await onLeave(tx, leaving(target), "disabled");
        target = { ...target, disabled };
      }
      return success(target);
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.result;
      throw error;
    });
}

/** A user leaving, as what they leave behind names them. */
const leaving = (u: Parameters<typeof displayName>[0] & { id: number }): LeavingUser => ({
  id: u.id,
  name: displayName(u),
});

export async function deleteUserByAdmin(
  db: Db,
  id: number,
  actor: Actor,
  onLeave: OnLeave,
): Promise<Result<UserListItem>> {
  try {
    return await db.transaction(async (tx) => {
      const target = await getUser(tx, id);
      if (!target) return notFound;
      const refused = await adminGuard(tx, target, actor, USER_TEXTS.ownAccountDelete);
      if (refused) return refused;
      await onLeave(tx, leaving(target), "deleted");
      await deleteUser(tx, id);
      await audit(tx, actor, "user_deleted", target, { role: target.role });
      return success(target);
    });
  } catch (error) {
    // Another area's rows (deals, cohorts...) may still point at the user.
    if (isForeignKeyViolation(error)) return failure("conflict", USER_TEXTS.stillReferenced);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}
