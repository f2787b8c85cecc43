// Every class session in the student's calendar (issue 46, decision 0024): one event per session
// of each registration that holds a seat, in the company's zone with its VTIMEZONE, as a file the
// portal offers ("Add all classes to your calendar") and as a private feed calendar apps
// subscribe to. The feed's address carries a random secret; only its SHA-256 is kept, and
// renewing it makes the old address answer 404.
//
// Event identity is per student: the cohort's first planned session is the event the
// registration e-mails already sent (`registration-{id}@host`), every other session is
// `registration-{id}-session-{sessionId}@host`. Its SEQUENCE is the registration's plus the
// session's, so it rises whenever either changes.
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import {
  type CalendarEvent,
  calendarText,
  wallClockInstant,
} from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  classCalendarFeeds,
  classSessions,
  courses,
  leads,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { feedSecretHash, isFeedSecret, newFeedSecret } from "#app/platform/feed-secret.server.ts";
import { SECRET_PATHS, secretPath } from "#app/platform/secret-urls.ts";
import type { ClassSession } from "./class-sessions.server.ts";
import { ownedBy } from "./portal.server.ts";
import { holdsSeat, offersClasses, seatConfirmed } from "./registration-status.ts";

export const classFeedPath = (token: string) =>
  secretPath(SECRET_PATHS.classCalendar, `${token}.ics`);

/** A student's registration, as its calendar events need it. */
export interface Enrolment {
  registrationId: number;
  leadId: number;
  cohortId: number;
  status: string;
  calendarSequence: number;
  title: string;
  name: string;
  email: string;
}

const enrolmentColumns = {
  registrationId: registrations.id,
  leadId: registrations.leadId,
  cohortId: registrations.cohortId,
  status: registrations.status,
  calendarSequence: registrations.calendarSequence,
  title: courses.title,
  name: leads.name,
  email: leads.email,
};

function enrolments(db: Db, email: string, registrationId?: number): Promise<Enrolment[]> {
  return db
    .select(enrolmentColumns)
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(
      and(
        ownedBy({ email }),
        registrationId === undefined ? undefined : eq(registrations.id, registrationId),
      ),
    )
    .orderBy(asc(registrations.id));
}

/** A cohort's sessions in time order, and the id of its first planned one (its e-mails' event). */
export async function cohortPlans(db: Db, cohortIds: readonly number[]) {
  if (cohortIds.length === 0) return new Map<number, CohortPlan>();
  const sessions = await db
    .select()
    .from(classSessions)
    .where(inArray(classSessions.cohortId, [...cohortIds]))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime), asc(classSessions.id));
  const plans = new Map<number, CohortPlan>();
  for (const session of sessions) {
    const plan = plans.get(session.cohortId) ?? { sessions: [], firstId: session.id };
    plan.sessions.push(session);
    plan.firstId = Math.min(plan.firstId, session.id);
    plans.set(session.cohortId, plan);
  }
  return plans;
}

export interface CohortPlan {
  sessions: ClassSession[];
  firstId: number;
}

/**
 * One session as the student's own calendar event: "class 3 of 24" counting the scheduled
 * sessions (a cancelled one is just "class").
 */
export function sessionEvent(
  e: Enrolment,
  session: ClassSession,
  plan: CohortPlan,
  brand: MailBrand,
): CalendarEvent {
  const host = new URL(brand.siteUrl).hostname;
  const scheduled = plan.sessions.filter((s) => s.status === "scheduled");
  const place = scheduled.findIndex((s) => s.id === session.id);
  const which = place < 0 ? "class" : `class ${place + 1} of ${scheduled.length}`;
  return {
    uid:
      session.id === plan.firstId
        ? `registration-${e.registrationId}@${host}`
        : `registration-${e.registrationId}-session-${session.id}@${host}`,
    sequence: e.calendarSequence + session.calendarSequence,
    start: wallClockInstant(session.day, session.startTime, session.timeZone),
    end: wallClockInstant(session.day, session.endTime, session.timeZone),
    timeZone: session.timeZone,
    summary: `${e.title}: ${which}`,
    description: `${e.title}, ${which}. Questions: ${brand.phone}.`,
    location: session.location || brand.address,
    organizer: { name: brand.siteName, email: brand.email },
    attendees: [{ name: e.name, email: e.email }],
    tentative: !seatConfirmed(e.status),
  };
}

/** The scheduled sessions of these registrations, each as the student's own event. */
async function sessionEvents(
  db: Db,
  held: Enrolment[],
  brand: MailBrand,
): Promise<CalendarEvent[]> {
  const plans = await cohortPlans(db, [...new Set(held.map((e) => e.cohortId))]);
  return held.flatMap((e) => {
    const plan = plans.get(e.cohortId);
    if (!plan) return [];
    return plan.sessions
      .filter((s) => s.status === "scheduled")
      .map((s) => sessionEvent(e, s, plan, brand));
  });
}

/** The students of a cohort who hold a seat in it (their registrations not completed). */
export async function cohortEnrolments(db: Db, cohortId: number): Promise<Enrolment[]> {
  const rows = await db
    .select(enrolmentColumns)
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(eq(registrations.cohortId, cohortId))
    .orderBy(asc(registrations.id));
  return rows.filter((row) => offersClasses(row.status));
}

const fileOptions = (brand: MailBrand, now: Date, name: string) => ({
  productId: `-//${brand.siteName}//Classes//EN`,
  stamp: now,
  name,
});

/**
 * Every class of the student's registration as one file to import, or null for someone else's
 * registration, an unknown one, one that holds no seat or is completed, or a staff member.
 */
export async function registrationClassesFile(
  db: Db,
  student: Pick<PublicUser, "email" | "role">,
  registrationId: number,
  brand: MailBrand,
  now: Date,
): Promise<string | null> {
  if (student.role !== "student") return null;
  const [enrolment] = await enrolments(db, student.email, registrationId);
  if (!enrolment || !offersClasses(enrolment.status)) return null;
  const events = await sessionEvents(db, [enrolment], brand);
  if (events.length === 0) return null;
  return calendarText("PUBLISH", events, fileOptions(brand, now, enrolment.title));
}

/** A new feed address for the student (the old one stops working); returns its secret. */
export async function renewClassFeed(db: Db, actor: Actor, userId: number): Promise<string> {
  const { secret: token, hash } = newFeedSecret();
  await db.transaction(async (tx) => {
    await tx
      .insert(classCalendarFeeds)
      .values({ userId, tokenHash: hash })
      .onConflictDoUpdate({
        target: classCalendarFeeds.userId,
        set: { tokenHash: hash, updatedAt: new Date() },
      });
    await auditChange(tx, actor, "calendar_feed_renewed", `user:${userId}`, { feed: "classes" });
  });
  return token;
}

export async function hasClassFeed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: classCalendarFeeds.userId })
    .from(classCalendarFeeds)
    .where(eq(classCalendarFeeds.userId, userId));
  return Boolean(row);
}

/**
 * The feed behind a secret: every class of every registration of its student that holds a seat;
 * null for an unknown or replaced secret, or a student whose account is disabled.
 */
export async function classFeed(
  db: Db,
  token: string,
  brand: MailBrand,
  now: Date,
): Promise<string | null> {
  if (!isFeedSecret(token)) return null;
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(classCalendarFeeds, eq(classCalendarFeeds.userId, users.id))
    .where(and(eq(classCalendarFeeds.tokenHash, feedSecretHash(token)), eq(users.disabled, false)));
  if (!owner) return null;
  const held = (await enrolments(db, owner.email)).filter((e) => holdsSeat(e.status));
  const events = await sessionEvents(db, held, brand);
  return calendarText(
    "PUBLISH",
    events,
    fileOptions(brand, now, `${brand.siteName}: your classes`),
  );
}
