import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { leadFiles, leads } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import type { StoredUpload } from "#app/platform/uploads/multipart.server.ts";
import {
  ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
  inquiryMails,
  leadEmails,
} from "./lead-mail.server.ts";
import type { InquiryForm, LeadFields } from "./leads.ts";
import { leadReceived } from "./pipeline.server.ts";
import { assignmentMail, pipelineEmails } from "./pipeline-mail.server.ts";

export interface NewLead extends LeadFields {
  form: InquiryForm;
  service?: string;
  source: string;
  /** The form's per-view key: the same key and e-mail posted twice is one lead. */
  idempotencyKey?: string;
  files: StoredUpload[];
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
  form: InquiryForm | "registration";
  source: string;
  idempotencyKey?: string;
  /** A registration's price: the deal's value. */
  dealValueCents?: number;
}

/** The e-mail components a new lead may need, loaded before its transaction opens. */
export const loadLeadEmails = () => Promise.all([leadEmails(), pipelineEmails()]);

/**
 * Inserts a lead inside the caller's transaction, with its first activity line and (when the
 * setting is on) its owner, who is e-mailed. A repeated post (same form, idempotency key and
 * e-mail) inserts nothing and returns the first lead with `duplicate: true`.
 */
export async function insertLead(
  tx: DbTransaction,
  deps: Pick<LeadDeps, "outbox" | "brand">,
  lead: LeadRow,
): Promise<{ leadId: number; duplicate: boolean }> {
  const idempotencyKey = lead.idempotencyKey
    ? createHash("sha256")
        .update(`${lead.form}\n${lead.idempotencyKey}\n${lead.email.toLowerCase()}`)
        .digest("hex")
    : null;
  const [inserted] = await tx
    .insert(leads)
    .values({
      kind: lead.kind,
      form: lead.form,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      inquiryType: lead.inquiryType,
      websiteType: lead.websiteType ?? "",
      budget: lead.budget ?? "",
      timeline: lead.timeline ?? "",
      aiFeatures: lead.aiFeatures ?? [],
      message: lead.message,
      source: lead.source || "Direct",
      sourcePage: lead.sourcePage,
      dealValueCents: lead.dealValueCents ?? 0,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: leads.idempotencyKey })
    .returning({ id: leads.id });
  if (inserted) {
    const owner = await leadReceived(tx, { id: inserted.id, name: lead.name, form: lead.form });
    if (owner) {
      const record = { id: inserted.id, name: lead.name, company: lead.company, form: lead.form };
      await deps.outbox.enqueue(tx, [
        await assignmentMail(deps.brand, owner.email, record, "Automatic assignment"),
      ]);
    }
    return { leadId: inserted.id, duplicate: false };
  }
  const [existing] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.idempotencyKey, idempotencyKey as string));
  if (!existing) throw new Error("duplicate lead vanished");
  return { leadId: existing.id, duplicate: true };
}

/**
 * Stores the lead, its files and its two e-mails in one transaction: either all of it is
 * kept or none. A repeated post (same idempotency key and e-mail) returns the first lead and
 * `duplicate: true`; the caller then discards the files it stored for the repeat.
 */
export async function createLead(
  deps: LeadDeps,
  lead: NewLead,
): Promise<{ leadId: number; duplicate: boolean }> {
  // The e-mail components load once per process, before the transaction rather than inside it.
  await loadLeadEmails();
  return deps.db.transaction(async (tx) => {
    const message = lead.service ? `Service: ${lead.service}\n\n${lead.message}` : lead.message;
    const { leadId, duplicate } = await insertLead(tx, deps, { ...lead, kind: "inquiry", message });
    if (duplicate) return { leadId, duplicate };
    if (lead.files.length) {
      await tx.insert(leadFiles).values(lead.files.map((f) => ({ ...f, leadId })));
    }
    const acknowledge = await acknowledgementAllowed(tx, lead.email);
    await deps.outbox.enqueue(
      tx,
      await inquiryMails({ ...lead, id: leadId }, deps.salesEmail, deps.brand, { acknowledge }),
    );
    return { leadId, duplicate: false };
  });
}

/**
 * Counts one acknowledgement to `email` and says whether it may go: at most
 * ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY a calendar day (UTC), counted in the database (every
 * instance shares the count) in the lead's transaction. The key is a hash: the counter table
 * keeps no address.
 */
async function acknowledgementAllowed(tx: DbTransaction, email: string): Promise<boolean> {
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
