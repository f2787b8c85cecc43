// The pipeline (docs/decisions/0016-one-pipeline.md): who may see and change a customer record,
// who owns it, its deal (phase and value), the booking of a won deal and the activity line of
// every change. Admin Customer Management, the sales dashboard and the JSON API all write
// through here, so each rule has one home.
// Over 400 lines because it is the one home of every pipeline rule (decision 0016): scope,
// ownership, deal phase and every event the other areas report to a record.
import { and, asc, eq, gt, inArray, isNotNull, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { type Actor, auditChange, recordAudit } from "#app/domain/audit/audit.server.ts";
import { displayName, isRole, type PublicUser, SALES_ROLES } from "#app/domain/auth/roles.ts";
import { findUserById } from "#app/domain/auth/users.server.ts";
import {
  CLOSED_PHASES,
  type DealPhase,
  isClosedPhase,
  formatMoney as money,
  PHASES,
} from "#app/domain/leads/records.schema.ts";
import { staffSwitchOn } from "#app/domain/settings/staff-settings.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { leads, salesActivities, salesBookings, users } from "#app/platform/db/schema.ts";
import { type Failure, failure, type Result, success } from "#app/platform/result.ts";
import { FORM_LABELS } from "./customers.ts";

/** Who is looking: their role decides the scope. */
export type Viewer = Pick<PublicUser, "id" | "role">;

/** A staff change's author, with the role that decides what they may do. */
export type PipelineActor = Actor & {
  user: Pick<PublicUser, "id" | "email" | "role" | "firstName" | "lastName" | "username">;
};

/** Admins and managers see every record; anyone else (a sales rep) only their own. */
export const seesEveryRecord = (viewer: Pick<PublicUser, "role">) =>
  viewer.role === "admin" || viewer.role === "manager";

/** Only admins and managers choose who owns a record. */
export const mayAssign = seesEveryRecord;

/** The condition that limits a query on `leads` to what `viewer` may see. */
export function recordScope(viewer: Viewer): SQL | undefined {
  return seesEveryRecord(viewer) ? undefined : eq(leads.assignedTo, viewer.id);
}

export type ActivityKind =
  | "lead_received"
  | "customer_added"
  | "assigned"
  | "auto_assigned"
  | "status_changed"
  | "phase_changed"
  | "deal_value_changed"
  | "customer_updated"
  | "note"
  | "customer_deleted"
  | "consultation";

/** One line of a record's history (and of the dashboard's Recent Activity). */
export function recordActivity(
  tx: DbTransaction,
  entry: {
    customerId: number | null;
    repId: number | null;
    actorId: number | null;
    kind: ActivityKind;
    message: string;
  },
) {
  return tx.insert(salesActivities).values(entry);
}

/** What a change of a record reads of it (and locks). */
const lockedColumns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  kind: leads.kind,
  status: leads.status,
  assignedTo: leads.assignedTo,
  phase: leads.phase,
  dealValueCents: leads.dealValueCents,
};

/** The record, locked for this transaction, if `viewer` may see it. */
export async function lockRecord(tx: DbTransaction, viewer: Viewer, id: number) {
  const [row] = await tx
    .select(lockedColumns)
    .from(leads)
    .where(and(eq(leads.id, id), recordScope(viewer)))
    .for("update");
  return row;
}

export type LockedRecord = NonNullable<Awaited<ReturnType<typeof lockRecord>>>;

/**
 * Keeps a record's booking in line with its deal: Closed Won books the value on `today` (once;
 * a new value or owner updates it, the day stays); any other phase removes the booking. A
 * registration's record books nothing: its earnings are the money received less refunds, on the
 * days they moved (issue 47: the sales figures and the invoices agree to the cent).
 */
export async function syncBooking(
  tx: DbTransaction,
  record: Pick<LockedRecord, "id" | "kind" | "assignedTo" | "phase" | "dealValueCents">,
  today: string,
) {
  if (record.phase !== "Closed Won" || record.kind === "registration") {
    await tx.delete(salesBookings).where(eq(salesBookings.customerId, record.id));
    return;
  }
  await tx
    .insert(salesBookings)
    .values({
      customerId: record.id,
      repId: record.assignedTo,
      amountCents: record.dealValueCents,
      closedOn: today,
    })
    .onConflictDoUpdate({
      target: salesBookings.customerId,
      set: { amountCents: record.dealValueCents, repId: record.assignedTo },
    });
}

/**
 * Changes a locked record's deal: its phase and value, their activity lines and the booking.
 * Returns the names of what changed.
 */
export async function changeDeal(
  tx: DbTransaction,
  /** Null: the system (an expired hold or offer). */
  actor: PipelineActor | null,
  before: LockedRecord,
  deal: { phase: DealPhase; dealValueCents: number },
  today: string,
): Promise<string[]> {
  const changes: string[] = [];
  const line = (kind: ActivityKind, message: string) =>
    recordActivity(tx, {
      customerId: before.id,
      repId: before.assignedTo,
      actorId: actor?.user.id ?? null,
      kind,
      message,
    });
  if (before.phase !== deal.phase) {
    changes.push("phase");
    await line(
      "phase_changed",
      `${before.name}: phase changed from ${before.phase} to ${deal.phase}`,
    );
  }
  if (before.dealValueCents !== deal.dealValueCents) {
    changes.push("dealValue");
    await line(
      "deal_value_changed",
      `${before.name}: deal value changed from ${money(before.dealValueCents)} to ${money(deal.dealValueCents)}`,
    );
  }
  if (changes.length === 0) return changes;
  await tx
    .update(leads)
    .set({ phase: deal.phase, dealValueCents: deal.dealValueCents, updatedAt: new Date() })
    .where(eq(leads.id, before.id));
  await syncBooking(tx, { ...before, ...deal }, today);
  return changes;
}

/**
 * Serialises every change that decides which record an address belongs to (a website post,
 * a sales user adding or editing a customer), on every instance, until the transaction ends.
 */
export const lockAddress = (tx: DbTransaction, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(7301022, hashtext(${email.trim().toLowerCase()}))`);

export const ADDRESS_TAKEN =
  "This address already has an open customer record. Ask a sales manager to assign it to you.";

/**
 * A rep cannot claim a prospect by writing their address first: while any open record has the
 * address, a rep's new (or edited) record may not take it. The answer names no record or owner.
 * Managers and admins, who see every record, may. Call under lockAddress.
 */
export async function claimRefusal(
  tx: DbTransaction,
  actor: PipelineActor,
  email: string,
  exceptId: number | null = null,
): Promise<Failure | null> {
  if (seesEveryRecord(actor.user)) return null;
  const [open] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        sql`lower(${leads.email}) = ${email.trim().toLowerCase()}`,
        notInArray(leads.phase, CLOSED_PHASES),
        notInArray(leads.status, ["Completed", "Closed"]),
        exceptId === null ? undefined : ne(leads.id, exceptId),
      ),
    )
    .limit(1);
  return open ? failure("conflict", ADDRESS_TAKEN) : null;
}

export const RECORD_NOT_FOUND = "Customer not found.";
export const notFound: Failure = failure("not-found", RECORD_NOT_FOUND);

/** Sets a record's phase and value (any user who may see it). */
export async function setDeal(
  tx: DbTransaction,
  actor: PipelineActor,
  id: number,
  deal: { phase: DealPhase; dealValueCents: number },
  today: string,
): Promise<Result> {
  const before = await lockRecord(tx, actor.user, id);
  if (!before) return notFound;
  const changes = await changeDeal(tx, actor, before, deal, today);
  if (changes.length > 0) {
    await auditChange(tx, actor, "lead_deal_changed", `lead:${id}`, {
      from: { phase: before.phase, value: money(before.dealValueCents) },
      to: { phase: deal.phase, value: money(deal.dealValueCents) },
    });
  }
  return success();
}

/** Someone a record may be assigned to: an enabled sales rep or manager. */
export async function assignableUser(tx: DbTransaction, userId: number) {
  const user = await findUserById(tx, userId);
  if (!user || user.disabled || !isRole(user.role) || !SALES_ROLES.includes(user.role)) {
    return undefined;
  }
  return { id: user.id, email: user.email, role: user.role, name: displayName(user) };
}

export type Assignee = NonNullable<Awaited<ReturnType<typeof assignableUser>>>;

export const NOT_YOURS_TO_ASSIGN = "Only a manager or an admin can assign leads.";
export const NOT_ASSIGNABLE = "Choose an active sales rep or manager.";

/**
 * Gives a locked record to `userId` (null: back to the New leads queue) with its activity line;
 * the booking of a won deal follows its owner. `expected`, when given, is the owner the form
 * showed: if someone else changed it meanwhile, nothing changes and the answer says who has it.
 */
export async function assignRecord(
  tx: DbTransaction,
  actor: PipelineActor,
  id: number,
  userId: number | null,
  expected?: number | null,
): Promise<Result<{ assignee: Assignee | null; before: LockedRecord }>> {
  if (!mayAssign(actor.user)) return failure("forbidden", NOT_YOURS_TO_ASSIGN);
  const before = await lockRecord(tx, actor.user, id);
  if (!before) return notFound;
  if (expected !== undefined && before.assignedTo !== expected) {
    const [owner] = before.assignedTo
      ? await tx.select().from(users).where(eq(users.id, before.assignedTo))
      : [];
    return failure(
      "conflict",
      owner
        ? `Someone else just assigned ${before.name} to ${displayName(owner)}. Nothing was changed.`
        : `Someone else just changed who has ${before.name}. Nothing was changed.`,
    );
  }
  const assignee = userId === null ? null : ((await assignableUser(tx, userId)) ?? null);
  if (userId !== null && !assignee) return failure("invalid", NOT_ASSIGNABLE);
  // An assignment settles a returning contact, whoever it goes to.
  if (before.assignedTo === userId) {
    await tx.update(leads).set({ returnedAt: null }).where(eq(leads.id, id));
    return success({ assignee, before });
  }
  await tx
    .update(leads)
    .set({ assignedTo: userId, returnedAt: null, updatedAt: new Date() })
    .where(eq(leads.id, id));
  await tx.update(salesBookings).set({ repId: userId }).where(eq(salesBookings.customerId, id));
  await recordActivity(tx, {
    customerId: id,
    repId: userId,
    actorId: actor.user.id,
    kind: "assigned",
    message: assignee
      ? `${before.name}: assigned to ${assignee.name}`
      : `${before.name}: returned to New leads`,
  });
  await auditChange(tx, actor, "lead_assigned", `lead:${id}`, {
    from: before.assignedTo,
    to: userId,
    rep: assignee?.email ?? null,
  });
  return success({ assignee, before });
}

/**
 * The next sales rep in turn: the enabled rep after the one who got the last automatic
 * assignment (by id, wrapping round). A transaction-wide lock makes concurrent leads take turns.
 */
async function nextRepInTurn(tx: DbTransaction): Promise<Assignee | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301021)`);
  const [last] = await tx
    .select({ repId: salesActivities.repId })
    .from(salesActivities)
    .where(eq(salesActivities.kind, "auto_assigned"))
    .orderBy(sql`${salesActivities.id} desc`)
    .limit(1);
  const reps = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "sales_rep"),
        eq(users.disabled, false),
        last?.repId ? gt(users.id, last.repId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const next =
    reps[0] ??
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "sales_rep"), eq(users.disabled, false)))
        .orderBy(asc(users.id))
        .limit(1)
    )[0];
  return next ? assignableUser(tx, next.id) : undefined;
}

/**
 * A new lead stored by a public form, in the same transaction: its first activity line and its
 * owner: the consultant a booking was made with (`consultant`), else, when the setting is on,
 * the next sales rep in turn. Returns the owner to tell, if any (a consultant hears of their
 * booking from its own e-mail).
 */
export async function leadReceived(
  tx: DbTransaction,
  lead: { id: number; name: string; form: string },
  consultant?: { id: number; name: string },
): Promise<Assignee | null> {
  await recordActivity(tx, {
    customerId: lead.id,
    repId: consultant?.id ?? null,
    actorId: null,
    kind: "lead_received",
    message: `${FORM_LABELS[lead.form] ?? "New lead"} from ${lead.name}`,
  });
  if (consultant) {
    await assignToConsultant(tx, lead, consultant);
    return null;
  }
  if (!(await staffSwitchOn(tx, "assign_leads_automatically"))) return null;
  const rep = await nextRepInTurn(tx);
  if (!rep) return null;
  await assignAutomatically(tx, lead, rep, `${lead.name}: assigned to ${rep.name} automatically`);
  return rep;
}

/** A new record made by a booking goes to the consultant who will meet the person. */
function assignToConsultant(
  tx: DbTransaction,
  lead: { id: number; name: string },
  consultant: { id: number; name: string },
) {
  const message = `${lead.name}: assigned to ${consultant.name}, who takes the consultation`;
  return assignAutomatically(tx, lead, consultant, message);
}

/** Gives a new record to someone with nobody acting, with its line in the activity feed. */
async function assignAutomatically(
  tx: DbTransaction,
  lead: { id: number },
  to: { id: number },
  message: string,
) {
  await tx.update(leads).set({ assignedTo: to.id }).where(eq(leads.id, lead.id));
  await recordActivity(tx, {
    customerId: lead.id,
    repId: to.id,
    actorId: null,
    kind: "auto_assigned",
    message,
  });
}

/**
 * A later inquiry joined an open record: its activity line, in the owner's scope. A record
 * somebody owns becomes a returning contact: the managers see it in New leads (until they keep
 * it with its owner or assign it), so nobody keeps a prospect by having written their address
 * first. A booking joins like an inquiry and moves no record to the consultant the visitor
 * chose: an unowned record stays in New leads (shown there as booked with its consultant) for a
 * manager to assign, a record the consultant owns stays theirs, anyone else's is a returning
 * contact. Returns the owner to tell.
 */
export async function leadReturned(
  tx: DbTransaction,
  lead: { id: number; name: string; form: string },
  owner: number | null,
  consultant?: { id: number; name: string },
): Promise<{ email: string } | null> {
  await recordActivity(tx, {
    customerId: lead.id,
    repId: owner ?? consultant?.id ?? null,
    actorId: null,
    kind: "lead_received",
    message: `${lead.name} sent another inquiry (${FORM_LABELS[lead.form] ?? lead.form})`,
  });
  if (owner === null) return null;
  if (owner === consultant?.id) return null;
  await tx.update(leads).set({ returnedAt: new Date() }).where(eq(leads.id, lead.id));
  const [user] = await tx
    .select({ id: users.id, email: users.email, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, owner));
  return user && !user.disabled ? { email: user.email } : null;
}

/**
 * A manager keeps a returning contact with its owner: it leaves New leads, with an activity
 * line. "not-found" (the same as a record not seen) when it is not a returning contact any more.
 */
export async function keepWithOwner(
  tx: DbTransaction,
  actor: PipelineActor,
  id: number,
): Promise<Result> {
  if (!mayAssign(actor.user)) return failure("forbidden", NOT_YOURS_TO_ASSIGN);
  const before = await lockRecord(tx, actor.user, id);
  const [row] = before
    ? await tx
        .update(leads)
        .set({ returnedAt: null, updatedAt: new Date() })
        .where(and(eq(leads.id, id), isNotNull(leads.returnedAt)))
        .returning({ id: leads.id })
    : [];
  if (!before || !row) return notFound;
  const owner = before.assignedTo === null ? null : await findUserById(tx, before.assignedTo);
  await recordActivity(tx, {
    customerId: id,
    repId: before.assignedTo,
    actorId: actor.user.id,
    kind: "assigned",
    message: `${before.name}: kept with ${owner ? displayName(owner) : "its owner"} after writing again`,
  });
  await auditChange(tx, actor, "lead_kept_with_owner", `lead:${id}`, {
    owner: before.assignedTo,
  });
  return success();
}

/**
 * A user who leaves (disabled or deleted) hands back their open records: every record they own
 * that is not closed returns to the New leads queue. Returns how many.
 */
export async function requeueRecordsOf(
  tx: DbTransaction,
  actor: Actor | null,
  user: { id: number; name: string },
): Promise<number> {
  const open = await tx
    .select({ id: leads.id, name: leads.name, phase: leads.phase })
    .from(leads)
    .where(eq(leads.assignedTo, user.id))
    .for("update");
  const returned = open.filter((r) => !isClosedPhase(r.phase));
  if (returned.length === 0) return 0;
  await tx
    .update(leads)
    .set({ assignedTo: null, returnedAt: null, updatedAt: new Date() })
    .where(
      inArray(
        leads.id,
        returned.map((r) => r.id),
      ),
    );
  for (const r of returned) {
    await recordActivity(tx, {
      customerId: r.id,
      repId: null,
      actorId: actor?.user.id ?? null,
      kind: "assigned",
      message: `${r.name}: returned to New leads (${user.name} left)`,
    });
  }
  const details = { count: returned.length };
  if (actor) await auditChange(tx, actor, "leads_requeued", `user:${user.id}`, details);
  // The operator's command line (npm run user) has no signed-in user.
  else
    await recordAudit(tx, {
      action: "leads_requeued",
      actorLabel: "cli",
      ip: "cli",
      target: `user:${user.id}`,
      details,
    });
  return returned.length;
}

/** The system's own view, for changes no user's scope limits (a registration's payment). */
const SYSTEM: Viewer = { id: 0, role: "admin" };

/**
 * Called by the registrations side when a registration is paid: its record's deal is Closed Won
 * at the amount paid, booked on `today`. False when the lead is gone.
 */
export async function registrationPaid(
  tx: DbTransaction,
  actor: PipelineActor | null,
  leadId: number,
  amountCents: number,
  today: string,
): Promise<boolean> {
  const before = await lockRecord(tx, SYSTEM, leadId);
  if (!before) return false;
  await changeDeal(tx, actor, before, { phase: "Closed Won", dealValueCents: amountCents }, today);
  return true;
}

/**
 * A registration is a deal worth its price only while it holds a seat: the registrations side
 * calls this for the record a new registration made a moment ago when it took none (a waitlist
 * place, or no seat until the address is confirmed), so it counts no value until it is seated.
 */
export async function registrationWithoutSeat(tx: DbTransaction, leadId: number) {
  await tx
    .update(leads)
    .set({ dealValueCents: 0 })
    .where(and(eq(leads.id, leadId), eq(leads.kind, "registration")));
}

/**
 * Called by the registrations side when a registration that held no seat takes one (an accepted
 * offer, a confirmed address): its record's deal is worth the price from now on, unless staff
 * gave it a value already.
 */
export async function registrationSeated(
  tx: DbTransaction,
  leadId: number,
  priceCents: number,
  today: string,
): Promise<void> {
  const before = await lockRecord(tx, SYSTEM, leadId);
  if (before?.dealValueCents !== 0) return;
  const deal = { phase: before.phase as DealPhase, dealValueCents: priceCents };
  await changeDeal(tx, null, before, deal, today);
}

/**
 * Called by the registrations side when a registration is cancelled: its record's deal is Closed
 * Lost and its booking (if it was paid) is removed. False when the lead is gone.
 */
export async function registrationCancelled(
  tx: DbTransaction,
  /** Null: the system (an expired hold or offer, a declined offer). */
  actor: PipelineActor | null,
  leadId: number,
  today: string,
): Promise<boolean> {
  const before = await lockRecord(tx, SYSTEM, leadId);
  if (!before) return false;
  const deal = { phase: "Closed Lost" as const, dealValueCents: before.dealValueCents };
  await changeDeal(tx, actor, before, deal, today);
  return true;
}

/**
 * A consultation's line in its record's history, in the record owner's scope: the consultant who
 * met the person may not own the record, and its owner is who needs to read it.
 */
export async function consultationActivity(
  tx: DbTransaction,
  entry: { leadId: number; actorId: number | null; message: string },
) {
  const [record] = await tx
    .select({ owner: leads.assignedTo })
    .from(leads)
    .where(eq(leads.id, entry.leadId));
  await recordActivity(tx, {
    customerId: entry.leadId,
    repId: record?.owner ?? null,
    actorId: entry.actorId,
    kind: "consultation",
    message: entry.message,
  });
}

/**
 * A consultation was held: a record nobody has worked yet (phase New) moves to the first sales
 * phase, with its activity line, when the one who says so may change the record (its owner, a
 * manager or an admin); otherwise the step is its owner's, and their history says so. Any other
 * phase stays where the team put it.
 */
export async function consultationHeld(
  tx: DbTransaction,
  actor: PipelineActor,
  leadId: number,
  today: string,
): Promise<void> {
  const [before] = await tx
    .select(lockedColumns)
    .from(leads)
    .where(eq(leads.id, leadId))
    .for("update");
  if (before?.phase !== "New") return;
  if (!seesEveryRecord(actor.user) && before.assignedTo !== actor.user.id) {
    await consultationActivity(tx, {
      leadId,
      actorId: actor.user.id,
      message: `${before.name} met ${displayName(actor.user)}: still in New, for ${before.assignedTo === null ? "a manager" : "its owner"} to move on`,
    });
    return;
  }
  await changeDeal(
    tx,
    actor,
    before,
    { phase: PHASES[0], dealValueCents: before.dealValueCents },
    today,
  );
}

/**
 * Registrations' records book nothing (their earnings are their payments, issue 47): the
 * bookings they made before go, once, when the payments take over.
 */
export async function dropRegistrationBookings(tx: DbTransaction): Promise<void> {
  await tx
    .delete(salesBookings)
    .where(
      inArray(
        salesBookings.customerId,
        tx.select({ id: leads.id }).from(leads).where(eq(leads.kind, "registration")),
      ),
    );
}
