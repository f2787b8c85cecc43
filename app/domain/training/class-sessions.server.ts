// A cohort's class sessions as records (issue 46, decision 0024): planned once, when the cohort
// is made (and for the cohorts made before sessions were records, by the seed step
// "0014-class-sessions"), then changed one by one by staff. Training owns the table.
import { and, asc, eq, inArray, notExists } from "drizzle-orm";
import { closedDates } from "#app/domain/settings/closed-days.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { classSessions, cohorts, courses } from "#app/platform/db/schema.ts";
import { planSessions } from "./class-sessions.ts";
import { CLASS_SCHEDULES, type ClassSchedule } from "./training.ts";

export type ClassSession = typeof classSessions.$inferSelect;

const isSchedule = (value: string): value is ClassSchedule =>
  CLASS_SCHEDULES.some((schedule) => schedule.value === value);

/** Two years: the longest plan planSessions makes. */
const PLAN_DAYS = 731;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Plans the sessions of these cohorts (every cohort when no ids are given) that have none yet:
 * their schedule's meetings from the start date on, around the company's closed days, in the
 * company's zone. Returns how many sessions it made. A cohort that has sessions is left alone,
 * so running it twice changes nothing.
 */
export async function planCohortSessions(db: Db, cohortIds?: readonly number[]): Promise<number> {
  const unplanned = await db
    .select({
      id: cohorts.id,
      startDate: cohorts.startDate,
      schedule: cohorts.classSchedule,
      duration: courses.duration,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(
      and(
        cohortIds ? inArray(cohorts.id, [...cohortIds]) : undefined,
        notExists(
          db
            .select({ id: classSessions.id })
            .from(classSessions)
            .where(eq(classSessions.cohortId, cohorts.id)),
        ),
      ),
    );
  if (unplanned.length === 0) return 0;
  const timeZone = await getTimeZone(db);
  const first = unplanned.reduce((min, c) => (c.startDate < min ? c.startDate : min), "9999-12-31");
  const last = unplanned.reduce((max, c) => (c.startDate > max ? c.startDate : max), first);
  const closed = await closedDates(db, first, addDays(last, PLAN_DAYS));
  const rows = unplanned.flatMap((cohort) =>
    isSchedule(cohort.schedule)
      ? planSessions({
          startDate: cohort.startDate,
          schedule: cohort.schedule,
          duration: cohort.duration,
          isClosed: (day) => closed.has(day),
        }).map((session) => ({
          cohortId: cohort.id,
          day: session.day,
          startTime: session.start,
          endTime: session.end,
          timeZone,
        }))
      : [],
  );
  // Inserted in slices: one statement's parameters stay well under PostgreSQL's limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(classSessions).values(rows.slice(i, i + 1000));
  }
  return rows.length;
}

/** Plans a cohort's sessions afresh (its date or schedule changed before anyone registered). */
export async function replanCohortSessions(db: Db, cohortId: number): Promise<number> {
  await db.delete(classSessions).where(eq(classSessions.cohortId, cohortId));
  return planCohortSessions(db, [cohortId]);
}

/** A cohort's sessions in time order, cancelled ones included (their cancellation is news). */
export function cohortSessions(db: Db, cohortId: number): Promise<ClassSession[]> {
  return db
    .select()
    .from(classSessions)
    .where(eq(classSessions.cohortId, cohortId))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime), asc(classSessions.id));
}
