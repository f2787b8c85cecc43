// Customer Management (staff spec 2.7): every lead, its files, notes, e-mails, status and sales
// rep; the staff commands on a lead (each audited) and the CSV export.
import type { Readable } from "node:stream";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/auth/audit.server.ts";
import { displayName, SALES_ROLES } from "#app/domain/auth/roles.ts";
import { listEnabledStaff, type StaffMember } from "#app/domain/auth/users-admin.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  cohorts,
  courses,
  leadFiles,
  leadNotes,
  leads,
  mailMessages,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { type Storage, StorageNotFoundError } from "#app/platform/storage/storage.server.ts";
import { toCsv } from "./csv.ts";
import {
  formatLeadDate,
  isLeadStatus,
  LEAD_STATUSES,
  type LeadStatus,
  MAIL_LABELS,
  type MailSummary,
  NOTE_MAX,
  readAiFeatures,
  sourceOf,
  summarizeMail,
} from "./customers.ts";

export interface CustomerFilter {
  /** One of the seven statuses; anything else lists every lead. */
  status?: string;
  /** Matches name, e-mail, company or phone (case-insensitive, part of the text). */
  q?: string;
}

export interface CustomerListItem {
  id: number;
  kind: string;
  name: string;
  email: string;
  company: string;
  status: string;
  source: string;
  createdAt: string;
  createdLabel: string;
  mail: MailSummary;
}

export interface CustomerFile {
  id: number;
  originalName: string;
  size: number;
  mimeType: string;
  /** The authorised download route. */
  url: string;
}

export interface CustomerNote {
  id: number;
  body: string;
  author: string;
  createdAt: string;
  createdLabel: string;
}

export interface CustomerMail {
  id: number;
  template: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export interface CustomerRegistration {
  course: string;
  courseSlug: string | null;
  cohortId: number;
  startDate: string;
  classSchedule: string;
  experience: string;
  paymentMethod: string;
  comments: string;
  priceCents: number;
}

export type SalesRep = Pick<StaffMember, "id" | "name" | "email">;

/** Everyone a lead can be assigned to: enabled sales reps and managers. */
export const listSalesReps = (db: Db): Promise<SalesRep[]> => listEnabledStaff(db, SALES_ROLES);

export interface CustomerDetail extends CustomerListItem {
  form: string;
  phone: string;
  inquiryType: string;
  websiteType: string;
  budget: string;
  timeline: string;
  aiFeatures: string[];
  message: string;
  sourcePage: string;
  /** Notes kept on the lead row itself (before notes were entries). */
  legacyNotes: string;
  notes: CustomerNote[];
  files: CustomerFile[];
  mailMessages: CustomerMail[];
  registration: CustomerRegistration | null;
  assignedTo: SalesRep | null;
}

export const customerFileUrl = (leadId: number, fileId: number) =>
  `/api/customers/${leadId}/files/${fileId}`;

/** The status filter as given, if it is one of the seven; otherwise "" (every status). */
export const cleanStatus = (value: unknown): LeadStatus | "" => (isLeadStatus(value) ? value : "");

/** The search text, trimmed and bounded. */
export const cleanQuery = (value: unknown): string =>
  typeof value === "string" ? value.trim().slice(0, 200) : "";

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(leads.name, pattern),
    ilike(leads.email, pattern),
    ilike(leads.company, pattern),
    ilike(leads.phone, pattern),
  );
}

function whereOf(filter: CustomerFilter): SQL | undefined {
  const status = cleanStatus(filter.status);
  return and(status ? eq(leads.status, status) : undefined, searchCondition(cleanQuery(filter.q)));
}

// Written out: in a single-table select Drizzle leaves column names unqualified, and an
// unqualified "id" here would be the mail message's own.
const mailStatuses = sql<
  string[]
>`coalesce((select array_agg(m.status) from mail_messages m where m.lead_id = "leads"."id"), '{}')`;

/** The leads matching the filter, newest first (at most `limit`). */
export async function listCustomers(
  db: Db,
  filter: CustomerFilter = {},
  limit = 500,
): Promise<CustomerListItem[]> {
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      name: leads.name,
      email: leads.email,
      company: leads.company,
      status: leads.status,
      source: leads.source,
      createdAt: leads.createdAt,
      mail: mailStatuses,
    })
    .from(leads)
    .where(whereOf(filter))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map(listItem);
}

function listItem(
  r: Omit<CustomerListItem, "createdAt" | "createdLabel" | "mail"> & {
    createdAt: Date;
    mail: string[];
  },
): CustomerListItem {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    company: r.company,
    status: r.status,
    source: sourceOf(r.source),
    createdAt: r.createdAt.toISOString(),
    createdLabel: formatLeadDate(r.createdAt),
    mail: summarizeMail(r.mail ?? []),
  };
}

/** How many leads match the search, per status and in all (the filter's counts). */
export async function countCustomers(
  db: Db,
  q = "",
): Promise<{ total: number; byStatus: Record<string, number> }> {
  const rows = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(searchCondition(cleanQuery(q)))
    .groupBy(leads.status);
  const byStatus: Record<string, number> = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.n;
    total += row.n;
  }
  return { total, byStatus };
}

const repName = (u: {
  firstName: string;
  lastName: string;
  username: string | null;
  email: string;
}) => displayName(u);

/** Every detail of the given leads, in the order of `ids`. */
async function customerDetails(db: Db, ids: number[]): Promise<CustomerDetail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      lead: leads,
      mail: mailStatuses,
      repEmail: users.email,
      repUsername: users.username,
      repFirst: users.firstName,
      repLast: users.lastName,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(inArray(leads.id, ids));
  const [files, notes, mails, regs] = await Promise.all([
    db.select().from(leadFiles).where(inArray(leadFiles.leadId, ids)).orderBy(asc(leadFiles.id)),
    db
      .select({
        id: leadNotes.id,
        leadId: leadNotes.leadId,
        body: leadNotes.body,
        authorLabel: leadNotes.authorLabel,
        authorEmail: users.email,
        createdAt: leadNotes.createdAt,
      })
      .from(leadNotes)
      .leftJoin(users, eq(users.id, leadNotes.authorId))
      .where(inArray(leadNotes.leadId, ids))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.leadId, ids))
      .orderBy(asc(mailMessages.id)),
    db
      .select({ registration: registrations, courseTitle: courses.title, courseSlug: courses.slug })
      .from(registrations)
      .leftJoin(courses, eq(courses.id, registrations.courseId))
      .where(inArray(registrations.leadId, ids)),
  ]);

  const byId = new Map(
    rows.map((r) => {
      const lead = r.lead;
      const detail: CustomerDetail = {
        ...listItem({ ...lead, mail: r.mail }),
        form: lead.form,
        phone: lead.phone,
        inquiryType: lead.inquiryType,
        websiteType: lead.websiteType,
        budget: lead.budget,
        timeline: lead.timeline,
        aiFeatures: readAiFeatures(lead.aiFeatures),
        message: lead.message,
        sourcePage: lead.sourcePage,
        legacyNotes: lead.notes,
        notes: notes
          .filter((n) => n.leadId === lead.id)
          .map((n) => ({
            id: n.id,
            body: n.body,
            author: n.authorEmail ?? n.authorLabel,
            createdAt: n.createdAt.toISOString(),
            createdLabel: formatLeadDate(n.createdAt),
          })),
        files: files
          .filter((f) => f.leadId === lead.id)
          .map((f) => ({
            id: f.id,
            originalName: f.originalName,
            size: f.size,
            mimeType: f.mimeType,
            url: customerFileUrl(lead.id, f.id),
          })),
        mailMessages: mails
          .filter((m) => m.leadId === lead.id)
          .map((m) => ({
            id: m.id,
            template: m.template,
            toAddress: m.toAddress,
            subject: m.subject,
            status: m.status,
            attempts: m.attempts,
            lastError: m.lastError,
            sentAt: m.sentAt?.toISOString() ?? null,
          })),
        registration: null,
        assignedTo:
          lead.assignedTo && r.repEmail
            ? {
                id: lead.assignedTo,
                email: r.repEmail,
                name: repName({
                  email: r.repEmail,
                  username: r.repUsername,
                  firstName: r.repFirst ?? "",
                  lastName: r.repLast ?? "",
                }),
              }
            : null,
      };
      const reg = regs.find((g) => g.registration.leadId === lead.id);
      if (reg) {
        const g = reg.registration;
        detail.registration = {
          course: reg.courseTitle ?? g.certificationInterest,
          courseSlug: reg.courseSlug,
          cohortId: g.cohortId,
          startDate: g.startDate,
          classSchedule: g.classSchedule,
          experience: g.experience,
          paymentMethod: g.paymentMethod,
          comments: g.comments,
          priceCents: g.priceCents,
        };
      }
      return [lead.id, detail] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getCustomer(db: Db, id: number): Promise<CustomerDetail | null> {
  return (await customerDetails(db, [id]))[0] ?? null;
}

/** Every detail of the leads matching the filter, newest first (the API list and the CSV). */
export async function listCustomerDetails(
  db: Db,
  filter: CustomerFilter = {},
  limit = 10_000,
): Promise<CustomerDetail[]> {
  const ids = (await listCustomers(db, filter, limit)).map((c) => c.id);
  return customerDetails(db, ids);
}

/** Any status to any other; false when there is no such lead. */
export async function setCustomerStatus(
  db: Db,
  id: number,
  status: LeadStatus,
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!before) return false;
    await tx.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, id));
    await auditChange(tx, actor, "lead_status_changed", `lead:${id}`, {
      from: before.status,
      to: status,
    });
    return true;
  });
}

/** A note's text, trimmed; or the message saying why it cannot be kept. */
export function cleanNote(
  value: unknown,
): { ok: true; value: string } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ok: false, error: "Please write a note." };
  if (text.length > NOTE_MAX) {
    return { ok: false, error: "Please keep a note under 5,000 characters." };
  }
  return { ok: true, value: text };
}

/** Adds a note signed by the actor; null when there is no such lead. */
export async function addCustomerNote(
  db: Db,
  id: number,
  body: string,
  actor: Actor,
): Promise<CustomerNote | null> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
    if (!lead) return null;
    const [note] = await tx
      .insert(leadNotes)
      .values({ leadId: id, authorId: actor.user.id, authorLabel: actor.user.email, body })
      .returning();
    if (!note) throw new Error("note not stored");
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    await auditChange(tx, actor, "lead_note_added", `lead:${id}`, { noteId: note.id });
    return {
      id: note.id,
      body: note.body,
      author: actor.user.email,
      createdAt: note.createdAt.toISOString(),
      createdLabel: formatLeadDate(note.createdAt),
    };
  });
}

/**
 * Assigns the lead to a sales rep or manager (null: unassigned). "no-lead" when there is no
 * such lead, "no-rep" when the user is not an enabled sales rep or manager.
 */
export async function assignCustomer(
  db: Db,
  id: number,
  userId: number | null,
  actor: Actor,
): Promise<"ok" | "no-lead" | "no-rep"> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ assignedTo: leads.assignedTo })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!lead) return "no-lead";
    let rep: { email: string } | undefined;
    if (userId !== null) {
      [rep] = await tx
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            inArray(users.role, [...SALES_ROLES]),
            eq(users.disabled, false),
          ),
        );
      if (!rep) return "no-rep";
    }
    await tx
      .update(leads)
      .set({ assignedTo: userId, updatedAt: new Date() })
      .where(eq(leads.id, id));
    await auditChange(tx, actor, "lead_assigned", `lead:${id}`, {
      from: lead.assignedTo,
      to: userId,
      rep: rep?.email ?? null,
    });
    return "ok";
  });
}

export interface DeleteServices {
  db: Db;
  storage: Storage;
  logger: { error: (obj: object, msg: string) => void };
}

/**
 * Deletes a lead with its files, notes and registration in one transaction; a registration's
 * seat goes back to its cohort. The stored files are removed after the commit (a failed
 * transaction keeps them). False when there is no such lead.
 */
export async function deleteCustomer(
  services: DeleteServices,
  id: number,
  actor: Actor,
): Promise<boolean> {
  const keys = await services.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ name: leads.name, email: leads.email, kind: leads.kind })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!lead) return null;
    const files = await tx
      .select({ key: leadFiles.objectKey })
      .from(leadFiles)
      .where(eq(leadFiles.leadId, id));
    const [registration] = await tx
      .select({ cohortId: registrations.cohortId })
      .from(registrations)
      .where(eq(registrations.leadId, id));
    if (registration) {
      await tx
        .update(cohorts)
        .set({ seatsTaken: sql`greatest(${cohorts.seatsTaken} - 1, 0)`, updatedAt: new Date() })
        .where(eq(cohorts.id, registration.cohortId));
    }
    // Files, notes and the registration go with the lead (cascade); its e-mails stay in the log.
    await tx.delete(leads).where(eq(leads.id, id));
    await auditChange(tx, actor, "lead_deleted", `lead:${id}`, {
      name: lead.name,
      email: lead.email,
      kind: lead.kind,
      files: files.length,
      cohortId: registration?.cohortId ?? null,
    });
    return files.map((f) => f.key);
  });
  if (keys === null) return false;
  const removed = await Promise.allSettled(keys.map((key) => services.storage.delete(key)));
  for (const r of removed) {
    if (r.status === "rejected") {
      services.logger.error({ err: r.reason }, "could not delete a lead file");
    }
  }
  return true;
}

/** A lead's stored file, to download; null when the lead, the file or the object is missing. */
export async function openCustomerFile(
  db: Db,
  storage: Storage,
  leadId: number,
  fileId: number,
): Promise<{ body: Readable; originalName: string; mimeType: string; size: number } | null> {
  const [file] = await db
    .select()
    .from(leadFiles)
    .where(and(eq(leadFiles.id, fileId), eq(leadFiles.leadId, leadId)));
  if (!file) return null;
  try {
    const body = await storage.get(file.objectKey);
    return { body, originalName: file.originalName, mimeType: file.mimeType, size: file.size };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

const CSV_HEADER = [
  "ID",
  "Created",
  "Kind",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Status",
  "Source",
  "Inquiry Type",
  "Website Type",
  "Budget",
  "Timeline",
  "AI Features",
  "Project Details",
  "Course",
  "Start Date",
  "Class Schedule",
  "Assigned To",
  "E-mail Status",
  "Files",
  "Notes",
];

/** The leads matching the filter as CSV, newest first. */
export async function customersCsv(db: Db, filter: CustomerFilter = {}): Promise<string> {
  const customers = await listCustomerDetails(db, filter);
  return toCsv(
    CSV_HEADER,
    customers.map((c) => [
      c.id,
      c.createdLabel,
      c.kind,
      c.name,
      c.email,
      c.phone,
      c.company,
      c.status,
      c.source,
      c.inquiryType,
      c.websiteType,
      c.budget,
      c.timeline,
      c.aiFeatures.join("; "),
      c.message,
      c.registration?.course ?? "",
      c.registration?.startDate ?? "",
      c.registration?.classSchedule ?? "",
      c.assignedTo?.email ?? "",
      MAIL_LABELS[c.mail],
      c.files.map((f) => f.originalName).join("; "),
      notesText(c),
    ]),
  );
}

/** Every note as one text: the lead's own notes, then each entry with its time and author. */
export function notesText(c: Pick<CustomerDetail, "legacyNotes" | "notes">): string {
  return [c.legacyNotes.trim(), ...c.notes.map((n) => `[${n.createdLabel}] ${n.author}: ${n.body}`)]
    .filter(Boolean)
    .join("\n\n");
}

/** The spec's "Customer lead" shape, plus what Customer Management adds. */
export function customerJson(c: CustomerDetail) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    company: c.company,
    status: c.status,
    source: c.source,
    createdAt: c.createdAt,
    inquiryType: c.inquiryType,
    websiteType: c.websiteType,
    budget: c.budget,
    timeline: c.timeline,
    aiFeatures: JSON.stringify(c.aiFeatures),
    projectDetails: c.message,
    uploadedFiles: JSON.stringify(
      c.files.map((f) => ({ originalName: f.originalName, size: f.size, path: f.url })),
    ),
    notes: notesText(c),
    kind: c.kind,
    form: c.form,
    sourcePage: c.sourcePage,
    noteEntries: c.notes,
    assignedTo: c.assignedTo,
    emailStatus: c.mail,
    mailMessages: c.mailMessages,
    registration: c.registration,
  };
}
