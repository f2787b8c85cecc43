// A paid or invoiced registration cancelled (issue 47 part 4, decision 0025): the cancellation
// policy (Settings) says what share of the charge is credited; staff may set another amount
// with a reason, a student's own cancellation follows the policy. The credit note (billing)
// corrects the invoice, or a card's receipt when there is no invoice; then what was paid beyond
// what is still owed goes back: a card through the card gateway (Stripe), a bank transfer or
// cheque recorded as paid back the same way. All in the cancellation's transaction: a card
// refund that fails rolls everything back (thrown as `Rollback`), so nothing changes.
// Over 400 lines: the preview, the quote and the settlement share one plan of what goes back.
import { and, desc, eq } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { CardGateway } from "#app/domain/billing/card-gateway.ts";
import {
  creditableCents,
  issueCreditNote,
  recordRefund,
} from "#app/domain/billing/credit-notes.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import {
  type Account,
  accountOf,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "#app/domain/billing/payments.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { staffNumber } from "#app/domain/settings/staff-settings.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { billingDocuments, payments, registrations } from "#app/platform/db/schema.ts";
import { type Failure, failure } from "#app/platform/result.ts";
import {
  type CancellationPreview,
  type PolicyCredit,
  policyCredit,
} from "./cancellation-policy.ts";
import { type RegistrationBill, registrationBill } from "./registration-invoices.server.ts";

export const CANCEL_MONEY_TEXTS = {
  cardFailed: "The card refund could not be made; nothing changed. Try again.",
  noCards:
    "This registration was paid by card, and card refunds need Stripe, which is not connected: nothing changed. Set Stripe's keys (see Settings) and cancel again.",
  overrideReason: "Say why the credit differs from the policy's.",
  overrideNothing: "Nothing was invoiced or paid: there is nothing to credit.",
  overrideTooMuch: (most: string) => `Credit at most ${most}: what remains to credit.`,
} as const;

/** A refusal found after something changed: thrown to roll the transaction back, then answered. */
export class Rollback extends Error {
  readonly failure: Failure;
  constructor(refusal: Failure, options?: ErrorOptions) {
    super(refusal.error, options);
    this.failure = refusal;
  }
}

/** The preview of cancelling `registrationId` today by the policy; null with nothing billed. */
export async function cancellationPreview(
  db: Pick<Db, "select">,
  registrationId: number,
  today: string,
): Promise<CancellationPreview | null> {
  const quote = await cancellationQuote(db, registrationId, today);
  if (!quote) return null;
  const money = await moneyAfter(db, quote, quote.policy.creditCents);
  return {
    chargeCents: quote.chargeCents,
    daysBefore: quote.policy.daysBefore,
    policyCents: quote.policy.creditCents,
    creditableCents: quote.creditableCents,
    refundCents: money.refund,
    refundWay: money.ways,
    owedLine: money.owedLine,
  };
}

/**
 * Each registration the student may cancel with what cancelling now credits and gives back by the
 * cancellation policy (decision 0025), shown before they confirm; null with nothing billed.
 */
export async function withCancellationPreviews<T extends { id: number; canCancel: boolean }>(
  db: Db,
  registrations: T[],
  today: string,
) {
  return Promise.all(
    registrations.map(async (r) => ({
      ...r,
      cancelPreview: r.canCancel ? await cancellationPreview(db, r.id, today) : null,
    })),
  );
}

/** Runs a change; a `Rollback` it throws is answered as its failure (nothing changed). */
export async function unlessRolledBack<T>(run: () => Promise<T>): Promise<T | Failure> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    throw error;
  }
}

/** What cancelling a registration now means for its money. */
export interface CancellationQuote {
  registrationId: number;
  /** The invoice's total, or without an invoice what was paid (a card at checkout). */
  chargeCents: number;
  /** The document a credit note refers to. */
  document: { id: number; number: string; kind: "invoice" | "receipt" };
  /** What remains to credit on it (its total less earlier credit notes). */
  creditableCents: number;
  account: Account;
  /** The policy's credit, at most what remains creditable. */
  policy: PolicyCredit;
}

/** The quote for cancelling `registrationId` today; null when nothing was invoiced or paid. */
export async function cancellationQuote(
  db: Pick<Db, "select">,
  registrationId: number,
  today: string,
): Promise<CancellationQuote | null> {
  const bill = await registrationBill(db, registrationId);
  if (!bill) return null;
  return quoteOf(db, bill, today);
}

async function quoteOf(
  db: Pick<Db, "select">,
  bill: RegistrationBill,
  today: string,
): Promise<CancellationQuote | null> {
  const account = await accountOf(db, bill.registrationId);
  let document: CancellationQuote["document"] | null = null;
  let chargeCents = 0;
  if (account.invoice) {
    document = { id: account.invoice.id, number: account.invoice.number, kind: "invoice" };
    chargeCents = account.invoice.totalCents;
  } else if (account.paidCents > 0) {
    const [receipt] = await db
      .select({ id: billingDocuments.id, number: billingDocuments.number })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.registrationId, bill.registrationId),
          eq(billingDocuments.kind, "receipt"),
        ),
      )
      .orderBy(desc(billingDocuments.id))
      .limit(1);
    if (receipt) document = { ...receipt, kind: "receipt" };
    chargeCents = account.paidCents;
  }
  if (!document) return null;
  const creditable = await creditableCents(db, document.id);
  const policy = policyCredit(chargeCents, today, bill.startDate, {
    fullDays: await staffNumber(db, "refund_full_days"),
    halfDays: await staffNumber(db, "refund_half_days"),
  });
  return {
    registrationId: bill.registrationId,
    chargeCents,
    document,
    creditableCents: creditable,
    account,
    policy: { ...policy, creditCents: Math.min(policy.creditCents, creditable) },
  };
}

/** The money kept: paid less refunded. */
const keptOf = (account: Account) => account.paidCents - account.refundedCents;

/**
 * What goes back after crediting `creditCents`: what was paid beyond what is still owed (the
 * charge less every credit note), never more than was kept.
 */
export function refundCents(account: Account, chargeCents: number, creditCents: number): number {
  const charged = account.invoice ? account.invoicedCents : chargeCents;
  const owed = Math.max(0, charged - account.creditedCents - creditCents);
  return Math.max(0, keptOf(account) - owed);
}

interface RefundPart {
  method: PaymentMethod;
  amountCents: number;
  /** A card paid through Stripe: its payment intent. */
  paymentIntent: string | null;
  reference: string;
}

/** The payments the refund pays back, newest first (earlier refunds took the newest first). */
async function refundPlan(
  db: Pick<Db, "select">,
  registrationId: number,
  account: Account,
  chargeCents: number,
  creditCents: number,
): Promise<RefundPart[]> {
  let left = refundCents(account, chargeCents, creditCents);
  if (left === 0) return [];
  let refunded = account.refundedCents;
  const paid = await db
    .select({
      method: payments.method,
      amountCents: payments.amountCents,
      stripeId: payments.stripeId,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.kind, "payment")))
    .orderBy(desc(payments.id));
  const parts: RefundPart[] = [];
  for (const p of paid) {
    const already = Math.min(refunded, p.amountCents);
    refunded -= already;
    const amountCents = Math.min(left, p.amountCents - already);
    if (amountCents <= 0) continue;
    left -= amountCents;
    const method = (PAYMENT_METHODS as readonly string[]).includes(p.method)
      ? (p.method as PaymentMethod)
      : "bank-transfer";
    const paymentIntent = method === "card" && p.stripeId ? p.stripeId : null;
    parts.push({ method, amountCents, paymentIntent, reference: p.stripeId ?? p.reference });
    if (left === 0) break;
  }
  return parts;
}

/** Staff's credit instead of the policy's, and why. */
export interface CreditOverride {
  creditCents: number;
  reason: string;
}

/** What a cancellation did with the money, for its e-mail and message. */
export interface Settlement {
  creditNote: string | null;
  creditCents: number;
  refundCents: number;
  /** "refunded to your card", "paid back by bank transfer" */
  refundWay: string;
  /** "Invoice 2027-0001 is void: nothing is owed.", "$600.00 of invoice 2027-0001 remains due." */
  owedLine: string;
}

const WAYS: Record<PaymentMethod, string> = {
  card: "refunded to the card",
  "bank-transfer": "paid back by bank transfer",
  cheque: "paid back by cheque",
};

/**
 * The credit a cancellation gives: the policy's, or staff's override (a reason when it differs,
 * at most what remains creditable). A failure is found before anything changed.
 */
export function creditFor(
  quote: CancellationQuote | null,
  override: CreditOverride | undefined,
): { creditCents: number; overrideReason: string } | Failure {
  if (!override) return { creditCents: quote?.policy.creditCents ?? 0, overrideReason: "" };
  const reason = override.reason.trim();
  if (!quote) {
    return override.creditCents > 0
      ? failure("invalid", CANCEL_MONEY_TEXTS.overrideNothing, {
          creditAmount: CANCEL_MONEY_TEXTS.overrideNothing,
        })
      : { creditCents: 0, overrideReason: "" };
  }
  if (override.creditCents === quote.policy.creditCents) {
    return { creditCents: override.creditCents, overrideReason: reason };
  }
  if (!reason) {
    return failure("invalid", CANCEL_MONEY_TEXTS.overrideReason, {
      overrideReason: CANCEL_MONEY_TEXTS.overrideReason,
    });
  }
  if (
    !Number.isInteger(override.creditCents) ||
    override.creditCents < 0 ||
    override.creditCents > quote.creditableCents
  ) {
    const most = CANCEL_MONEY_TEXTS.overrideTooMuch(formatAmount(quote.creditableCents));
    return failure("invalid", most, { creditAmount: most });
  }
  return { creditCents: override.creditCents, overrideReason: reason };
}

/** What crediting `creditCents` leaves: the refunds, how they go, and what is still owed. */
async function moneyAfter(db: Pick<Db, "select">, quote: CancellationQuote, creditCents: number) {
  const { account } = quote;
  const plan = await refundPlan(db, quote.registrationId, account, quote.chargeCents, creditCents);
  const refund = plan.reduce((sum, p) => sum + p.amountCents, 0);
  const ways = [...new Set(plan.map((p) => WAYS[p.method]))].join(" and ");
  const charged = account.invoice ? account.invoicedCents : quote.chargeCents;
  const owed = Math.max(
    0,
    charged - account.creditedCents - creditCents - (keptOf(account) - refund),
  );
  const { kind, number } = quote.document;
  const owedLine =
    kind !== "invoice"
      ? ""
      : owed > 0
        ? `${formatAmount(owed)} of invoice ${number} remains due.`
        : creditCents >= quote.creditableCents
          ? `Invoice ${number} is void (fully credited): nothing is owed.`
          : "Nothing more is owed.";
  return { plan, refund, ways, owed, owedLine };
}

/**
 * Settles a cancellation's money in its transaction (the registration's row locked, its status
 * changed by the caller): the credit note, then the refunds. A card refund that cannot be made,
 * or one that would need Stripe where it is not connected, throws `Rollback`.
 */
export async function settleCancellation(
  tx: DbTransaction,
  mail: StaffMail,
  cards: CardGateway | null,
  actor: Actor,
  registrationId: number,
  credit: { creditCents: number; overrideReason: string },
  cancelReason: string,
  now: Date,
  today: string,
): Promise<Settlement | null> {
  const bill = await registrationBill(tx, registrationId);
  const quote = bill && (await quoteOf(tx, bill, today));
  if (!bill || !quote) return null;
  const { plan, refund, ways, owedLine } = await moneyAfter(tx, quote, credit.creditCents);
  if (credit.creditCents === 0) {
    // Nothing credited (the policy's last days, or staff's override): no document, no refund,
    // and the student is told so rather than promised a call about a refund.
    return { creditNote: null, creditCents: 0, refundCents: 0, refundWay: "", owedLine };
  }
  if (!cards && plan.some((p) => p.paymentIntent)) {
    throw new Rollback(failure("conflict", CANCEL_MONEY_TEXTS.noCards));
  }
  const paymentNote = [refund > 0 ? `${formatAmount(refund)} ${ways}.` : "", owedLine]
    .filter(Boolean)
    .join(" ");
  const reason = `Registration cancelled: ${cancelReason}${credit.overrideReason ? ` Credit set by staff: ${credit.overrideReason}` : ""}`;
  const note = await issueCreditNote(
    tx,
    mail,
    actor,
    {
      refersTo: quote.document.id,
      amountCents: credit.creditCents,
      reason,
      paymentNote,
      payer: bill,
    },
    now,
  );
  if (!note.ok) throw new Rollback(note);
  for (const part of plan) {
    let stripeId: string | undefined;
    if (part.paymentIntent && cards) {
      try {
        const made = await cards.refund({
          paymentIntent: part.paymentIntent,
          amountCents: part.amountCents,
          idempotencyKey: refundKey(
            registrationId,
            part.paymentIntent,
            quote.account.refundedCents,
            part.amountCents,
          ),
        });
        stripeId = made.id;
      } catch (error) {
        throw new Rollback(failure("unavailable", CANCEL_MONEY_TEXTS.cardFailed), { cause: error });
      }
    }
    const recorded = await recordRefund(
      tx,
      actor,
      {
        registrationId,
        method: part.method,
        amountCents: part.amountCents,
        reference: part.reference,
        creditNoteId: note.value.id,
        ...(stripeId ? { stripeId } : {}),
      },
      now,
    );
    if (!recorded.ok) throw new Rollback(recorded);
  }
  if (refund > 0) {
    // The registration's summary (its lists show what was paid) is what is kept now.
    const { paidCents, refundedCents } = await accountOf(tx, registrationId);
    await tx
      .update(registrations)
      .set({ paidCents: paidCents - refundedCents })
      .where(eq(registrations.id, registrationId));
  }
  return {
    creditNote: note.value.number,
    creditCents: credit.creditCents,
    refundCents: refund,
    refundWay: ways,
    owedLine,
  };
}

/**
 * The card refund's idempotency key: the registration (cancelled once), the payment, what was
 * refunded on the registration before and the amount. None of it changes when a cancellation
 * rolls back and is tried again (a credit note's number may: one given back is taken by another),
 * so a retry refunds once.
 */
export const refundKey = (
  registrationId: number,
  paymentIntent: string,
  refundedBefore: number,
  amountCents: number,
) => `refund-${registrationId}-${paymentIntent}-${refundedBefore}-${amountCents}`;
