// The company's clock: every date and time a page or an e-mail shows, in one format per kind,
// in the company's time zone (the "time_zone" setting). Client-safe (no zod): components and
// domain code both format through here, so server render and hydration agree.
//   date:           "November 24, 2026"
//   date and time:  "November 24, 2026, 11:46 PM CST" (the zone always named)
// Calendar days stored as "YYYY-MM-DD" (a cohort's start) are days, not instants: they are
// shown as that day in every zone, never shifted.
import { DEFAULT_TIME_ZONE } from "./settings.ts";

/** The zones the Settings screen offers; any other IANA zone Intl knows is accepted too. */
export const US_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern time (New York)" },
  { value: "America/Chicago", label: "Central time (Chicago)" },
  { value: "America/Denver", label: "Mountain time (Denver)" },
  { value: "America/Phoenix", label: "Mountain time without daylight saving (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii time (Honolulu)" },
] as const;

/** A zone as people call it ("Central time (Chicago)"); a zone not on the list by its name. */
export const timeZoneLabel = (zone: string): string =>
  US_TIME_ZONES.find((z) => z.value === zone)?.label ?? zone;

/** "Area/City" names (and "UTC"); fixed offsets such as "+05:00" are not zones. */
const ZONE_NAME = /^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/;

/** One formatter per zone and kind: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

type FormatKind = "date" | "time" | "day" | "weekday" | "clock";

function formatOf(kind: FormatKind, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      date: { year: "numeric", month: "long", day: "numeric" },
      time: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
      // en-CA formats as YYYY-MM-DD.
      day: { year: "numeric", month: "2-digit", day: "2-digit" },
      weekday: { weekday: "long", month: "long", day: "numeric" },
      clock: { hour: "numeric", minute: "2-digit" },
    };
    format = new Intl.DateTimeFormat(kind === "day" ? "en-CA" : "en-US", {
      ...options[kind],
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/** True for an IANA time zone this runtime knows ("America/Chicago", "Europe/London", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  try {
    formatOf("day", value);
    return true;
  } catch {
    return false;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Newer ICU puts a narrow no-break space before AM/PM; a plain space reads (and hydrates) the same
// in every runtime.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** A calendar day "YYYY-MM-DD" as "May 5, 2026", the same day in every zone. */
export function formatDay(day: string): string {
  return formatOf("date", "UTC").format(new Date(`${day}T00:00:00Z`));
}

/** The date of an instant in the zone: "November 24, 2026". A "YYYY-MM-DD" day is not shifted. */
export function formatDate(at: Date | string, timeZone: string): string {
  if (typeof at === "string" && DAY.test(at)) return formatDay(at);
  return formatOf("date", timeZone).format(new Date(at));
}

/** A calendar day "YYYY-MM-DD" with its weekday: "Friday, December 11", in every zone. */
export function formatDayWithWeekday(day: string): string {
  return formatOf("weekday", "UTC").format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day "YYYY-MM-DD" without its year: "December 25" (a day closed every year). */
export function formatMonthDay(day: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** An instant as the company's clocks show it: "November 24, 2026, 11:46 PM CST". */
export function formatDateTime(at: Date | string, timeZone: string): string {
  const date = new Date(at);
  return `${formatOf("date", timeZone).format(date)}, ${plain(formatOf("time", timeZone).format(date))}`;
}

/** A meeting's day in the zone: "Tuesday, March 2". */
export function formatWeekday(at: Date | string, timeZone: string): string {
  return formatOf("weekday", timeZone).format(new Date(at));
}

/** A meeting's time in the zone, the zone not named: "10:00 AM". */
export function formatClock(at: Date | string, timeZone: string): string {
  return plain(formatOf("clock", timeZone).format(new Date(at)));
}

/** A meeting's start with its zone: "Tuesday, March 2, 2027, 10:00 AM CST". */
export function formatMeeting(at: Date | string, timeZone: string): string {
  const date = new Date(at);
  const year = formatOf("day", timeZone).format(date).slice(0, 4);
  return `${formatWeekday(date, timeZone)}, ${year}, ${plain(formatOf("time", timeZone).format(date))}`;
}

/** The calendar day ("YYYY-MM-DD") of an instant in the zone. */
export function dayIn(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatOf("day", timeZone).format(now);
}
