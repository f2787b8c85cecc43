// Paying a registration by card through Stripe Checkout (issue 47, decision 0025). A student
// whose registration pays by credit card, holds a seat (pending or confirmed) and owes something
// opens a Checkout Session for what the server says is due, never an amount a client sent; the
// registration's row lock makes it one open session however many posts arrive, and an expired
// one is replaced. Stripe's webhook, verified at the edge, pays the registration: each event once,
// only for a session the site opened, for the amount Stripe charged (the one the server set).
import { eq, inArray } from "drizzle-orm";
import {
  type CardEvent,
  type CardGateway,
  CardGatewayError,
} from "#app/domain/billing/card-gateway.ts";
import {
  type CheckoutStatus,
  checkoutLive,
  closeCheckout,
  eventOutcome,
  firstDelivery,
  lastCheckout,
  lastCheckouts,
  storeCheckout,
  storedCheckout,
} from "#app/domain/billing/checkout.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { accountsOf, dueCents } from "#app/domain/billing/payments.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { staffNumber } from "#app/domain/settings/staff-settings.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { courses, registrations } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { payWithin } from "./registration-admin.server.ts";
import { registrationBill } from "./registration-invoices.server.ts";
import { issueRegistrationToken } from "./registration-links.server.ts";
import { receiptPath } from "./registration-receipt.server.ts";
import { RECEIPT_DAYS } from "./registrations.server.ts";

/** A session about to expire is not handed out: the student would have no time to pay. */
const MIN_LEFT_MS = 5 * 60_000;

export const CARD_TEXTS = {
  notPayable: "This registration is not waiting for a card payment.",
  nothingDue: "Nothing is due on this registration.",
  beingConfirmed:
    "Your card payment went through and is being confirmed: it shows here in a few minutes, with its receipt by e-mail.",
  unavailable: "Card payments are unavailable right now. Please try again in a few minutes.",
} as const;

/** What a registration's card payment looks like to the student. */
export interface CardCheckoutState {
  /** Something is due and the registration may be paid by card now. */
  payable: boolean;
  dueCents: number;
  /** The newest session: open and live, expired (or past its time), complete; none yet. */
  last: CheckoutStatus | "none";
}

const PAYABLE_STATUSES = new Set(["pending", "confirmed"]);

function payableNow(bill: { paymentMethod: string; status: string }) {
  return bill.paymentMethod === "credit-card" && PAYABLE_STATUSES.has(bill.status);
}

/**
 * The card payment state of these registrations (the portal's list, the confirmation page), by
 * registration: only those paying by card now (credit card, pending or confirmed).
 */
export async function cardCheckoutStates(
  db: Pick<Db, "select">,
  registrationIds: number[],
  now: Date,
): Promise<Map<number, CardCheckoutState>> {
  const states = new Map<number, CardCheckoutState>();
  if (registrationIds.length === 0) return states;
  const regs = await db
    .select({
      id: registrations.id,
      paymentMethod: registrations.paymentMethod,
      status: registrations.status,
      priceCents: registrations.priceCents,
    })
    .from(registrations)
    .where(inArray(registrations.id, registrationIds));
  const card = regs.filter(payableNow);
  const ids = card.map((r) => r.id);
  const [accounts, sessions] = await Promise.all([accountsOf(db, ids), lastCheckouts(db, ids)]);
  for (const reg of card) {
    const account = accounts.get(reg.id);
    const due = account ? dueCents(account, reg.priceCents) : reg.priceCents;
    const last = sessions.get(reg.id) ?? null;
    const lapsed = last?.status === "open" && !checkoutLive(last, now);
    states.set(reg.id, {
      payable: due > 0,
      dueCents: due,
      last: last === null ? "none" : lapsed ? "expired" : last.status,
    });
  }
  return states;
}

/**
 * A new confirmation page link for the registration (a receipt token, as the wizard's), where
 * Stripe sends a student back who paid from the e-mail's link; null for no such registration.
 */
export async function receiptPageOf(db: Db, registrationId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ slug: courses.slug })
      .from(registrations)
      .innerJoin(courses, eq(courses.id, registrations.courseId))
      .where(eq(registrations.id, registrationId));
    if (!row) return null;
    const until = new Date(now.getTime() + RECEIPT_DAYS * 86_400_000);
    return receiptPath(
      row.slug,
      await issueRegistrationToken(tx, registrationId, "receipt", until),
    );
  });
}

/** Where Stripe sends the student back. */
export interface CheckoutReturn {
  successUrl: string;
  cancelUrl: string;
}

/**
 * The Checkout page's address for the registration: its live session's, or a new session's (an
 * expired or nearly expired one is expired at Stripe first). Refused (409) when the registration
 * does not pay by card now or owes nothing; 503 when Stripe does not answer (nothing stored).
 */
export async function openCardCheckout(
  db: Db,
  gateway: CardGateway,
  registrationId: number,
  back: CheckoutReturn,
  now: Date,
): Promise<Result<{ url: string }>> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: registrations.id, holdExpiresAt: registrations.holdExpiresAt })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for("update");
    const bill = locked ? await registrationBill(tx, registrationId) : null;
    if (!bill) return failure("not-found", "That registration does not exist.");
    if (!payableNow(bill)) return failure("conflict", CARD_TEXTS.notPayable);
    const account = (await accountsOf(tx, [registrationId])).get(registrationId);
    const due = account ? dueCents(account, bill.priceCents) : bill.priceCents;
    if (due === 0) return failure("conflict", CARD_TEXTS.nothingDue);
    const last = await lastCheckout(tx, registrationId);
    const soon = new Date(now.getTime() + MIN_LEFT_MS);
    if (checkoutLive(last, soon) && last.amountCents === due) return success({ url: last.url });
    try {
      if (last?.status === "open") {
        // Paid at Stripe meanwhile (its webhook not here yet): no second checkout to pay twice.
        const state = await gateway.expireCheckout(last.id);
        await closeCheckout(tx, last.id, state);
        if (state === "complete") return failure("conflict", CARD_TEXTS.beingConfirmed);
      }
      const minutes = await staffNumber(tx, "checkout_minutes");
      const line = bill.lines[0];
      const opened = await gateway.openCheckout({
        registrationId,
        amountCents: due,
        description: line ? `${line.description} (${line.detail})` : "Course registration",
        customerEmail: bill.studentEmail,
        successUrl: back.successUrl,
        cancelUrl: back.cancelUrl,
        expiresAt: checkoutEnd(now, minutes, locked?.holdExpiresAt ?? null),
      });
      await storeCheckout(tx, registrationId, due, opened, now);
      return success({ url: opened.url });
    } catch (error) {
      // Stripe refused or did not answer: the student tries again; what was stored rolls back.
      if (error instanceof CardGatewayError) return failure("unavailable", CARD_TEXTS.unavailable);
      throw error;
    }
  });
}

/** Stripe's shortest checkout: 30 minutes. */
const SHORTEST_CHECKOUT_MS = 30 * 60_000;

/**
 * When a checkout ends: after the Settings' minutes, but not after a held seat's hold (a payment
 * for a seat given back would have to be refunded), and never sooner than Stripe allows.
 */
export function checkoutEnd(now: Date, minutes: number, holdEnds: Date | null): Date {
  const settings = now.getTime() + minutes * 60_000;
  const hold = holdEnds
    ? Math.max(holdEnds.getTime(), now.getTime() + SHORTEST_CHECKOUT_MS)
    : settings;
  return new Date(Math.min(settings, hold));
}

const PAYING = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Money Stripe took that the site keeps no use for (a second checkout paid, a payment after the
 * registration was cancelled, a session the site does not know): staff are e-mailed to refund it.
 * Nothing a customer paid goes unnoticed.
 */
async function refundAttention(
  tx: DbTransaction,
  mail: StaffMail,
  salesEmail: string,
  what: { why: string; amountCents: number; paymentIntent: string; registrationId: number | null },
) {
  const message = await notice(mail.brand, salesEmail, {
    template: "card-payment-attention",
    subject: `A card payment to refund: ${formatAmount(what.amountCents)}`,
    heading: "A card payment needs a refund",
    lines: [
      `${what.why} Refund ${formatAmount(what.amountCents)} in Stripe's dashboard (payment ${what.paymentIntent}), or cancel the registration to refund it by the policy.`,
    ],
    facts: [
      ["Amount", formatAmount(what.amountCents)],
      ["Stripe payment", what.paymentIntent],
      ...(what.registrationId === null
        ? []
        : ([["Registration", String(what.registrationId)]] as [string, string][])),
    ],
    button: {
      label: "Open the registrations",
      href: `${mail.brand.siteUrl}/admin/registrations${what.registrationId === null ? "" : `?registration=${what.registrationId}`}`,
    },
    footnote: "You receive this e-mail as the site's sales notification address.",
  });
  await mail.outbox.enqueue(tx, [message]);
}

/** What the event did, in its stored outcome. */
async function handle(
  tx: DbTransaction,
  mail: StaffMail,
  salesEmail: string,
  event: CardEvent,
  now: Date,
  today: string,
): Promise<string> {
  const session = event.session;
  if (!session || !event.type.startsWith("checkout.session.")) return "ignored";
  const stored = await storedCheckout(tx, session.id);
  const paying =
    PAYING.has(event.type) && session.paymentStatus === "paid" && session.paymentIntent;
  if (!stored || session.registrationId !== String(stored.registrationId)) {
    if (paying) {
      await refundAttention(tx, mail, salesEmail, {
        why: "Stripe took a card payment for a checkout this site does not know (its registration may have been deleted).",
        amountCents: session.amountTotal,
        paymentIntent: session.paymentIntent ?? "",
        registrationId: null,
      });
    }
    return stored
      ? "ignored: the session's registration does not match"
      : "ignored: a checkout session this site did not open";
  }
  if (event.type === "checkout.session.expired") {
    await closeCheckout(tx, stored.id, "expired");
    return `checkout for registration ${stored.registrationId} expired`;
  }
  if (!PAYING.has(event.type)) return "ignored";
  if (session.paymentStatus !== "paid") return "awaiting the payment";
  if (!session.paymentIntent) return "ignored: no payment intent";
  const paid = await payWithin(
    tx,
    mail,
    null,
    stored.registrationId,
    {
      method: "card",
      amountCents: session.amountTotal,
      receivedOn: today,
      reference: session.paymentIntent,
      stripeId: session.paymentIntent,
    },
    now,
    today,
  );
  await closeCheckout(tx, stored.id, "complete");
  if (!paid.ok) return `refused: ${paid.error}`;
  if (paid.value.receipt && paid.value.overpaidCents > 0) {
    await refundAttention(tx, mail, salesEmail, {
      why: `Registration ${stored.registrationId} has been paid ${formatAmount(paid.value.overpaidCents)} more than it owes (paid twice, or paid after it was cancelled).`,
      amountCents: Math.min(paid.value.overpaidCents, session.amountTotal),
      paymentIntent: session.paymentIntent,
      registrationId: stored.registrationId,
    });
  }
  return paid.value.receipt
    ? `paid registration ${stored.registrationId}, receipt ${paid.value.receipt}`
    : `registration ${stored.registrationId}: this payment was recorded before`;
}

/**
 * Handles a verified Stripe event in one transaction: its id stored first (a replay, sequential
 * or concurrent, finds it and changes nothing), then what it means, then its outcome.
 */
export async function handleCardEvent(
  db: Db,
  mail: StaffMail,
  /** Where a payment to refund by hand is reported (the staff setting). */
  salesEmail: string,
  event: CardEvent,
  now: Date,
  today: string,
): Promise<{ replay: boolean; outcome: string }> {
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event, now))) return { replay: true, outcome: "replay" };
    const outcome = await handle(tx, mail, salesEmail, event, now, today);
    await eventOutcome(tx, event.id, outcome);
    return { replay: false, outcome };
  });
}
