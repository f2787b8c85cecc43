// Who completed a cohort (issue 46, decision 0024): each seated student's classes attended (present
// or late) of the classes held (scheduled and over), against the course's rule; the Classes
// screen shows it, and issuing a certificate checks it again in its transaction.
import { and, asc, eq, inArray } from "drizzle-orm";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  certificates,
  classAttendance,
  classSessions,
  cohorts,
  courses,
} from "#app/platform/db/schema.ts";
import { seated } from "./attendance.server.ts";
import { attended } from "./attendance.ts";
import { type Standing, standingOf } from "./completion.ts";

/** A cohort's classes held by `now` (scheduled and over) and whether every scheduled one is. */
export async function heldClasses(db: Db, cohortId: number, now: Date) {
  const sessions = await db
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.cohortId, cohortId), eq(classSessions.status, "scheduled")))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime));
  const held = sessions.filter(
    (s) => wallClockInstant(s.day, s.endTime, s.timeZone).getTime() <= now.getTime(),
  );
  return { held, over: held.length > 0 && held.length === sessions.length };
}

/** Each registration's count of held classes attended (present or late). */
export async function attendedCounts(db: Db, sessionIds: number[], registrationIds: number[]) {
  const counts = new Map<number, number>();
  if (sessionIds.length === 0 || registrationIds.length === 0) return counts;
  const marks = await db
    .select({ registrationId: classAttendance.registrationId, mark: classAttendance.mark })
    .from(classAttendance)
    .where(
      and(
        inArray(classAttendance.sessionId, sessionIds),
        inArray(classAttendance.registrationId, registrationIds),
      ),
    );
  for (const m of marks) {
    if (attended(m.mark)) counts.set(m.registrationId, (counts.get(m.registrationId) ?? 0) + 1);
  }
  return counts;
}

export interface IssuedCertificate {
  id: string;
  name: string;
  issuedAt: Date;
  revokedAt: Date | null;
}

export interface CohortCompletion {
  /** The course's rule, in percent of the held classes. */
  rulePercent: number;
  /** Every scheduled class is over: certificates may be issued. */
  over: boolean;
  /** The last class's day; null when the cohort has none. */
  lastDay: string | null;
  students: {
    registrationId: number;
    name: string;
    email: string;
    standing: Standing;
    certificate: IssuedCertificate | null;
  }[];
}

/** Who completed a cohort so far: each seated student's standing and certificate (staff). */
export async function cohortCompletion(
  db: Db,
  cohortId: number,
  now: Date,
): Promise<CohortCompletion | null> {
  const [cohort] = await db
    .select({ rulePercent: courses.completionPercent })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, cohortId));
  if (!cohort) return null;
  const { held, over } = await heldClasses(db, cohortId, now);
  const students = await seated(db, cohortId);
  const ids = students.map((s) => s.registrationId);
  const counts = await attendedCounts(
    db,
    held.map((s) => s.id),
    ids,
  );
  const issued = ids.length
    ? await db
        .select({
          registrationId: certificates.registrationId,
          id: certificates.id,
          name: certificates.name,
          issuedAt: certificates.issuedAt,
          revokedAt: certificates.revokedAt,
        })
        .from(certificates)
        .where(inArray(certificates.registrationId, ids))
    : [];
  return {
    rulePercent: cohort.rulePercent,
    over,
    lastDay: held.at(-1)?.day ?? null,
    students: students.map((s) => {
      const certificate = issued.find((c) => c.registrationId === s.registrationId);
      return {
        registrationId: s.registrationId,
        name: s.name,
        email: s.email,
        standing: standingOf(counts.get(s.registrationId) ?? 0, held.length, cohort.rulePercent),
        certificate: certificate
          ? {
              id: certificate.id,
              name: certificate.name,
              issuedAt: certificate.issuedAt,
              revokedAt: certificate.revokedAt,
            }
          : null,
      };
    }),
  };
}
