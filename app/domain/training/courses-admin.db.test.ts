import { and, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { publishVersion, saveDraft } from "#app/domain/history/versions.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  auditLog,
  cohorts,
  courses,
  leads,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  cohortFromForm,
  courseFormValues,
  courseFromForm,
  validateCohort,
  validateCourse,
} from "./course-admin.schema.ts";
import {
  courseKind,
  createCohort,
  createCourse,
  deleteCohort,
  deleteCourse,
  getCourseForStaff,
  listCoursesForStaff,
  listInstructorCohorts,
  listInstructors,
  updateCohort,
} from "./courses-admin.server.ts";
import { addDays } from "./training.ts";

let database: Database;
let actor: Actor;
const today = dayIn(new Date());
const later = (days: number) => addDays(today, days);

beforeAll(async () => {
  database = await createTestDatabase();
  const [admin] = await database.db.select().from(users).where(eq(users.username, "admin"));
  actor = { user: { id: admin?.id ?? 0, email: "admin@example.com" }, ip: "192.0.2.1" };
});
afterAll(async () => {
  await database.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "CompTIA Network+",
  description: "Networking essentials for IT technicians.",
  kind: "certification",
  status: "active",
  duration: "96 Hours (6 Weeks)",
  price: "2,495",
  scheduleOptions: ["morning", "evening"],
  instructorId: "0",
  ...overrides,
});

async function instructorId(email = "instructor@example.com") {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return String(row?.id);
}

async function register(cohortId: number, name: string, email: string) {
  const db = database.db;
  const [cohort] = await db.select().from(cohorts).where(eq(cohorts.id, cohortId));
  const [course] = await db
    .select()
    .from(courses)
    .where(eq(courses.id, cohort?.courseId ?? 0));
  if (!cohort || !course) throw new Error("no cohort");
  const [lead] = await db
    .insert(leads)
    .values({ kind: "registration", form: "registration", name, email })
    .returning();
  await db.insert(registrations).values({
    leadId: lead?.id ?? 0,
    courseId: course.id,
    cohortId,
    certificationInterest: course.title,
    classSchedule: cohort.classSchedule,
    startDate: cohort.startDate,
    experience: "1-3",
    paymentMethod: "credit-card",
    priceCents: course.priceCents,
  });
  await db
    .update(cohorts)
    .set({ seatsTaken: sql`${cohorts.seatsTaken} + 1` })
    .where(eq(cohorts.id, cohortId));
}

async function upcomingCohortOf(slug: string) {
  const [row] = await database.db
    .select({ id: cohorts.id, courseId: cohorts.courseId, startDate: cohorts.startDate })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(and(eq(courses.slug, slug), gte(cohorts.startDate, today)))
    .orderBy(cohorts.startDate)
    .limit(1);
  if (!row) throw new Error(`no upcoming cohort of ${slug}`);
  return row;
}

describe("the seeded instructors", () => {
  it("teach the seeded courses: certification courses one, AI courses the other", async () => {
    const instructors = await listInstructors(database.db);
    expect(instructors.map((i) => i.email)).toEqual([
      "instructor@example.com",
      "ai.instructor@example.com",
    ]);
    const cards = await listCoursesForStaff(database.db);
    expect(cards).toHaveLength(11);
    for (const card of cards) {
      expect(card.instructorName).toBe(card.kind === "ai" ? "Riley Brooks" : "Avery Collins");
    }
  });
});

describe("a course's cohorts", () => {
  it("list Morning before Evening on one date, as the schedules are listed", async () => {
    const [ccna] = await database.db.select().from(courses).where(eq(courses.slug, "ccna"));
    const found = await getCourseForStaff(database.db, ccna?.id ?? 0);
    const byDate = new Map<string, string[]>();
    for (const c of found?.cohorts ?? []) {
      byDate.set(c.startDate, [...(byDate.get(c.startDate) ?? []), c.classSchedule]);
    }
    expect(byDate.size).toBeGreaterThan(3);
    for (const schedules of byDate.values()) expect(schedules).toEqual(["morning", "evening"]);
  });
});

describe("the course form's rules", () => {
  it("needs a title, a description and an instructor", () => {
    const result = validateCourse(form({ title: " ", description: "", instructorId: "" }));
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: {
        title: "Title is required.",
        description: "Description is required.",
        instructorId: "Instructor is required.",
      },
    });
  });

  it("refuses a bad slug, a price that is not a number, no schedule, malformed career lines", () => {
    const result = validateCourse(
      form({
        slug: "Bad Slug!",
        price: "about 3k",
        scheduleOptions: [],
        careerSalaries: "Network Engineer",
        careerJobs: "Engineer | Acme",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors?.slug).toMatch(/^Slug may use only lower-case letters/);
    expect(result.fieldErrors?.price).toBe(
      "Price must be a number of dollars, e.g. 4995 or 4,995.00.",
    );
    expect(result.fieldErrors?.scheduleOptions).toBe("Choose at least one class schedule.");
    const career = validateCourse(
      form({
        careerSalaries: "Network Engineer",
        careerJobs: "Engineer | Acme",
        instructorId: "3",
      }),
    );
    expect(career.ok ? {} : career.fieldErrors).toEqual({
      careerSalaries: "Write each salary as: Role | Salary (e.g. Network Engineer | $86,000).",
      careerJobs: "Write each position as: Role | Employer | City | Salary range | Description.",
    });
  });

  it("makes the slug from the title, prefixes AI courses, reads lists and the price in cents", () => {
    const cert = validateCourse(
      form({
        instructorId: "7",
        price: "$2,495.50",
        topics: "Cabling\n\n Subnetting \n",
        overview: "First paragraph\ngoes on.\n\nSecond.",
        careerSalaries: "Technician | $55,000",
        careerJobs: "Technician | Acme | Mobile | $50k - $60k | Fixes things | fast",
      }),
    );
    expect(cert).toMatchObject({
      ok: true,
      value: {
        slug: "comptia-network",
        shortTitle: "CompTIA Network+",
        priceCents: 249_550,
        topics: ["Cabling", "Subnetting"],
        overview: ["First paragraph goes on.", "Second."],
        instructorId: 7,
        careerOutlook: {
          growth: "",
          salaries: [{ role: "Technician", salary: "$55,000" }],
          jobs: [
            {
              role: "Technician",
              employer: "Acme",
              city: "Mobile",
              salaryRange: "$50k - $60k",
              description: "Fixes things | fast",
            },
          ],
        },
      },
    });
    const ai = validateCourse(form({ kind: "ai", title: "Prompt Craft", instructorId: "7" }));
    expect(ai.ok && ai.value.slug).toBe("ai-prompt-craft");
    const wrong = validateCourse(form({ kind: "ai", slug: "prompt-craft", instructorId: "7" }));
    expect(wrong.ok ? "" : wrong.fieldErrors?.slug).toBe(
      "An AI course's slug starts with ai- (e.g. ai-fundamentals).",
    );
    if (!cert.ok) return;
    // The edit form shows a stored course as it was typed.
    const shown = courseFormValues(cert.value);
    expect(shown.price).toBe("2495.50");
    expect(validateCourse(shown)).toEqual(cert);
  });

  it("reads the posted form as a plain record: text fields, the checked schedules as a list", () => {
    const posted = courseFromForm({
      title: "Network+",
      price: "1,295",
      scheduleOptions: ["morning", "evening"],
      image: { name: "not text" },
      extra: "ignored",
    });
    expect(posted).toMatchObject({
      title: "Network+",
      price: "1,295",
      image: undefined,
      scheduleOptions: ["morning", "evening"],
    });
    expect(posted).not.toHaveProperty("extra");
    expect(courseFromForm({ scheduleOptions: "evening" }).scheduleOptions).toEqual(["evening"]);
    expect(courseFromForm({}).scheduleOptions).toEqual([]);
    expect(cohortFromForm({ startDate: "2026-06-01", capacity: "12", other: "x" })).toEqual({
      startDate: "2026-06-01",
      classSchedule: undefined,
      capacity: "12",
    });
  });

  it("a cohort needs a real date, a schedule and a capacity from 1 to 500", () => {
    expect(
      validateCohort({ startDate: "2026-02-30", classSchedule: "noon", capacity: "0" }),
    ).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: {
        startDate: "Start date must be a date (YYYY-MM-DD).",
        classSchedule: "Choose a class schedule.",
        capacity: "Capacity must be a whole number from 1 to 500.",
      },
    });
  });
});

describe("course commands", () => {
  it("creates a course with an instructor; a taken slug or a non-instructor is refused", async () => {
    const teacher = await instructorId();
    const parsed = validateCourse(form({ instructorId: teacher }));
    if (!parsed.ok) throw new Error("invalid");
    const created = await createCourse(database.db, parsed.value, actor);
    expect(created).toEqual({ ok: true, value: expect.any(Number) });
    const again = await createCourse(database.db, parsed.value, actor);
    expect(again).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { slug: 'Another course already uses the slug "comptia-network".' },
    });
    const admin = await instructorId("admin@example.com");
    const notTeacher = validateCourse(form({ slug: "other", instructorId: admin }));
    if (!notTeacher.ok) throw new Error("invalid");
    expect(await createCourse(database.db, notTeacher.value, actor)).toMatchObject({
      ok: false,
      fieldErrors: {
        instructorId: "Instructor is required: choose one of the listed instructors.",
      },
    });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "course_created"));
    expect(entry).toMatchObject({
      target: `course:${created.ok && created.value}`,
      ip: "192.0.2.1",
    });
    expect(await listCoursesForStaff(database.db, "network+")).toMatchObject([
      { title: "CompTIA Network+", studentCount: 0, instructorName: "Avery Collins" },
    ]);
  });

  it("searches titles and descriptions, case-insensitively, with LIKE wildcards taken literally", async () => {
    const titles = (await listCoursesForStaff(database.db, "CISA")).map((c) => c.title);
    expect(titles).toContain("ISACA Certified Information Systems Auditor (CISA)");
    expect(await listCoursesForStaff(database.db, "technicians")).toHaveLength(1);
    expect(await listCoursesForStaff(database.db, "%")).toHaveLength(0);
  });

  it("counts students; refuses to delete a course or cohort with registrations", async () => {
    const cohort = await upcomingCohortOf("ccna");
    await register(cohort.id, "Sam Student", "sam@example.org");
    const [card] = (await listCoursesForStaff(database.db)).filter((c) => c.slug === "ccna");
    expect(card?.studentCount).toBe(1);
    const refused = await deleteCourse(database.db, cohort.courseId, actor);
    expect(refused).toMatchObject({ ok: false, reason: "conflict" });
    expect(refused.ok ? "" : refused.error).toMatch(/has 1 registration and cannot be deleted/);
    const cohortRefused = await deleteCohort(database.db, cohort.courseId, cohort.id, actor);
    expect(cohortRefused).toMatchObject({ ok: false, reason: "conflict" });
    expect(await getCourseForStaff(database.db, cohort.courseId)).not.toBeNull();
    // Once students registered, the date cannot move; the capacity cannot go below the seats.
    const moved = await updateCohort(
      database.db,
      cohort.courseId,
      cohort.id,
      { startDate: later(400), classSchedule: "morning", capacity: 16 },
      today,
      actor,
    );
    expect(moved.ok ? {} : moved.fieldErrors).toMatchObject({
      startDate: expect.stringMatching(/^Students have registered for this cohort/),
    });
    const [row] = await database.db.select().from(cohorts).where(eq(cohorts.id, cohort.id));
    const shrunk = await updateCohort(
      database.db,
      cohort.courseId,
      cohort.id,
      {
        startDate: row?.startDate ?? "",
        classSchedule: row?.classSchedule as "morning",
        capacity: 0,
      },
      today,
      actor,
    );
    expect(shrunk.ok ? {} : shrunk.fieldErrors).toEqual({
      capacity: "Capacity cannot be below the 1 seat already taken.",
    });
    const grown = await updateCohort(
      database.db,
      cohort.courseId,
      cohort.id,
      {
        startDate: row?.startDate ?? "",
        classSchedule: row?.classSchedule as "morning",
        capacity: 20,
      },
      today,
      actor,
    );
    expect(grown).toEqual({ ok: true, value: cohort.id });
  });

  it("keeps a schedule that upcoming cohorts use; deletes a course without registrations", async () => {
    const course = (await listCoursesForStaff(database.db)).find((c) => c.slug === "isaca-cisa");
    const found = await getCourseForStaff(database.db, course?.id ?? 0);
    if (!found) throw new Error("no course");
    const values = courseFormValues(found.course);
    const parsed = validateCourse({ ...values, scheduleOptions: ["morning"] });
    if (!parsed.ok) throw new Error("invalid");
    // The edit is a draft; publishing it is refused while upcoming cohorts use the schedule.
    const draft = await saveDraft(
      database.db,
      courseKind,
      String(found.course.id),
      parsed.value,
      actor,
    );
    if (!draft.ok) throw new Error(draft.error);
    const refused = await publishVersion(database.db, courseKind, draft.value.version.id, actor, {
      today,
    });
    expect(refused.ok ? {} : refused.fieldErrors).toEqual({
      scheduleOptions: expect.stringMatching(/^Upcoming cohorts use "Evening/),
    });
    expect(await saveDraft(database.db, courseKind, "999999", parsed.value, actor)).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await deleteCourse(database.db, found.course.id, actor)).toEqual({
      ok: true,
      value: found.course.id,
    });
    expect(await getCourseForStaff(database.db, found.course.id)).toBeNull();
    const left = await database.db
      .select()
      .from(cohorts)
      .where(eq(cohorts.courseId, found.course.id));
    expect(left).toEqual([]);
  });
});

describe("cohort commands", () => {
  it("adds a cohort; refuses the past, a schedule not offered and a duplicate", async () => {
    const { courseId } = await upcomingCohortOf("comptia-security-plus");
    const add = (startDate: string, classSchedule: "morning" | "friday", capacity = 12) =>
      createCohort(database.db, courseId, { startDate, classSchedule, capacity }, today, actor);
    expect(await add(addDays(today, -1), "morning")).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        startDate: expect.stringMatching(/is in the past: choose today or a later day\.$/),
      },
    });
    expect(await add(later(500), "friday")).toMatchObject({
      fieldErrors: { classSchedule: expect.stringMatching(/^This course does not offer/) },
    });
    const ok = await add(later(500), "morning");
    expect(ok).toEqual({ ok: true, value: expect.any(Number) });
    expect(await add(later(500), "morning")).toMatchObject({
      fieldErrors: {
        startDate: "This course already has a cohort on that date with that schedule.",
      },
    });
    expect(
      await createCohort(
        database.db,
        999_999,
        { startDate: later(5), classSchedule: "morning", capacity: 5 },
        today,
        actor,
      ),
    ).toMatchObject({ ok: false, reason: "not-found" });
    if (!ok.ok) return;
    expect(await deleteCohort(database.db, courseId + 1, ok.value, actor)).toMatchObject({
      reason: "not-found",
    });
    expect(await deleteCohort(database.db, courseId, ok.value, actor)).toEqual({
      ok: true,
      value: ok.value,
    });
  });
});

describe("an instructor's cohorts", () => {
  it("shows the roster to the course's instructor only", async () => {
    const cohort = await upcomingCohortOf("ai-fundamentals");
    await register(cohort.id, "Ada Learner", "ada@example.org");
    const ai = Number(await instructorId("ai.instructor@example.com"));
    const cert = Number(await instructorId());
    const horizon = later(60);
    const mine = await listInstructorCohorts(database.db, ai, today, horizon);
    const withStudents = mine.filter((c) => c.roster.length > 0);
    expect(withStudents).toEqual([
      {
        id: cohort.id,
        course: "AI Fundamentals for Business",
        startDate: cohort.startDate,
        schedule: expect.stringMatching(/^(Friday|Saturday)/),
        capacity: 16,
        seatsTaken: 1,
        roster: [
          {
            name: "Ada Learner",
            email: "ada@example.org",
            schedule: expect.stringMatching(/^(Friday|Saturday)/),
            status: "Pending",
            registeredAt: expect.any(String),
          },
        ],
      },
    ]);
    // Only their courses' cohorts, within the horizon unless someone registered.
    expect(mine.every((c) => c.course.includes("AI"))).toBe(true);
    expect(mine.every((c) => c.startDate <= horizon)).toBe(true);
    const other = await listInstructorCohorts(database.db, cert, today, horizon);
    expect(other.flatMap((c) => c.roster.map((s) => s.email))).not.toContain("ada@example.org");
    expect(other.flatMap((c) => c.roster.map((s) => s.email))).toContain("sam@example.org");
    // A user who teaches nothing sees nothing.
    const nobody = await createUser(database.db, {
      email: "new.teacher@example.com",
      role: "instructor",
      password: "a-long-password-1",
    });
    expect(await listInstructorCohorts(database.db, nobody.id, today, horizon)).toEqual([]);
  });
});

describe("course commands at the same time", () => {
  it("two saves of the same new slug at once: one course, the other told the slug is taken", async () => {
    const teacher = await instructorId();
    const parsed = validateCourse(
      form({ slug: "same-time", title: "Same Time Course", instructorId: teacher }),
    );
    if (!parsed.ok) throw new Error("invalid");
    const results = await Promise.all([
      createCourse(database.db, parsed.value, actor),
      createCourse(database.db, parsed.value, actor),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { slug: 'Another course already uses the slug "same-time".' },
    });
    const rows = await database.db.select().from(courses).where(eq(courses.slug, "same-time"));
    expect(rows).toHaveLength(1);
    // Leave the catalogue as the other tests expect it.
    await database.db.delete(courses).where(eq(courses.slug, "same-time"));
    await database.db.delete(auditLog).where(eq(auditLog.target, `course:${rows[0]?.id}`));
  });
});
