// Who takes consultations and when: sales reps and managers, and anyone an admin marks; their
// weekly hours and date overrides on their own clock; what the slot rules need to know about
// them (decision 0020). Bookings own these tables.
import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import { displayName } from "#app/domain/auth/roles.ts";
import { closedDates } from "#app/domain/settings/closed-days.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import {
  bookings,
  consultantHours,
  consultantOverrides,
  consultantProfiles,
  users,
} from "#app/platform/db/schema.ts";
import { CONSULTING_ROLES } from "./consultations.ts";
import { formatRanges, type MinuteRange, WEEKDAYS } from "./hours.ts";
import { type ConsultantCalendar, localDay } from "./slots.server.ts";

export { CONSULTING_ROLES };

export interface Consultant {
  id: number;
  name: string;
  email: string;
  timeZone: string;
}

type Reader = Db | DbTransaction;

/** A consultant's columns: their account's names and their own time zone. */
export const consultantColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  timeZone: consultantProfiles.timeZone,
};

/** A consultant as the e-mails and pages name them (their zone, else the company's). */
export const consultantOf = (
  row: {
    id: number;
    email: string;
    username: string | null;
    firstName: string;
    lastName: string;
    timeZone: string | null;
  },
  companyZone: string,
): Consultant => ({
  id: row.id,
  name: displayName(row),
  email: row.email,
  timeZone: row.timeZone ?? companyZone,
});

/** Enabled users who take consultations (all of them, or those `ids` names), by id. */
export async function listConsultants(
  db: Reader,
  companyZone: string,
  ids?: number[],
): Promise<Consultant[]> {
  const rows = await db
    .select(consultantColumns)
    .from(users)
    .leftJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
    .where(
      and(
        eq(users.disabled, false),
        or(
          inArray(users.role, [...CONSULTING_ROLES]),
          eq(consultantProfiles.takesConsultations, true),
        ),
        ids ? inArray(users.id, ids.length ? ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => consultantOf(r, companyZone));
}

export async function findConsultant(db: Reader, companyZone: string, id: number) {
  const [consultant] = await listConsultants(db, companyZone, [id]);
  return consultant;
}

/**
 * What the slot rules need of these consultants between `from` and `until` (epoch ms): their
 * hours, the overrides of those dates, their live bookings' blocked spans, and how many of
 * this meeting type each has per day.
 */
export async function loadCalendars(
  db: Reader,
  consultants: Consultant[],
  meetingTypeId: number,
  range: { from: number; until: number },
  now: Date,
  /** A booking being moved: its own time does not stand in its way. */
  ignoreBooking?: number,
): Promise<ConsultantCalendar[]> {
  if (consultants.length === 0) return [];
  const ids = consultants.map((c) => c.id);
  // Dates are the consultants' own: a day either side covers every zone.
  const firstDay = new Date(range.from - 86_400_000).toISOString().slice(0, 10);
  const lastDay = new Date(range.until + 86_400_000).toISOString().slice(0, 10);
  const [hours, overrides, live, closed] = await Promise.all([
    db
      .select()
      .from(consultantHours)
      .where(inArray(consultantHours.userId, ids))
      .orderBy(asc(consultantHours.startMinute)),
    db
      .select()
      .from(consultantOverrides)
      .where(
        and(
          inArray(consultantOverrides.userId, ids),
          gte(consultantOverrides.day, firstDay),
          lte(consultantOverrides.day, lastDay),
        ),
      )
      .orderBy(asc(consultantOverrides.startMinute)),
    db
      .select({
        id: bookings.id,
        consultantId: bookings.consultantId,
        meetingTypeId: bookings.meetingTypeId,
        startsAt: bookings.startsAt,
        blockedFrom: bookings.blockedFrom,
        blockedUntil: bookings.blockedUntil,
      })
      .from(bookings)
      .where(
        and(
          inArray(bookings.consultantId, ids),
          liveBooking(now),
          gt(bookings.blockedUntil, new Date(range.from - 86_400_000)),
          lt(bookings.blockedFrom, new Date(range.until + 86_400_000)),
        ),
      )
      .orderBy(asc(bookings.blockedFrom)),
    closedDates(db, firstDay, lastDay),
  ]);
  return consultants.map((c) => {
    const weekly: MinuteRange[][] = Array.from({ length: 8 }, () => []);
    for (const h of hours) if (h.userId === c.id) weekly[h.weekday]?.push(h);
    const dates = new Map<string, MinuteRange[]>();
    for (const o of overrides) {
      if (o.userId !== c.id) continue;
      const list = dates.get(o.day) ?? [];
      if (o.startMinute !== null && o.endMinute !== null) {
        list.push({ startMinute: o.startMinute, endMinute: o.endMinute });
      }
      dates.set(o.day, list);
    }
    // The company is closed: nobody takes consultations, whatever their own hours say.
    for (const day of closed.keys()) dates.set(day, []);
    const perDay = new Map<string, number>();
    const busy: ConsultantCalendar["busy"] = [];
    for (const b of live) {
      if (b.consultantId !== c.id || b.id === ignoreBooking) continue;
      busy.push({ from: b.blockedFrom.getTime(), until: b.blockedUntil.getTime() });
      if (b.meetingTypeId === meetingTypeId) {
        const day = localDay(b.startsAt.getTime(), c.timeZone).toString();
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
    }
    return { id: c.id, timeZone: c.timeZone, weekly, overrides: dates, busy, perDay };
  });
}

/** A booking that holds its time: booked, or held and not expired. */
const liveBooking = (now: Date) =>
  or(
    eq(bookings.status, "booked"),
    and(eq(bookings.status, "held"), gt(bookings.holdExpiresAt, now)),
  );

/** When each consultant was last booked (round-robin: the least recently booked goes first). */
export async function lastBooked(db: Reader, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.consultantId, at: sql<string>`max(${bookings.bookedAt})` })
    .from(bookings)
    .where(and(inArray(bookings.consultantId, ids), eq(bookings.status, "booked")))
    .groupBy(bookings.consultantId);
  return new Map(rows.map((r) => [r.id as number, new Date(r.at).getTime()]));
}

// The availability screen: a consultant's own hours.

export interface Availability {
  timeZone: string;
  /** Each weekday's ranges as text, by ISO weekday. */
  weekly: Record<number, string>;
  overrides: { id: number; day: string; hours: string }[];
}

export async function availabilityOf(
  db: Db,
  consultant: Consultant,
  today: string,
): Promise<Availability> {
  const [hours, overrides] = await Promise.all([
    db
      .select()
      .from(consultantHours)
      .where(eq(consultantHours.userId, consultant.id))
      .orderBy(asc(consultantHours.startMinute)),
    db
      .select()
      .from(consultantOverrides)
      .where(
        and(eq(consultantOverrides.userId, consultant.id), gte(consultantOverrides.day, today)),
      )
      .orderBy(asc(consultantOverrides.day), asc(consultantOverrides.startMinute)),
  ]);
  const weekly: Record<number, string> = {};
  for (const { value } of WEEKDAYS) {
    weekly[value] = formatRanges(hours.filter((h) => h.weekday === value));
  }
  const byDay = new Map<string, { id: number; ranges: MinuteRange[] }>();
  for (const o of overrides) {
    const entry = byDay.get(o.day) ?? { id: o.id, ranges: [] };
    if (o.startMinute !== null && o.endMinute !== null) {
      entry.ranges.push({ startMinute: o.startMinute, endMinute: o.endMinute });
    }
    byDay.set(o.day, entry);
  }
  return {
    timeZone: consultant.timeZone,
    weekly,
    overrides: [...byDay.entries()].map(([day, { id, ranges }]) => ({
      id,
      day,
      hours: ranges.length ? formatRanges(ranges) : "Day off",
    })),
  };
}

/** Replaces the weekly hours and sets the time zone, in one transaction with its audit entry. */
export async function saveWeeklyHours(
  db: Db,
  actor: Actor,
  userId: number,
  input: { timeZone: string; days: Record<number, MinuteRange[]> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(consultantProfiles)
      .values({ userId, timeZone: input.timeZone })
      .onConflictDoUpdate({
        target: consultantProfiles.userId,
        set: { timeZone: input.timeZone, updatedAt: new Date() },
      });
    await tx.delete(consultantHours).where(eq(consultantHours.userId, userId));
    const rows = Object.entries(input.days).flatMap(([weekday, ranges]) =>
      ranges.map((r) => ({ userId, weekday: Number(weekday), ...r })),
    );
    if (rows.length) await tx.insert(consultantHours).values(rows);
    await auditChange(tx, actor, "availability_changed", `user:${userId}`, {
      change: "weekly hours",
      timeZone: input.timeZone,
    });
  });
}

/** One date's hours instead of the week's (no ranges: a day off); replaces that date's. */
export async function setDateOverride(
  db: Db,
  actor: Actor,
  userId: number,
  day: string,
  ranges: MinuteRange[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(consultantOverrides)
      .where(and(eq(consultantOverrides.userId, userId), eq(consultantOverrides.day, day)));
    await tx
      .insert(consultantOverrides)
      .values(
        ranges.length
          ? ranges.map((r) => ({ userId, day, ...r }))
          : [{ userId, day, startMinute: null, endMinute: null }],
      );
    await auditChange(tx, actor, "availability_changed", `user:${userId}`, {
      change: `${day}: ${ranges.length ? formatRanges(ranges) : "day off"}`,
    });
  });
}

/** Back to the week's hours on that date. */
export async function removeDateOverride(
  db: Db,
  actor: Actor,
  userId: number,
  day: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(consultantOverrides)
      .where(and(eq(consultantOverrides.userId, userId), eq(consultantOverrides.day, day)))
      .returning({ id: consultantOverrides.id });
    if (gone.length === 0) return false;
    await auditChange(tx, actor, "availability_changed", `user:${userId}`, {
      change: `${day}: the week's hours again`,
    });
    return true;
  });
}

/** The users an admin marked as taking consultations beyond their role. */
export async function markedConsultants(db: Reader): Promise<Set<number>> {
  const rows = await db
    .select({ id: consultantProfiles.userId })
    .from(consultantProfiles)
    .where(eq(consultantProfiles.takesConsultations, true));
  return new Set(rows.map((r) => r.id));
}

/** An admin marks a user (of a role that does not by itself) as taking consultations, or not. */
export async function markConsultant(
  db: Db,
  actor: Actor,
  userId: number,
  on: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return false;
    await tx
      .insert(consultantProfiles)
      .values({ userId, takesConsultations: on })
      .onConflictDoUpdate({
        target: consultantProfiles.userId,
        set: { takesConsultations: on, updatedAt: new Date() },
      });
    await auditChange(tx, actor, "availability_changed", `user:${userId}`, {
      change: on ? "takes consultations" : "no longer takes consultations",
    });
    return true;
  });
}
