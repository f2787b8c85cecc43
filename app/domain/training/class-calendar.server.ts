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
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, min } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { hashToken } from "#app/domain/auth/sessions.server.ts";
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
import { SECRET_PATHS, secretPath } from "#app/platform/secret-urls.ts";
import { ownedBy } from "./portal.server.ts";
import { holdsSeat, offersClasses, seatConfirmed } from "./registration-status.ts";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const classFeedPath = (token: string) =>
  secretPath(SECRET_PATHS.classCalendar, `${token}.ics`);

/** A student's registration, as its calendar events need it. */
interface Enrolment {
  registrationId: number;
  cohortId: number;
  status: string;
  calendarSequence: number;
  title: string;
  name: string;
  email: string;
}

const enrolmentColumns = {
  registrationId: registrations.id,
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

/** The scheduled sessions of these registrations, each as the student's own event. */
async function sessionEvents(
  db: Db,
  held: Enrolment[],
  brand: MailBrand,
): Promise<CalendarEvent[]> {
  const cohortIds = [...new Set(held.map((e) => e.cohortId))];
  if (cohortIds.length === 0) return [];
  const sessions = await db
    .select()
    .from(classSessions)
    .where(inArray(classSessions.cohortId, cohortIds))
    .orderBy(asc(classSessions.day), asc(classSessions.startTime));
  const firsts = await db
    .select({ cohortId: classSessions.cohortId, id: min(classSessions.id) })
    .from(classSessions)
    .where(inArray(classSessions.cohortId, cohortIds))
    .groupBy(classSessions.cohortId);
  const firstOf = new Map(firsts.map((f) => [f.cohortId, f.id]));
  const host = new URL(brand.siteUrl).hostname;
  return held.flatMap((e) => {
    const own = sessions.filter((s) => s.cohortId === e.cohortId && s.status === "scheduled");
    return own.map((s, i) => ({
      uid:
        s.id === firstOf.get(e.cohortId)
          ? `registration-${e.registrationId}@${host}`
          : `registration-${e.registrationId}-session-${s.id}@${host}`,
      sequence: e.calendarSequence + s.calendarSequence,
      start: wallClockInstant(s.day, s.startTime, s.timeZone),
      end: wallClockInstant(s.day, s.endTime, s.timeZone),
      timeZone: s.timeZone,
      summary: `${e.title}: class ${i + 1} of ${own.length}`,
      description: `${e.title}, class ${i + 1} of ${own.length}. Questions: ${brand.phone}.`,
      location: s.location || brand.address,
      organizer: { name: brand.siteName, email: brand.email },
      attendees: [{ name: e.name, email: e.email }],
      tentative: !seatConfirmed(e.status),
    }));
  });
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
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .insert(classCalendarFeeds)
      .values({ userId, tokenHash: hashToken(token) })
      .onConflictDoUpdate({
        target: classCalendarFeeds.userId,
        set: { tokenHash: hashToken(token), updatedAt: new Date() },
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
  if (!TOKEN_SHAPE.test(token)) return null;
  const [owner] = await db
    .select({ email: users.email, disabled: users.disabled })
    .from(classCalendarFeeds)
    .innerJoin(users, eq(users.id, classCalendarFeeds.userId))
    .where(eq(classCalendarFeeds.tokenHash, hashToken(token)));
  if (!owner || owner.disabled) return null;
  const held = (await enrolments(db, owner.email)).filter((e) => holdsSeat(e.status));
  const events = await sessionEvents(db, held, brand);
  return calendarText(
    "PUBLISH",
    events,
    fileOptions(brand, now, `${brand.siteName}: your classes`),
  );
}
