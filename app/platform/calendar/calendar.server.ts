// One calendar module for every event the company sends (decision 0020): course registrations'
// first classes and consultations. Files are written by ical-generator, never by hand; a stable
// UID per event with a rising SEQUENCE makes a moved event move in the recipient's calendar and
// METHOD:CANCEL makes a cancelled one disappear. Wall-clock times become instants through
// Temporal, which knows every zone's daylight-saving rules.
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";
import type { MailAttachment } from "#app/platform/mail/outbox.server.ts";

/** REQUEST: made or moved (an invitation); CANCEL: cancelled; PUBLISH: a file or feed to import. */
export type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  /** Stable for the event's whole life: `registration-7@host`, `consultation-3@host`. */
  uid: string;
  /** 0 when made; one more at each move; a cancellation is one more than the last. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
  url?: string;
  /**
   * The IANA zone of a wall-clock event (a class session): written as local time with its TZID
   * and the zone's VTIMEZONE, so calendar apps keep the hour the company set across
   * daylight-saving changes. Without it the times are written in UTC.
   */
  timeZone?: string;
  /**
   * Not yet confirmed by the company (a registration still pending): STATUS:TENTATIVE, so no
   * calendar shows it as settled; otherwise CONFIRMED. A cancellation is CANCELLED either way.
   */
  tentative?: boolean;
}

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

/** An iCalendar file (RFC 5545) with these events. */
export function calendarText(
  method: CalendarMethod,
  events: CalendarEvent[],
  options: { productId: string; stamp: Date; name?: string },
): string {
  const calendar = ical({
    prodId: options.productId,
    method: METHODS[method],
    ...(options.name ? { name: options.name } : {}),
  });
  const zones = [...new Set(events.flatMap((event) => event.timeZone ?? []))];
  if (zones.length > 1) throw new Error("One calendar file holds the events of one time zone.");
  const [zone] = zones;
  if (zone) {
    const years = events.map((event) => event.start.getUTCFullYear());
    const span = { from: Math.min(...years) - 1, to: Math.max(...years) + 1 };
    // No calendar-wide zone: the library would write DTSTAMP in it (RFC 5545 wants UTC).
    calendar.timezone({ name: null, generator: (name) => vtimezone(name, span) });
  }
  for (const event of events) {
    const zoned = (date: Date) =>
      event.timeZone
        ? Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(event.timeZone)
        : date;
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: options.stamp,
      start: zoned(event.start),
      end: zoned(event.end),
      ...(event.timeZone ? { timezone: event.timeZone } : {}),
      summary: event.summary,
      description: event.description,
      location: event.location,
      ...(event.url ? { url: event.url } : {}),
      status:
        method === "CANCEL"
          ? ICalEventStatus.CANCELLED
          : event.tentative
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
      organizer: { name: event.organizer.name, email: event.organizer.email },
      attendees: event.attendees.map((person) => ({
        name: person.name,
        email: person.email,
        role: ICalAttendeeRole.REQ,
        status: method === "CANCEL" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      })),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one included; the library does not.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** One event as an e-mail part whose content type names its method (mail clients read it). */
export function calendarAttachment(
  method: CalendarMethod,
  event: CalendarEvent,
  options: { productId: string; stamp: Date; filename: string },
): MailAttachment {
  return {
    filename: options.filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarText(method, [event], options),
  };
}

/**
 * The instant of a wall-clock time ("HH:MM") on a day ("YYYY-MM-DD") in a time zone. A time that
 * a spring-forward change skips is moved forward by the gap, a time a fall-back change repeats
 * is its first occurrence (RFC 5545's rule, Temporal's "compatible").
 */
export function wallClockInstant(day: string, time: string, timeZone: string): Date {
  const instant = Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(timeZone, {
    disambiguation: "compatible",
  });
  return new Date(instant.epochMilliseconds);
}

const offsetText = (nanoseconds: number) => {
  const minutes = Math.round(nanoseconds / 60e9);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};

const localText = (time: Temporal.PlainDateTime) =>
  time.toString({ smallestUnit: "second" }).replace(/[-:]/g, "");

/**
 * A zone's VTIMEZONE for the years `from` to `to`, made from the rules Temporal knows: one
 * STANDARD or DAYLIGHT observance per change (no RRULE to go stale when a country changes its
 * rules), or a single STANDARD for a zone without changes.
 */
export function vtimezone(zone: string, span: { from: number; to: number }): string {
  const start = Temporal.ZonedDateTime.from({ timeZone: zone, year: span.from, month: 1, day: 1 });
  const end = Temporal.ZonedDateTime.from({ timeZone: zone, year: span.to + 1, month: 1, day: 1 });
  const shortName = (at: Temporal.ZonedDateTime) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(at.epochMilliseconds))
      .find((part) => part.type === "timeZoneName")?.value ?? zone;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  let previous = start;
  for (;;) {
    const change = previous.getTimeZoneTransition("next");
    if (!change || Temporal.ZonedDateTime.compare(change, end) >= 0) break;
    const before = change.subtract({ nanoseconds: 1 });
    const kind = change.offsetNanoseconds > before.offsetNanoseconds ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      // The change's local time as the clock read just before it (RFC 5545, 3.6.5).
      `DTSTART:${localText(change.withTimeZone(offsetZone(before.offsetNanoseconds)).toPlainDateTime())}`,
      `TZOFFSETFROM:${offsetText(before.offsetNanoseconds)}`,
      `TZOFFSETTO:${offsetText(change.offsetNanoseconds)}`,
      `TZNAME:${shortName(change)}`,
      `END:${kind}`,
    );
    previous = change;
  }
  if (lines.length === 2) {
    lines.push(
      "BEGIN:STANDARD",
      `DTSTART:${span.from}0101T000000`,
      `TZOFFSETFROM:${offsetText(start.offsetNanoseconds)}`,
      `TZOFFSETTO:${offsetText(start.offsetNanoseconds)}`,
      `TZNAME:${shortName(start)}`,
      "END:STANDARD",
    );
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/** A fixed-offset zone name Temporal reads ("-06:00"). */
const offsetZone = (nanoseconds: number) => {
  const text = offsetText(nanoseconds);
  return `${text.slice(0, 3)}:${text.slice(3)}`;
};
