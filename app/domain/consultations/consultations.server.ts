// Consultations booked into real slots (issue 32, decision 0020): the booking page's days and
// times, a visitor's hold on a time, and the booking itself, stored before anything else with
// its customer record, its history line, its audit entry and its two invitations.
// Double booking is impossible by design: every live row of a consultant carries its blocked
// span under an exclusion constraint; a transaction-wide lock makes bookings take turns so the
// daily limit and the round-robin are counted right, and the constraint is the last word.
// Over 400 lines because the days shown, the hold and the booking apply one set of rules (notice,
// window, daily limit, round-robin, holds) that must be read in one place to stay the same on
// each path.
import { randomBytes } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { recordAudit } from "#app/domain/audit/audit.server.ts";
import { hashToken } from "#app/domain/auth/sessions.server.ts";
import {
  insertLead,
  loadLeadEmails,
  openRecordOf,
  RETRY_WINDOW_HOURS,
} from "#app/domain/leads/leads.server.ts";
import { consultationActivity } from "#app/domain/leads/pipeline.server.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { formatClock, formatMeeting, formatWeekday } from "#app/domain/settings/clock.ts";
import { staffNumber } from "#app/domain/settings/staff-settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { isExclusionViolation } from "#app/platform/db/errors.server.ts";
import { bookings, bookingTokens, meetingTypes } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import { type Failure, type Reason, type Success, success } from "#app/platform/result.ts";
import {
  type Consultant,
  lastBooked,
  listConsultants,
  loadCalendars,
} from "./consultants.server.ts";
import { bookingMails, loadBookingEmails } from "./consultation-mail.server.ts";
import {
  ANY_CONSULTANT,
  BOOKING_TEXTS,
  DAYS_PER_PAGE,
  type DayView,
  HOLD_MINUTES,
  type MeetingTypeView,
  type SlotView,
} from "./consultations.ts";
import { consultantSlots, type MeetingRules, openSlots } from "./slots.server.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Every hold and booking takes this transaction-wide lock: they take turns, on every instance. */
const BOOKING_LOCK = 7_301_032;

export interface MeetingType extends MeetingRules {
  id: number;
  slug: string;
  name: string;
  description: string;
  serviceType: string;
}

export interface BookingServices {
  db: Db;
  outbox: Pick<Outbox, "enqueue">;
  brand: MailBrand;
}

type Reader = Db | DbTransaction;

export async function activeMeetingTypes(db: Reader): Promise<MeetingType[]> {
  return db
    .select()
    .from(meetingTypes)
    .where(eq(meetingTypes.active, true))
    .orderBy(asc(meetingTypes.sortOrder), asc(meetingTypes.id));
}

export async function meetingTypeBySlug(db: Reader, slug: string) {
  const [type] = await db
    .select()
    .from(meetingTypes)
    .where(and(eq(meetingTypes.slug, slug), eq(meetingTypes.active, true)));
  return type as MeetingType | undefined;
}

export const meetingTypeView = (t: MeetingType): MeetingTypeView => ({
  slug: t.slug,
  name: t.name,
  description: t.description,
  lengthMinutes: t.lengthMinutes,
});

/** The consultants a choice names: one by id, or everyone for "any". Undefined: not one of them. */
async function candidatesOf(db: Reader, companyZone: string, choice: string) {
  if (choice === ANY_CONSULTANT) return listConsultants(db, companyZone);
  const id = /^\d{1,9}$/.test(choice) ? Number(choice) : 0;
  const list = id ? await listConsultants(db, companyZone, [id]) : [];
  return list.length ? list : undefined;
}

/** The page's times, grouped by the visitor's days: `from` (a day) on, DAYS_PER_PAGE days. */
export async function bookingDays(
  db: Reader,
  input: {
    type: MeetingType;
    consultant: string;
    timeZone: string;
    companyZone: string;
    now: Date;
    /** The first day to show ("YYYY-MM-DD" in the visitor's zone); the first with times if none. */
    from?: string;
  },
): Promise<{ days: DayView[]; later: string | null; earlier: boolean } | undefined> {
  const candidates = await candidatesOf(db, input.companyZone, input.consultant);
  if (!candidates) return undefined;
  const now = input.now.getTime();
  const range = { from: now, until: now + input.type.windowDays * DAY };
  const calendars = await loadCalendars(db, candidates, input.type.id, range, input.now);
  const starts = [...openSlots(calendars, input.type, now).keys()];
  const byDay = new Map<string, number[]>();
  for (const start of starts) {
    const day = dayKey(start, input.timeZone);
    const list = byDay.get(day);
    if (list) list.push(start);
    else byDay.set(day, [start]);
  }
  const all = [...byDay.keys()];
  const first = input.from ? all.findIndex((d) => d >= (input.from as string)) : 0;
  const shown = first < 0 ? [] : all.slice(first, first + DAYS_PER_PAGE);
  return {
    days: shown.map((day) => ({
      day,
      label: formatWeekday(new Date((byDay.get(day) as number[])[0] as number), input.timeZone),
      slots: (byDay.get(day) as number[]).map((t) => slotView(t, input.timeZone)),
    })),
    later: first >= 0 ? (all[first + DAYS_PER_PAGE] ?? null) : null,
    earlier: first > 0,
  };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "YYYY-MM-DD" of an instant in a zone. */
function dayKey(t: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(t);
}

const slotView = (t: number, timeZone: string): SlotView => ({
  start: new Date(t).toISOString(),
  label: formatClock(new Date(t), timeZone),
});

export interface BookingRefusal extends Failure {
  /** The form field the error belongs to. */
  field?: string;
  /** After "just taken": the next free times, in the visitor's zone. */
  next?: SlotView[];
}

export const refusal = (reason: Reason, error: string, field?: string): BookingRefusal => ({
  ok: false,
  reason,
  error,
  ...(field ? { field } : {}),
});

/**
 * A start time as the page gives it: an ISO instant on a whole minute, of a real day and time
 * (Date.parse alone would read "2027-02-30T15:00Z" as March 2).
 */
export function parseStart(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:00(\.000)?)?Z$/.exec(text);
  if (!m || !isCalendarDate(m[1] as string)) return null;
  return Date.parse(text);
}

/**
 * Who of `candidates` can take a meeting at `start`, least recently booked first (round-robin),
 * or why nobody can: a time in the past, too soon, too far, off the consultants' slots
 * ("invalid"), or taken ("conflict", with the next free times).
 */
export async function freeAt(
  tx: Reader,
  type: MeetingType,
  candidates: Consultant[],
  start: number,
  now: Date,
  timeZone: string,
  ignoreBooking?: number,
): Promise<Consultant[] | BookingRefusal> {
  const t = now.getTime();
  if (start <= t) return refusal("invalid", BOOKING_TEXTS.past, "start");
  if (start < t + type.minNoticeMinutes * MINUTE) {
    return refusal(
      "invalid",
      BOOKING_TEXTS.tooSoon(Math.ceil(type.minNoticeMinutes / 60)),
      "start",
    );
  }
  if (start >= t + type.windowDays * DAY) {
    return refusal("invalid", BOOKING_TEXTS.tooFar(type.windowDays), "start");
  }
  const range = { from: start - DAY, until: start + DAY };
  const calendars = await loadCalendars(tx, candidates, type.id, range, now, ignoreBooking);
  const onDay = (c: (typeof calendars)[number]) => dayKey(start, c.timeZone) as string;
  const offered = calendars.filter((c) =>
    consultantSlots({ ...c, busy: [], perDay: new Map() }, type, t, onDay(c)).includes(start),
  );
  if (offered.length === 0) return refusal("invalid", BOOKING_TEXTS.notASlot, "start");
  const free = offered.filter((c) => consultantSlots(c, type, t, onDay(c)).includes(start));
  if (free.length === 0) {
    const next = [...openSlots(calendars, type, t).keys()].filter((s) => s > start).slice(0, 6);
    return {
      ...refusal("conflict", BOOKING_TEXTS.taken, "start"),
      next: next.map((s) => ({
        start: new Date(s).toISOString(),
        label: `${formatWeekday(new Date(s), timeZone)}, ${formatClock(new Date(s), timeZone)}`,
      })),
    };
  }
  const last = await lastBooked(
    tx,
    free.map((c) => c.id),
  );
  const ids = free
    .map((c) => c.id)
    .sort((a, b) => (last.get(a) ?? 0) - (last.get(b) ?? 0) || a - b);
  return ids.map((id) => candidates.find((c) => c.id === id) as Consultant);
}

/** The meeting's row values: its times and its blocked span (buffers included). */
export function timesOf(type: MeetingType, start: number) {
  const end = start + type.lengthMinutes * MINUTE;
  return {
    startsAt: new Date(start),
    endsAt: new Date(end),
    blockedFrom: new Date(start - type.bufferBeforeMinutes * MINUTE),
    blockedUntil: new Date(end + type.bufferAfterMinutes * MINUTE),
  };
}

/**
 * Deletes the consultant's ended holds whose span meets [from, until): the exclusion constraint
 * cannot know a hold's time is up, so an ended hold the clean-up has not reached yet would still
 * stand in the way of a new row or a move.
 */
export async function removeEndedHolds(
  tx: DbTransaction,
  consultantId: number,
  from: Date,
  until: Date,
  now: Date,
) {
  await tx
    .delete(bookings)
    .where(
      and(
        eq(bookings.consultantId, consultantId),
        eq(bookings.status, "held"),
        lte(bookings.holdExpiresAt, now),
        sql`tstzrange(${bookings.blockedFrom}, ${bookings.blockedUntil}) && tstzrange(${from}, ${until})`,
      ),
    );
}

/**
 * Inserts a live row for the consultant, or returns null when the exclusion constraint says the
 * time is taken. Expired holds in the way are removed first (in the same savepoint).
 */
async function claim(
  tx: DbTransaction,
  row: typeof bookings.$inferInsert,
  now: Date,
): Promise<number | null> {
  try {
    return await tx.transaction(async (sp) => {
      await removeEndedHolds(
        sp,
        row.consultantId as number,
        row.blockedFrom as Date,
        row.blockedUntil as Date,
        now,
      );
      const [inserted] = await sp.insert(bookings).values(row).returning({ id: bookings.id });
      return (inserted as { id: number }).id;
    });
  } catch (error) {
    if (isExclusionViolation(error)) return null;
    throw error;
  }
}

/** The visitor's hold of this time and meeting type, live or ended, if they have one. */
async function holdOf(tx: Reader, holderKey: string, meetingTypeId: number, startsAt: Date) {
  const [hold] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.holderKey, holderKey),
        eq(bookings.status, "held"),
        eq(bookings.meetingTypeId, meetingTypeId),
        eq(bookings.startsAt, startsAt),
      ),
    );
  return hold;
}

const isLive = (hold: { holdExpiresAt: Date | null }, now: Date) =>
  hold.holdExpiresAt !== null && hold.holdExpiresAt > now;

export const lockBookings = (tx: DbTransaction) =>
  tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);

/** A visitor's choice of a time: the page's meeting type, the chosen start and consultant. */
export interface TimeRequest {
  type: MeetingType;
  /** The ISO instant the page gave. */
  start: string;
  /** A consultant's id, or ANY_CONSULTANT. */
  consultant: string;
  /** SHA-256 of the visitor's booking cookie. */
  holderKey: string;
  /** SHA-256 of the client's network (IPv4 address, IPv6 /64): `clientNetworkKey`. */
  clientKey: string;
  /** The visitor's zone (their e-mails, the next free times). */
  timeZone: string;
  companyZone: string;
  now: Date;
}

export interface HeldTime {
  id: number;
  consultantId: number;
  consultantName: string;
  startsAt: Date;
  endsAt: Date;
  holdExpiresAt: Date;
}

/**
 * The visitor's live hold of this time, as the page shows it (a read: it takes and renews
 * nothing), or null.
 */
export async function heldTimeOf(
  db: Db,
  input: Pick<TimeRequest, "type" | "start" | "holderKey" | "companyZone" | "now">,
): Promise<HeldTime | null> {
  const start = parseStart(input.start);
  if (start === null || !input.holderKey) return null;
  const hold = await holdOf(db, input.holderKey, input.type.id, new Date(start));
  if (!hold?.consultantId || !isLive(hold, input.now)) return null;
  const [consultant] = await listConsultants(db, input.companyZone, [hold.consultantId]);
  return consultant ? heldTime(hold.id, consultant, hold, hold.holdExpiresAt as Date) : null;
}

/**
 * Whether the time can be booked now with the visitor's choice (a read, for a page that shows
 * the form for a time the visitor does not hold): ok, or why not, with the next free times.
 */
export async function checkTime(
  db: Db,
  input: Pick<TimeRequest, "type" | "start" | "consultant" | "timeZone" | "companyZone" | "now">,
): Promise<Success<void> | BookingRefusal> {
  const start = parseStart(input.start);
  if (start === null) return refusal("invalid", BOOKING_TEXTS.notASlot, "start");
  const candidates = await candidatesOf(db, input.companyZone, input.consultant);
  if (!candidates) return refusal("invalid", BOOKING_TEXTS.noConsultant, "consultant");
  const free = await freeAt(db, input.type, candidates, start, input.now, input.timeZone);
  return Array.isArray(free) ? success() : free;
}

/**
 * A visitor chose a time (a POST: looking never holds anything). It is held for them for
 * HOLD_MINUTES from now, with the chosen consultant or, for "any", the free one booked least
 * recently; their earlier hold goes. A live hold of the same time is answered as it is: never
 * renewed. A time the visitor's browser or network held with a consultant before (today) is not
 * held for them with that consultant again: no hold (null) when nobody else is free, and they
 * may still book it while it is free, like anyone. A network holds at
 * most `consultation_holds_per_network` times at once; a network and a browser each choose at
 * most `consultation_holds_per_hour` times an hour (staff settings). The value is the hold.
 */
export async function holdTime(
  db: Db,
  input: TimeRequest,
): Promise<Success<HeldTime | null> | BookingRefusal> {
  const start = parseStart(input.start);
  if (start === null) return refusal("invalid", BOOKING_TEXTS.notASlot, "start");
  return db.transaction(async (tx) => {
    const candidates = await candidatesOf(tx, input.companyZone, input.consultant);
    if (!candidates) return refusal("invalid", BOOKING_TEXTS.noConsultant, "consultant");
    await lockBookings(tx);
    const when = new Date(start);
    const mine = await holdOf(tx, input.holderKey, input.type.id, when);
    const mineWith = mine && candidates.find((c) => c.id === mine.consultantId);
    if (mine && mineWith && isLive(mine, input.now)) {
      return success(heldTime(mine.id, mineWith, mine, mine.holdExpiresAt as Date));
    }
    const perHour = await staffNumber(tx, "consultation_holds_per_hour");
    for (const who of [`network:${input.clientKey}`, `visitor:${input.holderKey}`]) {
      const rate = await hitRateLimit(tx, `booking-hold:${who}`, perHour, 3600, input.now);
      if (!rate.allowed) return refusal("too-many", BOOKING_TEXTS.rateLimited);
    }
    const free = await freeAt(tx, input.type, candidates, start, input.now, input.timeZone);
    if (!Array.isArray(free)) return free;
    // One hold per visitor: choosing another time lets the last one go.
    await tx
      .delete(bookings)
      .where(and(eq(bookings.holderKey, input.holderKey), eq(bookings.status, "held")));
    const [{ holds } = { holds: 0 }] = await tx
      .select({ holds: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.clientKey, input.clientKey),
          eq(bookings.status, "held"),
          sql`${bookings.holdExpiresAt} > ${input.now}`,
        ),
      );
    if (holds >= (await staffNumber(tx, "consultation_holds_per_network"))) {
      return refusal("too-many", BOOKING_TEXTS.tooManyHolds);
    }
    const holdExpiresAt = new Date(input.now.getTime() + HOLD_MINUTES * MINUTE);
    let heldBefore = false;
    for (const consultant of free) {
      // Once a day for each browser and network with this consultant at this time: a hold
      // ends, and is not taken again and again (another person of the office may still hold
      // the same time with someone else).
      if (!(await firstHold(tx, input, start, consultant.id))) {
        heldBefore = true;
        continue;
      }
      const times = timesOf(input.type, start);
      const id = await claim(
        tx,
        {
          meetingTypeId: input.type.id,
          consultantId: consultant.id,
          status: "held",
          ...times,
          holdExpiresAt,
          holderKey: input.holderKey,
          clientKey: input.clientKey,
        },
        input.now,
      );
      if (id !== null) return success(heldTime(id, consultant, times, holdExpiresAt));
    }
    // Free, but theirs before: they may book it like anyone, without a hold.
    if (heldBefore) return success(null);
    return refusal("conflict", BOOKING_TEXTS.taken, "start");
  });
}

/** Whether this browser and this network hold this time with this consultant first today. */
async function firstHold(
  tx: DbTransaction,
  input: TimeRequest,
  start: number,
  consultantId: number,
) {
  const hits = await Promise.all(
    [`visitor:${input.holderKey}`, `network:${input.clientKey}`].map((who) =>
      hitRateLimit(tx, `booking-time:${who}:${start}:${consultantId}`, 1, 86_400, input.now),
    ),
  );
  return hits.every((hit) => hit.allowed);
}

const heldTime = (
  id: number,
  consultant: Consultant,
  times: { startsAt: Date; endsAt: Date },
  holdExpiresAt: Date,
): HeldTime => ({
  id,
  consultantId: consultant.id,
  consultantName: consultant.name,
  startsAt: times.startsAt,
  endsAt: times.endsAt,
  holdExpiresAt,
});

export interface BookingForm {
  name: string;
  email: string;
  phone: string;
  company: string;
  topic: string;
  message: string;
}

export interface BookedConsultation {
  bookingId: number;
  /** False when this post repeated one already booked (nothing new was stored or sent). */
  created: boolean;
}

/**
 * Books the time, checking every rule again now (a hold gives priority, never an exemption):
 * the visitor's live hold becomes the booking when its consultant is still free then; without
 * one the time is claimed if free, with the consultant the visitor held last, else (for "any")
 * the prospect's owner when they take consultations and are free, else in turn. With it, in one
 * transaction: the customer record (made, or joined under the pipeline's rules), its history
 * line, an audit entry, the reschedule link and both invitations. The same booking again
 * (address, time and meeting) within the retry window stores and sends nothing: the browser that
 * booked it gets its booking back, anyone else only that the address has it booked.
 */
export async function bookTime(
  services: BookingServices,
  input: TimeRequest & { sourcePage: string; form: BookingForm },
): Promise<Success<BookedConsultation> | BookingRefusal> {
  const start = parseStart(input.start);
  if (start === null) return refusal("invalid", BOOKING_TEXTS.notASlot, "start");
  await Promise.all([loadLeadEmails(), loadBookingEmails()]);
  return services.db.transaction(async (tx) => {
    const candidates = await candidatesOf(tx, input.companyZone, input.consultant);
    if (!candidates) return refusal("invalid", BOOKING_TEXTS.noConsultant, "consultant");
    await lockBookings(tx);
    const when = new Date(start);
    const email = input.form.email.trim().toLowerCase();
    const [repeat] = await tx
      .select({ id: bookings.id, holderKey: bookings.holderKey })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          eq(bookings.meetingTypeId, input.type.id),
          eq(bookings.startsAt, when),
          sql`lower(${bookings.email}) = ${email}`,
          sql`${bookings.bookedAt} > ${new Date(input.now.getTime() - RETRY_WINDOW_HOURS * 3_600_000)}`,
        ),
      );
    if (repeat) {
      return repeat.holderKey === input.holderKey
        ? success({ bookingId: repeat.id, created: false })
        : refusal("conflict", BOOKING_TEXTS.alreadyBooked);
    }

    const hold = await holdOf(tx, input.holderKey, input.type.id, when);
    const live = hold && isLive(hold, input.now) ? hold : undefined;
    const free = await freeAt(
      tx,
      input.type,
      candidates,
      start,
      input.now,
      input.timeZone,
      live?.id,
    );
    if (!Array.isArray(free)) return free;
    let bookingId: number | null = null;
    let consultant = live && free.find((c) => c.id === live.consultantId);
    if (live && consultant) {
      bookingId = live.id;
    } else {
      // No live hold (it ended, or the visitor never had one): claim the time now.
      if (hold) await tx.delete(bookings).where(eq(bookings.id, hold.id));
      const open = await openRecordOf(tx, email);
      const first =
        hold?.consultantId ??
        (input.consultant === ANY_CONSULTANT ? open?.assignedTo : undefined) ??
        null;
      const order = [...free].sort((a, b) => Number(b.id === first) - Number(a.id === first));
      for (const c of order) {
        const id = await claim(
          tx,
          {
            meetingTypeId: input.type.id,
            consultantId: c.id,
            status: "held",
            ...timesOf(input.type, start),
            holderKey: input.holderKey,
            clientKey: input.clientKey,
            holdExpiresAt: input.now,
          },
          input.now,
        );
        if (id !== null) {
          bookingId = id;
          consultant = c;
          break;
        }
      }
      if (bookingId === null || !consultant)
        return refusal("conflict", BOOKING_TEXTS.taken, "start");
    }
    const id = bookingId;
    const who = consultant;
    const form = input.form;
    const meeting = formatMeeting(when, input.companyZone);
    const stored = await insertLead(tx, services, {
      kind: "inquiry",
      form: "consultation",
      name: form.name,
      email: form.email,
      phone: form.phone,
      company: form.company,
      inquiryType: form.topic,
      // The time and consultant may change: the record lists its consultations as they are.
      message: [`Booked: ${input.type.name}.`, form.message].filter(Boolean).join("\n\n"),
      source: "Consultation",
      sourcePage: input.sourcePage,
      // Each booking is a submission of its own, never a retry of another.
      choice: `booking:${id}`,
      consultant: { id: who.id, name: who.name },
    });
    await tx
      .update(bookings)
      .set({
        status: "booked",
        holdExpiresAt: null,
        bookedAt: input.now,
        leadId: stored.leadId,
        name: form.name,
        email: form.email,
        phone: form.phone,
        company: form.company,
        topic: form.topic,
        message: form.message,
        timeZone: input.timeZone,
      })
      .where(eq(bookings.id, id));
    await consultationActivity(tx, {
      leadId: stored.leadId,
      actorId: null,
      message: `${input.type.name} booked for ${meeting} with ${who.name}`,
    });
    await recordAudit(tx, {
      action: "booking_created",
      actorLabel: "Visitor",
      target: `booking:${id}`,
      details: { person: form.name, when: meeting, consultant: who.name, lead: stored.leadId },
    });
    const token = await issueManageLink(tx, id, when);
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
    await services.outbox.enqueue(
      tx,
      await bookingMails(
        services.brand,
        { booking: row as typeof bookings.$inferSelect, type: input.type, consultant: who },
        { kind: "booked", token, companyZone: input.companyZone, now: input.now },
      ),
    );
    return success({ bookingId: id, created: true });
  });
}

/** A new reschedule-or-cancel link for the booking (the last one stops working); until the start. */
export async function issueManageLink(
  tx: DbTransaction,
  bookingId: number,
  startsAt: Date,
): Promise<string> {
  await tx.delete(bookingTokens).where(eq(bookingTokens.bookingId, bookingId));
  const token = randomBytes(32).toString("base64url");
  await tx
    .insert(bookingTokens)
    .values({ tokenHash: hashToken(token), bookingId, expiresAt: startsAt });
  return token;
}
