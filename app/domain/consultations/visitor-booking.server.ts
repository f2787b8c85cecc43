// The booking page (/consultation, /consultation/{type}): the days and times in the visitor's
// zone, the time they chose (held for them, or shown without a hold), choosing a time (which
// holds it) and booking it. Typed input and results: the route module reads the request and
// answers it. Without JavaScript the zone is the company's; the page's script sends the
// browser's.
import { formatClock, formatMeeting, isTimeZone } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  type Failure,
  failure,
  type Reason,
  type Result,
  type Success,
  success,
} from "#app/platform/result.ts";
import { listConsultants } from "./consultants.server.ts";
import {
  activeMeetingTypes,
  type BookingForm,
  type BookingRefusal,
  type BookingServices,
  bookingDays,
  bookTime,
  checkTime,
  heldTimeOf,
  holdTime,
  type MeetingType,
  meetingTypeBySlug,
  meetingTypeView,
} from "./consultations.server.ts";
import {
  ANY_CONSULTANT,
  BOOKING_TEXTS,
  type ConsultantOption,
  type DayView,
  type MeetingTypeView,
  type SlotView,
} from "./consultations.ts";

/** What the page's address says: the meeting type, the zone, the consultant, the topic. */
export interface BookingQuery {
  slug: string | undefined;
  tz: string | null;
  with: string | null;
  topic: string | null;
  /** The first day to list ("YYYY-MM-DD" in the visitor's zone). */
  from: string | null;
}

/** The time the visitor chose: held for them (until `heldUntil`) or not. */
export interface ChosenTime {
  start: string;
  when: string;
  /** Who they meet: the hold's consultant, the one they named, or null ("the first free"). */
  consultantName: string | null;
  heldUntil: string | null;
}

export interface BookingPageData {
  type: MeetingTypeView;
  types: MeetingTypeView[];
  consultants: ConsultantOption[];
  consultant: string;
  timeZone: string;
  /** The zone came from the address (else it is the company's, and the script may offer the browser's). */
  zoneChosen: boolean;
  companyZone: string;
  topic: string;
  days: DayView[];
  later: string | null;
  earlier: boolean;
  /** A chosen time: the form step. */
  chosen: ChosenTime | null;
  error: string | null;
  next: SlotView[];
}

/** The page, or why not; `reason` says why the page shows an error instead of what was asked. */
export interface BookingPageResult {
  /** null: the page as asked. */
  reason: Reason | null;
  page: BookingPageData | null;
  error: string | null;
}

/** What a refused post answers: the message, the fields' errors, what was typed. */
export interface BookingFailure extends Failure {
  values?: Record<string, string>;
  next?: SlotView[];
}

interface PageQuery {
  type: MeetingType;
  timeZone: string;
  zoneChosen: boolean;
  consultant: string;
  companyZone: string;
  topic: string;
  from: string | undefined;
}

async function readQuery(db: Db, query: BookingQuery): Promise<Result<PageQuery>> {
  const companyZone = await getTimeZone(db);
  const type = await meetingTypeBySlug(db, query.slug ?? "free");
  if (!type) return failure("not-found", "There is no such consultation.");
  if (query.tz !== null && !isTimeZone(query.tz)) {
    return failure("invalid", BOOKING_TEXTS.unknownZone);
  }
  if (query.from !== null && !isCalendarDate(query.from)) {
    return failure("invalid", BOOKING_TEXTS.unknownDay);
  }
  const topic = query.topic ?? type.serviceType;
  return success({
    type,
    timeZone: query.tz ?? companyZone,
    zoneChosen: query.tz !== null,
    consultant: query.with || ANY_CONSULTANT,
    companyZone,
    topic: /^[a-z-]{1,40}$/.test(topic) ? topic : "",
    from: query.from ?? undefined,
  });
}

async function pageData(
  db: Db,
  q: PageQuery,
  now: Date,
  extra: Partial<BookingPageData> = {},
): Promise<BookingPageData | null> {
  const [types, consultants, times] = await Promise.all([
    activeMeetingTypes(db),
    listConsultants(db, q.companyZone),
    bookingDays(db, { ...q, now }),
  ]);
  if (!times) return null;
  return {
    type: meetingTypeView(q.type),
    types: types.map(meetingTypeView),
    consultants: consultants.map((c) => ({ id: c.id, name: c.name })),
    consultant: q.consultant,
    timeZone: q.timeZone,
    zoneChosen: q.zoneChosen,
    companyZone: q.companyZone,
    topic: q.topic,
    days: times.days,
    later: times.later,
    earlier: times.earlier,
    chosen: null,
    error: null,
    next: [],
    ...extra,
  };
}

const refused = (reason: Reason, error: string): BookingPageResult => ({
  reason,
  page: null,
  error,
});

async function withPage(
  db: Db,
  q: PageQuery,
  now: Date,
  reason: Reason | null,
  extra: Partial<BookingPageData> = {},
): Promise<BookingPageResult> {
  const page = await pageData(db, q, now, extra);
  return page ? { reason, page, error: null } : refused("invalid", BOOKING_TEXTS.noConsultant);
}

/**
 * The page: the free times, or, for a chosen time (`start`), the form with the visitor's hold
 * of it, or without one when they hold none (a link, an ended hold): it is booked for them if it
 * is still free when they send it. Reads only: no hold is taken or renewed.
 */
export async function bookingPage(
  db: Db,
  query: BookingQuery & { start: string | null },
  holderKey: string | null,
  now: Date,
): Promise<BookingPageResult> {
  const read = await readQuery(db, query);
  if (!read.ok) return refused(read.reason, read.error);
  const q = read.value;
  if (query.start === null) return withPage(db, q, now, null);
  const base = { type: q.type, start: query.start, companyZone: q.companyZone, now };
  const held = holderKey ? await heldTimeOf(db, { ...base, holderKey }) : null;
  if (held) {
    return withPage(db, q, now, null, {
      chosen: {
        start: held.startsAt.toISOString(),
        when: formatMeeting(held.startsAt, q.timeZone),
        consultantName: held.consultantName,
        heldUntil: formatClock(held.holdExpiresAt, q.timeZone),
      },
    });
  }
  const check = await checkTime(db, { ...base, consultant: q.consultant, timeZone: q.timeZone });
  if (!check.ok) {
    return withPage(db, q, now, check.reason, { error: check.error, next: check.next ?? [] });
  }
  const start = new Date(query.start);
  const named = (await listConsultants(db, q.companyZone)).find(
    (c) => String(c.id) === q.consultant,
  );
  return withPage(db, q, now, null, {
    chosen: {
      start: start.toISOString(),
      when: formatMeeting(start, q.timeZone),
      consultantName: named?.name ?? null,
      heldUntil: null,
    },
  });
}

/** The page's address for a chosen time, with the page's zone, consultant and topic. */
function chosenSearch(query: BookingQuery, start: string): string {
  const params = new URLSearchParams({ start });
  for (const key of ["with", "tz", "topic"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return `?${params}`;
}

const failureOf = (r: BookingRefusal, values?: Record<string, string>): BookingFailure => ({
  ok: false,
  reason: r.reason,
  error: r.error,
  ...(r.field ? { fieldErrors: { [r.field]: r.error } } : {}),
  ...(values ? { values } : {}),
  next: r.next ?? [],
});

/**
 * The visitor chose a time: it is held for them (or was theirs before), then the form shows at
 * the address whose search part this gives ("?start=...").
 */
export async function chooseTime(
  db: Db,
  query: BookingQuery,
  input: { start: string; holderKey: string; clientKey: string },
  now: Date,
): Promise<Success<string> | BookingFailure> {
  const read = await readQuery(db, query);
  if (!read.ok) return read;
  const result = await holdTime(db, { ...read.value, ...input, now });
  if (!result.ok) return failureOf(result);
  return success(chosenSearch(query, result.value?.startsAt.toISOString() ?? input.start));
}

/** The visitor sent the form: the booking, or why not with what they typed. */
export async function bookChosenTime(
  services: BookingServices,
  query: BookingQuery,
  input: {
    start: string;
    holderKey: string;
    clientKey: string;
    sourcePage: string;
    form: BookingForm;
    values: Record<string, string>;
  },
  now: Date,
): Promise<Success<{ bookingId: number; zone: string | null }> | BookingFailure> {
  const read = await readQuery(services.db, query);
  if (!read.ok) return read;
  const q = read.value;
  const result = await bookTime(services, { ...q, ...input, now });
  if (!result.ok) return failureOf(result, input.values);
  return success({ bookingId: result.value.bookingId, zone: q.zoneChosen ? q.timeZone : null });
}
