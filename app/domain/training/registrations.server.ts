// A course registration: the lead, the registration row, a reserved seat and both e-mails, in
// one transaction. The seat is taken by a conditional update, so two visitors racing for the
// last seat cannot both get it, on PGlite and on PostgreSQL alike.
import { and, eq, lt, sql } from "drizzle-orm";
import { insertLead, type LeadDeps, loadLeadEmails } from "#app/domain/leads/leads.server.ts";
import { cohorts, registrations } from "#app/platform/db/schema.ts";
import type { Course } from "./courses.server.ts";
import type { Registration } from "./registration.schema.ts";
import {
  registrationEmails,
  registrationMails,
  registrationMessage,
} from "./registration-mail.server.ts";
import type { ClassSchedule } from "./training.ts";

/** The chosen cohort had no free seat left when the registration was stored. */
export class CohortFullError extends Error {
  constructor() {
    super("cohort full");
  }
}

export interface NewRegistration extends Registration {
  course: Pick<Course, "id" | "title" | "duration" | "priceCents">;
  cohortId: number;
  source: string;
  sourcePage: string;
  idempotencyKey?: string;
}

/**
 * Stores the registration and reserves its seat, or nothing: throws CohortFullError (and keeps
 * nothing) when the cohort is full. A repeated post (same idempotency key and e-mail) returns
 * the first registration's lead with `duplicate: true` and takes no second seat.
 */
export async function registerForCourse(
  deps: LeadDeps,
  registration: NewRegistration,
  now: Date,
): Promise<{ leadId: number; duplicate: boolean }> {
  const { course } = registration;
  const classSchedule = registration.classSchedule as ClassSchedule;
  const details = { ...registration, classSchedule, course };
  // The e-mail components load once per process, before the transaction rather than inside it.
  await Promise.all([registrationEmails(), loadLeadEmails()]);
  return deps.db.transaction(async (tx) => {
    const { leadId, duplicate } = await insertLead(tx, deps, {
      kind: "registration",
      form: "registration",
      name: registration.name,
      email: registration.email,
      phone: registration.phone,
      company: registration.company,
      inquiryType: "training",
      message: registrationMessage(details),
      source: registration.source,
      sourcePage: registration.sourcePage,
      idempotencyKey: registration.idempotencyKey,
      dealValueCents: course.priceCents,
    });
    if (duplicate) return { leadId, duplicate };

    // Row-level: on PostgreSQL a concurrent transaction waits for this row and then re-checks
    // the condition against the committed count; PGlite runs transactions one at a time.
    const reserved = await tx
      .update(cohorts)
      .set({ seatsTaken: sql`${cohorts.seatsTaken} + 1`, updatedAt: now })
      .where(
        and(
          eq(cohorts.id, registration.cohortId),
          eq(cohorts.courseId, course.id),
          lt(cohorts.seatsTaken, cohorts.capacity),
        ),
      )
      .returning({ startDate: cohorts.startDate, classSchedule: cohorts.classSchedule });
    const cohort = reserved[0];
    if (!cohort) throw new CohortFullError();

    const [row] = await tx
      .insert(registrations)
      .values({
        leadId,
        courseId: course.id,
        cohortId: registration.cohortId,
        certificationInterest: course.title,
        classSchedule: cohort.classSchedule,
        startDate: cohort.startDate,
        experience: registration.experience,
        paymentMethod: registration.paymentMethod,
        comments: registration.comments,
        priceCents: course.priceCents,
      })
      .returning({ id: registrations.id });
    await deps.outbox.enqueue(
      tx,
      await registrationMails(
        {
          ...details,
          startDate: cohort.startDate,
          classSchedule: cohort.classSchedule as ClassSchedule,
          leadId,
          registrationId: row?.id ?? 0,
        },
        deps.salesEmail,
        deps.brand,
        now,
      ),
    );
    return { leadId, duplicate: false };
  });
}
