// What happens to a booked consultation afterwards (decision 0020): the booker moves or cancels
// it through their one-time link; staff do the same from the booking's page, and mark it held or
// a no-show once it has started. Each change is one transaction under the bookings' lock: the
// row, the calendar's SEQUENCE, the record's history line, the audit entry and both e-mails.
// Over 400 lines because every change (move, cancel, outcome, hand-over) shares the row loader,
// the lock, the calendar SEQUENCE and the e-mails kept here; the staff's reading of a booking
// goes with the changes it offers.
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { auditChange, recordAudit } from "#app/domain/audit/audit.server.ts";
import { displayName, type PublicUser } from "#app/domain/auth/roles.ts";
import { hashToken } from "#app/domain/auth/sessions.server.ts";
import {
  consultationActivity,
  consultationHeld,
  type PipelineActor,
} from "#app/domain/leads/pipeline.server.ts";
import {
  dayIn,
  formatClock,
  formatDay,
  formatMeeting,
  formatWeekday,
} from "#app/domain/settings/clock.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { isExclusionViolation } from "#app/platform/db/errors.server.ts";
import {
  bookings,
  bookingTokens,
  consultantProfiles,
  meetingTypes,
  users,
} from "#app/platform/db/schema.ts";
import { type Success, success } from "#app/platform/result.ts";
import {
  type Consultant,
  consultantColumns,
  consultantOf,
  listConsultants,
  loadCalendars,
} from "./consultants.server.ts";
import { bookingMails, loadBookingEmails } from "./consultation-mail.server.ts";
import {
  type BookingRefusal,
  type BookingServices,
  freeAt,
  issueManageLink,
  lockBookings,
  type MeetingType,
  parseStart,
  refusal,
  removeEndedHolds,
  timesOf,
} from "./consultations.server.ts";
import {
  BOOKING_TEXTS,
  type ConsultationList,
  type SlotView,
  type StaffBooking,
} from "./consultations.ts";
import { consultantSlots } from "./slots.server.ts";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const CHANGE_TEXTS = {
  linkGone:
    "This link no longer works: the consultation was moved or cancelled since, or it has started. The newest e-mail about it has a link that works.",
  notFound: "Consultation not found.",
  cancelled: "That consultation is cancelled already.",
  started: "That consultation has started: it can no longer be moved or cancelled.",
  notStarted: "A consultation can be marked held or a no-show once it has started.",
  sameTime: "That is the consultation's time already.",
  consultantLeft:
    "Your consultant is no longer with us: please call us and we will find you another time.",
} as const;

export type Booking = typeof bookings.$inferSelect;

export interface LoadedBooking {
  booking: Booking;
  type: MeetingType;
  consultant: Consultant & { disabled: boolean };
}

/** The consultant as the e-mails name them, enabled or not (a booking outlives a departure). */
async function consultantById(
  db: Db | DbTransaction,
  id: number | null,
  companyZone: string,
): Promise<LoadedBooking["consultant"]> {
  const [row] = id
    ? await db
        .select({ ...consultantColumns, disabled: users.disabled })
        .from(users)
        .leftJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
        .where(eq(users.id, id))
    : [];
  return row
    ? { ...consultantOf(row, companyZone), disabled: row.disabled }
    : { id: 0, name: "our team", email: "", timeZone: companyZone, disabled: true };
}

async function load(
  db: Db | DbTransaction,
  where: ReturnType<typeof eq>,
  companyZone: string,
  lock: boolean,
): Promise<LoadedBooking | null> {
  const query = db
    .select({ booking: bookings, type: meetingTypes })
    .from(bookings)
    .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
    .where(where);
  const [row] = lock ? await query.for("update", { of: bookings }) : await query;
  if (!row) return null;
  return {
    booking: row.booking,
    type: row.type as MeetingType,
    consultant: await consultantById(db, row.booking.consultantId, companyZone),
  };
}

/** A booking by id, with its meeting type and consultant (the jobs' read). */
export const bookingOfId = (db: Db | DbTransaction, id: number, companyZone: string) =>
  load(db, eq(bookings.id, id), companyZone, false);

/** The booking a link opens while it still works (booked, before the start), else null. */
export async function bookingOfLink(
  db: Db | DbTransaction,
  token: string,
  now: Date,
  companyZone: string,
  lock = false,
): Promise<LoadedBooking | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [link] = await db
    .select({ bookingId: bookingTokens.bookingId })
    .from(bookingTokens)
    .where(and(eq(bookingTokens.tokenHash, hashToken(token)), gt(bookingTokens.expiresAt, now)));
  if (!link) return null;
  const loaded = await load(db, eq(bookings.id, link.bookingId), companyZone, lock);
  return loaded?.booking.status === "booked" && loaded.booking.startsAt > now ? loaded : null;
}

/** Who changes a booking: its booker through their link, or staff in their scope. */
export type BookingChanger =
  | { kind: "booker"; token: string }
  | { kind: "staff"; actor: PipelineActor; id: number };

/** Staff may see and change a consultation: admins and managers any, anyone else their own. */
const seesEveryBooking = (user: Pick<PublicUser, "role">) =>
  user.role === "admin" || user.role === "manager";

const staffScope = (user: Pick<PublicUser, "id" | "role">) =>
  seesEveryBooking(user) ? undefined : eq(bookings.consultantId, user.id);

async function lockFor(
  tx: DbTransaction,
  who: BookingChanger,
  now: Date,
  companyZone: string,
): Promise<Success<LoadedBooking> | BookingRefusal> {
  if (who.kind === "booker") {
    const loaded = await bookingOfLink(tx, who.token, now, companyZone, true);
    return loaded ? success(loaded) : refusal("gone", CHANGE_TEXTS.linkGone);
  }
  const loaded = await load(
    tx,
    and(eq(bookings.id, who.id), staffScope(who.actor.user)) as ReturnType<typeof eq>,
    companyZone,
    true,
  );
  if (!loaded || loaded.booking.status === "held")
    return refusal("not-found", CHANGE_TEXTS.notFound);
  if (loaded.booking.status === "cancelled") return refusal("conflict", CHANGE_TEXTS.cancelled);
  if (loaded.booking.startsAt <= now) return refusal("conflict", CHANGE_TEXTS.started);
  return success(loaded);
}

const whoLabel = (who: BookingChanger, b: Booking) =>
  who.kind === "booker" ? `${b.name} (the booker)` : displayName(who.actor.user);

async function record(
  tx: DbTransaction,
  who: BookingChanger,
  loaded: LoadedBooking,
  action: "booking_rescheduled" | "booking_cancelled" | "booking_reassigned",
  message: string,
  details: Record<string, unknown>,
) {
  const b = loaded.booking;
  if (b.leadId) {
    await consultationActivity(tx, {
      leadId: b.leadId,
      actorId: who.kind === "staff" ? who.actor.user.id : null,
      message,
    });
  }
  const target = `booking:${b.id}`;
  const facts = { person: b.name, ...details };
  if (who.kind === "staff") await auditChange(tx, who.actor, action, target, facts);
  else await recordAudit(tx, { action, actorLabel: "Visitor", target, details: facts });
}

/** Both sides' e-mails about a change, queued in its transaction. */
async function tell(
  services: Pick<BookingServices, "outbox" | "brand">,
  tx: DbTransaction,
  subject: Parameters<typeof bookingMails>[1],
  change: Parameters<typeof bookingMails>[2],
) {
  await services.outbox.enqueue(tx, await bookingMails(services.brand, subject, change));
}

/** Who moved it, as the consultant's e-mail says: the booker, or the staff member by name. */
const whoMoved = (who: BookingChanger) =>
  who.kind === "booker"
    ? ("booker" as const)
    : { id: who.actor.user.id, name: displayName(who.actor.user) };

/**
 * Gives the row its new times or consultant (SEQUENCE + 1); null when the database says the span
 * is taken after all (a hold or booking the rules did not see). Ended holds in the way go first,
 * in the same savepoint.
 */
async function moveRow(
  tx: DbTransaction,
  b: Booking,
  set: Partial<Booking>,
  now: Date,
): Promise<Booking | null> {
  const consultantId = set.consultantId ?? b.consultantId;
  try {
    return await tx.transaction(async (sp) => {
      if (consultantId !== null) {
        const from = set.blockedFrom ?? b.blockedFrom;
        const until = set.blockedUntil ?? b.blockedUntil;
        await removeEndedHolds(sp, consultantId, from, until, now);
      }
      const [moved] = await sp
        .update(bookings)
        .set({ ...set, calendarSequence: b.calendarSequence + 1 })
        .where(eq(bookings.id, b.id))
        .returning();
      return moved as Booking;
    });
  } catch (error) {
    if (isExclusionViolation(error)) return null;
    throw error;
  }
}

/** "That time was just taken", with the consultant's next free times. */
async function takenAfterAll(
  tx: DbTransaction,
  loaded: LoadedBooking,
  start: number,
  now: Date,
  zone: string,
): Promise<BookingRefusal> {
  const next = await nextFreeTimes(tx, loaded, now, zone, formatNextTime, 6);
  return {
    ...refusal("conflict", BOOKING_TEXTS.taken, "start"),
    next: next.filter((t) => Date.parse(t.start) > start),
  };
}

/**
 * Moves the consultation to another of its consultant's free times: the same calendar event
 * with a higher SEQUENCE, a new link for the booker (the old one stops working), both e-mailed.
 */
export async function moveBooking(
  services: BookingServices,
  who: BookingChanger,
  startText: string,
  now: Date,
  companyZone: string,
): Promise<Success<{ bookingId: number; token: string; startsAt: Date }> | BookingRefusal> {
  const start = parseStart(startText);
  await loadBookingEmails();
  return services.db.transaction(async (tx) => {
    await lockBookings(tx);
    const locked = await lockFor(tx, who, now, companyZone);
    if (!locked.ok) return locked;
    const loaded = locked.value;
    const { booking: b, type, consultant } = loaded;
    if (start === null) return refusal("invalid", BOOKING_TEXTS.notASlot, "start");
    if (start === b.startsAt.getTime()) return refusal("invalid", CHANGE_TEXTS.sameTime, "start");
    if (consultant.disabled) return refusal("conflict", CHANGE_TEXTS.consultantLeft);
    const zone = b.timeZone || companyZone;
    const free = await freeAt(tx, type, [consultant], start, now, zone, b.id);
    if (!Array.isArray(free)) return free;
    const from = b.startsAt;
    const row = await moveRow(tx, b, { ...timesOf(type, start), rescheduledAt: now }, now);
    if (!row) return takenAfterAll(tx, loaded, start, now, zone);
    const token = await issueManageLink(tx, b.id, row.startsAt);
    const when = formatMeeting(row.startsAt, companyZone);
    await record(
      tx,
      who,
      loaded,
      "booking_rescheduled",
      `${type.name} moved by ${whoLabel(who, b)} from ${formatMeeting(from, companyZone)} to ${when}`,
      { when: formatMeeting(from, companyZone), to: when },
    );
    await tell(
      services,
      tx,
      { booking: row, type, consultant },
      { kind: "moved", token, from, by: whoMoved(who), companyZone, now },
    );
    return success({ bookingId: b.id, token, startsAt: row.startsAt });
  });
}

/** Cancels it: the time is free again, both calendars receive METHOD:CANCEL. The booking's id. */
export async function cancelBooking(
  services: BookingServices,
  who: BookingChanger,
  reason: string,
  now: Date,
  companyZone: string,
): Promise<Success<number> | BookingRefusal> {
  await loadBookingEmails();
  return services.db.transaction(async (tx) => {
    await lockBookings(tx);
    const locked = await lockFor(tx, who, now, companyZone);
    if (!locked.ok) return locked;
    await cancelRow(services, tx, who, locked.value, reason, now, companyZone);
    return success(locked.value.booking.id);
  });
}

/** The cancellation itself: the row, its link gone, the history line, the e-mails. */
async function cancelRow(
  services: Pick<BookingServices, "outbox" | "brand">,
  tx: DbTransaction,
  who: BookingChanger,
  loaded: LoadedBooking,
  reason: string,
  now: Date,
  companyZone: string,
) {
  const { booking: b, type, consultant } = loaded;
  const [cancelled] = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: reason,
      calendarSequence: b.calendarSequence + 1,
    })
    .where(eq(bookings.id, b.id))
    .returning();
  await tx.delete(bookingTokens).where(eq(bookingTokens.bookingId, b.id));
  const when = formatMeeting(b.startsAt, companyZone);
  await record(
    tx,
    who,
    loaded,
    "booking_cancelled",
    `${type.name} on ${when} cancelled by ${whoLabel(who, b)}${reason ? `: ${reason}` : ""}`,
    { when, ...(reason ? { reason } : {}) },
  );
  await tell(
    services,
    tx,
    { booking: cancelled as Booking, type, consultant },
    {
      kind: "cancelled",
      reason,
      by: who.kind === "booker" ? "booker" : "staff",
      companyZone,
      now,
    },
  );
}

/** What the consultant noted of a held consultation: what was said, and when to follow up. */
export interface OutcomeNotes {
  notes: string;
  /** "YYYY-MM-DD", or null. */
  followUpOn: string | null;
}

/**
 * After the start, the consultant (or a manager) says whether it was held (with their notes and
 * a follow-up day for the dashboard) or a no-show. A held consultation moves a record nobody has
 * worked yet to the first sales phase when the one who says so may change the record
 * (the pipeline's rule); the notes go into the record's history.
 */
export async function setOutcome(
  db: Db,
  actor: PipelineActor,
  id: number,
  outcome: "held" | "no_show",
  now: Date,
  companyZone: string,
  notes: OutcomeNotes = { notes: "", followUpOn: null },
): Promise<Success<void> | BookingRefusal> {
  return db.transaction(async (tx) => {
    const loaded = await load(
      tx,
      and(eq(bookings.id, id), staffScope(actor.user)) as ReturnType<typeof eq>,
      companyZone,
      true,
    );
    if (loaded?.booking.status !== "booked") {
      return loaded?.booking.status === "cancelled"
        ? refusal("conflict", CHANGE_TEXTS.cancelled)
        : refusal("not-found", CHANGE_TEXTS.notFound);
    }
    const b = loaded.booking;
    if (b.startsAt > now) return refusal("conflict", CHANGE_TEXTS.notStarted);
    const held = outcome === "held";
    await tx
      .update(bookings)
      .set({
        outcome,
        outcomeAt: now,
        outcomeNotes: held ? notes.notes : "",
        followUpOn: held ? notes.followUpOn : null,
      })
      .where(eq(bookings.id, id));
    const when = formatMeeting(b.startsAt, companyZone);
    if (b.leadId) {
      const followUp =
        held && notes.followUpOn ? ` Follow up on ${formatDay(notes.followUpOn)}.` : "";
      await consultationActivity(tx, {
        leadId: b.leadId,
        actorId: actor.user.id,
        message: `${loaded.type.name} on ${when}: ${held ? "held" : "a no-show"}${held && notes.notes ? `. ${notes.notes}` : ""}${followUp}`,
      });
      if (held) await consultationHeld(tx, actor, b.leadId, dayIn(now, companyZone));
    }
    await auditChange(tx, actor, "booking_outcome_set", `booking:${id}`, {
      person: b.name,
      when,
      outcome,
      ...(held && notes.followUpOn ? { followUpOn: notes.followUpOn } : {}),
    });
    return success();
  });
}

const staffColumns = {
  id: bookings.id,
  status: bookings.status,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  company: bookings.company,
  topic: bookings.topic,
  message: bookings.message,
  typeName: meetingTypes.name,
  consultantId: bookings.consultantId,
  leadId: bookings.leadId,
  outcome: bookings.outcome,
  outcomeNotes: bookings.outcomeNotes,
  followUpOn: bookings.followUpOn,
  cancelReason: bookings.cancelReason,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  userEmail: users.email,
};

type StaffRow = { [K in keyof typeof staffColumns]: unknown } & Record<string, unknown>;

function staffBookingOf(row: StaffRow): StaffBooking {
  const r = row as unknown as Omit<StaffBooking, "startsAt" | "endsAt" | "consultantName"> & {
    startsAt: Date;
    endsAt: Date;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
    userEmail: string | null;
  };
  return {
    id: r.id,
    status: r.status,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    topic: r.topic,
    message: r.message,
    typeName: r.typeName,
    consultantId: r.consultantId,
    consultantName: r.userEmail
      ? displayName({
          firstName: r.firstName ?? "",
          lastName: r.lastName ?? "",
          username: r.username,
          email: r.userEmail,
        })
      : "Nobody (the consultant left)",
    leadId: r.leadId,
    outcome: r.outcome,
    outcomeNotes: r.outcomeNotes,
    followUpOn: r.followUpOn,
    cancelReason: r.cancelReason,
  };
}

const staffQuery = (db: Db) =>
  db
    .select(staffColumns)
    .from(bookings)
    .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
    .leftJoin(users, eq(users.id, bookings.consultantId));

/**
 * The dashboard's consultations: upcoming ones (soonest first), those that started in the last
 * 14 days without an outcome yet, and the follow-ups set when marking one held (from 30 days ago
 * on, soonest first), in the viewer's scope; with the no-shows counted.
 */
export async function consultationsFor(
  db: Db,
  viewer: Pick<PublicUser, "id" | "role">,
  now: Date,
): Promise<{
  upcoming: StaffBooking[];
  toMark: StaffBooking[];
  followUps: StaffBooking[];
  noShows: number;
}> {
  const scope = staffScope(viewer);
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [upcoming, toMark, followUps, [noShows]] = await Promise.all([
    staffQuery(db)
      .where(and(eq(bookings.status, "booked"), gte(bookings.startsAt, now), scope))
      .orderBy(asc(bookings.startsAt))
      .limit(50),
    staffQuery(db)
      .where(
        and(
          eq(bookings.status, "booked"),
          lt(bookings.startsAt, now),
          gt(bookings.startsAt, new Date(now.getTime() - 14 * 86_400_000)),
          sql`${bookings.outcome} is null`,
          scope,
        ),
      )
      .orderBy(desc(bookings.startsAt))
      .limit(50),
    staffQuery(db)
      .where(and(eq(bookings.outcome, "held"), gte(bookings.followUpOn, since), scope))
      .orderBy(asc(bookings.followUpOn))
      .limit(50),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.outcome, "no_show"), scope)),
  ]);
  return {
    upcoming: upcoming.map(staffBookingOf),
    toMark: toMark.map(staffBookingOf),
    followUps: followUps.map(staffBookingOf),
    noShows: noShows?.count ?? 0,
  };
}

/**
 * The next booked consultation of each of these records, with its consultant's name: the New
 * leads queue shows an unowned record as booked with them, for a manager to assign.
 */
export async function bookedWith(
  db: Db,
  leadIds: number[],
  now: Date,
): Promise<Map<number, { consultantName: string; startsAt: string }>> {
  if (leadIds.length === 0) return new Map();
  const rows = await staffQuery(db)
    .where(
      and(
        inArray(bookings.leadId, leadIds),
        eq(bookings.status, "booked"),
        gte(bookings.startsAt, now),
      ),
    )
    .orderBy(desc(bookings.startsAt));
  // Soonest last, so it is the one kept.
  return new Map(
    rows
      .map(staffBookingOf)
      .map((b) => [b.leadId as number, { consultantName: b.consultantName, startsAt: b.startsAt }]),
  );
}

/** A consultant's upcoming consultations (the Users screen asks what becomes of them). */
export async function upcomingOfConsultant(
  db: Db | DbTransaction,
  consultantId: number,
  now: Date,
): Promise<StaffBooking[]> {
  const rows = await staffQuery(db as Db)
    .where(
      and(
        eq(bookings.consultantId, consultantId),
        eq(bookings.status, "booked"),
        gte(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return rows.map(staffBookingOf);
}

/** How many upcoming consultations each of these users has. */
export async function upcomingCounts(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.consultantId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inArray(bookings.consultantId, userIds),
        eq(bookings.status, "booked"),
        gte(bookings.startsAt, now),
      ),
    )
    .groupBy(bookings.consultantId);
  return new Map(rows.map((r) => [r.id as number, r.n]));
}

/** What becomes of a leaving consultant's upcoming consultations. */
export type HandOver = "reassign" | "cancel";

/**
 * A consultant leaves (disabled or deleted), inside the transaction that disables or deletes
 * them: each upcoming consultation goes to another consultant free at that very time (the least
 * recently booked; notice and window do not apply to a meeting already booked) or, when nobody
 * is, or when `how` says so, is cancelled. Each booker is e-mailed (the same calendar event: a
 * new consultant with SEQUENCE + 1, or CANCEL); the leaving consultant is told nothing more.
 * Load the e-mails first (loadBookingEmails).
 */
export async function handOverConsultations(
  tx: DbTransaction,
  services: Omit<BookingServices, "db">,
  actor: PipelineActor,
  consultantId: number,
  how: HandOver,
  now: Date,
  companyZone: string,
): Promise<{ reassigned: number; cancelled: number }> {
  await lockBookings(tx);
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.consultantId, consultantId),
        eq(bookings.status, "booked"),
        gte(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  const others = (await listConsultants(tx, companyZone)).filter((c) => c.id !== consultantId);
  const counts = { reassigned: 0, cancelled: 0 };
  for (const { id } of upcoming) {
    const loaded = (await load(tx, eq(bookings.id, id), companyZone, true)) as LoadedBooking;
    const b = loaded.booking;
    const from = loaded.consultant.name;
    const who = { kind: "staff" as const, actor, id };
    if (how === "reassign") {
      // A meeting already booked: only the new consultant's hours and meetings count.
      const rules = { ...loaded.type, minNoticeMinutes: 0, windowDays: 36_500 };
      const free = await freeAt(tx, rules, others, b.startsAt.getTime(), now, companyZone, b.id);
      const taker = Array.isArray(free) ? free[0] : undefined;
      const row = taker ? await moveRow(tx, b, { consultantId: taker.id }, now) : null;
      if (taker && row) {
        const token = await issueManageLink(tx, b.id, row.startsAt);
        const when = formatMeeting(b.startsAt, companyZone);
        await record(
          tx,
          who,
          loaded,
          "booking_reassigned",
          `${loaded.type.name} on ${when} given to ${taker.name} (${from} left)`,
          { when, from, to: taker.name },
        );
        const subject = { booking: row, type: loaded.type, consultant: taker };
        await tell(services, tx, subject, { kind: "reassigned", token, from, companyZone, now });
        counts.reassigned += 1;
        continue;
      }
    }
    const leaving = { ...loaded, consultant: { ...loaded.consultant, disabled: true } };
    await cancelRow(services, tx, who, leaving, `${from} is no longer with us`, now, companyZone);
    counts.cancelled += 1;
  }
  return counts;
}

/**
 * Every booked consultation, for the admins: upcoming (soonest first), past or cancelled (newest
 * first), a page at a time, with how many there are.
 */
export async function listConsultations(
  db: Db,
  list: ConsultationList,
  now: Date,
  slice: { offset: number; limit: number },
): Promise<{ rows: StaffBooking[]; total: number }> {
  const where =
    list === "cancelled"
      ? eq(bookings.status, "cancelled")
      : and(
          eq(bookings.status, "booked"),
          list === "upcoming" ? gte(bookings.startsAt, now) : lt(bookings.startsAt, now),
        );
  const [rows, [counted]] = await Promise.all([
    staffQuery(db)
      .where(where)
      .orderBy(list === "upcoming" ? asc(bookings.startsAt) : desc(bookings.startsAt))
      .offset(slice.offset)
      .limit(slice.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(where),
  ]);
  return { rows: rows.map(staffBookingOf), total: counted?.n ?? 0 };
}

/** One consultation for its staff page, in the viewer's scope (anyone else's: not found). */
export async function staffBooking(
  db: Db,
  viewer: Pick<PublicUser, "id" | "role">,
  id: number,
): Promise<StaffBooking | null> {
  const [row] = await staffQuery(db).where(and(eq(bookings.id, id), staffScope(viewer)));
  return row && row.status !== "held" ? staffBookingOf(row) : null;
}

/** A record's consultations (its detail lists them), newest first. */
export async function consultationsOfRecord(db: Db, leadIds: number[]): Promise<StaffBooking[]> {
  if (leadIds.length === 0) return [];
  const rows = await staffQuery(db)
    .where(and(inArray(bookings.leadId, leadIds), sql`${bookings.status} <> 'held'`))
    .orderBy(desc(bookings.startsAt));
  return rows.map(staffBookingOf);
}

/** "Tuesday, March 2, 10:00 AM": a free time in a list of them. */
export const formatNextTime = (t: Date, zone: string) =>
  `${formatWeekday(t, zone)}, ${formatClock(t, zone)}`;

/** The consultant's next free times for a move (the booking's own time does not count). */
export async function nextFreeTimes(
  db: Db | DbTransaction,
  loaded: { booking: Booking; type: MeetingType; consultant: Consultant },
  now: Date,
  timeZone: string,
  format: (t: Date, zone: string) => string,
  limit = 400,
): Promise<SlotView[]> {
  const t = now.getTime();
  const calendars = await loadCalendars(
    db,
    [loaded.consultant],
    loaded.type.id,
    { from: t, until: t + loaded.type.windowDays * 86_400_000 },
    now,
    loaded.booking.id,
  );
  const [calendar] = calendars;
  if (!calendar) return [];
  return consultantSlots(calendar, loaded.type, t)
    .filter((s) => s !== loaded.booking.startsAt.getTime())
    .slice(0, limit)
    .map((s) => ({ start: new Date(s).toISOString(), label: format(new Date(s), timeZone) }));
}

/** The booking behind a staff page, for its move list. */
export async function loadStaffBooking(
  db: Db,
  viewer: Pick<PublicUser, "id" | "role">,
  id: number,
  companyZone: string,
): Promise<LoadedBooking | null> {
  return load(
    db,
    and(eq(bookings.id, id), staffScope(viewer)) as ReturnType<typeof eq>,
    companyZone,
    false,
  );
}
