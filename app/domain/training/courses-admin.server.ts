// Course management (issue 8): staff reads and commands on courses and their cohorts. Every
// command validates against the database in its transaction and records an audit entry; the
// route then refreshes the cached public pages.
// Over 400 lines because courses and their cohorts change together (a cohort's seats, a course's
// delete) and share one audit and page-refresh path.
import { and, asc, count, eq, ilike, lte, max, ne, notInArray, or, sql } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import { displayName } from "#app/domain/auth/roles.ts";
import {
  type ContentKind,
  ensureHead,
  invalidData,
  lockItem,
  pick,
  recordDeleted,
  recordPublished,
  refuse,
} from "#app/domain/history/versions.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import { closedDayName } from "#app/domain/settings/closed-days.server.ts";
import { listEnabledStaff, type StaffMember } from "#app/domain/users/users-admin.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { cohorts, courses, leads, registrations, users } from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { planCohortSessions, replanCohortSessions } from "./class-sessions.server.ts";
import {
  type CohortRecord,
  type CourseRecord,
  courseFormValues,
  validateCourse,
} from "./course-admin.schema.ts";
import { coursePath } from "./course-detail.server.ts";
import type { ExamTexts } from "./courses.seed.ts";
import { scheduleOrder } from "./courses.server.ts";
import { isRegistrationStatus, STATUS_LABELS } from "./registration-status.ts";
import { CLASS_SCHEDULES, type ClassSchedule, labelOf } from "./training.ts";

const COURSE_NOT_FOUND = failure("not-found", "That course no longer exists.");
const COHORT_NOT_FOUND = failure("not-found", "That cohort no longer exists.");

const invalid = (fieldErrors: FieldErrors): Result<number> =>
  failure("invalid", CORRECT_FIELDS, fieldErrors);

export type Instructor = Pick<StaffMember, "id" | "name" | "email">;

/** Instructors who can be given a course (enabled accounts with role instructor). */
export const listInstructors = (db: Db | DbTransaction): Promise<Instructor[]> =>
  listEnabledStaff(db, ["instructor"]);

const studentCount = sql<number>`(select count(*) from ${registrations} where ${registrations.courseId} = ${courses.id})`;

export interface CourseCard {
  id: number;
  title: string;
  description: string;
  slug: string;
  kind: string;
  status: string;
  studentCount: number;
  instructorName: string | null;
  createdAt: string;
}

/** Escapes LIKE's wildcards so a search for "100%" finds the text "100%". */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The course cards, in catalogue order; `search` matches the title or the description. */
export async function listCoursesForStaff(db: Db, search = ""): Promise<CourseCard[]> {
  const term = search.trim().slice(0, 200);
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      slug: courses.slug,
      kind: courses.kind,
      status: courses.status,
      studentCount: studentCount.mapWith(Number),
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(
      term
        ? or(ilike(courses.title, likePattern(term)), ilike(courses.description, likePattern(term)))
        : undefined,
    )
    .orderBy(asc(courses.kind), asc(courses.sortOrder), asc(courses.id));
  return rows.map(({ firstName, lastName, username, email, createdAt, ...row }) => ({
    ...row,
    instructorName:
      email === null
        ? null
        : displayName({ firstName: firstName ?? "", lastName: lastName ?? "", username, email }),
    createdAt: createdAt.toISOString(),
  }));
}

export interface StaffCohort {
  id: number;
  startDate: string;
  classSchedule: ClassSchedule;
  capacity: number;
  seatsTaken: number;
  registrations: number;
}

/** One course with every field, its instructor and all its cohorts (by date). */
export async function getCourseForStaff(db: Db, id: number) {
  const [row] = await db
    .select({ course: courses, studentCount: studentCount.mapWith(Number) })
    .from(courses)
    .where(eq(courses.id, id));
  if (!row) return null;
  const list = await db
    .select({
      id: cohorts.id,
      startDate: cohorts.startDate,
      classSchedule: cohorts.classSchedule,
      capacity: cohorts.capacity,
      seatsTaken: cohorts.seatsTaken,
      registrations:
        sql<number>`(select count(*) from ${registrations} where ${registrations.cohortId} = ${cohorts.id})`.mapWith(
          Number,
        ),
    })
    .from(cohorts)
    .where(eq(cohorts.courseId, id))
    .orderBy(asc(cohorts.startDate), scheduleOrder, asc(cohorts.id));
  const { createdAt, updatedAt, ...course } = row.course;
  return {
    course: {
      ...course,
      kind: course.kind as CourseRecord["kind"],
      status: course.status as CourseRecord["status"],
      scheduleOptions: course.scheduleOptions as ClassSchedule[],
      createdAt: createdAt.toISOString(),
    },
    studentCount: row.studentCount,
    cohorts: list.map((c) => ({ ...c, classSchedule: c.classSchedule as ClassSchedule })),
  };
}

const slugTaken = (slug: string) => `Another course already uses the slug "${slug}".`;

/**
 * Two saves of the same new slug at once both pass the check below; the unique index refuses
 * the second, which gets the same answer as if it had come later.
 */
async function refusingTakenSlug(
  slug: string,
  save: () => Promise<Result<number>>,
): Promise<Result<number>> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ slug: slugTaken(slug) });
    throw error;
  }
}

/** What a course record needs from the database: a free slug and a real instructor. */
async function courseErrors(
  tx: DbTransaction,
  value: CourseRecord,
  id?: number,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [taken] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, value.slug), id ? ne(courses.id, id) : undefined));
  if (taken) errors.slug = slugTaken(value.slug);
  const instructors = await listInstructors(tx);
  if (!instructors.some((i) => i.id === value.instructorId)) {
    errors.instructorId = "Instructor is required: choose one of the listed instructors.";
  }
  return errors;
}

export async function createCourse(
  db: Db,
  value: CourseRecord,
  actor: Actor,
): Promise<Result<number>> {
  return refusingTakenSlug(value.slug, () =>
    db.transaction(async (tx) => {
      const errors = await courseErrors(tx, value);
      if (Object.keys(errors).length > 0) return invalid(errors);
      const [last] = await tx
        .select({ max: max(courses.sortOrder) })
        .from(courses)
        .where(eq(courses.kind, value.kind));
      const [row] = await tx
        .insert(courses)
        .values({ ...value, sortOrder: (last?.max ?? 0) + 1 })
        .returning({ id: courses.id });
      const id = (row as { id: number }).id;
      await auditChange(tx, actor, "course_created", `course:${id}`, { title: value.title });
      await recordPublished(tx, courseKind, String(id), actor);
      return success(id);
    }),
  );
}

/** The course's fields written, with every rule only the database knows; errors per field. */
async function writeCourse(
  tx: DbTransaction,
  id: number,
  value: CourseRecord,
  today: string,
): Promise<Result<number>> {
  const [existing] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, id))
    .for("update");
  if (!existing) return COURSE_NOT_FOUND;
  const errors = await courseErrors(tx, value, id);
  // An upcoming cohort's schedule must stay on offer: the registration form lists it.
  const used = await tx
    .selectDistinct({ classSchedule: cohorts.classSchedule })
    .from(cohorts)
    .where(and(eq(cohorts.courseId, id), sql`${cohorts.startDate} >= ${today}`));
  const dropped = used
    .map((u) => u.classSchedule)
    .filter((s) => !(value.scheduleOptions as string[]).includes(s));
  if (dropped.length > 0) {
    errors.scheduleOptions = `Upcoming cohorts use ${dropped
      .map((s) => `"${labelOf(CLASS_SCHEDULES, s)}"`)
      .join(" and ")}: keep it, or delete those cohorts first.`;
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  await tx
    .update(courses)
    .set({ ...value, updatedAt: new Date() })
    .where(eq(courses.id, id));
  return success(id);
}

/** Deletes a course and its cohorts; refused while it has registrations (archive it instead). */
export async function deleteCourse(db: Db, id: number, actor: Actor): Promise<Result<number>> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, id))
      .for("update");
    if (!course) return COURSE_NOT_FOUND;
    const [taken] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.courseId, id));
    const n = taken?.n ?? 0;
    if (n > 0) {
      return failure(
        "conflict",
        `"${course.title}" has ${n} registration${n === 1 ? "" : "s"} and cannot be deleted. Set its status to Archived to hide it from the public site.`,
      );
    }
    await recordDeleted(tx, courseKind, String(id), actor);
    await tx.delete(courses).where(eq(courses.id, id));
    await auditChange(tx, actor, "course_deleted", `course:${id}`, { title: course.title });
    return success(id);
  });
}

// ---- Cohorts -------------------------------------------------------------------------------

async function cohortErrors(
  tx: DbTransaction,
  courseId: number,
  value: CohortRecord,
  today: string,
  current?: { id: number; startDate: string; classSchedule: string },
): Promise<FieldErrors | null> {
  const [course] = await tx
    .select({ scheduleOptions: courses.scheduleOptions })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const errors: FieldErrors = {};
  const moved =
    !current ||
    current.startDate !== value.startDate ||
    current.classSchedule !== value.classSchedule;
  if (moved && value.startDate < today) {
    errors.startDate = `${formatDay(value.startDate)} is in the past: choose today or a later day.`;
  }
  if (moved && !course.scheduleOptions.includes(value.classSchedule)) {
    errors.classSchedule =
      "This course does not offer that class schedule: add it to the course's class schedules first.";
  }
  if (moved && !errors.startDate) {
    const holiday = await closedDayName(tx, value.startDate);
    if (holiday) {
      errors.startDate = `${formatDay(value.startDate)} is a closed day (${holiday}): choose another day.`;
    }
  }
  if (moved && !errors.startDate && !errors.classSchedule) {
    const [clash] = await tx
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(
        and(
          eq(cohorts.courseId, courseId),
          eq(cohorts.startDate, value.startDate),
          eq(cohorts.classSchedule, value.classSchedule),
          current ? ne(cohorts.id, current.id) : undefined,
        ),
      );
    if (clash) {
      errors.startDate = "This course already has a cohort on that date with that schedule.";
    }
  }
  return errors;
}

export async function createCohort(
  db: Db,
  courseId: number,
  value: CohortRecord,
  today: string,
  actor: Actor,
): Promise<Result<number>> {
  return db.transaction(async (tx) => {
    const errors = await cohortErrors(tx, courseId, value, today);
    if (!errors) return COURSE_NOT_FOUND;
    if (Object.keys(errors).length > 0) return invalid(errors);
    const [row] = await tx
      .insert(cohorts)
      .values({ courseId, ...value })
      .returning({ id: cohorts.id });
    const id = (row as { id: number }).id;
    await planCohortSessions(tx, [id]);
    await auditChange(tx, actor, "cohort_created", `course:${courseId}`, { cohort: id, ...value });
    return success(id);
  });
}

/**
 * Changes a cohort. Its capacity never goes below the seats taken (checked in the update
 * itself, so a registration in between cannot slip past); once students registered, its date
 * and schedule stay as their confirmations said.
 */
export async function updateCohort(
  db: Db,
  courseId: number,
  cohortId: number,
  value: CohortRecord,
  today: string,
  actor: Actor,
): Promise<Result<number>> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: cohorts.id,
        startDate: cohorts.startDate,
        classSchedule: cohorts.classSchedule,
        seatsTaken: cohorts.seatsTaken,
      })
      .from(cohorts)
      .where(and(eq(cohorts.id, cohortId), eq(cohorts.courseId, courseId)))
      .for("update");
    if (!current) return COHORT_NOT_FOUND;
    const errors = (await cohortErrors(tx, courseId, value, today, current)) ?? {};
    const moved =
      current.startDate !== value.startDate || current.classSchedule !== value.classSchedule;
    if (moved) {
      const [registered] = await tx
        .select({ n: count() })
        .from(registrations)
        .where(eq(registrations.cohortId, cohortId));
      if ((registered?.n ?? 0) > 0) {
        errors.startDate =
          "Students have registered for this cohort: its start date and schedule cannot change. Add a new cohort instead.";
      }
    }
    if (value.capacity < current.seatsTaken) {
      errors.capacity = `Capacity cannot be below the ${current.seatsTaken} seat${current.seatsTaken === 1 ? "" : "s"} already taken.`;
    }
    if (Object.keys(errors).length > 0) return invalid(errors);
    const updated = await tx
      .update(cohorts)
      .set({ ...value, updatedAt: new Date() })
      .where(and(eq(cohorts.id, cohortId), lte(cohorts.seatsTaken, value.capacity)))
      .returning({ id: cohorts.id });
    if (updated.length === 0) {
      return invalid({ capacity: "Capacity cannot be below the seats already taken." });
    }
    // Nobody registered (checked above): the sessions follow the new date or schedule.
    if (moved) await replanCohortSessions(tx, cohortId);
    await auditChange(tx, actor, "cohort_updated", `course:${courseId}`, {
      cohort: cohortId,
      ...value,
    });
    return success(cohortId);
  });
}

/** Deletes a cohort; refused while students are registered for it. */
export async function deleteCohort(
  db: Db,
  courseId: number,
  cohortId: number,
  actor: Actor,
): Promise<Result<number>> {
  return db.transaction(async (tx) => {
    const [cohort] = await tx
      .select({ startDate: cohorts.startDate, classSchedule: cohorts.classSchedule })
      .from(cohorts)
      .where(and(eq(cohorts.id, cohortId), eq(cohorts.courseId, courseId)))
      .for("update");
    if (!cohort) return COHORT_NOT_FOUND;
    const [registered] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.cohortId, cohortId));
    const n = registered?.n ?? 0;
    if (n > 0) {
      return failure(
        "conflict",
        `The ${formatDay(cohort.startDate)} cohort has ${n} registration${n === 1 ? "" : "s"} and cannot be deleted.`,
      );
    }
    await tx.delete(cohorts).where(eq(cohorts.id, cohortId));
    await auditChange(tx, actor, "cohort_deleted", `course:${courseId}`, {
      cohort: cohortId,
      ...cohort,
    });
    return success(cohortId);
  });
}

// ---- Rosters -------------------------------------------------------------------------------

export interface RosterEntry {
  name: string;
  email: string;
  schedule: string;
  /** The registration's status, as shown (Pending, Confirmed, Paid...). */
  status: string;
  registeredAt: string;
}

export interface InstructorCohort {
  id: number;
  course: string;
  startDate: string;
  schedule: string;
  capacity: number;
  seatsTaken: number;
  roster: RosterEntry[];
}

/**
 * The cohorts of the instructor's courses that have students (any date, upcoming first) or
 * start within the horizon, each with its roster. Only this instructor's courses.
 */
export async function listInstructorCohorts(
  db: Db,
  instructorId: number,
  today: string,
  horizon: string,
): Promise<InstructorCohort[]> {
  const rows = await db
    .select({
      id: cohorts.id,
      course: courses.title,
      startDate: cohorts.startDate,
      classSchedule: cohorts.classSchedule,
      capacity: cohorts.capacity,
      seatsTaken: cohorts.seatsTaken,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(
      and(
        eq(courses.instructorId, instructorId),
        or(
          sql`exists (select 1 from ${registrations} where ${registrations.cohortId} = ${cohorts.id})`,
          and(sql`${cohorts.startDate} >= ${today}`, sql`${cohorts.startDate} <= ${horizon}`),
        ),
      ),
    )
    .orderBy(
      sql`${cohorts.startDate} < ${today}`,
      asc(cohorts.startDate),
      asc(courses.title),
      scheduleOrder,
    );
  if (rows.length === 0) return [];
  const students = await db
    .select({
      cohortId: registrations.cohortId,
      name: leads.name,
      email: leads.email,
      classSchedule: registrations.classSchedule,
      status: registrations.status,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    // The class list: students holding a seat (not cancelled, not waiting for one).
    .where(
      and(
        eq(courses.instructorId, instructorId),
        notInArray(registrations.status, ["cancelled", "waitlisted"]),
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  return rows.map((c) => ({
    id: c.id,
    course: c.course,
    startDate: c.startDate,
    schedule: labelOf(CLASS_SCHEDULES, c.classSchedule),
    capacity: c.capacity,
    seatsTaken: c.seatsTaken,
    roster: students
      .filter((s) => s.cohortId === c.id)
      .map((s) => ({
        name: s.name,
        email: s.email,
        schedule: labelOf(CLASS_SCHEDULES, s.classSchedule),
        status: isRegistrationStatus(s.status) ? STATUS_LABELS[s.status] : s.status,
        registeredAt: s.createdAt.toISOString(),
      })),
  }));
}

const COURSE_FIELDS = [
  "title",
  "shortTitle",
  "slug",
  "kind",
  "status",
  "vendorGroup",
  "description",
  "overview",
  "topics",
  "prerequisites",
  "duration",
  "priceCents",
  "scheduleOptions",
  "inclusions",
  "careerOutlook",
  "image",
  "instructorId",
  "completionPercent",
] as const;

/**
 * Courses in the content history (decision 0021): the text, topics, price, duration and the rest
 * of the record; cohorts are operational data and are not versioned. A version is checked with
 * the course form's own rules (the record shown as the form's fields).
 */
export const courseKind: ContentKind = {
  type: "course",
  schemaVersion: 1,
  ids: async (tx) => (await tx.select({ id: courses.id }).from(courses)).map((r) => String(r.id)),
  async read(tx, id) {
    const [row] = await tx
      .select()
      .from(courses)
      .where(eq(courses.id, Number(id)));
    return row ? pick(row, COURSE_FIELDS) : null;
  },
  check(data) {
    let form: Record<string, unknown>;
    try {
      form = courseFormValues(data as CourseRecord);
    } catch {
      return refuse("invalid", "The course data is not a course record.");
    }
    const parsed = validateCourse(form);
    return parsed.ok ? success({ ...parsed.value }) : invalidData(parsed.fieldErrors ?? {});
  },
  async apply(tx, id, value, context) {
    const result = await writeCourse(
      tx,
      Number(id),
      value as unknown as CourseRecord,
      context.today,
    );
    return result.ok
      ? success()
      : refuse(result.reason, result.error, { fieldErrors: result.fieldErrors });
  },
  title: (data) => String(data.title ?? ""),
  editPath: (id) => `/admin/courses/${id}`,
  previewPath: (data) =>
    data.status === "active" ? coursePath(data as { kind: string; slug: string }) : null,
};

/**
 * A seeded course's texts corrected on a database seeded before the correction (a seed step
 * runs once on every database, new or old): the change is published as a version by System with
 * `note`, so the course's history shows what changed and why. A course staff deleted, or whose
 * texts need nothing (a new database seeds the correct ones), is left alone.
 */
export async function correctSeededCourse(
  tx: DbTransaction,
  slug: string,
  correct: (texts: ExamTexts) => ExamTexts | null,
  note: string,
): Promise<void> {
  const [course] = await tx
    .select({
      id: courses.id,
      description: courses.description,
      overview: courses.overview,
      topics: courses.topics,
      inclusions: courses.inclusions,
    })
    .from(courses)
    .where(eq(courses.slug, slug));
  if (!course) return;
  const { id, ...texts } = course;
  const next = correct(texts);
  if (!next) return;
  const item = String(id);
  await lockItem(tx, courseKind.type, item);
  await ensureHead(tx, courseKind, item);
  await tx.update(courses).set(next).where(eq(courses.id, id));
  await recordPublished(tx, courseKind, item, null, note);
}
