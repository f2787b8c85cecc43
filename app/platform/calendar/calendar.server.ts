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
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: options.stamp,
      start: event.start,
      end: event.end,
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
