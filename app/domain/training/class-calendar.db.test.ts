// A student's private class calendar (issue 46): every class of every registration that holds a
// seat, behind a secret only its hash is kept of; renewing retires the old address.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { cohorts, courses, leads, registrations, users } from "#app/platform/db/schema.ts";
import { TEST_BRAND } from "#tests/support/brand.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { readIcs, readWithPythonIcalendar } from "#tests/support/ics.ts";
import { classFeed, classFeedPath, hasClassFeed, renewClassFeed } from "./class-calendar.server.ts";
import { cohortSessions } from "./class-sessions.server.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const brand = TEST_BRAND;
const now = new Date("2026-01-05T12:00:00Z");

/** A student account with a confirmed registration on a seeded CCNA cohort. */
async function enrolledStudent(email: string) {
  const db = database.db;
  const [user] = await db.insert(users).values({ email, role: "student" }).returning();
  const [course] = await db.select().from(courses).where(eq(courses.slug, "ccna"));
  const [cohort] = await db
    .select()
    .from(cohorts)
    .where(eq(cohorts.courseId, course?.id ?? 0))
    .limit(1);
  if (!user || !course || !cohort) throw new Error("the seed has CCNA cohorts");
  const [lead] = await db
    .insert(leads)
    .values({ kind: "registration", form: "registration", name: "Zoë Nguyễn", email })
    .returning();
  const [registration] = await db
    .insert(registrations)
    .values({
      leadId: lead?.id ?? 0,
      courseId: course.id,
      cohortId: cohort.id,
      certificationInterest: course.title,
      classSchedule: cohort.classSchedule,
      startDate: cohort.startDate,
      experience: "1-3",
      paymentMethod: "credit-card",
      priceCents: course.priceCents,
      status: "confirmed",
    })
    .returning();
  return {
    id: user.id,
    email,
    registrationId: registration?.id ?? 0,
    cohortId: cohort.id,
  };
}

describe("a student's class calendar feed", () => {
  it("holds every class of their seated registrations; a new address retires the old one", async () => {
    const student = await enrolledStudent("zoe.nguyen@example.org");
    const registration = { id: student.registrationId, cohort_id: student.cohortId };
    const actor = { user: { id: student.id, email: student.email }, ip: "192.0.2.1" };

    expect(await hasClassFeed(database.db, student.id)).toBe(false);
    const first = await renewClassFeed(database.db, actor, student.id);
    expect(await hasClassFeed(database.db, student.id)).toBe(true);
    expect(classFeedPath(first)).toBe(`/class-calendar/${first}.ics`);
    // Only the hash is kept.
    expect(
      JSON.stringify(await query(database, "select * from class_calendar_feeds")),
    ).not.toContain(first);

    const feed = await classFeed(database.db, first, brand, now);
    const sessions = await cohortSessions(database.db, registration.cohort_id);
    const mine = readIcs(feed ?? "").events.filter((e) =>
      e.uid.startsWith(`registration-${registration.id}`),
    );
    expect(mine).toHaveLength(sessions.length);
    expect(mine.every((e) => e.status === "CONFIRMED")).toBe(true);
    // A second, independent reader sees the same instants.
    const python = readWithPythonIcalendar(feed ?? "");
    expect(python.map(([uid]) => uid)).toEqual(readIcs(feed ?? "").events.map((e) => e.uid));
    expect(python.map(([, start]) => new Date(start).toISOString())).toEqual(
      readIcs(feed ?? "").events.map((e) => e.start.toISOString()),
    );

    // A cancelled class leaves the feed (calendar apps drop what a feed no longer has).
    const cancelled = sessions[2];
    await query(
      database,
      `update class_sessions set status = 'cancelled' where id = ${cancelled?.id}`,
    );
    const after = readIcs((await classFeed(database.db, first, brand, now)) ?? "").events;
    expect(after.some((e) => e.uid.endsWith(`-session-${cancelled?.id}@www.example.com`))).toBe(
      false,
    );

    // A new address: the old one is gone; a forged one and a disabled account get nothing.
    const second = await renewClassFeed(database.db, actor, student.id);
    expect(await classFeed(database.db, first, brand, now)).toBeNull();
    expect(await classFeed(database.db, second, brand, now)).not.toBeNull();
    // One character changed (never the same one: that would be the real address).
    const forged = `${second.slice(0, -1)}${second.endsWith("A") ? "B" : "A"}`;
    expect(await classFeed(database.db, forged, brand, now)).toBeNull();
    expect(await classFeed(database.db, "../../etc/passwd", brand, now)).toBeNull();
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, student.id));
    expect(await classFeed(database.db, second, brand, now)).toBeNull();
    await database.db.update(users).set({ disabled: false }).where(eq(users.id, student.id));
    // A registration that no longer holds a seat leaves the feed.
    await database.db
      .update(registrations)
      .set({ status: "cancelled" })
      .where(eq(registrations.id, registration.id));
    const without = await classFeed(database.db, second, brand, now);
    expect(without).toContain("BEGIN:VCALENDAR");
    expect(without).not.toContain(`UID:registration-${registration.id}`);
  });
});
