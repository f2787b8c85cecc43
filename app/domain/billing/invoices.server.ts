// Invoices (issue 47, decision 0025): issued once, in the caller's transaction, with the next
// number of the year, the due day from Settings, the PDF kept in the row and e-mailed. Billing
// knows documents, not registrations: the training area says what to bill (the lines, from the
// server's price) and to whom. Billing owns billing_documents.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { dayIn, formatDay } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { staffNumber } from "#app/domain/settings/staff-settings.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import {
  type BillingLine,
  type BillingParty,
  billingDocuments,
  checkoutSessions,
  payments,
} from "#app/platform/db/schema.ts";
import { issueDocument } from "./documents.server.ts";
import { formatAmount } from "./money.ts";

/** The payment methods that are invoiced when the seat is secured (a card pays at checkout). */
export const INVOICED_METHODS = ["bank-transfer", "company-invoice"] as const;
export type InvoicedMethod = (typeof INVOICED_METHODS)[number];
export const isInvoiced = (method: string): method is InvoicedMethod =>
  (INVOICED_METHODS as readonly string[]).includes(method);

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface InvoiceRequest {
  registrationId: number;
  /** The lead the e-mails are filed under (the customer's record shows them). */
  leadId: number;
  paymentMethod: InvoicedMethod;
  billedTo: BillingParty;
  lines: BillingLine[];
}

/**
 * Issues the registration's invoice unless it has one: its number, due day (company invoice or
 * bank transfer days from Settings), the PDF kept with it, an e-mail with the PDF to the billing
 * address (and the student's, when another), and the audit entry. Inside the caller's
 * transaction, so a rollback gives the number back. Returns the number, or null when it had one.
 */
export async function issueInvoice(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  request: InvoiceRequest,
  studentEmail: string,
  now: Date,
): Promise<string | null> {
  // The registration's row is locked by the caller: one invoice per registration.
  const [existing] = await tx
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.registrationId, request.registrationId),
        eq(billingDocuments.kind, "invoice"),
      ),
    );
  if (existing) return null;
  const today = dayIn(now, await getTimeZone(tx));
  const days = await staffNumber(
    tx,
    request.paymentMethod === "company-invoice" ? "company_invoice_days" : "bank_transfer_days",
  );
  const dueOn = addDays(today, days);
  const how =
    request.paymentMethod === "company-invoice"
      ? `Payment is due by ${formatDay(dueOn)} (net ${days}).`
      : `Please pay by bank transfer by ${formatDay(dueOn)}.`;
  const total = formatAmount(request.lines.reduce((sum, line) => sum + line.amountCents, 0));
  const issued = await issueDocument(
    tx,
    mail,
    actor,
    {
      kind: "invoice",
      registrationId: request.registrationId,
      leadId: request.leadId,
      refersTo: null,
      billedTo: request.billedTo,
      lines: request.lines,
      paymentMethod: request.paymentMethod,
      dueOn,
      paymentNote: "",
      note: `${how} Quote the invoice number as the payment reference.`,
      audit: { action: "invoice_issued", details: { due: dueOn } },
      email: {
        subject: request.lines[0]?.description ?? "your registration",
        lines: [
          `Thank you for your registration. The invoice for ${total} is attached.`,
          `${how} Quote the invoice number as the payment reference.`,
        ],
        facts: [
          ["Due", formatDay(dueOn)],
          ...(request.billedTo.poNumber
            ? ([["PO number", request.billedTo.poNumber]] as [string, string][])
            : []),
        ],
      },
    },
    studentEmail,
    now,
  );
  return issued.number;
}

/** The billing documents of these registrations (numbers, kinds, totals), by registration. */
export async function documentsOf(db: Db, registrationIds: number[]) {
  const rows = registrationIds.length
    ? await db
        .select({
          registrationId: billingDocuments.registrationId,
          kind: billingDocuments.kind,
          number: billingDocuments.number,
          totalCents: billingDocuments.totalCents,
          issuedOn: billingDocuments.issuedOn,
          dueOn: billingDocuments.dueOn,
        })
        .from(billingDocuments)
        .where(inArray(billingDocuments.registrationId, registrationIds))
        .orderBy(billingDocuments.id)
    : [];
  const byRegistration = new Map<number, Omit<(typeof rows)[number], "registrationId">[]>();
  for (const { registrationId, ...row } of rows) {
    byRegistration.set(registrationId, [...(byRegistration.get(registrationId) ?? []), row]);
  }
  return byRegistration;
}

/** A document's PDF when it belongs to one of these registrations (the student's own), else null. */
export async function documentPdf(
  db: Db,
  number: string,
  registrationIds: number[],
): Promise<Buffer | null> {
  if (registrationIds.length === 0) return null;
  const [row] = await db
    .select({ pdf: billingDocuments.pdf })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.number, number),
        inArray(billingDocuments.registrationId, registrationIds),
      ),
    );
  return row?.pdf ?? null;
}

/**
 * Whether a registration has billing records: documents, payments, or a card checkout (whose
 * payment may still come). They are kept with the accounts, so the registration is never deleted.
 */
export async function hasBillingDocuments(db: Db, registrationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sql<number>`1` })
    .from(billingDocuments)
    .where(eq(billingDocuments.registrationId, registrationId))
    .union(
      db
        .select({ id: sql<number>`1` })
        .from(payments)
        .where(eq(payments.registrationId, registrationId)),
    )
    .union(
      db
        .select({ id: sql<number>`1` })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.registrationId, registrationId)),
    )
    .limit(1);
  return Boolean(row);
}
