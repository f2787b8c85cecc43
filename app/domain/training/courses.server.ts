// Queries of the training catalogue: courses, their upcoming cohorts and start dates.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { cohorts, courses } from "#app/platform/db/schema.ts";
import { previewed, withPreviewed } from "#app/platform/preview-scope.server.ts";
import { seedCohorts, seedCourses } from "./courses.seed.ts";
import { CLASS_SCHEDULES, type ClassSchedule } from "./training.ts";

/** Orders a date's cohorts as the schedules are listed (Morning before Evening), not by name. */
export const scheduleOrder = sql`array_position(${sql.raw(
  `array[${CLASS_SCHEDULES.map((s) => `'${s.value}'`).join(", ")}]::text[]`,
)}, ${cohorts.classSchedule})`;

export type Course = Omit<
  typeof courses.$inferSelect,
  "createdAt" | "updatedAt" | "instructorId" | "completionPercent"
>;

export interface UpcomingCohort {
  id: number;
  startDate: string;
  classSchedule: ClassSchedule;
  seatsLeft: number;
}

/** One day of the calendar: its cohorts' schedules, and whether every one of them is full. */
export interface StartDate {
  date: string;
  schedules: { value: ClassSchedule; full: boolean }[];
  full: boolean;
}

const courseColumns = {
  id: courses.id,
  slug: courses.slug,
  kind: courses.kind,
  status: courses.status,
  vendorGroup: courses.vendorGroup,
  title: courses.title,
  shortTitle: courses.shortTitle,
  description: courses.description,
  overview: courses.overview,
  topics: courses.topics,
  prerequisites: courses.prerequisites,
  duration: courses.duration,
  priceCents: courses.priceCents,
  scheduleOptions: courses.scheduleOptions,
  inclusions: courses.inclusions,
  careerOutlook: courses.careerOutlook,
  image: courses.image,
  sortOrder: courses.sortOrder,
};

/** Courses of one kind (active and coming soon), in catalogue order. */
export async function listCourses(db: Db, kind: "certification" | "ai"): Promise<Course[]> {
  const list = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.kind, kind), inArray(courses.status, ["active", "coming-soon"])))
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  return withPreviewed("course", list);
}

/** An active course by its slug (the registration's courseId), or null. */
export async function findCourse(db: Db, slug: string): Promise<Course | null> {
  // A preview link shows the draft at its own address (its slug may be new).
  const preview = previewed("course");
  if (preview && preview.data.slug === slug) {
    const [course] = await db
      .select(courseColumns)
      .from(courses)
      .where(eq(courses.id, Number(preview.id)));
    return course ? ({ ...course, ...preview.data } as Course) : null;
  }
  const [course] = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, "active")));
  return course ?? null;
}

/** Every active course, for the Certification Interest list and the order summary. */
export async function registrationCatalogue(db: Db) {
  return db
    .select({
      slug: courses.slug,
      title: courses.title,
      shortTitle: courses.shortTitle,
      duration: courses.duration,
      priceCents: courses.priceCents,
    })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(sql`${courses.kind} = 'ai'`, asc(courses.sortOrder), asc(courses.id));
}

/** The course's cohorts from `today` on, by date then schedule. */
export async function upcomingCohorts(
  db: Db,
  courseId: number,
  today: string,
): Promise<UpcomingCohort[]> {
  const rows = await db
    .select({
      id: cohorts.id,
      startDate: cohorts.startDate,
      classSchedule: cohorts.classSchedule,
      seatsLeft: sql<number>`greatest(${cohorts.capacity} - ${cohorts.seatsTaken}, 0)`.mapWith(
        Number,
      ),
    })
    .from(cohorts)
    .where(and(eq(cohorts.courseId, courseId), gte(cohorts.startDate, today)))
    .orderBy(asc(cohorts.startDate), scheduleOrder);
  return rows.map((r) => ({ ...r, classSchedule: r.classSchedule as ClassSchedule }));
}

/** Upcoming cohorts grouped by day, for the calendar and the Preferred Start Date list. */
export function startDatesOf(list: UpcomingCohort[]): StartDate[] {
  const days = new Map<string, StartDate>();
  for (const cohort of list) {
    const day = days.get(cohort.startDate) ?? { date: cohort.startDate, schedules: [], full: true };
    const full = cohort.seatsLeft <= 0;
    day.schedules.push({ value: cohort.classSchedule, full });
    day.full &&= full;
    days.set(cohort.startDate, day);
  }
  return [...days.values()];
}

/** The first upcoming day with a free seat: the "Next Start Date", never typed by hand. */
export function nextStartDate(dates: StartDate[]): string | null {
  return dates.find((d) => !d.full)?.date ?? null;
}

/** Seed step 0005: the catalogue and its cohorts as of `now`. */
export async function seedTraining(tx: DbTransaction, now: Date): Promise<void> {
  const inserted = await tx
    .insert(courses)
    .values(seedCourses.map(({ startDays: _, ...course }, i) => ({ ...course, sortOrder: i + 1 })))
    .returning({ id: courses.id, slug: courses.slug });
  const idOf = new Map(inserted.map((c) => [c.slug, c.id]));
  const rows = seedCohorts(now).map((c) => ({
    courseId: idOf.get(c.slug) as number,
    startDate: c.startDate,
    classSchedule: c.classSchedule,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(cohorts).values(rows.slice(i, i + 500));
  }
}
