import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { cohorts, courses, leads, registrations } from "#app/platform/db/schema.ts";
import { TEST_BRAND } from "#tests/support/brand.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { readIcs } from "#tests/support/ics.ts";
import { registrationClassesFile } from "./class-calendar.server.ts";
import { cohortSessions } from "./class-sessions.server.ts";
import { listPortalRegistrations } from "./portal.server.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const brand = TEST_BRAND;

const student: PublicUser = {
  id: 1,
  email: "Sam.Student@example.org",
  username: null,
  firstName: "Sam",
  lastName: "Student",
  role: "student",
};

async function register(email: string, slug: string) {
  const db = database.db;
  const [course] = await db.select().from(courses).where(eq(courses.slug, slug));
  const [cohort] = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.courseId, course?.id ?? 0)))
    .limit(1);
  if (!course || !cohort) throw new Error(`no cohort for ${slug}`);
  const [lead] = await db
    .insert(leads)
    .values({ kind: "registration", form: "registration", name: "Sam Student", email })
    .returning();
  await db.insert(registrations).values({
    leadId: lead?.id ?? 0,
    courseId: course.id,
    cohortId: cohort.id,
    certificationInterest: course.title,
    classSchedule: cohort.classSchedule,
    startDate: cohort.startDate,
    experience: "1-3",
    paymentMethod: "credit-card",
    priceCents: course.priceCents,
  });
  return { course, cohort, id: (await db.select().from(registrations)).at(-1)?.id ?? 0 };
}

describe("the Training Portal's registrations", () => {
  it("lists a student's registrations made with their e-mail, in any letter case", async () => {
    const { course, cohort } = await register("sam.student@example.org", "ccna");
    await register("someone.else@example.org", "ccna");
    const list = await listPortalRegistrations(database.db, student, "2020-01-01", 7);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        course: course.title,
        duration: course.duration,
        startDate: cohort.startDate,
        schedule: expect.stringMatching(/AM|PM/),
        priceCents: course.priceCents,
        paidCents: null,
        status: "Pending",
        canCancel: true,
        cannotCancel: null,
        calendar: true,
        inclusions: course.inclusions,
        classes: expect.any(Array),
        nextClass: expect.objectContaining({ day: cohort.startDate, cancelled: false }),
      },
    ]);
    // Every class of its cohort, in order, none marked yet.
    const classes = list[0]?.classes ?? [];
    expect(classes.length).toBeGreaterThan(10);
    expect(classes[0]).toMatchObject({ day: cohort.startDate, cancelled: false, mark: null });
    expect(classes.map((c) => c.day)).toEqual([...classes.map((c) => c.day)].sort());
  });

  it("the next class is the first one not over: late on its day, the day's class is past", async () => {
    const { id } = await register("sam.student@example.org", "ccna");
    const [list] = await listPortalRegistrations(database.db, student, "2020-01-01", 7);
    const [first, second] = list?.classes ?? [];
    const day = first?.day ?? "";
    const at = async (iso: string) =>
      (await listPortalRegistrations(database.db, student, day, 7, new Date(iso))).find(
        (r) => r.id === id,
      )?.nextClass?.id;
    // The company's zone is Chicago: 05:00 UTC is before dawn there, 04:30 UTC the next day is
    // 10:30 or 11:30 PM, after any class of the day.
    expect(await at(`${day}T05:00:00Z`)).toBe(first?.id);
    expect(second?.day).not.toBe(day);
    expect(await at(`${addDaysTo(day, 1)}T04:30:00Z`)).toBe(second?.id);
  });

  it("says why a registration can no longer be cancelled here instead of offering it", async () => {
    const { cohort, id } = await register("sam.student@example.org", "ccna");
    const start = cohort.startDate;
    const list = (today: string, days = 7) =>
      listPortalRegistrations(database.db, student, today, days).then((all) =>
        all.find((r) => r.id === id),
      );
    // The last day it may: 7 days before the start.
    expect(await list(addDaysTo(start, -7))).toMatchObject({ canCancel: true, cannotCancel: null });
    // Within the staff setting's days before the start, and once it has started.
    const cutoff = new Date(`${addDaysTo(start, -7)}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    for (const today of [addDaysTo(start, -6), start]) {
      expect(await list(today)).toMatchObject({
        canCancel: false,
        cannotCancel: expect.stringContaining(
          `Cancelling here was possible until ${cutoff}, 7 days before the start`,
        ),
      });
    }
    expect((await list(addDaysTo(start, -4), 3))?.canCancel).toBe(true);
    expect((await list(addDaysTo(start, -2), 3))?.cannotCancel).toContain(
      "3 days before the start",
    );
    // A status a cancellation does not start from says so; a cancelled one needs no reason.
    await database.db
      .update(registrations)
      .set({ status: "completed" })
      .where(eq(registrations.id, id));
    expect(await list("2020-01-01")).toMatchObject({
      canCancel: false,
      cannotCancel: "This registration is completed: it cannot be cancelled.",
    });
    await database.db
      .update(registrations)
      .set({ status: "cancelled" })
      .where(eq(registrations.id, id));
    expect(await list("2020-01-01")).toMatchObject({ canCancel: false, cannotCancel: null });
  });

  it("shows staff and instructors no student registrations", async () => {
    expect(
      await listPortalRegistrations(
        database.db,
        { ...student, role: "instructor" },
        "2020-01-01",
        7,
      ),
    ).toEqual([]);
  });

  it("gives every class as one calendar file to its own student only, while a seat is held", async () => {
    const mine = await register("sam.student@example.org", "ccna");
    const theirs = await register("someone.else@example.org", "ccna");
    const file = (user: PublicUser, id: number) =>
      registrationClassesFile(database.db, user, id, brand, new Date("2026-01-05T12:00:00Z"));
    const mineFile = await file(student, mine.id);
    const sessions = await cohortSessions(database.db, mine.cohort.id);
    const read = readIcs(mineFile ?? "");
    expect(read.events).toHaveLength(sessions.length);
    expect(read.events[0]).toMatchObject({
      uid: `registration-${mine.id}@www.example.com`,
      summary: `${mine.course.title}: class 1 of ${sessions.length}`,
      status: "TENTATIVE",
    });
    expect(read.events[1]?.uid).toBe(
      `registration-${mine.id}-session-${sessions[1]?.id}@www.example.com`,
    );
    // Another student's, an unknown one, a staff member: nothing.
    expect(await file(student, theirs.id)).toBeNull();
    expect(await file(student, 999_999)).toBeNull();
    const teacher = { ...student, role: "instructor" as const };
    expect(await file(teacher, mine.id)).toBeNull();
    // A completed registration, and a waitlist place (it holds no seat): no calendar file.
    for (const status of ["completed", "waitlisted"]) {
      await database.db.update(registrations).set({ status }).where(eq(registrations.id, mine.id));
      expect(await file(student, mine.id)).toBeNull();
    }
  });
});

function addDaysTo(day: string, days: number) {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
