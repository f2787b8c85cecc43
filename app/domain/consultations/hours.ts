// A consultant's hours as people type them ("9:00-12:00, 13:00-17:00", "9am-5pm") and as the
// database keeps them (minutes after midnight). Client-safe: the availability screen shows the
// same words the server answers with.
import { failure, type Result, success } from "#app/platform/result.ts";

/** Minutes after local midnight: 540 to 1020 is 9:00 to 17:00; 1440 is the next midnight. */
export interface MinuteRange {
  startMinute: number;
  endMinute: number;
}

export const WEEKDAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 7, label: "Sunday" },
] as const;

export const HOURS_TEXTS = {
  format:
    "Write hours like 9:00-12:00, 13:00-17:00 (or 9am-5pm, or 9-5); leave empty for no hours.",
  backwards: (range: string) =>
    `${range} ends before it starts: a range cannot cross midnight (split it at 24:00).`,
  overlap: (a: string, b: string) => `${a} and ${b} overlap: make them one range.`,
  tooMany: "At most 6 ranges a day.",
} as const;

const TIME = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i;

/** Minutes after midnight of "9", "9:30", "17:00", "5pm", "12:30 am", "24:00"; null if not a time. */
function minutesOf(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "pm" ? 12 : 0);
  }
  const total = hour * 60 + minute;
  return total > 1440 ? null : total;
}

/** "09:00" */
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** "9:00-12:00, 13:00-17:00" */
export const formatRanges = (ranges: MinuteRange[]) =>
  ranges.map((r) => `${clockOf(r.startMinute)}-${clockOf(r.endMinute)}`).join(", ");

/** The ranges a line of text gives, sorted, or what is wrong with it. */
export function parseRanges(text: string): Result<MinuteRange[]> {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 6) return failure("invalid", HOURS_TEXTS.tooMany);
  const ranges: MinuteRange[] = [];
  for (const part of parts) {
    const ends = part.split(/\s*(?:-|–|to)\s*/i);
    const start = ends.length === 2 ? minutesOf(ends[0] as string) : null;
    let end = ends.length === 2 ? minutesOf(ends[1] as string) : null;
    if (start === null || end === null || start === 1440) {
      return failure("invalid", HOURS_TEXTS.format);
    }
    // "9-5" is a working day, 9 AM to 5 PM: a bare hour ending the range before its start is
    // read in the afternoon ("9:00-8:00" is still refused: it says its minutes).
    if (end <= start && end < 13 * 60 && /^\d{1,2}$/.test((ends[1] as string).trim())) {
      end += 12 * 60;
    }
    if (end <= start) return failure("invalid", HOURS_TEXTS.backwards(part));
    ranges.push({ startMinute: start, endMinute: end });
  }
  ranges.sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < ranges.length; i++) {
    const before = ranges[i - 1] as MinuteRange;
    const range = ranges[i] as MinuteRange;
    if (range.startMinute < before.endMinute) {
      return failure("invalid", HOURS_TEXTS.overlap(formatRanges([before]), formatRanges([range])));
    }
  }
  return success(ranges);
}
