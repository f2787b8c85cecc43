// The waitlist and held seats (issue 22, decision 0017). A seat that frees goes to the first
// person waiting: their registration becomes Offered and holds that seat for OFFER_HOURS, and
// they are e-mailed a one-time link (only its SHA-256 is stored) to accept or decline it. A new
// registration holds its seat until the student confirms their address with another one-time
// link (or staff confirm it); an unconfirmed hold, an expired offer and a declined one free
// the seat for the next in line. Every hand-over takes the seat by the cohort's conditional
// update and locks the waiting registration (skipping one another transaction has), so two
// seats never go to three people, on any number of app instances.
// Over 400 lines because offers, held seats and their expiry move the same seat by the same
// conditional update; kept together so no path forgets the next in line.
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { type AuditAction, recordAudit } from "#app/domain/audit/audit.server.ts";
import { registrationCancelled, registrationSeated } from "#app/domain/leads/pipeline.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { cohorts, courses, leads, registrations } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { invoiceSecuredSeat } from "./registration-invoices.server.ts";
import {
  dropRegistrationTokens,
  issueRegistrationToken,
  registrationOfToken,
  spendRegistrationToken,
} from "./registration-links.server.ts";
import { holdsSeat, seatConfirmed } from "./registration-status.ts";
import {
  holdExpiredMail,
  offerMail,
  type StudentRegistration,
} from "./registration-status-mail.server.ts";
import {
  freeSeat,
  recordRegistrationEvent,
  studentColumns,
  takeSeat,
  withStudent,
} from "./registrations.server.ts";
import {
  CLASS_SCHEDULES,
  type ClassSchedule,
  HOLD_HOURS,
  labelOf,
  OFFER_HOURS,
} from "./training.ts";

const SYSTEM = { id: null, label: "System" };
/** What an offer's e-mail says about the registration. */
async function studentRegistration(tx: DbTransaction, id: number): Promise<StudentRegistration> {
  const [row] = await withStudent(tx.select(studentColumns).from(registrations).$dynamic()).where(
    eq(registrations.id, id),
  );
  if (!row) throw new Error(`registration ${id} vanished`);
  return { ...row, classSchedule: row.classSchedule as ClassSchedule };
}

/**
 * Offers the cohort's free seats to the people waiting, first come first served, inside the
 * caller's transaction (which freed the seat). Returns how many were offered.
 */
export async function offerFreeSeats(
  tx: DbTransaction,
  cohortId: number,
  mail: StaffMail,
  now: Date,
): Promise<number> {
  let offered = 0;
  for (;;) {
    const [next] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.cohortId, cohortId),
          eq(registrations.status, "waitlisted"),
          // Only people who confirmed their address are in line: made-up ones never get a seat.
          isNotNull(registrations.addressConfirmedAt),
        ),
      )
      .orderBy(asc(registrations.createdAt), asc(registrations.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!next) return offered;
    if (!(await takeSeat(tx, cohortId, now))) return offered;
    const expiresAt = new Date(now.getTime() + OFFER_HOURS * 3_600_000);
    await tx
      .update(registrations)
      .set({ status: "offered", statusChangedAt: now, offerExpiresAt: expiresAt })
      .where(eq(registrations.id, next.id));
    await recordRegistrationEvent(tx, next.id, SYSTEM, {
      from: "waitlisted",
      to: "offered",
      note: `A seat freed: held for ${OFFER_HOURS} hours`,
      at: now,
    });
    await recordAudit(tx, {
      action: "registration_offered",
      actorLabel: "System",
      target: `registration:${next.id}`,
      details: { cohortId, until: expiresAt.toISOString() },
    });
    const token = await issueRegistrationToken(tx, next.id, "offer", expiresAt);
    const student = await studentRegistration(tx, next.id);
    await mail.outbox.enqueue(tx, [await offerMail(student, mail.brand, token, expiresAt)]);
    offered += 1;
  }
}

/** Offers every cohort's free seats to its waitlist (after capacity is raised, and as a sweep). */
export async function offerOpenSeats(
  db: Db,
  mail: StaffMail,
  now: Date,
  cohortId?: number,
): Promise<number> {
  const open = await db
    .selectDistinct({ id: cohorts.id })
    .from(cohorts)
    .innerJoin(registrations, eq(registrations.cohortId, cohorts.id))
    .where(
      and(
        cohortId === undefined ? undefined : eq(cohorts.id, cohortId),
        eq(registrations.status, "waitlisted"),
        isNotNull(registrations.addressConfirmedAt),
        lt(cohorts.seatsTaken, cohorts.capacity),
        gte(cohorts.startDate, dayIn(now)),
      ),
    );
  let offered = 0;
  for (const c of open) {
    offered += await db.transaction((tx) => offerFreeSeats(tx, c.id, mail, now));
  }
  return offered;
}

/**
 * Ends what has run out, each in its own transaction: offers not answered in time and seats held
 * for an address nobody confirmed are cancelled, their seats offered to the next in line.
 */
export async function expireHolds(
  db: Db,
  mail: StaffMail,
  now: Date,
  today: string,
): Promise<{ offersExpired: number; holdsReleased: number }> {
  const due = await db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .where(
      sql`(${registrations.status} = 'offered' and ${registrations.offerExpiresAt} <= ${now})
        or (${registrations.status} in ('pending', 'waitlisted', 'unconfirmed') and ${registrations.holdExpiresAt} <= ${now})`,
    );
  let offersExpired = 0;
  let holdsReleased = 0;
  for (const { id } of due) {
    const ended = await db.transaction(async (tx) => {
      // Locked and checked again: the student may have answered in the meantime.
      const [reg] = await tx
        .select({
          status: registrations.status,
          cohortId: registrations.cohortId,
          leadId: registrations.leadId,
          offerExpiresAt: registrations.offerExpiresAt,
          holdExpiresAt: registrations.holdExpiresAt,
        })
        .from(registrations)
        .where(eq(registrations.id, id))
        .for("update");
      const offerEnded =
        reg?.status === "offered" && reg.offerExpiresAt && reg.offerExpiresAt <= now;
      const holdEnded =
        (reg?.status === "pending" ||
          reg?.status === "waitlisted" ||
          reg?.status === "unconfirmed") &&
        reg.holdExpiresAt &&
        reg.holdExpiresAt <= now;
      if (!reg || !(offerEnded || holdEnded)) return null;
      const reason = offerEnded
        ? `The waitlist offer was not answered within ${OFFER_HOURS} hours`
        : `The e-mail address was not confirmed within ${HOLD_HOURS} hours`;
      await endRegistration(tx, id, reg, reason, now, today);
      if (holdEnded) {
        const student = await studentRegistration(tx, id);
        const what = reg.status as "pending" | "waitlisted" | "unconfirmed";
        await mail.outbox.enqueue(tx, [await holdExpiredMail(student, mail.brand, what, now)]);
      }
      await offerFreeSeats(tx, reg.cohortId, mail, now);
      return offerEnded ? "offer" : "hold";
    });
    if (ended === "offer") offersExpired += 1;
    if (ended === "hold") holdsReleased += 1;
  }
  return { offersExpired, holdsReleased };
}

/**
 * Cancels a registration that holds a seat without staff: an expired hold or offer (the system),
 * a declined offer (the student). The seat is freed and the deal lost; the caller offers it on.
 */
async function endRegistration(
  tx: DbTransaction,
  id: number,
  reg: { status: string; cohortId: number; leadId: number },
  reason: string,
  now: Date,
  today: string,
  by: { label: string; action: AuditAction } = {
    label: SYSTEM.label,
    action: "registration_expired",
  },
) {
  if (holdsSeat(reg.status)) await freeSeat(tx, reg.cohortId, now);
  await tx
    .update(registrations)
    .set({
      status: "cancelled",
      statusChangedAt: now,
      cancelReason: reason,
      holdExpiresAt: null,
      offerExpiresAt: null,
    })
    .where(eq(registrations.id, id));
  await dropRegistrationTokens(tx, id);
  await recordRegistrationEvent(
    tx,
    id,
    { id: null, label: by.label },
    { from: reg.status, to: "cancelled", note: reason, at: now },
  );
  await registrationCancelled(tx, null, reg.leadId, today);
  await recordAudit(tx, {
    action: by.action,
    actorLabel: by.label,
    target: `registration:${id}`,
    details: { from: reg.status, reason },
  });
}

/** What the answered link's page says: what happened, and what comes next. */
export interface OfferPage {
  heading: string;
  message: string;
  /** What happens now, and where the student follows it (the Training Portal). */
  next?: string;
}

/**
 * What comes next for a student whose address is confirmed (or who took an offered seat), by
 * the registration's status then: the page says it and links to the Training Portal.
 */
export const NEXT_STEPS = {
  seated:
    "Paying by bank transfer or company invoice, your invoice is on its way by e-mail, with its due date and how to pay. Paying by card, you pay through the link in your confirmation e-mail or in the Training Portal, or a representative contacts you to arrange it. We confirm your registration by e-mail; with it comes the link to set up your Training Portal account, if you have none yet: the portal shows your registration, its class days and times and the first class as a calendar file.",
  waitlisted:
    "Once you have taken a seat and we have confirmed your registration, the Training Portal shows it, with its class days and times. The confirmation e-mail brings the link to set up your portal account, if you have none yet.",
  confirmed:
    "Your registration is confirmed already: sign in to the Training Portal to see it, with its class days and times and the first class as a calendar file.",
  offered:
    "A seat is held for you: accept it through the link in the e-mail we sent about it. Your registration then shows in the Training Portal once we have confirmed it.",
} as const;

const nextStepAfter = (status: string) =>
  status === "waitlisted"
    ? NEXT_STEPS.waitlisted
    : status === "offered"
      ? NEXT_STEPS.offered
      : seatConfirmed(status)
        ? NEXT_STEPS.confirmed
        : NEXT_STEPS.seated;

export const OFFER_TEXTS = {
  /** An address-confirmation link that is unknown, used or past its hold. */
  confirmGone: `This link does not work any more: it was used already, or the ${HOLD_HOURS} hours to confirm have passed. Call us if you still want the seat.`,
  gone: "This link does not work any more: the offer was answered, or it expired and the seat went to the next person in line. Call us if you would still like a seat.",
  accepted: (course: string) =>
    `The seat is yours: your registration for ${course} is pending, and we will be in touch to confirm it.`,
  declined:
    "You declined the seat. Thank you for letting us know: it goes to the next person in line.",
  /** The headings of the answered link's page: what happened, not what the link was. */
  acceptedHeading: "The seat is yours",
  declinedHeading: "You declined the seat",
  confirmedHeading: "Your address is confirmed",
} as const;

/**
 * The student answers a waitlist offer through its link: accept (the registration becomes
 * Pending, the address counts as confirmed) or decline (cancelled, the seat offered on).
 */
export async function answerOffer(
  db: Db,
  mail: StaffMail,
  token: string,
  accept: boolean,
  now: Date,
  today: string,
): Promise<Result<OfferPage>> {
  return db.transaction(async (tx) => {
    const id = await spendRegistrationToken(tx, token, "offer", now);
    if (!id) return failure("gone", OFFER_TEXTS.gone);
    const [reg] = await tx
      .select({
        status: registrations.status,
        cohortId: registrations.cohortId,
        leadId: registrations.leadId,
        priceCents: registrations.priceCents,
        course: courses.title,
        email: leads.email,
      })
      .from(registrations)
      .innerJoin(courses, eq(courses.id, registrations.courseId))
      .innerJoin(leads, eq(leads.id, registrations.leadId))
      .where(eq(registrations.id, id))
      .for("update", { of: registrations });
    if (reg?.status !== "offered") return failure("gone", OFFER_TEXTS.gone);
    const by = { id: null, label: reg.email };
    if (accept) {
      await tx
        .update(registrations)
        .set({
          status: "pending",
          statusChangedAt: now,
          offerExpiresAt: null,
          holdExpiresAt: null,
          // The offer came to this address: answering it confirms the address.
          addressConfirmedAt: now,
        })
        .where(eq(registrations.id, id));
      await recordRegistrationEvent(tx, id, by, {
        from: "offered",
        to: "pending",
        note: "Accepted the waitlist offer",
        at: now,
      });
      await registrationSeated(tx, reg.leadId, reg.priceCents, today);
      await recordAudit(tx, {
        action: "registration_offer_accepted",
        actorLabel: reg.email,
        target: `registration:${id}`,
      });
      await invoiceSecuredSeat(tx, mail, null, id, now);
      return success({
        heading: OFFER_TEXTS.acceptedHeading,
        message: OFFER_TEXTS.accepted(reg.course),
        next: NEXT_STEPS.seated,
      });
    }
    await endRegistration(tx, id, reg, "Declined the waitlist offer", now, today, {
      label: reg.email,
      action: "registration_offer_declined",
    });
    await offerFreeSeats(tx, reg.cohortId, mail, now);
    return success({ heading: OFFER_TEXTS.declinedHeading, message: OFFER_TEXTS.declined });
  });
}

export const CONFIRM_TEXTS = {
  held: (course: string) =>
    `Thank you: your address is confirmed and your seat in ${course} is held for you.`,
  seated: (course: string) =>
    `Thank you: your address is confirmed, and a seat in ${course} is now yours.`,
  full: (course: string) =>
    `Thank you: your address is confirmed. The date of ${course} filled before you confirmed, so you are on its waitlist: when a seat frees, you are e-mailed a link to take it.`,
  inLine: (course: string) =>
    `Thank you: your address is confirmed and you keep your place on the waitlist of ${course}.`,
  confirmed: "Your address is confirmed.",
} as const;

/**
 * The student confirms their address through the registration e-mail's link: a held seat is
 * theirs without the 24-hour limit; an unconfirmed registration takes a seat now if one is free
 * (else it joins the waitlist); a waitlist entry keeps its place (and is offered a free seat at
 * once). A used or unknown link is "gone".
 */
export async function confirmEmailHold(
  db: Db,
  mail: StaffMail,
  token: string,
  now: Date,
  today: string,
): Promise<Result<OfferPage>> {
  return db.transaction(async (tx) => {
    const id = await spendRegistrationToken(tx, token, "email", now);
    if (!id) {
      return failure("gone", OFFER_TEXTS.confirmGone);
    }
    const [reg] = await tx
      .select({
        status: registrations.status,
        cohortId: registrations.cohortId,
        leadId: registrations.leadId,
        priceCents: registrations.priceCents,
        course: registrations.certificationInterest,
      })
      .from(registrations)
      .where(eq(registrations.id, id))
      .for("update");
    if (!reg) return failure("gone", OFFER_TEXTS.confirmGone);
    const student = { id: null, label: "Student (e-mail link)" };
    let status = reg.status;
    if (reg.status === "unconfirmed") {
      // First confirmed, first seated: the seat is taken now, if the date still has one.
      status = (await takeSeat(tx, reg.cohortId, now)) ? "pending" : "waitlisted";
      await recordRegistrationEvent(tx, id, student, {
        from: "unconfirmed",
        to: status,
        note:
          status === "pending"
            ? "Address confirmed: took a seat"
            : "Address confirmed: the date was full, joined the waitlist",
        at: now,
      });
      if (status === "pending") await registrationSeated(tx, reg.leadId, reg.priceCents, today);
    } else {
      // Staff see it in the history: a confirmed pending seat is not released.
      await recordRegistrationEvent(tx, id, student, {
        from: reg.status,
        to: reg.status,
        note: "Address confirmed by the student",
        at: now,
      });
    }
    await tx
      .update(registrations)
      .set({
        status,
        ...(status === reg.status ? {} : { statusChangedAt: now }),
        holdExpiresAt: null,
        addressConfirmedAt: now,
      })
      .where(eq(registrations.id, id));
    await recordAudit(tx, {
      action: "registration_email_confirmed",
      actorLabel: student.label,
      target: `registration:${id}`,
    });
    // A confirmed place in line may be offered a seat that is free already.
    if (status === "waitlisted") await offerFreeSeats(tx, reg.cohortId, mail, now);
    // A seat secured by the student's own address: invoiced now when it pays by invoice.
    if (status === "pending") await invoiceSecuredSeat(tx, mail, null, id, now);
    const message =
      reg.status === "unconfirmed"
        ? status === "pending"
          ? CONFIRM_TEXTS.seated(reg.course)
          : CONFIRM_TEXTS.full(reg.course)
        : reg.status === "pending"
          ? CONFIRM_TEXTS.held(reg.course)
          : reg.status === "waitlisted"
            ? CONFIRM_TEXTS.inLine(reg.course)
            : CONFIRM_TEXTS.confirmed;
    return success({ heading: OFFER_TEXTS.confirmedHeading, message, next: nextStepAfter(status) });
  });
}

/** Each cohort's waitlist in order (the admin's view of one cohort). */
export async function cohortWaitlist(db: Db, cohortId: number) {
  return db
    .select({
      id: registrations.id,
      name: leads.name,
      email: leads.email,
      at: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(and(eq(registrations.cohortId, cohortId), eq(registrations.status, "waitlisted")))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

/** What a link page shows about the registration its live token names, or null. */
export async function registrationOfLink(
  db: Db,
  token: unknown,
  purpose: "email" | "offer",
  now: Date,
) {
  const id = await registrationOfToken(db, token, purpose, now);
  if (!id) return null;
  const [row] = await db
    .select({
      course: courses.title,
      startDate: registrations.startDate,
      classSchedule: registrations.classSchedule,
      status: registrations.status,
      offerExpiresAt: registrations.offerExpiresAt,
      holdExpiresAt: registrations.holdExpiresAt,
    })
    .from(registrations)
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(eq(registrations.id, id));
  if (!row) return null;
  if (purpose === "offer" && row.status !== "offered") return null;
  const until = purpose === "offer" ? row.offerExpiresAt : row.holdExpiresAt;
  return {
    course: row.course,
    startDate: row.startDate,
    schedule: labelOf(CLASS_SCHEDULES, row.classSchedule),
    status: row.status,
    until: until?.toISOString() ?? null,
  };
}
