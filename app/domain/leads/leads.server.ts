import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { CLOSED_PHASES } from "#app/domain/leads/records.schema.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { leadFiles, leadInquiries, leads } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import {
  ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
  inquiryMails,
  leadEmails,
} from "./lead-mail.server.ts";
import type { InquiryForm, LeadFields } from "./leads.ts";
import { leadReceived, leadReturned, lockAddress } from "./pipeline.server.ts";
import { assignmentMail, pipelineEmails, returningContactMail } from "./pipeline-mail.server.ts";

/** A file a visitor attached, already in storage. */
export interface LeadFile {
  objectKey: string;
  originalName: string;
  size: number;
  mimeType: string;
  /** The content's SHA-256 (hex): the same file sent again is recognised. */
  sha256: string;
}

export interface NewLead extends LeadFields {
  form: InquiryForm;
  service?: string;
  /** The service is one the site lists (decided at the edge): the acknowledgement names it. */
  listedService?: boolean;
  source: string;
  files: LeadFile[];
}

export interface LeadDeps {
  db: Db;
  outbox: Outbox;
  salesEmail: string;
  brand: MailBrand;
}

/** The columns of a lead row that every kind of lead fills. */
export interface LeadRow extends LeadFields {
  kind: "inquiry" | "registration";
  form: InquiryForm | "registration" | "consultation";
  source: string;
  /** The SHA-256 of each attached file: part of what makes a post the same post again. */
  fileHashes?: string[];
  /** What else the post chose that its fields do not say (a registration's cohort). */
  choice?: string;
  /** A registration's price: the deal's value. */
  dealValueCents?: number;
  /** A booked consultation's consultant: the record's owner (under the pipeline's rules). */
  consultant?: { id: number; name: string };
}

/** A post that repeats an earlier one this long after it is a retry; later, a new submission. */
export const RETRY_WINDOW_HOURS = 24;

/**
 * What identifies a submission: the form, every field the visitor filled (the registration's
 * course, date and choices are in its message) and the files' hashes. A key from the page plays
 * no part: cached HTML would share it between visitors and messages (decision 0019).
 */
export function submissionHash(lead: LeadRow): string {
  const fields = {
    form: lead.form,
    name: lead.name.trim(),
    email: lead.email.trim().toLowerCase(),
    phone: lead.phone.trim(),
    company: lead.company.trim(),
    inquiryType: lead.inquiryType,
    websiteType: lead.websiteType ?? "",
    budget: lead.budget ?? "",
    timeline: lead.timeline ?? "",
    aiFeatures: [...(lead.aiFeatures ?? [])].sort(),
    message: lead.message.trim(),
    files: [...(lead.fileHashes ?? [])].sort(),
    choice: lead.choice ?? "",
  };
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/** The e-mail components a new lead may need, loaded before its transaction opens. */
export const loadLeadEmails = () => Promise.all([leadEmails(), pipelineEmails()]);

/**
 * Stores a visitor's lead inside the caller's transaction. An inquiry from someone whose record
 * is still open joins that record's history (a lead_inquiries row and an activity line) instead
 * of making a second customer; anything else is a new record, with its first activity line and
 * (when the setting is on) an owner, who is e-mailed. The same post again within
 * RETRY_WINDOW_HOURS (same form, fields and files) stores nothing and returns the record with
 * `duplicate: true`, unless `stillStands` says what it made no longer stands (a cancelled
 * registration): then it is a new submission.
 */
export async function insertLead(
  tx: DbTransaction,
  deps: { outbox: Pick<Outbox, "enqueue">; brand: MailBrand },
  lead: LeadRow,
  stillStands: (leadId: number) => Promise<boolean> = async () => true,
): Promise<StoredLead> {
  const email = lead.email.toLowerCase();
  const hash = submissionHash(lead);
  // One post at a time per address, on every instance: two inquiries sent at once from a new
  // address make one record and one history entry, not two records; and a retry always finds
  // the post it repeats (the hash includes the address).
  await lockAddress(tx, email);
  const seen = await postedBefore(tx, hash);
  if (seen && (await stillStands(seen.leadId))) return { ...seen, duplicate: true };
  const open = lead.kind === "inquiry" ? await openRecordOf(tx, email) : undefined;
  if (open) {
    const [later] = await tx
      .insert(leadInquiries)
      .values({ ...inquiryColumnsOf(lead), leadId: open.id, submissionHash: hash })
      .returning({ id: leadInquiries.id });
    const record = { id: open.id, name: lead.name, form: lead.form };
    const owner = await leadReturned(tx, record, open.assignedTo, lead.consultant);
    if (owner)
      await deps.outbox.enqueue(tx, [await returningContactMail(deps.brand, owner.email, record)]);
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, open.id));
    return { leadId: open.id, submissionId: (later as { id: number }).id, duplicate: false };
  }
  const [inserted] = await tx
    .insert(leads)
    .values({
      ...inquiryColumnsOf(lead),
      kind: lead.kind,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      dealValueCents: lead.dealValueCents ?? 0,
      submissionHash: hash,
    })
    .returning({ id: leads.id });
  const id = (inserted as { id: number }).id;
  const owner = await leadReceived(tx, { id, name: lead.name, form: lead.form }, lead.consultant);
  if (owner) {
    const record = { id, name: lead.name, company: lead.company, form: lead.form };
    await deps.outbox.enqueue(tx, [
      await assignmentMail(deps.brand, owner.email, record, "Automatic assignment"),
    ]);
  }
  return { leadId: id, submissionId: id, duplicate: false };
}

/** What a stored submission became: its record, and its own number (the visitor's reference). */
export interface StoredLead {
  /** The customer record it made or joined (staff's number, never shown to the visitor). */
  leadId: number;
  /** The submission's own number: the record's id when it made one, else its later inquiry's. */
  submissionId: number;
  duplicate: boolean;
}

/** What an inquiry said, as a record's first inquiry and a later one both keep it. */
function inquiryColumnsOf(lead: LeadRow) {
  return {
    form: lead.form,
    inquiryType: lead.inquiryType,
    websiteType: lead.websiteType ?? "",
    budget: lead.budget ?? "",
    timeline: lead.timeline ?? "",
    aiFeatures: lead.aiFeatures ?? [],
    message: lead.message,
    source: lead.source || "Direct",
    sourcePage: lead.sourcePage,
  };
}

/** The record the same post made or joined within the retry window, if any (the newest). */
async function postedBefore(
  tx: DbTransaction,
  hash: string,
): Promise<Omit<StoredLead, "duplicate"> | undefined> {
  const since = sql`now() - make_interval(hours => ${RETRY_WINDOW_HOURS})`;
  const [asRecord] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.submissionHash, hash), gt(leads.createdAt, since)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (asRecord) return { leadId: asRecord.id, submissionId: asRecord.id };
  const [asFollowUp] = await tx
    .select({ id: leadInquiries.id, leadId: leadInquiries.leadId })
    .from(leadInquiries)
    .where(and(eq(leadInquiries.submissionHash, hash), gt(leadInquiries.createdAt, since)))
    .orderBy(desc(leadInquiries.createdAt))
    .limit(1);
  return asFollowUp && { leadId: asFollowUp.leadId, submissionId: asFollowUp.id };
}

/**
 * The person's newest record that is still open: an inquiry or a customer added by hand whose
 * deal is not closed and whose work is not Completed or Closed. A registration is a deal of its
 * own and never takes inquiries.
 */
export async function openRecordOf(tx: DbTransaction, email: string) {
  const [open] = await tx
    .select({ id: leads.id, assignedTo: leads.assignedTo })
    .from(leads)
    .where(
      and(
        sql`lower(${leads.email}) = ${email}`,
        inArray(leads.kind, ["inquiry", "manual"]),
        notInArray(leads.phase, CLOSED_PHASES),
        notInArray(leads.status, ["Completed", "Closed"]),
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1)
    .for("update");
  return open;
}

/**
 * Stores the lead, its files and its two e-mails in one transaction: either all of it is
 * kept or none. The same post again within the retry window returns the first lead and
 * `duplicate: true`; the caller then discards the files it stored for the repeat.
 */
export async function createLead(deps: LeadDeps, lead: NewLead): Promise<StoredLead> {
  // The e-mail components load once per process, before the transaction rather than inside it.
  await loadLeadEmails();
  return deps.db.transaction(async (tx) => {
    const message = lead.service ? `Service: ${lead.service}\n\n${lead.message}` : lead.message;
    const fileHashes = lead.files.map((f) => f.sha256);
    const stored = await insertLead(tx, deps, { ...lead, kind: "inquiry", message, fileHashes });
    const { leadId, submissionId, duplicate } = stored;
    if (duplicate) return stored;
    if (lead.files.length) {
      await tx.insert(leadFiles).values(
        lead.files.map(({ objectKey, originalName, size, mimeType }) => ({
          objectKey,
          originalName,
          size,
          mimeType,
          leadId,
        })),
      );
    }
    const acknowledge = await acknowledgementAllowed(tx, lead.email);
    await deps.outbox.enqueue(
      tx,
      await inquiryMails({ ...lead, id: leadId, submissionId }, deps.salesEmail, deps.brand, {
        acknowledge,
      }),
    );
    return stored;
  });
}

/**
 * Counts one acknowledgement to `email` and says whether it may go: at most
 * ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY a calendar day (UTC), counted in the database (every
 * instance shares the count) in the lead's transaction. The key is a hash: the counter table
 * keeps no address. Every message a visitor's form sends to the address typed counts here.
 */
export async function acknowledgementAllowed(tx: DbTransaction, email: string): Promise<boolean> {
  const address = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  const limit = await hitRateLimit(
    tx,
    `acknowledgement:${address}`,
    ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
    86_400,
  );
  return limit.allowed;
}

/** Which of these storage keys belong to a lead's file (the clean-up keeps those). */
export async function leadFileKeysAmong(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: leadFiles.objectKey })
    .from(leadFiles)
    .where(inArray(leadFiles.objectKey, keys));
  return new Set(rows.map((r) => r.key));
}
