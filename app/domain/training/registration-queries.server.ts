// Reading registrations (decision 0017): the admin list with its filters, one registration with
// its history, the counts per cohort and a cohort's roster. The commands are in
// registration-admin.server.ts.
import { and, asc, count, desc, eq, gte, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { actorName } from "#app/domain/audit/actor-name.ts";
import { nameColumns } from "#app/domain/audit/people.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  cohorts,
  courses,
  leads,
  type RegistrationBilling,
  registrationEvents,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { scheduleOrder } from "./courses.server.ts";
import {
  isRegistrationStatus,
  type RegistrationStatus,
  STATUS_LABELS,
} from "./registration-status.ts";
import { withStudent } from "./registrations.server.ts";
import { CLASS_SCHEDULES, formatPrice, labelOf } from "./training.ts";

export interface RegistrationFilter {
  courseId?: number | null;
  cohortId?: number | null;
  status?: string;
  q?: string;
}

function whereOf(filter: RegistrationFilter): SQL | undefined {
  const q = filter.q?.trim().slice(0, 200) ?? "";
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    filter.courseId ? eq(registrations.courseId, filter.courseId) : undefined,
    filter.cohortId ? eq(registrations.cohortId, filter.cohortId) : undefined,
    isRegistrationStatus(filter.status) ? eq(registrations.status, filter.status) : undefined,
    q
      ? or(
          ilike(leads.name, pattern),
          ilike(leads.email, pattern),
          ilike(leads.phone, pattern),
          ilike(leads.company, pattern),
        )
      : undefined,
  );
}

export interface RegistrationRow {
  id: number;
  leadId: number;
  name: string;
  email: string;
  course: string;
  courseId: number;
  cohortId: number;
  startDate: string;
  schedule: string;
  status: RegistrationStatus;
  priceCents: number;
  createdAt: string;
  /** When the student confirmed their e-mail address (the link, or an accepted offer). */
  addressConfirmedAt: string | null;
}

const rowColumns = {
  id: registrations.id,
  leadId: registrations.leadId,
  name: leads.name,
  email: leads.email,
  course: courses.title,
  courseId: registrations.courseId,
  cohortId: registrations.cohortId,
  startDate: registrations.startDate,
  classSchedule: registrations.classSchedule,
  status: registrations.status,
  priceCents: registrations.priceCents,
  createdAt: registrations.createdAt,
  addressConfirmedAt: registrations.addressConfirmedAt,
};

function rowOf(
  r: Omit<RegistrationRow, "schedule" | "status" | "createdAt" | "addressConfirmedAt"> & {
    classSchedule: string;
    status: string;
    createdAt: Date;
    addressConfirmedAt: Date | null;
  },
): RegistrationRow {
  return {
    id: r.id,
    leadId: r.leadId,
    name: r.name,
    email: r.email,
    course: r.course,
    courseId: r.courseId,
    cohortId: r.cohortId,
    startDate: r.startDate,
    schedule: labelOf(CLASS_SCHEDULES, r.classSchedule),
    status: isRegistrationStatus(r.status) ? r.status : "pending",
    priceCents: r.priceCents,
    createdAt: r.createdAt.toISOString(),
    addressConfirmedAt: r.addressConfirmedAt?.toISOString() ?? null,
  };
}

/** The registrations matching the filter, the newest first, one page of them. */
export async function listRegistrations(
  db: Db,
  filter: RegistrationFilter,
  slice: { offset: number; limit: number },
): Promise<{ rows: RegistrationRow[]; total: number; byStatus: Record<string, number> }> {
  const where = whereOf(filter);
  const unfiltered = whereOf({ ...filter, status: "" });
  const [rows, counts] = await Promise.all([
    withStudent(db.select(rowColumns).from(registrations).$dynamic())
      .where(where)
      .orderBy(desc(registrations.createdAt), desc(registrations.id))
      .offset(slice.offset)
      .limit(slice.limit),
    db
      .select({ status: registrations.status, n: count() })
      .from(registrations)
      .innerJoin(leads, eq(leads.id, registrations.leadId))
      .where(unfiltered)
      .groupBy(registrations.status),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
  const total = isRegistrationStatus(filter.status)
    ? (byStatus[filter.status] ?? 0)
    : counts.reduce((sum, c) => sum + c.n, 0);
  return { rows: rows.map(rowOf), total, byStatus };
}

export interface RegistrationHistoryLine {
  id: number;
  at: string;
  /** Who: a staff member by name, else what was recorded ("Student (e-mail link)", "System"). */
  by: string;
  /** The staff member's e-mail address, as a hint ("" when `by` is not an account). */
  byEmail: string;
  from: string | null;
  to: string;
  note: string;
}

export interface RegistrationDetail extends RegistrationRow {
  phone: string;
  company: string;
  experience: string;
  paymentMethod: string;
  comments: string;
  paidCents: number | null;
  paidMethod: string | null;
  paidOn: string | null;
  cancelReason: string;
  /** Step 3's company invoice details (a company invoice only). */
  billing: RegistrationBilling | null;
  /** Pending with an unconfirmed address: the seat is released then. */
  holdExpiresAt: string | null;
  /** Offered: the offer's end. */
  offerExpiresAt: string | null;
  history: RegistrationHistoryLine[];
  /** Upcoming cohorts of the same course it can move to, with their free seats. */
  moveTargets: { id: number; startDate: string; schedule: string; free: number }[];
}

export async function getRegistration(
  db: Db,
  id: number,
  today: string,
): Promise<RegistrationDetail | null> {
  const columns = {
    ...rowColumns,
    phone: leads.phone,
    company: leads.company,
    experience: registrations.experience,
    paymentMethod: registrations.paymentMethod,
    comments: registrations.comments,
    paidCents: registrations.paidCents,
    paidMethod: registrations.paidMethod,
    paidOn: registrations.paidOn,
    cancelReason: registrations.cancelReason,
    billing: registrations.billing,
    holdExpiresAt: registrations.holdExpiresAt,
    offerExpiresAt: registrations.offerExpiresAt,
  };
  const [row] = await withStudent(db.select(columns).from(registrations).$dynamic()).where(
    eq(registrations.id, id),
  );
  if (!row) return null;
  const [history, targets] = await Promise.all([
    db
      .select({
        id: registrationEvents.id,
        at: registrationEvents.at,
        label: registrationEvents.actorLabel,
        ...nameColumns,
        from: registrationEvents.fromStatus,
        to: registrationEvents.toStatus,
        note: registrationEvents.note,
      })
      .from(registrationEvents)
      .leftJoin(users, eq(users.id, registrationEvents.actorId))
      .where(eq(registrationEvents.registrationId, id))
      .orderBy(asc(registrationEvents.at), asc(registrationEvents.id)),
    db
      .select({
        id: cohorts.id,
        startDate: cohorts.startDate,
        classSchedule: cohorts.classSchedule,
        capacity: cohorts.capacity,
        seatsTaken: cohorts.seatsTaken,
      })
      .from(cohorts)
      .where(
        and(
          eq(cohorts.courseId, row.courseId),
          gte(cohorts.startDate, today),
          ne(cohorts.id, row.cohortId),
        ),
      )
      .orderBy(asc(cohorts.startDate), scheduleOrder),
  ]);
  return {
    ...rowOf(row),
    phone: row.phone,
    company: row.company,
    experience: row.experience,
    paymentMethod: row.paymentMethod,
    comments: row.comments,
    paidCents: row.paidCents,
    paidMethod: row.paidMethod,
    paidOn: row.paidOn,
    cancelReason: row.cancelReason,
    billing: row.billing ?? null,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    history: history.map((h) => {
      const { name, email } = actorName(h.label, h);
      return {
        id: h.id,
        at: h.at.toISOString(),
        by: name,
        byEmail: email,
        from: h.from,
        to: h.to,
        note: h.note,
      };
    }),
    moveTargets: targets.map((t) => ({
      id: t.id,
      startDate: t.startDate,
      schedule: labelOf(CLASS_SCHEDULES, t.classSchedule),
      free: t.capacity - t.seatsTaken,
    })),
  };
}

/** The filter's choices: courses that have registrations, and the chosen course's cohorts. */
export async function registrationFilterOptions(db: Db, courseId: number | null) {
  const [courseRows, cohortRows] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(
        sql`exists (select 1 from ${registrations} where ${registrations.courseId} = ${courses.id})`,
      )
      .orderBy(asc(courses.title)),
    courseId
      ? db
          .select({
            id: cohorts.id,
            startDate: cohorts.startDate,
            classSchedule: cohorts.classSchedule,
          })
          .from(cohorts)
          .where(eq(cohorts.courseId, courseId))
          .orderBy(asc(cohorts.startDate), scheduleOrder)
      : [],
  ]);
  return {
    courses: courseRows,
    cohorts: cohortRows.map((c) => ({
      id: c.id,
      label: `${formatDay(c.startDate)}, ${labelOf(CLASS_SCHEDULES, c.classSchedule)}`,
    })),
  };
}

/** How many registrations of each status each cohort of a course has (the course screen). */
export type RegistrationCounts = Record<number, Partial<Record<RegistrationStatus, number>>>;

export async function cohortRegistrationCounts(
  db: Db,
  courseId: number,
): Promise<RegistrationCounts> {
  const rows = await db
    .select({ cohortId: registrations.cohortId, status: registrations.status, n: count() })
    .from(registrations)
    .where(eq(registrations.courseId, courseId))
    .groupBy(registrations.cohortId, registrations.status);
  const counts: RegistrationCounts = {};
  for (const r of rows) {
    if (!isRegistrationStatus(r.status)) continue;
    counts[r.cohortId] = { ...counts[r.cohortId], [r.status]: r.n };
  }
  return counts;
}

/** A cohort's roster as CSV rows (students not cancelled, in the order they registered). */
export async function cohortRoster(db: Db, cohortId: number) {
  const [cohort] = await db
    .select({
      course: courses.title,
      startDate: cohorts.startDate,
      schedule: cohorts.classSchedule,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, cohortId));
  if (!cohort) return null;
  const rows = await db
    .select({
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      company: leads.company,
      status: registrations.status,
      priceCents: registrations.priceCents,
      paidCents: registrations.paidCents,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(and(eq(registrations.cohortId, cohortId), ne(registrations.status, "cancelled")))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  return {
    name: `${cohort.course}, ${formatDay(cohort.startDate)}`,
    startDate: cohort.startDate,
    header: ["Name", "Email", "Phone", "Company", "Status", "Price", "Paid", "Registered"],
    rows: rows.map((r) => [
      r.name,
      r.email,
      r.phone,
      r.company,
      isRegistrationStatus(r.status) ? STATUS_LABELS[r.status] : r.status,
      formatPrice(r.priceCents),
      r.paidCents === null ? "" : formatPrice(r.paidCents),
      r.createdAt.toISOString(),
    ]),
  };
}
