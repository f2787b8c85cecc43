// The audit log: who did what, when, from which address. Every staff change records itself here
// (`auditChange`, in its transaction); the Audit Log screen reads it back. The area sits low in
// the areas' order so that every area can record who acted; the entries in words, with the
// names of the records they point at, are composed above the areas (app/web/audit-log.server.ts).
import { and, count, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { auditLog, users } from "#app/platform/db/schema.ts";
import { actorName } from "./actor-name.ts";
import { type AuditKind, auditActionsOf } from "./audit-labels.ts";
import { nameColumns, namedPeople } from "./people.server.ts";

/** Who does a staff change, for its audit entry: the signed-in user and their address. */
export interface Actor {
  user: { id: number; email: string; username?: string | null };
  ip: string;
}

export type AuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "sign_in_rate_limited"
  | "sign_out"
  | "user_created"
  | "password_reset"
  | "user_disabled"
  | "user_enabled"
  // Accounts people run themselves (issue 20).
  | "invitation_sent"
  | "invitation_accepted"
  | "password_reset_sent"
  | "password_reset_requested"
  | "password_reset_limited"
  | "password_reset_completed"
  | "password_changed"
  | "password_change_failed"
  | "session_ended"
  | "other_sessions_ended"
  | "sign_in_throttled"
  | "sign_in_second_factor_due"
  | "second_factor_failed"
  | "recovery_code_used"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_reset"
  | "passkey_added"
  | "passkey_removed"
  | "passkey_sign_in_failed"
  // Trust at the edges (issue 30).
  | "recovery_codes_renewed"
  | "identity_confirmed"
  // Media library and hero slides (issue 7).
  | "image_uploaded"
  | "image_updated"
  | "image_deleted"
  | "slide_created"
  | "slide_updated"
  | "slide_deleted"
  | "slides_reordered"
  // Homepage editor and settings (issue 7).
  | "homepage_section_updated"
  | "settings_updated"
  | "staff_settings_updated"
  // Portfolio projects (issue 7).
  | "project_created"
  | "project_updated"
  | "project_deleted"
  | "project_moved"
  // Customer Management (issue 8).
  | "lead_status_changed"
  | "lead_note_added"
  | "lead_assigned"
  | "lead_deleted"
  // One pipeline (issue 21).
  | "lead_deal_changed"
  | "lead_kept_with_owner"
  | "leads_requeued"
  // Course management (issue 8).
  | "course_created"
  | "course_updated"
  | "course_deleted"
  | "cohort_created"
  | "cohort_updated"
  | "cohort_deleted"
  | "class_session_moved"
  | "class_session_cancelled"
  | "class_session_added"
  | "attendance_marked"
  | "class_material_added"
  | "class_material_removed"
  | "certificate_issued"
  | "certificate_revoked"
  // Billing (issue 47).
  | "invoice_issued"
  | "receipt_issued"
  | "credit_note_issued"
  | "payment_refunded"
  // Registrations staff run (issue 22).
  | "registration_confirmed"
  | "registration_paid"
  | "registration_cancelled"
  | "registration_cancelled_by_student"
  | "registration_moved"
  | "registration_completed"
  | "registration_offered"
  | "registration_offer_accepted"
  | "registration_offer_declined"
  | "registration_expired"
  | "registration_email_confirmed"
  // Users, content blocks and the mail log (issue 8).
  | "user_role_changed"
  | "user_deleted"
  | "content_block_created"
  | "content_block_updated"
  | "content_block_deleted"
  | "mail_resent"
  // Sales dashboard (issue 9).
  | "sales_customer_created"
  | "sales_customer_updated"
  | "sales_customer_deleted"
  | "sales_target_set"
  // Consultations (issue 32).
  | "booking_created"
  | "booking_rescheduled"
  | "booking_cancelled"
  | "booking_outcome_set"
  | "availability_changed"
  | "meeting_type_saved"
  | "calendar_feed_renewed"
  // Booking edges (issue 43).
  | "booking_reassigned"
  | "closed_day_added"
  | "closed_day_removed"
  // Content history (issue 33).
  | "content_published"
  | "content_draft_saved"
  | "content_restored"
  | "content_draft_discarded"
  | "content_scheduled"
  | "content_schedule_cancelled"
  | "content_release_published"
  | "content_release_failed"
  | "content_unpublished"
  | "content_preview_shared"
  | "content_preview_revoked";

export interface AuditEntry {
  action: AuditAction;
  actorId?: number | null;
  actorLabel?: string;
  target?: string;
  ip?: string;
  details?: Record<string, unknown>;
  at?: Date;
}

export async function recordAudit(db: Pick<Db, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    // A login name typed by anyone: bounded, never the password.
    actorLabel: (entry.actorLabel ?? "").slice(0, 254),
    target: entry.target ?? "",
    ip: entry.ip ?? "",
    details: entry.details ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** The audit entry of a staff change: who (the actor), what, on which record, with details. */
export function auditChange(
  db: Pick<Db, "insert">,
  actor: Actor,
  action: AuditAction,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, {
    action,
    actorId: actor.user.id,
    actorLabel: actor.user.email,
    target,
    ip: actor.ip,
    details,
  });
}

export interface AuditRecord {
  id: number;
  at: string;
  action: string;
  actorId: number | null;
  /** Who acted, by name: the account's name, else what was typed or "System". */
  actor: string;
  /** The account's e-mail address when it has a name of its own ("" otherwise). */
  actorEmail: string;
  target: string;
  ip: string;
  details: Record<string, unknown>;
}

/** Which entries the Audit Log shows: a kind of action, one person (or "system"), a page. */
export interface AuditFilter {
  kind?: AuditKind | "";
  /** A user's id, or "system": entries no account made (visitors, the system, failed sign-ins). */
  actor?: number | "system" | "";
  /** From 0. */
  offset?: number;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.kind ? inArray(auditLog.action, auditActionsOf(filter.kind)) : undefined,
    filter.actor === "system"
      ? isNull(auditLog.actorId)
      : filter.actor
        ? eq(auditLog.actorId, filter.actor)
        : undefined,
  );
}

/** How many entries match the filter. */
export async function countAudit(db: Db, filter: AuditFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(filter));
  return row?.n ?? 0;
}

/** The people the log names as actors (accounts, by name), for the Audit Log's person filter. */
export async function auditActors(db: Db): Promise<{ id: number; name: string }[]> {
  const people = await namedPeople(
    db,
    sql`exists (select 1 from ${auditLog} where ${auditLog.actorId} = ${users.id})`,
  );
  return people.sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest entries first, `limit` of them from `filter.offset`. */
export async function readAudit(
  db: Db,
  limit = 200,
  filter: AuditFilter = {},
): Promise<AuditRecord[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorLabel: auditLog.actorLabel,
      ...nameColumns,
      target: auditLog.target,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(filter.offset ?? 0)
    .limit(limit);
  return rows.map((r) => {
    const { name: actor, email: actorEmail } = actorName(r.actorLabel, r);
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      actorId: r.actorId,
      actor,
      actorEmail,
      target: r.target,
      ip: r.ip,
      details: r.details,
    };
  });
}

/** Failed sign-ins of one account (or of a name no account has) over a recent period. */
export interface FailedSignIns {
  account: string;
  /** Whether an account has this name. */
  known: boolean;
  failures: number;
  /** How many client addresses they came from. */
  addresses: number;
  lastAt: string;
}

/** Failed passwords and codes per account in the last `hours`, the most failures first. */
export async function failedSignInsByAccount(
  db: Db,
  hours = 24,
  now = new Date(),
): Promise<FailedSignIns[]> {
  const account = sql<string>`coalesce(${users.email}, ${auditLog.actorLabel})`;
  const rows = await db
    .select({
      account,
      known: sql<boolean>`bool_or(${users.id} is not null)`,
      failures: sql<number>`count(*)::int`,
      addresses: sql<number>`count(distinct ${auditLog.ip})::int`,
      lastAt: sql<Date>`max(${auditLog.at})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        inArray(auditLog.action, ["sign_in_failed", "second_factor_failed"]),
        gt(auditLog.at, new Date(now.getTime() - hours * 3_600_000)),
      ),
    )
    .groupBy(account)
    .orderBy(desc(sql`count(*)`))
    .limit(50);
  return rows.map((r) => ({ ...r, lastAt: new Date(r.lastAt).toISOString() }));
}
