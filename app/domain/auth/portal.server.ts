// What the Training Portal shows a signed-in student or instructor.
import { desc, eq, sql } from "drizzle-orm";
import { labelOf } from "#app/domain/leads/leads.ts";
import { CLASS_SCHEDULES } from "#app/domain/training/training.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { courses, leads, registrations } from "#app/platform/db/schema.ts";
import type { PublicUser } from "./roles.ts";

export interface PortalRegistration {
  id: number;
  course: string;
  startDate: string;
  schedule: string;
  status: string;
}

/**
 * A student's course registrations: those made with the e-mail address of their account, newest
 * start first. (An instructor's cohorts and rosters: listInstructorCohorts in the training domain.)
 */
export async function listPortalRegistrations(
  db: Db,
  user: PublicUser,
): Promise<PortalRegistration[]> {
  if (user.role !== "student") return [];
  const rows = await db
    .select({
      id: registrations.id,
      course: courses.title,
      startDate: registrations.startDate,
      schedule: registrations.classSchedule,
      status: leads.status,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(eq(sql`lower(${leads.email})`, user.email.toLowerCase()))
    .orderBy(desc(registrations.startDate), desc(registrations.id));
  return rows.map((row) => ({ ...row, schedule: labelOf(CLASS_SCHEDULES, row.schedule) }));
}
