// Which times a consultant can be booked at: their weekly hours (or a date's override) on their
// own clock, stepped by the meeting type's interval, minus the minimum notice, beyond the
// booking window, the days at their daily limit and every live booking with its buffers.
// Wall-clock hours become instants through Temporal, so a range on a daylight-saving day has
// the hours it says (decision 0020).
import { Temporal } from "temporal-polyfill";
import type { MinuteRange } from "./hours.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface MeetingRules {
  lengthMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  windowDays: number;
  slotIntervalMinutes: number;
  dailyLimit: number | null;
}

export interface ConsultantCalendar {
  id: number;
  timeZone: string;
  /** Index 1 (Monday) to 7 (Sunday), each sorted by start. */
  weekly: MinuteRange[][];
  /** A date's own hours ("YYYY-MM-DD"); an empty list is a day off. */
  overrides: Map<string, MinuteRange[]>;
  /** The blocked spans (meeting and buffers) of live bookings, in epoch ms, sorted by start. */
  busy: { from: number; until: number }[];
  /** This meeting type's bookings per local day, for the daily limit. */
  perDay: Map<string, number>;
}

/** The instant of a minute of a local day (1440: the next day's midnight). */
function instantOf(day: Temporal.PlainDate, minute: number, timeZone: string): number {
  const date = minute >= 1440 ? day.add({ days: 1 }) : day;
  const m = minute % 1440;
  return date
    .toPlainDateTime({ hour: Math.floor(m / 60), minute: m % 60 })
    .toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds;
}

/** Whether [from, until) meets any busy span (sorted by start). */
function overlapsBusy(busy: ConsultantCalendar["busy"], from: number, until: number): boolean {
  // The first span that ends after `from`; spans never overlap each other (the constraint).
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((busy[mid] as { until: number }).until <= from) low = mid + 1;
    else high = mid;
  }
  const next = busy[low];
  return next !== undefined && next.from < until;
}

/** The consultant's local date of an instant. */
export const localDay = (instant: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).toPlainDate();

/**
 * The start instants (epoch ms, ascending) the consultant can be booked at, from `now` on;
 * `day` (the consultant's local date) limits them to one date.
 */
export function consultantSlots(
  consultant: ConsultantCalendar,
  rules: MeetingRules,
  now: number,
  day?: string,
): number[] {
  const earliest = now + rules.minNoticeMinutes * MINUTE;
  const latest = now + rules.windowDays * DAY;
  const length = rules.lengthMinutes * MINUTE;
  const step = rules.slotIntervalMinutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const zone = consultant.timeZone;
  let date = day ? Temporal.PlainDate.from(day) : localDay(earliest, zone);
  const last = day ? date : localDay(latest, zone);
  const slots: number[] = [];
  for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    const key = date.toString();
    const ranges = consultant.overrides.get(key) ?? consultant.weekly[date.dayOfWeek] ?? [];
    if (ranges.length === 0) continue;
    if (rules.dailyLimit !== null && (consultant.perDay.get(key) ?? 0) >= rules.dailyLimit) {
      continue;
    }
    for (const range of ranges) {
      const end = instantOf(date, range.endMinute, zone);
      for (let t = instantOf(date, range.startMinute, zone); t + length <= end; t += step) {
        if (t < earliest) continue;
        if (t >= latest) break;
        if (overlapsBusy(consultant.busy, t - before, t + length + after)) continue;
        slots.push(t);
      }
    }
  }
  return slots.sort((a, b) => a - b);
}

/** Every bookable start across consultants, with who is free then (ascending by start). */
export function openSlots(
  consultants: ConsultantCalendar[],
  rules: MeetingRules,
  now: number,
): Map<number, number[]> {
  const free = new Map<number, number[]>();
  for (const consultant of consultants) {
    for (const start of consultantSlots(consultant, rules, now)) {
      const who = free.get(start);
      if (who) who.push(consultant.id);
      else free.set(start, [consultant.id]);
    }
  }
  return new Map([...free.entries()].sort((a, b) => a[0] - b[0]));
}
