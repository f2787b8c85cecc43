// Issuing a billing document (issue 47, decision 0025): every invoice, receipt and credit note is
// issued here, inside the caller's transaction: the next number of its series, the PDF kept in
// the row, the audit entry and one e-mail with the PDF to each distinct address it names. A
// rollback gives the number back. Billing owns billing_documents.
import { type Actor, type AuditAction, recordAudit } from "#app/domain/audit/audit.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { staffText } from "#app/domain/settings/staff-settings.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { type BillingLine, type BillingParty, billingDocuments } from "#app/platform/db/schema.ts";
import { invoicePdf } from "./invoice-pdf.server.ts";
import { formatAmount } from "./money.ts";
import { type DocumentKind, nextDocumentNumber } from "./numbers.server.ts";

export interface DocumentRequest {
  kind: DocumentKind;
  registrationId: number;
  /** The lead the e-mails are filed under (the customer's record shows them). */
  leadId: number;
  /** The invoice a credit note corrects or a receipt pays: its id and number. */
  refersTo: { id: number; number: string } | null;
  billedTo: BillingParty;
  lines: BillingLine[];
  /** credit-card | bank-transfer | company-invoice (an invoice); card | bank-transfer | cheque. */
  paymentMethod: string;
  /** An invoice's due day (the caller computes it from Settings); null for the others. */
  dueOn: string | null;
  /** "Paid by card on …" (a receipt), printed under the total. */
  paymentNote: string;
  /** The PDF's closing note. */
  note: string;
  /** The audit action and its details besides the number and amount. */
  audit: { action: AuditAction; details?: Record<string, unknown> };
  /** The e-mail: its subject after "Receipt R-2027-0001: ", lines above the facts, extra facts. */
  email: { subject: string; lines: string[]; facts?: [string, string][] };
}

export interface IssuedDocument {
  id: number;
  number: string;
  totalCents: number;
  issuedOn: string;
}

const FILE_PREFIX: Record<DocumentKind, string> = {
  invoice: "invoice",
  credit_note: "credit-note",
  receipt: "receipt",
};

const HEADING: Record<DocumentKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  receipt: "Receipt",
};

/**
 * Issues a document in the caller's transaction (the caller holds the registration's row lock):
 * its number, PDF, row, audit entry and e-mails to the billing address and the student's.
 */
export async function issueDocument(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  request: DocumentRequest,
  studentEmail: string,
  now: Date,
): Promise<IssuedDocument> {
  const today = dayIn(now, await getTimeZone(tx));
  const number = await nextDocumentNumber(tx, request.kind, Number(today.slice(0, 4)));
  const totalCents = request.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const pdf = await invoicePdf(
    {
      kind: request.kind,
      number,
      issuedOn: today,
      dueOn: request.dueOn,
      paymentReference: request.kind === "invoice" ? number : (request.refersTo?.number ?? number),
      refersTo: request.refersTo?.number ?? null,
      billedTo: request.billedTo,
      lines: request.lines,
      totalCents,
      paymentNote: request.paymentNote,
      note: request.note,
    },
    mail.brand,
    {
      bankDetails: request.kind === "invoice" ? await staffText(tx, "invoice_bank_details") : "",
      taxDetails: await staffText(tx, "invoice_tax_details"),
    },
  );
  const [row] = await tx
    .insert(billingDocuments)
    .values({
      kind: request.kind,
      number,
      registrationId: request.registrationId,
      refersTo: request.refersTo?.id ?? null,
      billedTo: request.billedTo,
      lines: request.lines,
      totalCents,
      issuedAt: now,
      issuedOn: today,
      dueOn: request.dueOn,
      paymentMethod: request.paymentMethod,
      pdf: Buffer.from(pdf),
      issuedBy: actor?.user.id ?? null,
    })
    .returning({ id: billingDocuments.id });
  if (!row) throw new Error("the billing document was not stored");
  await recordAudit(tx, {
    action: request.audit.action,
    // Staff, or the student's own link or payment (no account acts then).
    actorId: actor?.user.id ?? null,
    actorLabel: actor?.user.email ?? studentEmail,
    ip: actor?.ip ?? "",
    target: `registration:${request.registrationId}`,
    details: { number, amount: formatAmount(totalCents), ...request.audit.details },
  });
  const recipients = [
    ...new Set([request.billedTo.email, studentEmail].map((e) => e.trim().toLowerCase())),
  ].filter(Boolean);
  const attachment = {
    filename: `${FILE_PREFIX[request.kind]}-${number}.pdf`,
    contentType: "application/pdf",
    content: Buffer.from(pdf).toString("base64"),
    encoding: "base64" as const,
  };
  const messages = await Promise.all(
    recipients.map(async (to) => {
      const message = await notice(mail.brand, to, {
        template: `${FILE_PREFIX[request.kind]}-issued`,
        subject: `${HEADING[request.kind]} ${number}: ${request.email.subject}`,
        heading: `${HEADING[request.kind]} ${number}`,
        lines: request.email.lines,
        facts: [
          [HEADING[request.kind], number],
          ["Amount", formatAmount(totalCents)],
          ...(request.email.facts ?? []),
        ],
        button: { label: "Open the Training Portal", href: `${mail.brand.siteUrl}/portal` },
        footnote:
          "You receive this e-mail because a course registration names this address for its billing. Questions? Reply to this e-mail or call us.",
      });
      return {
        ...message,
        leadId: request.leadId,
        attachments: [...(message.attachments ?? []), attachment],
      };
    }),
  );
  await mail.outbox.enqueue(tx, messages);
  return { id: row.id, number, totalCents, issuedOn: today };
}
