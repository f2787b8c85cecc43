// A consultant's private calendar feed (/calendar-feed/{token}.ics): their consultations and,
// for an instructor, the first class of each cohort they teach, as a read-only iCalendar file
// that calendar apps subscribe to. The URL's secret is random; only its SHA-256 is kept, and a
// new one (the old address stops working) is one click on the availability screen.
import { and, eq, gte } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { type ClassSchedule, FIRST_SESSION } from "#app/domain/training/training.ts";
import {
  type CalendarEvent,
  calendarText,
  wallClockInstant,
} from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  bookings,
  cohorts,
  consultantProfiles,
  courses,
  meetingTypes,
  users,
} from "#app/platform/db/schema.ts";
import { feedSecretHash, isFeedSecret, newFeedSecret } from "#app/platform/feed-secret.server.ts";
import { SECRET_PATHS, secretPath } from "#app/platform/secret-urls.ts";

/** The feed shows what started this long ago too (a week's history in the calendar app). */
const PAST_DAYS = 30;

export const feedPath = (token: string) => secretPath(SECRET_PATHS.calendarFeed, `${token}.ics`);

/** A new feed address for the user (the old one stops working); returns its secret. */
export async function renewFeed(db: Db, actor: Actor, userId: number): Promise<string> {
  const { secret: token, hash } = newFeedSecret();
  await db.transaction(async (tx) => {
    await tx
      .insert(consultantProfiles)
      .values({ userId, feedTokenHash: hash })
      .onConflictDoUpdate({
        target: consultantProfiles.userId,
        set: { feedTokenHash: hash, updatedAt: new Date() },
      });
    await auditChange(tx, actor, "calendar_feed_renewed", `user:${userId}`);
  });
  return token;
}

export async function hasFeed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ hash: consultantProfiles.feedTokenHash })
    .from(consultantProfiles)
    .where(eq(consultantProfiles.userId, userId));
  return Boolean(row?.hash);
}

/** The feed behind a secret, or null (unknown, replaced, or its owner disabled). */
export async function calendarFeed(
  db: Db,
  token: string,
  brand: MailBrand,
  now: Date,
): Promise<string | null> {
  if (!isFeedSecret(token)) return null;
  const [owner] = await db
    .select({ id: users.id, role: users.role, disabled: users.disabled })
    .from(consultantProfiles)
    .innerJoin(users, eq(users.id, consultantProfiles.userId))
    .where(eq(consultantProfiles.feedTokenHash, feedSecretHash(token)));
  if (!owner || owner.disabled) return null;
  const host = new URL(brand.siteUrl).hostname;
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const organizer = { name: brand.siteName, email: brand.email };
  const meetings = await db
    .select({ booking: bookings, typeName: meetingTypes.name })
    .from(bookings)
    .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
    .where(
      and(
        eq(bookings.consultantId, owner.id),
        eq(bookings.status, "booked"),
        gte(bookings.startsAt, since),
      ),
    );
  const events: CalendarEvent[] = meetings.map(({ booking: b, typeName }) => ({
    uid: `consultation-${b.id}@${host}`,
    sequence: b.calendarSequence,
    start: b.startsAt,
    end: b.endsAt,
    summary: `${typeName}: ${b.name}${b.company ? ` (${b.company})` : ""}`,
    description: [`Phone: ${b.phone}`, `E-mail: ${b.email}`, b.message].filter(Boolean).join("\n"),
    location: `Call ${b.phone}`,
    organizer,
    attendees: [{ name: b.name, email: b.email }],
    url: `${brand.siteUrl}/sales-dashboard/consultations/${b.id}`,
  }));
  if (owner.role === "instructor") {
    const taught = await db
      .select({
        id: cohorts.id,
        startDate: cohorts.startDate,
        classSchedule: cohorts.classSchedule,
        title: courses.title,
      })
      .from(cohorts)
      .innerJoin(courses, eq(courses.id, cohorts.courseId))
      .where(
        and(
          eq(courses.instructorId, owner.id),
          gte(cohorts.startDate, since.toISOString().slice(0, 10)),
        ),
      );
    for (const c of taught) {
      const session = FIRST_SESSION[c.classSchedule as ClassSchedule];
      if (!session) continue;
      events.push({
        uid: `cohort-${c.id}@${host}`,
        sequence: 0,
        start: wallClockInstant(c.startDate, session.start, brand.timeZone),
        end: wallClockInstant(c.startDate, session.end, brand.timeZone),
        summary: `${c.title}: first class`,
        description: `You teach ${c.title}; the roster is in the Training Portal.`,
        location: brand.address,
        organizer,
        attendees: [],
      });
    }
  }
  return calendarText("PUBLISH", events, {
    productId: `-//${brand.siteName}//Staff calendar//EN`,
    stamp: now,
    name: `${brand.siteName}: your consultations`,
  });
}
