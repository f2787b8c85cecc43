// The cancellation policy (issue 47, decision 0025): a paid or invoiced registration cancelled
// until `fullDays` before its start is credited in full, until `halfDays` before it half (rounded
// down to the cent), later nothing. The days are the company's calendar days from today to the
// first class. Pure: the Settings are read by the caller (refund_full_days, refund_half_days).
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

/** "full", "half" or "none": the share as the screens say it. */
export const SHARE_WORDS: Record<CreditShare, string> = { 1: "full", 0.5: "half", 0: "none" };
