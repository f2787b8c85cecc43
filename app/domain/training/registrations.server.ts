// A course registration: the lead, the registration row, a reserved seat and both e-mails, in
// one transaction. This module owns the seat rule: a seat is taken by a conditional update, so
// two visitors racing for the last seat cannot both get it, on PGlite and on PostgreSQL alike,
// and every status change goes with its history line (decision 0017).
// Over 400 lines because it owns the seat rule, and every way a seat is taken or given back sits
// beside it.
import { and, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import {
  acknowledgementAllowed,
  insertLead,
  type LeadDeps,
  loadLeadEmails,
} from "#app/domain/leads/leads.server.ts";
import { registrationWithoutSeat } from "#app/domain/leads/pipeline.server.ts";
import { staffNumber } from "#app/domain/settings/staff-settings.server.ts";
import { clientNetworkKey } from "#app/platform/client-network.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import {
  classSessions,
  cohorts,
  courses,
  leads,
  type RegistrationBilling,
  registrationEvents,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { hitRateLimit } from "#app/platform/rate-limit.server.ts";
import type { Course } from "./courses.server.ts";
import type { Registration } from "./registration.schema.ts";
import { issueRegistrationToken } from "./registration-links.server.ts";
import {
  registrationEmails,
  registrationMails,
  registrationMessage,
} from "./registration-mail.server.ts";
import { holdsSeat, type RegistrationStatus } from "./registration-status.ts";
import {
  alreadyRegisteredMail,
  holdAlertMail,
  waitlistedMail,
} from "./registration-status-mail.server.ts";
import { type ClassSchedule, HOLD_HOURS } from "./training.ts";

/** The chosen cohort had no free seat left when the registration was stored. */
export class CohortFullError extends Error {
  constructor() {
    super("cohort full");
  }
}

/** The address already has a registration for that cohort that is not cancelled. */
export class AlreadyRegisteredError extends Error {
  constructor() {
    super("already registered");
  }
}

/** Takes one seat of the cohort if one is free (of `courseId` when given); false when full. */
export async function takeSeat(
  tx: DbTransaction,
  cohortId: number,
  now: Date,
  courseId?: number,
): Promise<{ startDate: string; classSchedule: string } | null> {
  // Row-level: on PostgreSQL a concurrent transaction waits for this row and then re-checks
  // the condition against the committed count; PGlite runs transactions one at a time.
  const [taken] = await tx
    .update(cohorts)
    .set({ seatsTaken: sql`${cohorts.seatsTaken} + 1`, updatedAt: now })
    .where(
      and(
        eq(cohorts.id, cohortId),
        courseId === undefined ? undefined : eq(cohorts.courseId, courseId),
        lt(cohorts.seatsTaken, cohorts.capacity),
      ),
    )
    .returning({ startDate: cohorts.startDate, classSchedule: cohorts.classSchedule });
  return taken ?? null;
}

/** Gives one seat back to the cohort. */
export async function freeSeat(tx: DbTransaction, cohortId: number, now: Date): Promise<void> {
  await tx
    .update(cohorts)
    .set({ seatsTaken: sql`${cohorts.seatsTaken} - 1`, updatedAt: now })
    .where(and(eq(cohorts.id, cohortId), gt(cohorts.seatsTaken, 0)));
}

/** The registration of a lead, if it has one. */
export async function registrationIdOf(db: DbTransaction, leadId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.leadId, leadId));
  return row?.id ?? null;
}

/**
 * A registration's lead is being deleted (Customer Management): its seat goes back through the
 * same rule as a cancellation, inside the delete's transaction. Returns the cohort, if any.
 */
export async function releaseRegistrationOf(
  tx: DbTransaction,
  leadId: number,
  now: Date,
): Promise<number | null> {
  const [reg] = await tx
    .select({
      id: registrations.id,
      cohortId: registrations.cohortId,
      status: registrations.status,
    })
    .from(registrations)
    .where(eq(registrations.leadId, leadId))
    .for("update");
  if (!reg) return null;
  if (holdsSeat(reg.status)) await freeSeat(tx, reg.cohortId, now);
  return reg.cohortId;
}

/**
 * A select from `registrations` joined to its student (the lead) and its course:
 * `withStudent(db.select(columns).from(registrations).$dynamic())`.
 */
export function withStudent<T extends PgSelect>(query: T) {
  return query
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .leftJoin(
      firstClass,
      eq(
        firstClass.id,
        sql`(select min(${classSessions.id}) from ${classSessions} where ${classSessions.cohortId} = ${registrations.cohortId})`,
      ),
    );
}

/** The cohort's first planned class (its lowest id): the e-mails' first-class event (decision 0024). */
const firstClass = alias(classSessions, "first_class");

/** What the student's e-mails say about a registration (StudentRegistration's columns). */
export const studentColumns = {
  id: registrations.id,
  leadId: registrations.leadId,
  course: courses.title,
  duration: courses.duration,
  name: leads.name,
  email: leads.email,
  startDate: registrations.startDate,
  classSchedule: registrations.classSchedule,
  priceCents: registrations.priceCents,
  calendarSequence: registrations.calendarSequence,
  status: registrations.status,
  firstClass: {
    day: firstClass.day,
    start: firstClass.startTime,
    end: firstClass.endTime,
    timeZone: firstClass.timeZone,
    location: firstClass.location,
    sequence: firstClass.calendarSequence,
    status: firstClass.status,
  },
};

/** Who changed a registration, for its history: a user, or the visitor or the system. */
export interface RegistrationChanger {
  id: number | null;
  label: string;
}

/** One line of a registration's history. */
export async function recordRegistrationEvent(
  tx: DbTransaction,
  registrationId: number,
  by: RegistrationChanger,
  change: { from: string | null; to: string; note?: string; at: Date },
): Promise<void> {
  await tx.insert(registrationEvents).values({
    registrationId,
    at: change.at,
    actorId: by.id,
    actorLabel: by.label,
    fromStatus: change.from,
    toStatus: change.to,
    note: change.note ?? "",
  });
}

/**
 * Whether `email` already has a registration for the cohort that is not cancelled (other than
 * `except`). Callers hold the address's lock (insertLead's) or the registration's row lock.
 */
export async function hasActiveRegistration(
  tx: DbTransaction,
  cohortId: number,
  email: string,
  except?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(
      and(
        eq(registrations.cohortId, cohortId),
        ne(registrations.status, "cancelled"),
        eq(sql`lower(${leads.email})`, email.trim().toLowerCase()),
        except === undefined ? undefined : ne(registrations.id, except),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The visitor who registers on the website (no account yet). */
const VISITOR: RegistrationChanger = { id: null, label: "Visitor" };

export interface NewRegistration extends Registration {
  /** Step 3's company invoice details (kept only with a company invoice), else null. */
  billing?: RegistrationBilling | null;
  course: Pick<Course, "id" | "title" | "duration" | "priceCents">;
  cohortId: number;
  source: string;
  sourcePage: string;
  /** The visitor chose a full date: a full cohort puts them on its waitlist instead of refusing. */
  waitlist?: boolean;
  /** The client's address (only its hash is stored): its unconfirmed holds are counted. */
  clientIp: string;
}

/** The stored form of a client address. */

/** Seats of `cohortId` this client holds for addresses nobody has confirmed yet. */
async function unconfirmedHoldsOf(tx: DbTransaction, cohortId: number, clientKey: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.cohortId, cohortId),
        eq(registrations.clientKey, clientKey),
        inArray(registrations.status, ["pending", "offered"]),
        isNull(registrations.addressConfirmedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A date filling with unconfirmed held seats faster than the setting allows may be someone
 * hoarding it: the admins are e-mailed, once in 6 hours per date.
 */
async function alertIfHoarded(
  tx: DbTransaction,
  deps: Pick<LeadDeps, "outbox" | "brand">,
  cohortId: number,
  course: string,
  now: Date,
) {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      startDate: sql<string>`min(${registrations.startDate})`,
    })
    .from(registrations)
    .where(
      and(
        eq(registrations.cohortId, cohortId),
        inArray(registrations.status, ["pending", "offered"]),
        isNull(registrations.addressConfirmedAt),
        gt(registrations.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  const threshold = await staffNumber(tx, "hold_alert_per_hour");
  if (!row || row.n < threshold) return;
  const once = await hitRateLimit(tx, `hold-alert:${cohortId}`, 1, 6 * 3600, now);
  if (!once.allowed) return;
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)));
  const mails = await Promise.all(
    admins.map((a) =>
      holdAlertMail(deps.brand, a.email, {
        cohortId,
        course,
        startDate: row.startDate,
        count: row.n,
      }),
    ),
  );
  await deps.outbox.enqueue(tx, mails);
}

/**
 * Stores the registration and reserves its seat, or nothing: throws CohortFullError (and keeps
 * nothing) when the cohort is full. The same post again (a double click, a reload: every field
 * the same, within the retry window) returns the first registration's lead with
 * `duplicate: true` and takes no second seat, unless that registration was cancelled since.
 */
export async function registerForCourse(
  /** `cardPayments`: Stripe is set up, so a card registration's e-mail offers Pay now by card. */
  deps: LeadDeps & { cardPayments?: boolean },
  registration: NewRegistration,
  now: Date,
): Promise<{ leadId: number; duplicate: boolean; waitlisted?: boolean; receipt: string | null }> {
  const { course } = registration;
  const classSchedule = registration.classSchedule as ClassSchedule;
  // Kept only with a company invoice: another method bills the student.
  const billing =
    registration.paymentMethod === "company-invoice" ? (registration.billing ?? null) : null;
  const details = { ...registration, classSchedule, course, billing };
  // The e-mail components load once per process, before the transaction rather than inside it.
  await Promise.all([registrationEmails(), loadLeadEmails()]);
  return deps.db.transaction(async (tx) => {
    const standing = async (leadId: number) => {
      const [first] = await tx
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.leadId, leadId));
      return first !== undefined && first.status !== "cancelled";
    };
    const { leadId, duplicate } = await insertLead(
      tx,
      deps,
      {
        kind: "registration",
        form: "registration",
        name: registration.name,
        email: registration.email,
        phone: registration.phone,
        company: registration.company,
        inquiryType: "training",
        message: registrationMessage(details),
        source: registration.source,
        sourcePage: registration.sourcePage,
        dealValueCents: course.priceCents,
        choice: `cohort:${registration.cohortId}`,
      },
      standing,
    );
    if (duplicate) {
      // The same form sent twice: the first registration's confirmation page again.
      const [first] = await tx
        .select({ id: registrations.id, status: registrations.status })
        .from(registrations)
        .where(eq(registrations.leadId, leadId));
      const receipt = first ? await issueReceipt(tx, first.id, now) : null;
      return { leadId, duplicate, waitlisted: first?.status === "waitlisted", receipt };
    }

    // One active registration per address and cohort: insertLead holds the address's lock.
    if (await hasActiveRegistration(tx, registration.cohortId, registration.email)) {
      throw new AlreadyRegisteredError();
    }
    // A client with its unconfirmed holds used up registers without a seat: it takes one when
    // its address is confirmed (first confirmed, first seated), so made-up addresses on a
    // catch-all domain hold no seat. One client's registrations for a date take turns.
    const clientKey = clientNetworkKey(registration.clientIp);
    await tx.execute(
      sql`select pg_advisory_xact_lock(7301023, hashtext(${`${registration.cohortId}:${clientKey}`}))`,
    );
    const allowed = await staffNumber(tx, "unconfirmed_holds_per_client");
    const seatless =
      !registration.waitlist &&
      (await unconfirmedHoldsOf(tx, registration.cohortId, clientKey)) >= allowed;
    const seat = seatless ? null : await takeSeat(tx, registration.cohortId, now, course.id);
    // A full date: the waitlist, when the visitor chose it knowing the date is full.
    if (!seat && !seatless && !registration.waitlist) throw new CohortFullError();
    const cohort = seat ?? (await cohortOf(tx, registration.cohortId, course.id));
    if (!cohort) throw new CohortFullError();
    const status: RegistrationStatus = seat ? "pending" : seatless ? "unconfirmed" : "waitlisted";
    const waitlisted = status === "waitlisted";
    // Every new registration confirms its address within HOLD_HOURS: a held seat goes back, an
    // unconfirmed one never takes one, a waitlist entry leaves the line.
    const holdUntil = new Date(now.getTime() + HOLD_HOURS * 3_600_000);

    const [row] = await tx
      .insert(registrations)
      .values({
        leadId,
        courseId: course.id,
        cohortId: registration.cohortId,
        certificationInterest: course.title,
        classSchedule: cohort.classSchedule,
        startDate: cohort.startDate,
        experience: registration.experience,
        paymentMethod: registration.paymentMethod,
        billing,
        comments: registration.comments,
        priceCents: course.priceCents,
        status,
        statusChangedAt: now,
        createdAt: now, // the app's clock, like the history's (FROZEN_NOW in demos)
        holdExpiresAt: holdUntil,
        clientKey,
      })
      .returning({ id: registrations.id });
    const registrationId = row?.id ?? 0;
    if (!seat) await registrationWithoutSeat(tx, leadId);
    await recordRegistrationEvent(tx, registrationId, VISITOR, {
      from: null,
      to: status,
      note: {
        pending: "Registered on the website",
        waitlisted: "Joined the waitlist on the website",
        unconfirmed: `Registered on the website; no seat until the address is confirmed (its network already held ${allowed} unconfirmed seats of this date)`,
      }[status as "pending" | "waitlisted" | "unconfirmed"],
      at: now,
    });
    const forMail = {
      ...details,
      startDate: cohort.startDate,
      classSchedule: cohort.classSchedule as ClassSchedule,
      leadId,
      registrationId,
    };
    const confirmToken = await issueRegistrationToken(tx, registrationId, "email", holdUntil);
    const [notification, confirmation] = await registrationMails(
      forMail,
      deps.salesEmail,
      deps.brand,
      now,
      {
        token: confirmToken,
        seat: waitlisted ? "waitlist" : seat ? "held" : "on-confirmation",
        payByCard:
          Boolean(deps.cardPayments) &&
          status === "pending" &&
          registration.paymentMethod === "credit-card",
      },
    );
    await deps.outbox.enqueue(tx, [
      waitlisted ? { ...notification, subject: `Waitlist: ${notification.subject}` } : notification,
      waitlisted
        ? await waitlistedMail(
            {
              id: registrationId,
              leadId,
              course: course.title,
              duration: course.duration,
              name: registration.name,
              email: registration.email,
              startDate: cohort.startDate,
              classSchedule: cohort.classSchedule as ClassSchedule,
              priceCents: course.priceCents,
              calendarSequence: 0,
              status,
            },
            deps.brand,
            confirmToken,
          )
        : confirmation,
    ]);
    if (seat) await alertIfHoarded(tx, deps, registration.cohortId, course.title, now);
    return {
      leadId,
      duplicate: false,
      waitlisted,
      receipt: await issueReceipt(tx, registrationId, now),
    };
  });
}

/**
 * The wizard refused a second registration of an address for a date it has: its owner is
 * e-mailed that registration's page (within the acknowledgements' daily limit per address), so
 * the refusal tells whoever typed the address nothing its owner is not told.
 */
export async function tellAlreadyRegistered(
  deps: Pick<LeadDeps, "db" | "outbox" | "brand">,
  input: { email: string; cohortId: number },
  now: Date,
): Promise<void> {
  await registrationEmails();
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: registrations.id,
        leadId: registrations.leadId,
        startDate: registrations.startDate,
        classSchedule: registrations.classSchedule,
        priceCents: registrations.priceCents,
        calendarSequence: registrations.calendarSequence,
        status: registrations.status,
        name: leads.name,
        email: leads.email,
        course: { slug: courses.slug, title: courses.title, duration: courses.duration },
      })
      .from(registrations)
      .innerJoin(leads, eq(leads.id, registrations.leadId))
      .innerJoin(courses, eq(courses.id, registrations.courseId))
      .where(
        and(
          eq(registrations.cohortId, input.cohortId),
          ne(registrations.status, "cancelled"),
          eq(sql`lower(${leads.email})`, input.email.trim().toLowerCase()),
        ),
      )
      .limit(1);
    if (!existing || !(await acknowledgementAllowed(tx, existing.email))) return;
    const token = await issueReceipt(tx, existing.id, now);
    const mail = await alreadyRegisteredMail(
      {
        id: existing.id,
        leadId: existing.leadId,
        course: existing.course.title,
        duration: existing.course.duration,
        name: existing.name,
        email: existing.email,
        startDate: existing.startDate,
        classSchedule: existing.classSchedule as ClassSchedule,
        priceCents: existing.priceCents,
        calendarSequence: existing.calendarSequence,
        status: existing.status,
      },
      deps.brand,
      { courseSlug: existing.course.slug, token },
    );
    await deps.outbox.enqueue(tx, [mail]);
  });
}

/** How long the visitor's confirmation page keeps working. */
export const RECEIPT_DAYS = 90;

const issueReceipt = (tx: DbTransaction, registrationId: number, now: Date) =>
  issueRegistrationToken(
    tx,
    registrationId,
    "receipt",
    new Date(now.getTime() + RECEIPT_DAYS * 86_400_000),
  );

/** A cohort's date and schedule (of the course), without taking a seat. */
async function cohortOf(tx: DbTransaction, cohortId: number, courseId: number) {
  const [row] = await tx
    .select({ startDate: cohorts.startDate, classSchedule: cohorts.classSchedule })
    .from(cohorts)
    .where(and(eq(cohorts.id, cohortId), eq(cohorts.courseId, courseId)));
  return row ?? null;
}
