// What the Training Portal shows a signed-in student or instructor.
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  classAttendance,
  classSessions,
  courses,
  leads,
  registrations,
} from "#app/platform/db/schema.ts";
import { isMark, type Mark } from "./attendance.ts";
import {
  holdsSeat,
  isRegistrationStatus,
  offersClasses,
  STATUS_LABELS,
  studentCancelRefusal,
} from "./registration-status.ts";
import { CLASS_SCHEDULES, labelOf } from "./training.ts";

export interface PortalRegistration {
  id: number;
  course: string;
  startDate: string;
  /** The class days and times ("Morning (Monday to Thursday 8:00 AM to 12:00 PM)"). */
  schedule: string;
  duration: string;
  priceCents: number;
  /** What was paid, when staff recorded a payment. */
  paidCents: number | null;
  /** The registration's own status, as shown (Pending, Confirmed, Paid...). */
  status: string;
  /** "Cancel my registration" is offered: cancellable, and `cancelDays` or more before the start. */
  canCancel: boolean;
  /**
   * Why it is not offered, shown in its place (the start is too close, or the status does not
   * allow it); null while it is, and for a cancelled registration (its status says it).
   */
  cannotCancel: string | null;
  /** Its classes can be downloaded as a calendar file: it holds a seat and is not completed. */
  calendar: boolean;
  /** What the course includes (the course page's list). */
  inclusions: string[];
  /** Every class of its cohort while it holds a seat (cancelled ones too), with the student's mark. */
  classes: PortalClass[];
  /** The first class not cancelled and not over; null when none is left (or it is completed). */
  nextClass: PortalClass | null;
}

export interface PortalClass {
  id: number;
  day: string;
  start: string;
  end: string;
  /** A room or a link; "" for the company's address. */
  location: string;
  cancelled: boolean;
  mark: Mark | null;
}

/**
 * The classes of these cohorts (by cohort) with these registrations' marks (by registration), and
 * when each class ends.
 */
async function classesOf(db: Db, seats: { id: number; cohortId: number }[]) {
  const ends = new Map<number, Date>();
  if (seats.length === 0) return { classes: new Map<number, PortalClass[]>(), ends };
  const sessions = await db
    .select()
    .from(classSessions)
    .where(inArray(classSessions.cohortId, [...new Set(seats.map((s) => s.cohortId))]))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime));
  const marks = await db
    .select()
    .from(classAttendance)
    .where(
      inArray(
        classAttendance.registrationId,
        seats.map((s) => s.id),
      ),
    );
  for (const s of sessions) ends.set(s.id, wallClockInstant(s.day, s.endTime, s.timeZone));
  const classes = new Map(
    seats.map((seat) => [
      seat.id,
      sessions
        .filter((s) => s.cohortId === seat.cohortId)
        .map((s) => {
          const mark = marks.find(
            (m) => m.sessionId === s.id && m.registrationId === seat.id,
          )?.mark;
          return {
            id: s.id,
            day: s.day,
            start: s.startTime,
            end: s.endTime,
            location: s.location,
            cancelled: s.status === "cancelled",
            mark: mark && isMark(mark) ? mark : null,
          };
        }),
    ]),
  );
  return { classes, ends };
}

/**
 * A student's course registrations: those made with the e-mail address of their account, newest
 * start first. (An instructor's cohorts and rosters: listInstructorCohorts in the training domain.)
 */
export async function listPortalRegistrations(
  db: Db,
  user: PublicUser,
  today: string,
  cancelDays: number,
  /** The time now: a class of today that is over is no longer the next one. */
  now?: Date,
): Promise<PortalRegistration[]> {
  if (user.role !== "student") return [];
  const rows = await db
    .select({
      id: registrations.id,
      course: courses.title,
      duration: courses.duration,
      startDate: registrations.startDate,
      schedule: registrations.classSchedule,
      priceCents: registrations.priceCents,
      paidCents: registrations.paidCents,
      status: registrations.status,
      inclusions: courses.inclusions,
      cohortId: registrations.cohortId,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(ownedBy(user))
    .orderBy(desc(registrations.startDate), desc(registrations.id));
  const { classes, ends } = await classesOf(
    db,
    rows.filter((row) => holdsSeat(row.status)),
  );
  const ahead = (c: PortalClass) =>
    !c.cancelled && (now ? (ends.get(c.id)?.getTime() ?? 0) > now.getTime() : c.day >= today);
  return rows.map(({ cohortId: _, ...row }) => {
    const refusal = studentCancelRefusal(row.status, row.startDate, today, cancelDays);
    const own = classes.get(row.id) ?? [];
    return {
      ...row,
      classes: own,
      // A completed course has no next class.
      nextClass: row.status === "completed" ? null : (own.find(ahead) ?? null),
      schedule: labelOf(CLASS_SCHEDULES, row.schedule),
      status: isRegistrationStatus(row.status) ? STATUS_LABELS[row.status] : row.status,
      canCancel: refusal === null,
      cannotCancel: row.status === "cancelled" ? null : refusal,
      calendar: offersClasses(row.status),
    };
  });
}

/** The ids of a student's registrations (none for staff): what their billing documents belong to. */
export async function ownRegistrationIds(
  db: Db,
  user: Pick<PublicUser, "email" | "role">,
): Promise<number[]> {
  if (user.role !== "student") return [];
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(ownedBy(user));
  return rows.map((row) => row.id);
}

/** A student's registrations: those made with their account's e-mail address. */
export const ownedBy = (user: Pick<PublicUser, "email">) =>
  eq(sql`lower(${leads.email})`, user.email.trim().toLowerCase());
