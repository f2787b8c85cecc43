// Class sessions as records (issue 46): every cohort has its plan from the seed step, planning
// again changes nothing, closed days are skipped, and the stored plan is the planner's.
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { cohortSessions, planCohortSessions } from "./class-sessions.server.ts";
import { planSessions } from "./class-sessions.ts";
import { createCohort, deleteCohort, updateCohort } from "./courses-admin.server.ts";
import type { ClassSchedule } from "./training.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

describe("class sessions", () => {
  it("the seed gives every cohort its sessions, in the company's zone, around the closed days", async () => {
    database = await createTestDatabase();
    const cohorts = await query<{ id: number; sessions: number }>(
      database,
      "select c.id, count(s.id)::int as sessions from cohorts c left join class_sessions s on s.cohort_id = c.id group by c.id",
    );
    expect(cohorts.length).toBeGreaterThan(10);
    expect(cohorts.filter((c) => c.sessions === 0)).toEqual([]);
    const zones = await query<{ time_zone: string }>(
      database,
      "select distinct time_zone from class_sessions",
    );
    expect(zones).toEqual([{ time_zone: "America/Chicago" }]);
    const onHolidays = await query(
      database,
      "select day from class_sessions where to_char(day, 'MM-DD') in ('12-25', '01-01')",
    );
    expect(onHolidays).toEqual([]);
  });

  it("stores the planner's plan for a cohort, and planning again adds nothing", async () => {
    database = await createTestDatabase();
    const [cohort] = await query<{
      id: number;
      start_date: string;
      class_schedule: ClassSchedule;
      duration: string;
    }>(
      database,
      "select c.id, c.start_date::text, c.class_schedule, co.duration from cohorts c join courses co on co.id = c.course_id where co.slug = 'ccna' and c.class_schedule = 'evening' order by c.start_date limit 1",
    );
    if (!cohort) throw new Error("the seed has a CCNA evening cohort");
    const stored = await cohortSessions(database.db, cohort.id);
    const planned = planSessions({
      startDate: cohort.start_date,
      schedule: cohort.class_schedule,
      duration: cohort.duration,
      isClosed: (day) => /-(12-25|01-01)$/.test(day),
    });
    expect(stored.map((s) => ({ day: s.day, start: s.startTime, end: s.endTime }))).toEqual(
      planned,
    );
    expect(stored.every((s) => s.status === "scheduled" && s.calendarSequence === 0)).toBe(true);

    const before = await query(database, "select count(*)::int as n from class_sessions");
    expect(await planCohortSessions(database.db)).toBe(0);
    expect(await planCohortSessions(database.db, [cohort.id])).toBe(0);
    expect(await query(database, "select count(*)::int as n from class_sessions")).toEqual(before);
  });

  it("a database seeded before sessions were records gets them from the step, once", async () => {
    database = await createTestDatabase();
    await query(database, "delete from class_sessions");
    await query(database, "delete from seed_runs where name = '0014-class-sessions'");
    expect(await seedDatabase(database.db)).toEqual(["0014-class-sessions"]);
    const [{ n }] = (await query<{ n: number }>(
      database,
      "select count(distinct cohort_id)::int as n from class_sessions",
    )) as [{ n: number }];
    const [{ m }] = (await query<{ m: number }>(
      database,
      "select count(*)::int as m from cohorts",
    )) as [{ m: number }];
    expect(n).toBe(m);
    expect(await seedDatabase(database.db)).toEqual([]);
  });
});

describe("a cohort staff make or move", () => {
  const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };

  it("gets its sessions when made, new ones when moved before anyone registered, none when deleted", async () => {
    database = await createTestDatabase();
    const [course] = await query<{ id: number }>(
      database,
      "select id from courses where slug = 'ccna'",
    );
    if (!course) throw new Error("the seed has CCNA");
    const made = await createCohort(
      database.db,
      course.id,
      { startDate: "2028-12-18", classSchedule: "evening", capacity: 12 },
      "2027-01-01",
      actor,
    );
    if (!made.ok) throw new Error(made.error);
    const sessions = await cohortSessions(database.db, made.value);
    expect(sessions).toHaveLength(24);
    // Christmas and New Year's Day are closed (seeded): the plan goes around them.
    // Christmas 2028 and New Year's Day 2029 are Mondays.
    expect(sessions.map((s) => s.day).slice(0, 8)).toEqual([
      "2028-12-18",
      "2028-12-19",
      "2028-12-20",
      "2028-12-21",
      "2028-12-26",
      "2028-12-27",
      "2028-12-28",
      "2029-01-02",
    ]);

    const moved = await updateCohort(
      database.db,
      course.id,
      made.value,
      { startDate: "2028-12-19", classSchedule: "morning", capacity: 12 },
      "2027-01-01",
      actor,
    );
    expect(moved).toEqual({ ok: true, value: made.value });
    const replanned = await cohortSessions(database.db, made.value);
    expect(replanned[0]).toMatchObject({ day: "2028-12-19", startTime: "08:00", endTime: "12:00" });
    expect(replanned).toHaveLength(24);

    expect(await deleteCohort(database.db, course.id, made.value, actor)).toMatchObject({
      ok: true,
    });
    expect(await cohortSessions(database.db, made.value)).toEqual([]);
  });
});
