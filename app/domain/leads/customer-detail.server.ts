// A customer record's detail as staff read it, scoped on the server like the lists
// (customers.server.ts): its notes, files, e-mails, registration, history, the person's other
// records and later inquiries; and its JSON. What other areas add (the record's consultations)
// is composed above the areas (app/web/customer-detail.server.ts).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { actorName } from "#app/domain/audit/actor-name.ts";
import { formatDateTime } from "#app/domain/settings/clock.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
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
import {
  type CustomerFilter,
  type CustomerListItem,
  created,
  listColumns,
  listIds,
  listItem,
  type SalesRep,
  type Slice,
  whereOf,
} from "./customers.server.ts";
import { readAiFeatures } from "./customers.ts";
import { recordScope, type Viewer } from "./pipeline.server.ts";
import { leadReference } from "./reference.ts";

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
}

export const customerFileUrl = (leadId: number, fileId: number) =>
  `/api/customers/${leadId}/files/${fileId}`;

// Written out: in a single-table select Drizzle leaves column names unqualified, and an
// unqualified "id" here would be the mail message's own.
const mailStatusesOf = sql<
  string[]
>`coalesce((select array_agg(m.status) from mail_messages m where m.lead_id = "leads"."id"), '{}')`;

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
  const [files, notes, mails, regs, activity, related, later, site] = await Promise.all([
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
