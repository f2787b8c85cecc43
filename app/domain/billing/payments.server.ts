// Payments and refunds (issue 47, decision 0025): money received for a registration (a bank
// transfer or cheque staff record, a card paid through Stripe Checkout) and money paid back. Each
// payment issues a numbered receipt in the same transaction; partial payments add up. Billing
// owns payments; training says what the registration costs and what being paid means for it.
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import {
  type BillingLine,
  type BillingParty,
  billingDocuments,
  payments,
} from "#app/platform/db/schema.ts";
import { type IssuedDocument, issueDocument } from "./documents.server.ts";
import { formatAmount } from "./money.ts";

export const PAYMENT_METHODS = ["card", "bank-transfer", "cheque"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  "bank-transfer": "Bank transfer",
  cheque: "Cheque",
};

/** Who is billed and for what: the registration's bill (training's `registrationBill`). */
export interface Payer {
  registrationId: number;
  leadId: number;
  studentEmail: string;
  billedTo: BillingParty;
  lines: BillingLine[];
}

export interface Payment {
  method: PaymentMethod;
  amountCents: number;
  /** The company's day the money came. */
  receivedOn: string;
  reference: string;
  /** Stripe's payment intent, for a card: recorded once. */
  stripeId?: string;
}

/** A registration's money: what was invoiced, credited, paid and refunded, in cents. */
export interface Account {
  invoicedCents: number;
  creditedCents: number;
  paidCents: number;
  refundedCents: number;
  /** The registration's invoice, when it has one. */
  invoice: { id: number; number: string; totalCents: number; dueOn: string | null } | null;
}

/** The accounts of these registrations, by registration (every one present, empty or not). */
export async function accountsOf(
  db: Pick<Db, "select">,
  registrationIds: number[],
): Promise<Map<number, Account>> {
  const accounts = new Map<number, Account>(
    registrationIds.map((id) => [
      id,
      { invoicedCents: 0, creditedCents: 0, paidCents: 0, refundedCents: 0, invoice: null },
    ]),
  );
  if (registrationIds.length === 0) return accounts;
  const documents = await db
    .select({
      id: billingDocuments.id,
      registrationId: billingDocuments.registrationId,
      kind: billingDocuments.kind,
      number: billingDocuments.number,
      totalCents: billingDocuments.totalCents,
      dueOn: billingDocuments.dueOn,
    })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.registrationId, registrationIds),
        inArray(billingDocuments.kind, ["invoice", "credit_note"]),
      ),
    );
  for (const doc of documents) {
    const account = accounts.get(doc.registrationId);
    if (!account) continue;
    if (doc.kind === "invoice") {
      account.invoicedCents += doc.totalCents;
      account.invoice = {
        id: doc.id,
        number: doc.number,
        totalCents: doc.totalCents,
        dueOn: doc.dueOn,
      };
    } else account.creditedCents += doc.totalCents;
  }
  const money = await db
    .select({
      registrationId: payments.registrationId,
      kind: payments.kind,
      cents: sql<number>`sum(${payments.amountCents})::int`,
    })
    .from(payments)
    .where(inArray(payments.registrationId, registrationIds))
    .groupBy(payments.registrationId, payments.kind);
  for (const row of money) {
    const account = accounts.get(row.registrationId);
    if (!account) continue;
    if (row.kind === "payment") account.paidCents += Number(row.cents);
    else account.refundedCents += Number(row.cents);
  }
  return accounts;
}

/** One registration's account. */
export async function accountOf(db: Pick<Db, "select">, registrationId: number): Promise<Account> {
  const accounts = await accountsOf(db, [registrationId]);
  return accounts.get(registrationId) as Account;
}

/**
 * What is still owed: the invoice (or, with none, the registration's price) less credit notes and
 * the money kept (paid less refunded). Never below zero.
 */
export function dueCents(account: Account, priceCents: number): number {
  const charged = account.invoice ? account.invoicedCents : priceCents;
  const kept = account.paidCents - account.refundedCents;
  return Math.max(0, charged - account.creditedCents - kept);
}

/**
 * Records a payment and issues its receipt, in the caller's transaction (the caller holds the
 * registration's row lock and has checked the amount). A Stripe payment intent already recorded
 * records nothing and returns null: a webhook delivered twice pays once.
 */
export async function recordPayment(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  payer: Payer,
  payment: Payment,
  now: Date,
): Promise<IssuedDocument | null> {
  if (payment.stripeId) {
    const [seen] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.stripeId, payment.stripeId));
    if (seen) return null;
  }
  // The invoice's row is locked while its payment is recorded: the overdue reminder, which
  // claims that row first, waits and then sees the payment (no reminder for a paid invoice).
  await tx
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.registrationId, payer.registrationId),
        eq(billingDocuments.kind, "invoice"),
      ),
    )
    .for("update");
  const { invoice } = await accountOf(tx, payer.registrationId);
  const method = PAYMENT_METHOD_LABELS[payment.method];
  const amount = formatAmount(payment.amountCents);
  const paid = `Paid by ${method.toLowerCase()} on ${formatDay(payment.receivedOn)}${payment.reference ? ` (reference ${payment.reference})` : ""}.`;
  const receipt = await issueDocument(
    tx,
    mail,
    actor,
    {
      kind: "receipt",
      registrationId: payer.registrationId,
      leadId: payer.leadId,
      refersTo: invoice ? { id: invoice.id, number: invoice.number } : null,
      billedTo: payer.billedTo,
      lines: [
        {
          description: invoice
            ? `Payment of invoice ${invoice.number}`
            : `Payment: ${payer.lines[0]?.description ?? "course registration"}`,
          detail: payer.lines[0]?.detail ?? "",
          quantity: 1,
          unitCents: payment.amountCents,
          amountCents: payment.amountCents,
        },
      ],
      paymentMethod: payment.method,
      dueOn: null,
      paymentNote: paid,
      note: "Thank you for your payment.",
      audit: {
        action: "receipt_issued",
        details: { method, receivedOn: payment.receivedOn, reference: payment.reference },
      },
      email: {
        subject: `${amount} received, thank you`,
        lines: [`Thank you: we received ${amount}. The receipt is attached.`, paid],
        facts: invoice ? [["Invoice", invoice.number]] : [],
      },
    },
    payer.studentEmail,
    now,
  );
  await tx.insert(payments).values({
    registrationId: payer.registrationId,
    kind: "payment",
    method: payment.method,
    amountCents: payment.amountCents,
    receivedOn: payment.receivedOn,
    reference: payment.reference,
    stripeId: payment.stripeId ?? null,
    documentId: receipt.id,
    recordedAt: now,
    recordedBy: actor?.user.id ?? null,
  });
  return receipt;
}

/**
 * Carries a payment recorded before receipts existed (Mark paid kept only an amount on the
 * registration) into the payments, without a receipt: the earnings count it from then on.
 */
export async function carryEarlierPayment(
  tx: DbTransaction,
  payment: Payment & { registrationId: number },
  now: Date,
): Promise<void> {
  await tx.insert(payments).values({
    registrationId: payment.registrationId,
    kind: "payment",
    method: payment.method,
    amountCents: payment.amountCents,
    receivedOn: payment.receivedOn,
    reference: payment.reference,
    recordedAt: now,
  });
}

/**
 * The money that moved between two days (the company's, inclusive): received and refunded, in
 * cents. The sales figures count a registration's earnings the same way, so the two agree.
 */
export async function moneyMoved(
  db: Pick<Db, "select">,
  from: string,
  to: string,
): Promise<{ receivedCents: number; refundedCents: number }> {
  const rows = await db
    .select({ kind: payments.kind, cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(and(gte(payments.receivedOn, from), lte(payments.receivedOn, to)))
    .groupBy(payments.kind);
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.cents ?? 0);
  return { receivedCents: of("payment"), refundedCents: of("refund") };
}
