// The cancellation policy (issue 47, decision 0025): a paid or invoiced registration cancelled
// until `fullDays` before its start is credited in full, until `halfDays` before it half (rounded
// down to the cent), later nothing. The days are the company's calendar days from today to the
// first class. Pure: the Settings are read by the caller (refund_full_days, refund_half_days);
// the screens say what cancelling now would credit and give back (client-safe).
import { formatAmount } from "#app/domain/billing/money.ts";

export interface CancellationPolicy {
  /** Credited in full when cancelled at least this many days before the start (14). */
  fullDays: number;
  /** Credited half when cancelled at least this many days before the start (7). */
  halfDays: number;
}

/** The policy's share of the charge: 1 (full), 0.5 (half) or 0 (none). */
export type CreditShare = 1 | 0.5 | 0;

export interface PolicyCredit {
  share: CreditShare;
  /** The days from today to the start (negative once it started). */
  daysBefore: number;
  /** What is credited, in whole cents. */
  creditCents: number;
}

const DAY = 86_400_000;

/** Calendar days from `today` to `startDate` (both YYYY-MM-DD, the company's days). */
export function daysBefore(today: string, startDate: string): number {
  return Math.round(
    (Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY,
  );
}

/** The share the policy credits this many days before the start. */
export function creditShare(days: number, policy: CancellationPolicy): CreditShare {
  if (days >= policy.fullDays) return 1;
  if (days >= policy.halfDays) return 0.5;
  return 0;
}

/** What the policy credits of `chargeCents` when cancelled on `today`. */
export function policyCredit(
  chargeCents: number,
  today: string,
  startDate: string,
  policy: CancellationPolicy,
): PolicyCredit {
  const days = daysBefore(today, startDate);
  const share = creditShare(days, policy);
  const creditCents = share === 1 ? chargeCents : share === 0.5 ? Math.floor(chargeCents / 2) : 0;
  return { share, daysBefore: days, creditCents };
}

/** What cancelling now would credit and give back, for the screens (before anyone confirms). */
export interface CancellationPreview {
  chargeCents: number;
  daysBefore: number;
  /** The policy's credit. */
  policyCents: number;
  /** The most a credit may be (what remains creditable). */
  creditableCents: number;
  refundCents: number;
  /** "refunded to the card", "paid back by bank transfer" */
  refundWay: string;
  /** "$600.00 of invoice 2027-0001 remains due." or the invoice void; "" without an invoice. */
  owedLine: string;
}

/** "Per the cancellation policy: $600.00 of $1,200.00 credited (10 days before the start)." */
export const policyLine = (p: CancellationPreview) =>
  `Per the cancellation policy: ${formatAmount(p.policyCents)} of ${formatAmount(p.chargeCents)} credited (${p.daysBefore} day${p.daysBefore === 1 ? "" : "s"} before the start).`;

/** What goes back by the policy: "$600.00 refunded to the card." and what stays owed. */
export const refundLineOf = (p: CancellationPreview) =>
  [p.refundCents > 0 ? `${formatAmount(p.refundCents)} ${p.refundWay}.` : "", p.owedLine]
    .filter(Boolean)
    .join(" ");
