// What the Training Portal shows a signed-in student or instructor.
import { desc, eq, sql } from "drizzle-orm";
import {
  isRegistrationStatus,
  STATUS_LABELS,
  studentMayCancel,
} from "#app/domain/training/registration-status.ts";
import { CLASS_SCHEDULES, labelOf } from "#app/domain/training/training.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { courses, leads, registrations } from "#app/platform/db/schema.ts";
import type { PublicUser } from "./roles.ts";

export interface PortalRegistration {
  id: number;
  course: string;
  startDate: string;
  schedule: string;
  duration: string;
  priceCents: number;
  /** The registration's own status, as shown (Pending, Confirmed, Paid...). */
  status: string;
  /** "Cancel my registration" is offered: cancellable, and `cancelDays` or more before the start. */
  canCancel: boolean;
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
      status: registrations.status,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(eq(sql`lower(${leads.email})`, user.email.toLowerCase()))
    .orderBy(desc(registrations.startDate), desc(registrations.id));
  return rows.map((row) => ({
    ...row,
    schedule: labelOf(CLASS_SCHEDULES, row.schedule),
    status: isRegistrationStatus(row.status) ? STATUS_LABELS[row.status] : row.status,
    canCancel: studentMayCancel(row.status, row.startDate, today, cancelDays),
  }));
}
