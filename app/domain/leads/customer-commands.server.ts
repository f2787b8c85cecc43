// What staff do to a customer record, from either screen or the API: its work status, notes,
// owner, deal, contact details, a record added by hand, and deleting it. Each command checks the
// actor's scope on the server (another rep's record is "not found"), writes the activity line
// and the audit entry in the same transaction, and queues its e-mail in the outbox there too.
// Over 400 lines because each command repeats one order (scope, change, activity, audit, mail)
// that is clearer side by side than spread over files.
import { and, eq, ne } from "drizzle-orm";
import { actorName, displayName } from "#app/domain/audit/actor-name.ts";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { CustomerValues, DealValues } from "#app/domain/leads/records.schema.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { leadFiles, leadNotes, leads, users } from "#app/platform/db/schema.ts";
import { type Failure, failure, type Result, success } from "#app/platform/result.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";
import { type LeadStatus, NOTE_MAX } from "./customers.ts";
import {
  assignableUser,
  assignRecord,
  changeDeal,
  claimRefusal,
  keepWithOwner,
  lockAddress,
  lockRecord,
  mayAssign,
  NOT_ASSIGNABLE,
  notFound,
  type PipelineActor,
  recordActivity,
  requeueRecordsOf,
  setDeal,
  syncBooking,
} from "./pipeline.server.ts";
import { assignmentMail, requeuedMail } from "./pipeline-mail.server.ts";

/** Any status to any other. */
export async function setCustomerStatus(
  db: Db,
  actor: PipelineActor,
  id: number,
  status: LeadStatus,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const before = await lockRecord(tx, actor.user, id);
    if (!before) return notFound;
    if (before.status === status) return success();
    await tx.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, id));
    await recordActivity(tx, {
      customerId: id,
      repId: before.assignedTo,
      actorId: actor.user.id,
      kind: "status_changed",
      message: `${before.name}: status changed from ${before.status} to ${status}`,
    });
    await auditChange(tx, actor, "lead_status_changed", `lead:${id}`, {
      from: before.status,
      to: status,
    });
    return success();
  });
}

/** A note's text, trimmed; or the message saying why it cannot be kept. */
export function cleanNote(value: unknown): Result<string> {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return failure("invalid", "Please write a note.");
  if (text.length > NOTE_MAX) {
    return failure("invalid", "Please keep a note under 5,000 characters.");
  }
  return success(text);
}

/** The activity line of a note: its first words. */
const noteLine = (name: string, body: string) =>
  `Note on ${name}: ${body.length > 200 ? `${body.slice(0, 199)}…` : body}`;

async function insertNote(
  tx: DbTransaction,
  actor: PipelineActor,
  record: NoteTarget,
  body: string,
) {
  const [note] = await tx
    .insert(leadNotes)
    .values({ leadId: record.id, authorId: actor.user.id, authorLabel: actor.user.email, body })
    .returning();
  if (!note) throw new Error("note not stored");
  await recordActivity(tx, {
    customerId: record.id,
    repId: record.assignedTo,
    actorId: actor.user.id,
    kind: "note",
    message: noteLine(record.name, body),
  });
  await auditChange(tx, actor, "lead_note_added", `lead:${record.id}`, { noteId: note.id });
  return note;
}

type NoteTarget = { id: number; name: string; assignedTo: number | null };

/** Adds a note signed by the actor; null when the actor may not see such a record. */
export async function addCustomerNote(db: Db, actor: PipelineActor, id: number, body: string) {
  return db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor.user, id);
    if (!record) return null;
    const note = await insertNote(tx, actor, record, body);
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    const { name, email } = actorName(actor.user.email, actor.user);
    return {
      id: note.id,
      body: note.body,
      author: name,
      authorEmail: email,
      createdAt: note.createdAt.toISOString(),
    };
  });
}

/**
 * Gives the record to a sales rep or manager (null: back to the New leads queue) and e-mails
 * them (unless they assigned it to themselves). `expected` is the owner the form showed, to
 * tell a second manager that someone was quicker.
 */
export function assignCustomer(
  db: Db,
  mail: StaffMail,
  actor: PipelineActor,
  id: number,
  userId: number | null,
  expected?: number | null,
): Promise<Result> {
  return db.transaction((tx) => assignAndTell(tx, mail, actor, id, userId, expected));
}

/** The assignment inside the caller's transaction, with the new owner's e-mail. */
async function assignAndTell(
  tx: DbTransaction,
  mail: StaffMail,
  actor: PipelineActor,
  id: number,
  userId: number | null,
  expected?: number | null,
): Promise<Result> {
  const result = await assignRecord(tx, actor, id, userId, expected);
  if (!result.ok) return result;
  const { assignee, before } = result.value;
  if (assignee && assignee.id !== actor.user.id && before.assignedTo !== assignee.id) {
    const [record] = await tx
      .select({ company: leads.company, form: leads.form })
      .from(leads)
      .where(eq(leads.id, id));
    await mail.outbox.enqueue(tx, [
      await assignmentMail(
        mail.brand,
        assignee.email,
        { id, name: before.name, company: record?.company ?? "", form: record?.form ?? "" },
        displayName(actor.user),
      ),
    ]);
  }
  return success();
}

/** Sets the deal's phase and value. */
export function setCustomerDeal(
  db: Db,
  actor: PipelineActor,
  id: number,
  deal: DealValues,
  today: string,
): Promise<Result> {
  return db.transaction((tx) => setDeal(tx, actor, id, deal, today));
}

/** The owner a sales user's form asks for: a rep always keeps their own; a manager may choose. */
async function ownerFrom(
  tx: DbTransaction,
  actor: PipelineActor,
  posted: number | null,
  current: number | null,
): Promise<number | null | "invalid"> {
  if (!mayAssign(actor.user)) return current ?? actor.user.id;
  if (posted === null) return current ?? actor.user.id;
  return (await assignableUser(tx, posted)) ? posted : "invalid";
}

const badOwner = failure("invalid", NOT_ASSIGNABLE, {
  repId: "Choose a sales rep from the list.",
});

/** A manager keeps a returning contact with its owner: it leaves New leads. */
export function keepCustomerWithOwner(db: Db, actor: PipelineActor, id: number): Promise<Result> {
  return db.transaction((tx) => keepWithOwner(tx, actor, id));
}

/** An address another open record has: the refusal on the e-mail field, naming nobody. */
const takenAnswer = (refusal: Failure) =>
  failure("conflict", refusal.error, { email: refusal.error });

/**
 * A customer a sales user adds by hand: theirs, or (a manager's choice) a rep's. A rep may not
 * add an address another open record has (claimRefusal).
 */
export async function createManualCustomer(
  db: Db,
  actor: PipelineActor,
  values: CustomerValues,
  today: string,
): Promise<Result<number>> {
  return db.transaction(async (tx) => {
    const owner = await ownerFrom(tx, actor, values.repId, null);
    if (owner === "invalid") return badOwner;
    await lockAddress(tx, values.email);
    const taken = await claimRefusal(tx, actor, values.email);
    if (taken) return takenAnswer(taken);
    const [row] = await tx
      .insert(leads)
      .values({
        kind: "manual",
        form: "manual",
        name: values.name,
        email: values.email,
        company: values.company,
        phone: values.phone,
        source: "Sales dashboard",
        assignedTo: owner,
        phase: values.phase,
        dealValueCents: values.dealValueCents,
      })
      .returning({ id: leads.id });
    const id = (row as { id: number }).id;
    const record = { id, name: values.name, assignedTo: owner };
    await recordActivity(tx, {
      customerId: id,
      repId: owner,
      actorId: actor.user.id,
      kind: "customer_added",
      message: `New customer added: ${values.name}`,
    });
    if (values.note) await insertNote(tx, actor, record, values.note);
    await syncBooking(tx, { ...record, ...values, kind: "manual" }, today);
    await auditChange(tx, actor, "sales_customer_created", `lead:${id}`, {
      name: values.name,
      phase: values.phase,
    });
    return success(id);
  });
}

/** The sales dashboard's Edit Customer: contact details, deal, owner (managers) and a note. */
export async function updateCustomerRecord(
  db: Db,
  mail: StaffMail,
  actor: PipelineActor,
  id: number,
  values: CustomerValues,
  today: string,
): Promise<Result<number>> {
  return db
    .transaction(async (tx) => {
      const before = await lockRecord(tx, actor.user, id);
      if (!before) return notFound;
      const owner = await ownerFrom(tx, actor, values.repId, before.assignedTo);
      if (owner === "invalid") return badOwner;
      const [contact] = await tx
        .select({ email: leads.email, company: leads.company, phone: leads.phone })
        .from(leads)
        .where(eq(leads.id, id));
      const current = { ...before, ...contact };
      const details = (["name", "email", "company", "phone"] as const).filter(
        (field) => current[field] !== values[field],
      );
      if (details.includes("email")) {
        await lockAddress(tx, values.email);
        const taken = await claimRefusal(tx, actor, values.email, id);
        if (taken) return takenAnswer(taken);
      }
      if (details.length > 0) {
        await tx
          .update(leads)
          .set({
            name: values.name,
            email: values.email,
            company: values.company,
            phone: values.phone,
            updatedAt: new Date(),
          })
          .where(eq(leads.id, id));
        await recordActivity(tx, {
          customerId: id,
          repId: before.assignedTo,
          actorId: actor.user.id,
          kind: "customer_updated",
          message: `${values.name}: ${details.join(", ")} updated`,
        });
      }
      const renamed = { ...before, name: values.name };
      const changes = [...details, ...(await changeDeal(tx, actor, renamed, values, today))];
      if (values.note) {
        await insertNote(tx, actor, renamed, values.note);
        changes.push("note");
      }
      if (owner !== before.assignedTo) {
        // A new owner is an assignment like any other: its activity line, audit entry and e-mail.
        const assigned = await assignAndTell(tx, mail, actor, id, owner);
        if (!assigned.ok) throw new Refused(assigned);
        changes.push("owner");
      }
      await auditChange(tx, actor, "sales_customer_updated", `lead:${id}`, {
        name: values.name,
        changes,
      });
      return success(id);
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.result;
      throw error;
    });
}

/** Rolls a transaction back with the refusal to answer. */
class Refused extends Error {
  readonly result: Failure;
  constructor(result: Failure) {
    super(result.error);
    this.result = result;
  }
}

export interface DeleteServices {
  db: Db;
  storage: Storage;
  logger: { error: (obj: object, msg: string) => void };
}

/**
 * What another area does when a record is deleted (a registration's seat going back to its
 * cohort), composed by the caller above the areas (decision 0012, app/web/customer-deletion.server.ts).
 * It runs in the deletion's transaction before the row goes; `audit` joins the audit entry's
 * details, and `afterDelete` runs in the same transaction once the row (and its cascade) is gone.
 */
export type OnDeleteRecord = (
  tx: DbTransaction,
  leadId: number,
) => Promise<{
  audit: Record<string, unknown>;
  afterDelete?: () => Promise<unknown>;
  /** Why the record must stay (its invoices are kept with the accounts); nothing is deleted. */
  refused?: string;
}>;

/**
 * Deletes a record with its files, notes and registration in one transaction, with the caller's
 * step (a registration's seat goes back to its cohort); a won deal's booking goes with it. The
 * stored files are removed after the commit (a failed transaction keeps them). The value is the
 * deleted record's name (the screen says who went).
 */
export async function deleteCustomer(
  services: DeleteServices,
  actor: PipelineActor,
  id: number,
  onDelete: OnDeleteRecord,
): Promise<Result<string>> {
  const result = await services.db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor.user, id);
    if (!record) return null;
    const files = await tx
      .select({ key: leadFiles.objectKey })
      .from(leadFiles)
      .where(eq(leadFiles.leadId, id));
    const step = await onDelete(tx, id);
    if (step.refused) return { refused: step.refused, name: "", keys: [] as string[] };
    // Files, notes, the registration and the booking go with the record (cascade); its e-mails
    // stay in the log, its activity lines in Recent Activity.
    await tx.delete(leads).where(eq(leads.id, id));
    await step.afterDelete?.();
    await recordActivity(tx, {
      customerId: null,
      repId: record.assignedTo,
      actorId: actor.user.id,
      kind: "customer_deleted",
      message: `Customer deleted: ${record.name}`,
    });
    await auditChange(tx, actor, "lead_deleted", `lead:${id}`, {
      name: record.name,
      email: record.email,
      kind: record.kind,
      files: files.length,
      ...step.audit,
    });
    return { refused: null, name: record.name, keys: files.map((f) => f.key) };
  });
  if (result === null) return notFound;
  if (result.refused) return failure("conflict", result.refused);
  const removed = await Promise.allSettled(result.keys.map((key) => services.storage.delete(key)));
  for (const r of removed) {
    if (r.status === "rejected") {
      services.logger.error({ err: r.reason }, "could not delete a lead file");
    }
  }
  return success(result.name);
}

/**
 * A user who leaves the sales team (disabled, deleted, or given a role outside it) hands back
 * their open records: they return to the New leads queue, and every enabled manager is e-mailed
 * how many. Runs in the caller's transaction. Returns how many came back.
 */
export async function handBackRecords(
  tx: DbTransaction,
  mail: StaffMail,
  /** null: the operator's command line. */
  actor: Actor | null,
  user: { id: number; name: string },
  why: "disabled" | "deleted" | "moved",
): Promise<number> {
  const count = await requeueRecordsOf(tx, actor, user);
  if (count === 0) return 0;
  const managers = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "manager"), eq(users.disabled, false), ne(users.id, user.id)));
  await mail.outbox.enqueue(
    tx,
    await Promise.all(
      managers.map((m) => requeuedMail(mail.brand, m.email, user.name, count, why)),
    ),
  );
  return count;
}
