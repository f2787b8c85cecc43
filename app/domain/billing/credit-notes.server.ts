// Credit notes and refunds (issue 47, decision 0025): a credit note corrects or voids an invoice
// (or, for a card paid without an invoice, its receipt) and is never itself credited; it never
// credits more than remains of the document it corrects. A refund pays back money that was paid
// and not yet refunded, after a credit note. Both in the caller's transaction, which holds the
// registration's row lock. Billing owns billing_documents and payments.
import { and, eq, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "#app/domain/audit/audit.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { billingDocuments, payments } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { type IssuedDocument, issueDocument } from "./documents.server.ts";
import { formatAmount } from "./money.ts";
import {
  accountOf,
  PAYMENT_METHOD_LABELS,
  type Payer,
  type PaymentMethod,
} from "./payments.server.ts";

export const CREDIT_TEXTS = {
  positive: "A credit note credits an amount above $0.00.",
  noDocument: "That invoice or receipt does not exist for this registration.",
  creditOfCredit:
    "A credit note cannot be credited: credit the invoice or receipt it corrects instead.",
  aboveCreditable: (remaining: string, number: string) =>
    `Only ${remaining} of ${number} remains to credit: a credit note cannot credit more.`,
  refundPositive: "A refund pays back an amount above $0.00.",
  aboveRefundable: (amount: string, kept: string) =>
    `A refund of ${amount} is more than the ${kept} paid and not yet refunded.`,
  noCreditNote: "A refund follows a credit note of the same registration.",
} as const;

const NAMES: Record<string, string> = { invoice: "invoice", receipt: "receipt" };

/** What remains to credit of a document: its total less the credit notes that refer to it. */
export async function creditableCents(db: Pick<Db, "select">, documentId: number): Promise<number> {
  const [doc] = await db
    .select({ total: billingDocuments.totalCents })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, documentId));
  if (!doc) return 0;
  const [credited] = await db
    .select({ cents: sql<number>`coalesce(sum(${billingDocuments.totalCents}), 0)::int` })
    .from(billingDocuments)
    .where(
      and(eq(billingDocuments.refersTo, documentId), eq(billingDocuments.kind, "credit_note")),
    );
  return doc.total - Number(credited?.cents ?? 0);
}

export interface CreditNoteRequest {
  /** The invoice (or a card's receipt) it corrects: its id. */
  refersTo: number;
  amountCents: number;
  /** Why: printed on the note and in its e-mail (the cancellation, the override's reason). */
  reason: string;
  /** What happens to the money: "Refunded to the card ...", printed under the total. */
  paymentNote: string;
  payer: Payer;
}

/**
 * Issues a credit note against an invoice or receipt of the payer's registration: refused for a
 * credit note, for nothing or less, and above what remains creditable on that document.
 */
export async function issueCreditNote(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  request: CreditNoteRequest,
  now: Date,
): Promise<Result<IssuedDocument>> {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
    return failure("invalid", CREDIT_TEXTS.positive);
  }
  // Locked: two credit notes against one document queue, and the second sees the first.
  const [doc] = await tx
    .select({
      id: billingDocuments.id,
      kind: billingDocuments.kind,
      number: billingDocuments.number,
      registrationId: billingDocuments.registrationId,
      billedTo: billingDocuments.billedTo,
      paymentMethod: billingDocuments.paymentMethod,
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, request.refersTo))
    .for("update");
  if (!doc || doc.registrationId !== request.payer.registrationId) {
    return failure("not-found", CREDIT_TEXTS.noDocument);
  }
  if (doc.kind === "credit_note") return failure("conflict", CREDIT_TEXTS.creditOfCredit);
  const remaining = await creditableCents(tx, doc.id);
  if (request.amountCents > remaining) {
    return failure("conflict", CREDIT_TEXTS.aboveCreditable(formatAmount(remaining), doc.number));
  }
  const amount = formatAmount(request.amountCents);
  const of = `${NAMES[doc.kind] ?? doc.kind} ${doc.number}`;
  const issued = await issueDocument(
    tx,
    mail,
    actor,
    {
      kind: "credit_note",
      registrationId: request.payer.registrationId,
      leadId: request.payer.leadId,
      refersTo: { id: doc.id, number: doc.number },
      // Made out to whom the corrected document was.
      billedTo: doc.billedTo,
      lines: [
        {
          description: `Credit of ${of}: ${request.payer.lines[0]?.description ?? "course registration"}`,
          detail: request.reason,
          quantity: 1,
          unitCents: request.amountCents,
          amountCents: request.amountCents,
        },
      ],
      paymentMethod: doc.paymentMethod,
      dueOn: null,
      paymentNote: request.paymentNote,
      note: `This credit note credits ${amount} of ${of}. ${request.reason}`,
      audit: {
        action: "credit_note_issued",
        details: { invoice: doc.number, reason: request.reason },
      },
      email: {
        subject: `${amount} credited`,
        lines: [
          `We credited ${amount} of ${of}. The credit note is attached.`,
          ...(request.paymentNote ? [request.paymentNote] : []),
        ],
        facts: [[doc.kind === "invoice" ? "Invoice" : "Receipt", doc.number]],
      },
    },
    request.payer.studentEmail,
    now,
  );
  return success(issued);
}

export interface Refund {
  registrationId: number;
  method: PaymentMethod;
  amountCents: number;
  /** Stripe's refund id (re_...), for a card refunded through Stripe. */
  stripeId?: string;
  /** The payment it pays back: a card's payment intent, a transfer's reference. */
  reference: string;
  /** The credit note the refund follows. */
  creditNoteId: number;
}

/**
 * Records money paid back, in the caller's transaction: refused for nothing or less, above what
 * was paid less what was refunded already, and without a credit note of the same registration.
 */
export async function recordRefund(
  tx: DbTransaction,
  actor: Actor | null,
  refund: Refund,
  now: Date,
): Promise<Result<void>> {
  if (!Number.isInteger(refund.amountCents) || refund.amountCents <= 0) {
    return failure("invalid", CREDIT_TEXTS.refundPositive);
  }
  const [note] = await tx
    .select({ number: billingDocuments.number })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.id, refund.creditNoteId),
        eq(billingDocuments.registrationId, refund.registrationId),
        eq(billingDocuments.kind, "credit_note"),
      ),
    );
  if (!note) return failure("conflict", CREDIT_TEXTS.noCreditNote);
  const account = await accountOf(tx, refund.registrationId);
  const kept = account.paidCents - account.refundedCents;
  if (refund.amountCents > kept) {
    return failure(
      "conflict",
      CREDIT_TEXTS.aboveRefundable(formatAmount(refund.amountCents), formatAmount(kept)),
    );
  }
  const today = dayIn(now, await getTimeZone(tx));
  await tx.insert(payments).values({
    registrationId: refund.registrationId,
    kind: "refund",
    method: refund.method,
    amountCents: refund.amountCents,
    receivedOn: today,
    reference: refund.reference,
    stripeId: refund.stripeId ?? null,
    documentId: refund.creditNoteId,
    recordedAt: now,
    recordedBy: actor?.user.id ?? null,
  });
  await recordAudit(tx, {
    action: "payment_refunded",
    actorId: actor?.user.id ?? null,
    actorLabel: actor?.user.email ?? "",
    ip: actor?.ip ?? "",
    target: `registration:${refund.registrationId}`,
    details: {
      amount: formatAmount(refund.amountCents),
      method: PAYMENT_METHOD_LABELS[refund.method],
      creditNote: note.number,
      ...(refund.stripeId ? { stripeRefund: refund.stripeId } : {}),
    },
  });
  return success();
}
