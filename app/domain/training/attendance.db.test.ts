// Attendance (issue 46): the cohort's instructor or an admin marks each student with a seat,
// from the class's start until 7 days after it; nobody else learns a class exists; every mark
// is audited; the table and its CSV show what was marked.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#app/domain/auth/users.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { courses, leads, registrations } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { type RegistrationFixture, registrationFixture } from "#tests/support/registrations.ts";
import {
  attendanceCsv,
  classRoster,
  cohortAttendance,
  markAttendance,
} from "./attendance.server.ts";
import { cohortSessions, planCohortSessions } from "./class-sessions.server.ts";

let database: Database;
let fx: RegistrationFixture;
let teacher: { id: number; role: "instructor" };
let stranger: { id: number; role: "instructor" };
let sessionId: number;
let students: number[];
/** During the first class (Monday, April 5, 2027, 8 AM to noon in Chicago: 13:00 to 17:00 UTC). */
const DURING = new Date("2027-04-05T14:00:00Z");

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  await planCohortSessions(database.db, [fx.april5]);
  const make = async (email: string) => {
    const made = await createUser(database.db, {
      email,
      role: "instructor",
      password: "a-long-enough-password",
    });
    return { id: made.id, role: "instructor" as const };
  };
  teacher = await make("teacher@example.com");
  stranger = await make("stranger@example.com");
  await database.db
    .update(courses)
    .set({ instructorId: teacher.id })
    .where(eq(courses.id, fx.course.id));
  students = [
    await fx.register("zoe@example.org", { name: "Zoë Nguyễn", confirmed: true }),
    await fx.register("formula@example.org", { name: '=HYPERLINK("x")', confirmed: true }),
  ];
  sessionId = (await cohortSessions(database.db, fx.april5))[0]?.id ?? 0;
});
afterEach(async () => {
  await database.close();
});

const as = (user: { id: number; role: "instructor" | "admin" | "sales_rep" | "student" }) => ({
  user: { ...user, email: `${user.id}@example.com` },
  ip: "192.0.2.7",
});
const stored = () =>
  query(database, "select registration_id, mark from class_attendance order by registration_id");
const audits = () =>
  query(database, "select action, target from audit_log where action = 'attendance_marked'");

describe("taking attendance", () => {
  it("the instructor sees their class's students and marks them, one tap each, then everyone", async () => {
    const roster = await classRoster(database.db, teacher, sessionId, DURING);
    expect(roster).toMatchObject({
      ok: true,
      value: {
        title: "Test Networking",
        hours: "8:00 AM to 12:00 PM",
        locked: null,
        students: [
          { registrationId: students[1], name: '=HYPERLINK("x")', mark: null },
          { registrationId: students[0], name: "Zoë Nguyễn", mark: null },
        ],
      },
    });
    const mark = (student: number | "everyone", value: string, who = as(teacher)) =>
      markAttendance(database.db, who, { sessionId, student, mark: value }, DURING);
    expect(await mark(students[0] as number, "late")).toEqual({
      ok: true,
      value: "Zoë Nguyễn marked late.",
    });
    expect(await mark(students[0] as number, "present")).toMatchObject({ ok: true });
    expect(await mark("everyone", "present")).toEqual({
      ok: true,
      value: "1 student marked present.",
    });
    expect(await stored()).toEqual([
      { registration_id: students[0], mark: "present" },
      { registration_id: students[1], mark: "present" },
    ]);
    expect(await audits()).toHaveLength(3);
    // An admin may too.
    const [admin] = await query<{ id: number }>(
      database,
      "select id from users where role = 'admin'",
    );
    expect(
      await mark(students[1] as number, "excused", as({ id: admin?.id ?? 0, role: "admin" })),
    ).toMatchObject({
      ok: true,
    });
  });

  it("refuses another instructor, other roles, another cohort's student, a bad mark: nothing changes", async () => {
    const mark = (who: ReturnType<typeof as>, student: number, value = "present") =>
      markAttendance(database.db, who, { sessionId, student, mark: value }, DURING);
    const notYours = { ok: false, reason: "not-found", error: "That class is not one of yours." };
    expect(await mark(as(stranger), students[0] as number)).toEqual(notYours);
    expect(await classRoster(database.db, stranger, sessionId, DURING)).toEqual(notYours);
    expect(await cohortAttendance(database.db, stranger, fx.april5)).toEqual(notYours);
    for (const role of ["sales_rep", "student"] as const) {
      expect(await mark(as({ id: teacher.id, role }), students[0] as number)).toEqual(notYours);
    }
    const elsewhere = await fx.register("other@example.org", {
      cohortId: fx.april19,
      confirmed: true,
    });
    expect(await mark(as(teacher), elsewhere)).toEqual({
      ok: false,
      reason: "not-found",
      error: "That student is not in this class.",
    });
    expect(await mark(as(teacher), students[0] as number, "sleeping")).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(
      await markAttendance(
        database.db,
        as(teacher),
        { sessionId: 999_999, student: 1, mark: "present" },
        DURING,
      ),
    ).toEqual(notYours);
    expect(await stored()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("opens at the class's start, closes 7 days after it; a cancelled class has nothing to mark", async () => {
    const at = (iso: string) =>
      markAttendance(
        database.db,
        as(teacher),
        { sessionId, student: students[0] as number, mark: "present" },
        new Date(iso),
      );
    expect(await at("2027-04-05T12:59:00Z")).toMatchObject({
      ok: false,
      reason: "conflict",
      error: expect.stringContaining("has not started yet"),
    });
    expect(
      await classRoster(database.db, teacher, sessionId, new Date("2027-04-05T12:00:00Z")),
    ).toMatchObject({
      value: { locked: expect.stringContaining("has not started yet") },
    });
    expect(await at("2027-04-12T16:59:00Z")).toMatchObject({ ok: true });
    expect(await at("2027-04-12T17:01:00Z")).toMatchObject({
      ok: false,
      reason: "conflict",
      error: "Attendance can be changed for 7 days after the class; this one is closed.",
    });
    await query(database, `update class_sessions set status = 'cancelled' where id = ${sessionId}`);
    expect(await at("2027-04-05T14:00:00Z")).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("twenty taps at once leave one mark per student", async () => {
    const marks = ["present", "late", "excused", "absent"];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        markAttendance(
          database.db,
          as(teacher),
          { sessionId, student: students[0] as number, mark: marks[i % 4] as string },
          DURING,
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await stored()).toHaveLength(1);
  });
});

describe("a cohort's attendance table", () => {
  it("every class by every student with a seat, and its CSV with formulas made inert", async () => {
    await markAttendance(
      database.db,
      as(teacher),
      { sessionId, student: "everyone", mark: "present" },
      DURING,
    );
    await database.db
      .update(registrations)
      .set({ status: "cancelled" })
      .where(eq(registrations.id, students[0] as number));
    const table = await cohortAttendance(database.db, teacher, fx.april5);
    if (!table.ok) throw new Error(table.error);
    expect(table.value.sessions).toHaveLength(10);
    // A cancelled registration holds no seat: it leaves the table.
    expect(table.value.students.map((s) => s.name)).toEqual(['=HYPERLINK("x")']);
    expect(table.value.students[0]?.marks).toEqual({ [sessionId]: "present" });
    const csv = attendanceCsv(table.value);
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      `Student,Email,${(await cohortSessions(database.db, fx.april5)).map((s) => `${s.day} ${s.startTime}`).join(",")}`,
    );
    expect(row?.startsWith(`"'=HYPERLINK(""x"")",formula@example.org,Present,`)).toBe(true);
    const [lead] = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "formula@example.org"));
    expect(lead?.name).toBe('=HYPERLINK("x")');
  });
});
