// The customer records as staff read them (docs/decisions/0016-one-pipeline.md): every list,
// count, detail, file and export scoped on the server to what the viewer may see (admins and
// managers every record, a sales rep their own). The changes are in customer-commands.server.ts.
import type { Readable } from "node:stream";
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { actorName, displayName } from "#app/domain/audit/actor-name.ts";
import { SALES_ROLES } from "#app/domain/auth/roles.ts";
import { listEnabledStaff, type StaffMember } from "#app/domain/auth/users-admin.server.ts";
import { consultationsOfRecord } from "#app/domain/consultations/consultation-changes.server.ts";
import type { StaffBooking } from "#app/domain/consultations/consultations.ts";
import { CLOSED_PHASES } from "#app/domain/leads/records.schema.ts";
import { formatDateTime } from "#app/domain/settings/clock.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { CLASS_SCHEDULES } from "#app/domain/training/training.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import {
  courses,
  leadFiles,
  leadInquiries,
  leadNotes,
  leads,
  mailMessages,
  registrations,
  salesActivities,
  users,
} from "#app/platform/db/schema.ts";
import { type Storage, StorageNotFoundError } from "#app/platform/storage/storage.server.ts";
import { AI_FEATURES, BUDGETS, TIMELINES, WEBSITE_TYPES } from "./ai-design-options.ts";
import { toCsv, toCsvRows } from "./csv.ts";
import {
  FORM_LABELS,
  isLeadStatus,
  LEAD_STATUSES,
  type LeadStatus,
  MAIL_LABELS,
  type MailSummary,
  OWNER_FILTERS,
  type OwnerFilter,
  PAGE_SIZE,
  readAiFeatures,
  sourceOf,
  summarizeMail,
} from "./customers.ts";
import { INQUIRY_TYPES, labelOf } from "./leads.ts";
import { recordScope, type Viewer } from "./pipeline.server.ts";
import { leadReference, referenceNumber, referencesOf } from "./reference.ts";

export interface CustomerFilter {
  /** One of the seven statuses; anything else lists every lead. */
  status?: string;
  /**
   * Matches name, e-mail, company or phone (case-insensitive, part of the text), or a reference
   * a visitor was given ("SIG-000049", "sig-49", "000049"): the record that submission made or
   * joined.
   */
  q?: string;
  /**
   * "none": the New leads queue (no owner, or a returning contact; not closed); "assigned":
   * records with an owner.
   */
  owner?: OwnerFilter;
  /** Deals still open before closed ones (the sales dashboard's table); else newest first. */
  openFirst?: boolean;
}

/** A slice of a list: `limit` rows after the first `offset`. */
export interface Slice {
  offset: number;
  limit: number;
}

export interface CustomerListItem {
  id: number;
  kind: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  phase: string;
  dealValueCents: number;
  assignedTo: number | null;
  assignedName: string;
  /** When the person wrote again while someone owned the record (New leads shows it), or null. */
  returnedAt: string | null;
  source: string;
  createdAt: string;
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
  /** Who wrote it: a staff member by name (what was recorded when not an account). */
  author: string;
  /** The author's e-mail address, as a hint ("" when `author` is not an account's name). */
  authorEmail: string;
  createdAt: string;
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
export const listSalesReps = (db: Db | DbTransaction): Promise<SalesRep[]> =>
  listEnabledStaff(db, SALES_ROLES);

export interface CustomerActivity {
  id: number;
  message: string;
  at: string;
}

/** A later inquiry the record received (its first is the record's own fields). */
export interface LaterInquiry {
  id: number;
  /** The reference its visitor was given (its own number). */
  reference: string;
  form: string;
  inquiryType: string;
  websiteType: string;
  budget: string;
  timeline: string;
  aiFeatures: string[];
  message: string;
  sourcePage: string;
  createdAt: string;
}

/** Another record of the same person (same e-mail address), for the detail's history. */
export interface RelatedRecord {
  id: number;
  form: string;
  createdAt: string;
  phase: string;
  status: string;
}

export interface CustomerDetail extends CustomerListItem {
  /** The reference of the record's first submission (its id), e.g. "SIG-000049". */
  reference: string;
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
  assignee: SalesRep | null;
  /** Empty in a list of details: a record's history is read for its own detail only. */
  activity: CustomerActivity[];
  /** The person's other records (empty in a list, as above). */
  related: RelatedRecord[];
  inquiries: LaterInquiry[];
  /** The record's consultations, newest first (empty in a list, as above). */
  consultations: StaffBooking[];
}

export const customerFileUrl = (leadId: number, fileId: number) =>
  `/api/customers/${leadId}/files/${fileId}`;

/** When something was made: the instant (pages show it in the company's time zone). */
const created = (at: Date) => ({ createdAt: at.toISOString() });

/** The status filter as given, if it is one of the seven; otherwise "" (every status). */
export const cleanStatus = (value: unknown): LeadStatus | "" => (isLeadStatus(value) ? value : "");

/** The search text, trimmed and bounded. */
export const cleanQuery = (value: unknown): string =>
  typeof value === "string" ? value.trim().slice(0, 200) : "";

/** The owner filter as given, if it is one of the list's; otherwise "" (every record). */
export const cleanOwner = (value: unknown): OwnerFilter =>
  (OWNER_FILTERS as readonly unknown[]).includes(value) ? (value as OwnerFilter) : "";

/** A page number from the address (1 for anything that is not a positive whole number). */
export const cleanPage = (value: unknown): number => {
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
};

/** The record submission `n` made (its id) or joined (a later inquiry's id). */
const submittedAs = (n: number) =>
  or(
    eq(leads.id, n),
    sql`${leads.id} in (select li.lead_id from lead_inquiries li where li.id = ${n})`,
  );

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const reference = referenceNumber(q);
  return or(
    ilike(leads.name, pattern),
    ilike(leads.email, pattern),
    ilike(leads.company, pattern),
    ilike(leads.phone, pattern),
    reference === null ? undefined : submittedAs(reference),
  );
}

/**
 * The New leads queue: open records nobody owns, and returning contacts (an owned record the
 * person wrote to again through the website) until a manager assigns them or keeps them.
 */
export const inQueue = and(
  or(isNull(leads.assignedTo), isNotNull(leads.returnedAt)),
  notInArray(leads.phase, CLOSED_PHASES),
);

function ownerCondition(owner: OwnerFilter | undefined): SQL | undefined {
  if (owner === "none") return inQueue;
  if (owner === "assigned") return isNotNull(leads.assignedTo);
  return undefined;
}

/** What `viewer` may see of the records matching `filter` (the status left out when asked). */
function whereOf(viewer: Viewer, filter: CustomerFilter, withStatus = true): SQL | undefined {
  const status = withStatus ? cleanStatus(filter.status) : "";
  return and(
    recordScope(viewer),
    status ? eq(leads.status, status) : undefined,
    searchCondition(cleanQuery(filter.q)),
    ownerCondition(filter.owner),
  );
}

// Written out: in a single-table select Drizzle leaves column names unqualified, and an
// unqualified "id" here would be the mail message's own.
const mailStatusesOf = sql<
  string[]
>`coalesce((select array_agg(m.status) from mail_messages m where m.lead_id = "leads"."id"), '{}')`;

const listColumns = {
  id: leads.id,
  kind: leads.kind,
  form: leads.form,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  status: leads.status,
  phase: leads.phase,
  dealValueCents: leads.dealValueCents,
  assignedTo: leads.assignedTo,
  returnedAt: leads.returnedAt,
  source: leads.source,
  createdAt: leads.createdAt,
  repEmail: users.email,
  repUsername: users.username,
  repFirst: users.firstName,
  repLast: users.lastName,
};

type ListRow = Omit<CustomerListItem, "createdAt" | "mail" | "assignedName" | "returnedAt"> & {
  createdAt: Date;
  returnedAt: Date | null;
  mail: string[];
  repEmail: string | null;
  repUsername: string | null;
  repFirst: string | null;
  repLast: string | null;
};

const newestFirst = [desc(leads.createdAt), desc(leads.id)];

/** The ids of one slice of the records matching `where`, newest first (an index-only walk). */
async function sliceIds(db: Db, where: SQL | undefined, slice: Slice): Promise<number[]> {
  if (slice.limit <= 0) return [];
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...newestFirst)
    .offset(slice.offset)
    .limit(slice.limit);
  return rows.map((r) => r.id);
}

/**
 * The ids of one slice: newest first, or (openFirst) the open deals newest first and then the
 * closed ones, read as two slices so that each walks the index instead of sorting every row.
 */
async function listIds(db: Db, where: SQL | undefined, filter: CustomerFilter, slice: Slice) {
  if (!filter.openFirst) return sliceIds(db, where, slice);
  const open = and(where, notInArray(leads.phase, CLOSED_PHASES));
  const openIds = await sliceIds(db, open, slice);
  if (openIds.length === slice.limit) return openIds;
  const [counted] = await db.select({ n: count() }).from(leads).where(open);
  const closedOffset = Math.max(0, slice.offset - (counted?.n ?? 0));
  const closed = and(where, inArray(leads.phase, CLOSED_PHASES));
  const rest = { offset: closedOffset, limit: slice.limit - openIds.length };
  return [...openIds, ...(await sliceIds(db, closed, rest))];
}

/** The records `viewer` may see that match the filter, newest first, one slice of them. */
export async function listCustomers(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter = {},
  slice: Slice = { offset: 0, limit: PAGE_SIZE },
  /** false: a list that shows no e-mail status (it reads as "none"). */
  { withMail = true } = {},
): Promise<CustomerListItem[]> {
  // The slice's ids first (cheap at any depth), then only those rows with their details.
  const ids = await listIds(db, whereOf(viewer, filter), filter, slice);
  if (ids.length === 0) return [];
  const [rows, mail] = await Promise.all([
    db
      .select(listColumns)
      .from(leads)
      .leftJoin(users, eq(users.id, leads.assignedTo))
      .where(inArray(leads.id, ids)),
    withMail
      ? db
          .select({ leadId: mailMessages.leadId, status: mailMessages.status })
          .from(mailMessages)
          .where(inArray(mailMessages.leadId, ids))
      : [],
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const statuses = mail.filter((m) => m.leadId === id).map((m) => m.status);
    return [listItem({ ...row, mail: statuses })];
  });
}

function repOf(r: Pick<ListRow, "repEmail" | "repUsername" | "repFirst" | "repLast">) {
  return r.repEmail
    ? displayName({
        email: r.repEmail,
        username: r.repUsername,
        firstName: r.repFirst ?? "",
        lastName: r.repLast ?? "",
      })
    : null;
}

function listItem(r: ListRow): CustomerListItem {
  return {
    id: r.id,
    kind: r.kind,
    form: r.form,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    status: r.status,
    phase: r.phase,
    dealValueCents: r.dealValueCents,
    assignedTo: r.assignedTo,
    assignedName: repOf(r) ?? "Unassigned",
    returnedAt: r.returnedAt?.toISOString() ?? null,
    source: sourceOf(r.source),
    ...created(r.createdAt),
    mail: summarizeMail(r.mail ?? []),
  };
}

/**
 * How many records `viewer` may see match the filter: per status (the status filter's counts)
 * and in all (`total`, every status; `matching`, with the status filter too).
 */
export async function countCustomers(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter = {},
): Promise<{ total: number; matching: number; byStatus: Record<string, number> }> {
  const rows = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(whereOf(viewer, filter, false))
    .groupBy(leads.status);
  const byStatus: Record<string, number> = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.n;
    total += row.n;
  }
  const status = cleanStatus(filter.status);
  return { total, matching: status ? (byStatus[status] ?? 0) : total, byStatus };
}

/** Every detail of the given leads, in the order of `ids` (already checked against a scope). */
async function customerDetails(
  db: Db,
  viewer: Viewer,
  ids: number[],
  { history }: { history: boolean },
): Promise<CustomerDetail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ lead: leads, ...listColumns, mail: mailStatusesOf })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(and(inArray(leads.id, ids), recordScope(viewer)));
  const emails = [...new Set(rows.map((r) => r.lead.email.toLowerCase()).filter(Boolean))];
  const [files, notes, mails, regs, activity, related, later, meetings, site] = await Promise.all([
    db.select().from(leadFiles).where(inArray(leadFiles.leadId, ids)).orderBy(asc(leadFiles.id)),
    db
      .select({
        id: leadNotes.id,
        leadId: leadNotes.leadId,
        body: leadNotes.body,
        authorLabel: leadNotes.authorLabel,
        authorEmail: users.email,
        authorUsername: users.username,
        authorFirst: users.firstName,
        authorLast: users.lastName,
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
    history
      ? db
          .select()
          .from(salesActivities)
          .where(inArray(salesActivities.customerId, ids))
          .orderBy(desc(salesActivities.at), desc(salesActivities.id))
      : [],
    emails.length === 0 || !history
      ? []
      : db
          .select({
            id: leads.id,
            email: leads.email,
            form: leads.form,
            createdAt: leads.createdAt,
            phase: leads.phase,
            status: leads.status,
          })
          .from(leads)
          .where(and(inArray(sql`lower(${leads.email})`, emails), recordScope(viewer)))
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(50),
    db
      .select()
      .from(leadInquiries)
      .where(inArray(leadInquiries.leadId, ids))
      .orderBy(asc(leadInquiries.createdAt), asc(leadInquiries.id)),
    history ? consultationsOfRecord(db, ids) : [],
    getSiteSettings(db),
  ]);
  const referenceOf = (id: number) => leadReference(id, site.siteName);

  const byId = new Map(
    rows.map((r) => {
      const lead = r.lead;
      const item = listItem(r);
      const detail: CustomerDetail = {
        ...item,
        reference: referenceOf(lead.id),
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
          .map((n) => {
            const { name, email } = actorName(n.authorLabel, {
              email: n.authorEmail,
              username: n.authorUsername,
              firstName: n.authorFirst,
              lastName: n.authorLast,
            });
            return {
              id: n.id,
              body: n.body,
              author: name,
              authorEmail: email,
              ...created(n.createdAt),
            };
          }),
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
        assignee:
          lead.assignedTo && r.repEmail
            ? { id: lead.assignedTo, email: r.repEmail, name: item.assignedName }
            : null,
        consultations: meetings.filter((m) => m.leadId === lead.id),
        activity: activity
          .filter((a) => a.customerId === lead.id)
          .map((a) => ({
            id: a.id,
            message: a.message,
            at: a.at.toISOString(),
          })),
        related: related
          .filter((o) => o.id !== lead.id && o.email.toLowerCase() === lead.email.toLowerCase())
          .map((o) => ({
            id: o.id,
            form: o.form,
            ...created(o.createdAt),
            phase: o.phase,
            status: o.status,
          })),
        inquiries: later
          .filter((q) => q.leadId === lead.id)
          .map((q) => ({
            id: q.id,
            reference: referenceOf(q.id),
            form: q.form,
            inquiryType: q.inquiryType,
            websiteType: q.websiteType,
            budget: q.budget,
            timeline: q.timeline,
            aiFeatures: readAiFeatures(q.aiFeatures),
            message: q.message,
            sourcePage: q.sourcePage,
            ...created(q.createdAt),
          })),
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

/** One record, if `viewer` may see it (another rep's is null, as if it did not exist). */
export async function getCustomer(
  db: Db,
  viewer: Viewer,
  id: number,
): Promise<CustomerDetail | null> {
  return (await customerDetails(db, viewer, [id], { history: true }))[0] ?? null;
}

/** One slice of the records matching the filter with their details (the API list, the CSV). */
export async function listCustomerDetails(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter,
  slice: Slice,
): Promise<CustomerDetail[]> {
  const ids = await listIds(db, whereOf(viewer, filter), filter, slice);
  // A page of records: their activity and the person's other records are the detail's.
  return customerDetails(db, viewer, ids, { history: false });
}

/**
 * A record's stored file, to download; null when the record (or `viewer`'s right to see it),
 * the file or the object is missing.
 */
export async function openCustomerFile(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  leadId: number,
  fileId: number,
): Promise<{ body: Readable; originalName: string; mimeType: string; size: number } | null> {
  const [file] = await db
    .select({
      objectKey: leadFiles.objectKey,
      originalName: leadFiles.originalName,
      mimeType: leadFiles.mimeType,
      size: leadFiles.size,
    })
    .from(leadFiles)
    .innerJoin(leads, eq(leads.id, leadFiles.leadId))
    .where(and(eq(leadFiles.id, fileId), eq(leadFiles.leadId, leadId), recordScope(viewer)));
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
  "Reference",
  "Created (UTC)",
  "Kind",
  "Form",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Owner",
  "Status",
  "Phase",
  "Deal Value",
  "Inquiries",
  "Source",
  "Source Page",
  "Inquiry Type",
  "Website Type",
  "Budget",
  "Timeline",
  "AI Features",
  "Project Details",
  "Course",
  "Start Date",
  "Class Schedule",
  "E-mail Status",
  "Files",
  "Notes",
];

/** Rows read from the database per step of the export. */
const CSV_BATCH = 500;

/**
 * The records `viewer` may see that match the filter, as CSV, newest first: a stream that reads
 * the next batch only when the previous one has been taken, so no export is cut short and none
 * is held in memory whole.
 */
export function customersCsvStream(
  db: Db,
  viewer: Viewer,
  filter: CustomerFilter,
  timeZone: string,
): ReadableStream<string> {
  let offset = 0;
  let done = false;
  return new ReadableStream<string>({
    start(controller) {
      controller.enqueue(toCsv(CSV_HEADER, []));
    },
    async pull(controller) {
      if (done) return;
      const batch = await listCustomerDetails(db, viewer, filter, { offset, limit: CSV_BATCH });
      offset += batch.length;
      if (batch.length > 0) controller.enqueue(csvRows(batch, timeZone));
      if (batch.length < CSV_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}

/**
 * An instant as ISO 8601 in UTC to the second ("2026-12-03T15:15:00Z"): one fixed width and one
 * zone, so a spreadsheet sorts the column as dates or as text alike.
 */
const isoUtc = (at: string) => `${at.slice(0, 19)}Z`;

function csvRows(customers: CustomerDetail[], timeZone: string): string {
  // Owners by name and coded fields by the labels the site shows, as on the screens.
  return toCsvRows(
    customers.map((c) => [
      c.id,
      referencesOf(c).join("; "),
      isoUtc(c.createdAt),
      c.kind,
      FORM_LABELS[c.form] ?? c.form,
      c.name,
      c.email,
      c.phone,
      c.company,
      c.assignee?.name ?? "",
      c.status,
      c.phase,
      (c.dealValueCents / 100).toFixed(2),
      (c.kind === "inquiry" ? 1 : 0) + c.inquiries.length,
      c.source,
      c.sourcePage,
      labelOf(INQUIRY_TYPES, c.inquiryType),
      labelOf(WEBSITE_TYPES, c.websiteType),
      labelOf(BUDGETS, c.budget),
      labelOf(TIMELINES, c.timeline),
      c.aiFeatures.map((f) => labelOf(AI_FEATURES, f)).join("; "),
      c.registration ? "" : c.message,
      c.registration?.course ?? "",
      c.registration?.startDate ?? "",
      labelOf(CLASS_SCHEDULES, c.registration?.classSchedule ?? ""),
      MAIL_LABELS[c.mail],
      c.files.map((f) => f.originalName).join("; "),
      notesText(c, timeZone),
    ]),
  );
}

/** Every note as one text: the lead's own notes, then each entry with its time and author. */
export function notesText(
  c: Pick<CustomerDetail, "legacyNotes" | "notes">,
  timeZone: string,
): string {
  const note = (n: CustomerNote) =>
    `[${formatDateTime(n.createdAt, timeZone)}] ${n.author}${n.authorEmail ? ` (${n.authorEmail})` : ""}: ${n.body}`;
  return [c.legacyNotes.trim(), ...c.notes.map(note)].filter(Boolean).join("\n\n");
}

/** The spec's "Customer lead" shape, plus what Customer Management and the pipeline add. */
export function customerJson(c: CustomerDetail, timeZone: string, { history = true } = {}) {
  return {
    id: c.id,
    reference: c.reference,
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
    notes: notesText(c, timeZone),
    kind: c.kind,
    form: c.form,
    sourcePage: c.sourcePage,
    phase: c.phase,
    dealValueCents: c.dealValueCents,
    noteEntries: c.notes,
    assignedTo: c.assignee,
    emailStatus: c.mail,
    mailMessages: c.mailMessages,
    registration: c.registration,
    ...(history ? { activity: c.activity } : {}),
    inquiries: c.inquiries,
  };
}
