// The sales dashboard's figures, computed from bookings (closed deals), targets and customers.
// Pure functions: the formulas of docs/decisions/0010-sales-dashboard.md.
import { DEAL_PHASES, type DealPhase, isActivePhase } from "#app/domain/leads/records.schema.ts";
import { addDays, addMonthsToMonth, daysInMonth } from "#app/domain/training/training.ts";

/** The money closed on one day (bookings summed per day). */
export interface DayTotal {
  /** YYYY-MM-DD */
  day: string;
  cents: number;
}

export interface Earnings {
  currentMonthCents: number;
  monthTargetCents: number | null;
  /** Current month over its target, whole percent (12,500 of 15,000 is 83). */
  monthPercent: number | null;
  lastMonthCents: number;
  /** The mean of the twelve completed months before the current one. */
  monthlyAverageCents: number;
  ytdCents: number;
  /** The sum of the year's monthly targets. */
  yearTargetCents: number | null;
  ytdPercent: number | null;
  /** January 1 of last year up to the same day last year. */
  previousYtdCents: number;
  /** YTD over previous YTD, in percent with one decimal; null when previous YTD is 0. */
  growthPercent: number | null;
  /** YTD + monthly average x the months left in the year (by days), to the nearest $1,000. */
  projectedYearEndCents: number;
  projectedPercent: number | null;
}

const sum = (totals: readonly DayTotal[], from: string, to: string) =>
  totals.reduce((acc, t) => (t.day >= from && t.day <= to ? acc + t.cents : acc), 0);

const percent = (part: number, whole: number | null) =>
  whole && whole > 0 ? Math.round((part / whole) * 100) : null;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** 1 on January 1. */
export function dayOfYear(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
}

/** The same calendar day a year earlier (February 29 becomes February 28). */
export function sameDayLastYear(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const month = `${y - 1}-${String(m).padStart(2, "0")}`;
  return `${month}-${String(Math.min(d, daysInMonth(month))).padStart(2, "0")}`;
}

/** The first day from which bookings matter for `today`'s figures (January 1 of last year). */
export function earliestDayNeeded(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}-01-01`;
}

export function computeEarnings(input: {
  today: string;
  totals: readonly DayTotal[];
  /** The month's target, in cents, or null when none is set. */
  monthTargetCents: number | null;
  /** The year's monthly targets summed, or null when none is set. */
  yearTargetCents: number | null;
}): Earnings {
  const { today, totals, monthTargetCents, yearTargetCents } = input;
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  const currentMonthCents = sum(totals, `${month}-01`, today);
  const last = addMonthsToMonth(month, -1);
  const lastMonthCents = sum(totals, `${last}-01`, `${last}-${daysInMonth(last)}`);
  const trailingFrom = `${addMonthsToMonth(month, -12)}-01`;
  const trailingTo = addDays(`${month}-01`, -1);
  const monthlyAverageCents = Math.round(sum(totals, trailingFrom, trailingTo) / 12);
  const ytdCents = sum(totals, `${year}-01-01`, today);
  const previousYtdCents = sum(totals, `${year - 1}-01-01`, sameDayLastYear(today));
  const growthPercent =
    previousYtdCents > 0
      ? Math.round(((ytdCents - previousYtdCents) / previousYtdCents) * 1000) / 10
      : null;
  const daysInYear = isLeap(year) ? 366 : 365;
  const monthsLeft = (12 * (daysInYear - dayOfYear(today))) / daysInYear;
  const projected = ytdCents + monthlyAverageCents * monthsLeft;
  const projectedYearEndCents = Math.round(projected / 100_000) * 100_000;
  return {
    currentMonthCents,
    monthTargetCents,
    monthPercent: percent(currentMonthCents, monthTargetCents),
    lastMonthCents,
    monthlyAverageCents,
    ytdCents,
    yearTargetCents,
    ytdPercent: percent(ytdCents, yearTargetCents),
    previousYtdCents,
    growthPercent,
    projectedYearEndCents,
    projectedPercent: percent(projectedYearEndCents, yearTargetCents),
  };
}

export interface Stats {
  /** The records counted: the Customers table's (those with an owner), in every phase. */
  totalCustomers: number;
  activeDeals: number;
  wonDeals: number;
  /** Won over the customers counted, whole percent; 0 with none. */
  conversionRate: number;
}

/** How many records are in each phase. */
export type PhaseCounts = Readonly<Record<string, number>>;

/**
 * The stat cards, from the phases of the records the Customers table lists: Total Customers is
 * its row count (New records with an owner included), conversion is won over that total.
 */
export function computeStats(counts: PhaseCounts): Stats {
  let total = 0;
  let active = 0;
  for (const [phase, n] of Object.entries(counts)) {
    total += n;
    if (isActivePhase(phase)) active += n;
  }
  const won = counts["Closed Won"] ?? 0;
  return {
    totalCustomers: total,
    activeDeals: active,
    wonDeals: won,
    conversionRate: total === 0 ? 0 : Math.round((won / total) * 100),
  };
}

/**
 * Every phase in order, New (nobody has worked it yet) first, with their counts: given the
 * counts `computeStats` reads, the rows add up to Total Customers.
 */
export function pipelineCounts(counts: PhaseCounts): { phase: DealPhase; count: number }[] {
  return DEAL_PHASES.map((phase) => ({ phase, count: counts[phase] ?? 0 }));
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; null after 30 days (show the date). */
export function relativeTime(at: Date, now: Date): string | null {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (seconds < 60) return "just now";
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), "hour");
  if (seconds < 30 * 86_400) return plural(Math.floor(seconds / 86_400), "day");
  return null;
}

/** "+9.8%", "-3.0%", or an em dash when there is nothing to compare with. */
export function formatGrowth(growth: number | null): string {
  if (growth === null) return "—";
  return `${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%`;
}
