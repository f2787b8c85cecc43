// Attendance (issue 46, decision 0024): the cohort's instructor (or an admin) marks each student
// with a seat present, late, excused or absent, from the class's start until 7 days after it;
// every mark is audited. Anyone else, and any class or student not theirs, is "not found":
// nothing tells them it exists. Training owns class_attendance.
import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { toCsv } from "#app/domain/leads/csv.ts";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  classAttendance,
  classSessions,
  cohorts,
  courses,
  leads,
  registrations,
} from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import {
  ATTENDANCE_EDIT_DAYS,
  ATTENDANCE_TEXTS,
  isMark,
  MARK_LABELS,
  type Mark,
} from "./attendance.ts";
import type { ClassSession } from "./class-sessions.server.ts";
import { formatWallClock } from "./class-sessions.ts";
import { holdsSeat } from "./registration-status.ts";

type Teacher = Pick<PublicUser, "id" | "role">;

const notFound = failure("not-found", ATTENDANCE_TEXTS.notFound);

/** The cohort's course, when the user teaches it (its instructor) or is an admin; else null. */
async function taughtCohort(db: Db, user: Teacher, cohortId: number) {
  if (user.role !== "admin" && user.role !== "instructor") return null;
  const [row] = await db
    .select({
      cohortId: cohorts.id,
      courseId: cohorts.courseId,
      startDate: cohorts.startDate,
      title: courses.title,
      instructorId: courses.instructorId,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, cohortId));
  if (!row) return null;
  return user.role === "admin" || row.instructorId === user.id ? row : null;
}

/** The students with a seat in the cohort: the only people an instructor's screens name. */
export async function seated(db: Db, cohortId: number) {
  const rows = await db
    .select({
      registrationId: registrations.id,
      status: registrations.status,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(eq(registrations.cohortId, cohortId))
    .orderBy(asc(leads.name), asc(registrations.id));
  return rows.filter((r) => holdsSeat(r.status));
}

/** Whether marks may be set now: from the start until ATTENDANCE_EDIT_DAYS after the end. */
function markWindow(session: ClassSession, now: Date): Result {
  if (session.status === "cancelled") return failure("conflict", ATTENDANCE_TEXTS.cancelled);
  const start = wallClockInstant(session.day, session.startTime, session.timeZone);
  const end = wallClockInstant(session.day, session.endTime, session.timeZone);
  if (now < start) return failure("conflict", ATTENDANCE_TEXTS.notStarted);
  if (now.getTime() > end.getTime() + ATTENDANCE_EDIT_DAYS * 86_400_000) {
    return failure("conflict", ATTENDANCE_TEXTS.closed);
  }
  return success();
}

export interface ClassRoster {
  session: ClassSession;
  title: string;
  cohortId: number;
  /** "6:00 PM to 10:00 PM" */
  hours: string;
  students: { registrationId: number; name: string; mark: Mark | null }[];
  /** Why marks cannot change now (not started, closed, cancelled); null while they can. */
  locked: string | null;
}

/** One class with its students and their marks, for its instructor or an admin. */
export async function classRoster(
  db: Db,
  user: Teacher,
  sessionId: number,
  now: Date,
): Promise<Result<ClassRoster>> {
  const [session] = await db.select().from(classSessions).where(eq(classSessions.id, sessionId));
  const cohort = session ? await taughtCohort(db, user, session.cohortId) : null;
  if (!session || !cohort) return notFound;
  const students = await seated(db, session.cohortId);
  const marks = await db
    .select()
    .from(classAttendance)
    .where(eq(classAttendance.sessionId, session.id));
  const markOf = new Map(marks.map((m) => [m.registrationId, m.mark]));
  const window = markWindow(session, now);
  return success({
    session,
    title: cohort.title,
    cohortId: cohort.cohortId,
    hours: `${formatWallClock(session.startTime)} to ${formatWallClock(session.endTime)}`,
    students: students.map((s) => {
      const mark = markOf.get(s.registrationId) ?? null;
      return {
        registrationId: s.registrationId,
        name: s.name,
        mark: mark && isMark(mark) ? mark : null,
      };
    }),
    locked: window.ok ? null : window.error,
  });
}

/**
 * Marks one student (or, with `everyone`, every student not marked yet: present). Refused for a
 * class or student not the user's, a cancelled class, before it starts and after the window.
 */
export async function markAttendance(
  db: Db,
  actor: Actor & { user: Teacher },
  input: { sessionId: number; student: number | "everyone"; mark: string },
  now: Date,
): Promise<Result<string>> {
  if (!isMark(input.mark)) return failure("invalid", ATTENDANCE_TEXTS.badMark);
  const mark = input.mark;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(classSessions)
      .where(eq(classSessions.id, input.sessionId))
      .for("update");
    const cohort = session ? await taughtCohort(tx, actor.user, session.cohortId) : null;
    if (!session || !cohort) return notFound;
    const window = markWindow(session, now);
    if (!window.ok) return window;
    const students = await seated(tx, session.cohortId);
    const marked = new Set(
      (
        await tx
          .select({ id: classAttendance.registrationId })
          .from(classAttendance)
          .where(eq(classAttendance.sessionId, session.id))
      ).map((m) => m.id),
    );
    const targets =
      input.student === "everyone"
        ? students.filter((s) => !marked.has(s.registrationId))
        : students.filter((s) => s.registrationId === input.student);
    if (input.student !== "everyone" && targets.length === 0) {
      return failure("not-found", ATTENDANCE_TEXTS.studentNotFound);
    }
    for (const student of targets) {
      await tx
        .insert(classAttendance)
        .values({
          sessionId: session.id,
          registrationId: student.registrationId,
          mark,
          markedBy: actor.user.id,
          markedAt: now,
        })
        .onConflictDoUpdate({
          target: [classAttendance.sessionId, classAttendance.registrationId],
          set: { mark, markedBy: actor.user.id, markedAt: now },
        });
    }
    if (targets.length > 0) {
      await auditChange(tx, actor, "attendance_marked", `course:${cohort.courseId}`, {
        cohort: session.cohortId,
        session: session.id,
        day: session.day,
        mark,
        students: targets.map((s) => s.registrationId),
      });
    }
    const label = MARK_LABELS[mark].toLowerCase();
    return success(
      input.student === "everyone"
        ? `${targets.length} student${targets.length === 1 ? "" : "s"} marked ${label}.`
        : `${targets[0]?.name} marked ${label}.`,
    );
  });
}

export interface CohortAttendance {
  title: string;
  startDate: string;
  sessions: Pick<ClassSession, "id" | "day" | "startTime" | "status">[];
  students: { registrationId: number; name: string; email: string; marks: Record<number, Mark> }[];
}

/** A cohort's attendance: every class (cancelled ones aside) by every student with a seat. */
export async function cohortAttendance(
  db: Db,
  user: Teacher,
  cohortId: number,
): Promise<Result<CohortAttendance>> {
  const cohort = await taughtCohort(db, user, cohortId);
  if (!cohort) return notFound;
  const sessions = await db
    .select({
      id: classSessions.id,
      day: classSessions.day,
      startTime: classSessions.startTime,
      status: classSessions.status,
    })
    .from(classSessions)
    .where(and(eq(classSessions.cohortId, cohortId), eq(classSessions.status, "scheduled")))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime));
  const students = await seated(db, cohortId);
  const marks = sessions.length
    ? await db
        .select()
        .from(classAttendance)
        .where(
          inArray(
            classAttendance.sessionId,
            sessions.map((s) => s.id),
          ),
        )
    : [];
  return success({
    title: cohort.title,
    startDate: cohort.startDate,
    sessions,
    students: students.map((s) => ({
      registrationId: s.registrationId,
      name: s.name,
      email: s.email,
      marks: Object.fromEntries(
        marks
          .filter((m) => m.registrationId === s.registrationId && isMark(m.mark))
          .map((m) => [m.sessionId, m.mark as Mark]),
      ),
    })),
  });
}

/** The attendance table as CSV (every cell formula-escaped, as every export). */
export function attendanceCsv(table: CohortAttendance): string {
  return toCsv(
    ["Student", "Email", ...table.sessions.map((s) => `${s.day} ${s.startTime}`)],
    table.students.map((s) => [
      s.name,
      s.email,
      ...table.sessions.map((session) => {
        const mark = s.marks[session.id];
        return mark ? MARK_LABELS[mark] : "";
      }),
    ]),
  );
}

/** The classes of the instructor's cohorts from `from` to `to` (days), newest first, to mark. */
export async function instructorClasses(db: Db, user: Teacher, from: string, to: string) {
  if (user.role !== "instructor") return [];
  return db
    .select({
      id: classSessions.id,
      day: classSessions.day,
      startTime: classSessions.startTime,
      endTime: classSessions.endTime,
      title: courses.title,
    })
    .from(classSessions)
    .innerJoin(cohorts, eq(cohorts.id, classSessions.cohortId))
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(
      and(
        eq(courses.instructorId, user.id),
        eq(classSessions.status, "scheduled"),
        gte(classSessions.day, from),
        lte(classSessions.day, to),
      ),
    )
    .orderBy(desc(classSessions.day), desc(classSessions.startTime));
}
