// Running registrations (issue 22, decision 0017): staff confirm, record payments, cancel, move and
// complete them; a student cancels their own. Each change locks the registration's row, checks
// the status rule (registration-status.ts), moves seats by conditional update, writes the
// history line and the audit entry, tells the pipeline (a paid or cancelled registration's
// deal), and queues its e-mail, all in one transaction. Over 400 lines: every change shares the
// lock, the status rule and the history helpers, which stay private to this file.
import { eq } from "drizzle-orm";
import {
  type Actor,
  type AuditAction,
  auditChange,
  recordAudit,
} from "#app/domain/audit/audit.server.ts";
import { issueLink } from "#app/domain/auth/account-links.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import type { CardGateway } from "#app/domain/billing/card-gateway.ts";
import { closeOpenCheckouts } from "#app/domain/billing/checkout.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { accountOf, type Payment, recordPayment } from "#app/domain/billing/payments.server.ts";
import type { PipelineActor } from "#app/domain/leads/pipeline.server.ts";
import { registrationCancelled, registrationPaid } from "#app/domain/leads/pipeline.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { dayIn, formatDay } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { salesEmailAddress } from "#app/domain/settings/staff-settings.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { cohorts, registrations, users } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import {
  type CreditOverride,
  cancellationQuote,
  creditFor,
  type Settlement,
  settleCancellation,
  unlessRolledBack,
} from "./cancellation-refunds.server.ts";
import {
  invoiceSecuredSeat,
  overpaidCents,
  owedCents,
  registrationBill,
} from "./registration-invoices.server.ts";
import { dropRegistrationTokens } from "./registration-links.server.ts";
import { registrationMailOf } from "./registration-mail.server.ts";
import {
  actionRefusal,
  holdsSeat,
  isRegistrationStatus,
  REGISTRATION_TEXTS,
  type RegistrationAction,
  type RegistrationStatus,
  seatConfirmed,
  studentCancelRefusal,
} from "./registration-status.ts";
import {
  cancelledMail,
  confirmedMail,
  movedMail,
  type StudentRegistration,
  studentCancelledNotice,
} from "./registration-status-mail.server.ts";
import {
  freeSeat,
  hasActiveRegistration,
  recordRegistrationEvent,
  studentColumns,
  takeSeat,
  withStudent,
} from "./registrations.server.ts";
import { type ClassSchedule, formatPrice, scheduleAside } from "./training.ts";
import { offerFreeSeats } from "./waitlist.server.ts";

/** A registration command done: the message the screen shows. */
export type RegistrationOutcome = Result<string>;

const notFound = failure("not-found", REGISTRATION_TEXTS.notFound);
const refused = (error: string, fieldErrors?: Record<string, string>) =>
  failure("conflict", error, fieldErrors);

/** What a change needs besides the database: the outbox and brand, where staff are told. */
export interface RegistrationServices {
  db: Db;
  mail: StaffMail;
  /** Where a student's own cancellation is reported (the staff setting). */
  salesEmail: string;
  /** Stripe, when the site has its keys: a cancelled card payment is refunded through it. */
  cards: CardGateway | null;
}

/** The services of a change, loaded before its transaction opens. */
export async function registrationServicesOf(
  services: Pick<AppServices, "db" | "storage" | "env" | "logger" | "outbox">,
  cards: CardGateway | null,
): Promise<RegistrationServices> {
  return {
    db: services.db,
    mail: await registrationMailOf(services),
    salesEmail: await salesEmailAddress(services.db, services.env.SALES_EMAIL),
    cards,
  };
}

/** The registration as a change sees it, its row locked. */
type Locked = StudentRegistration & {
  id: number;
  leadId: number;
  courseId: number;
  cohortId: number;
  status: RegistrationStatus;
  paidCents: number | null;
};

async function lockRegistration(tx: DbTransaction, id: number): Promise<Locked | null> {
  const columns = {
    ...studentColumns,
    courseId: registrations.courseId,
    cohortId: registrations.cohortId,
    status: registrations.status,
    paidCents: registrations.paidCents,
  };
  const [row] = await withStudent(tx.select(columns).from(registrations).$dynamic())
    .where(eq(registrations.id, id))
    .for("update", { of: registrations });
  if (!row || !isRegistrationStatus(row.status)) return null;
  return { ...row, status: row.status, classSchedule: row.classSchedule as ClassSchedule };
}

/** Who changes a registration without a staff account: a card paid through Stripe. */
const CARD_PAYMENT = "Card payment (Stripe)";

/** Moves the registration to `to`, with its history line and audit entry. */
async function setStatus(
  tx: DbTransaction,
  actor: Actor | null,
  reg: Locked,
  to: RegistrationStatus,
  change: {
    action: AuditAction;
    note?: string;
    now: Date;
    set?: Partial<typeof registrations.$inferInsert>;
    details?: Record<string, unknown>;
  },
) {
  await tx
    .update(registrations)
    .set({ ...change.set, status: to, statusChangedAt: change.now })
    .where(eq(registrations.id, reg.id));
  await recordRegistrationEvent(
    tx,
    reg.id,
    { id: actor?.user.id ?? null, label: actor?.user.email ?? CARD_PAYMENT },
    { from: reg.status, to, note: change.note, at: change.now },
  );
  const details = {
    student: reg.email,
    course: reg.course,
    startDate: reg.startDate,
    from: reg.status,
    to,
    ...change.details,
  };
  const target = `registration:${reg.id}`;
  if (actor) await auditChange(tx, actor, change.action, target, details);
  else await recordAudit(tx, { action: change.action, actorLabel: CARD_PAYMENT, target, details });
}

/** Runs `body` on the locked registration once the status rule allows `action`. */
function change(
  db: Db,
  id: number,
  action: RegistrationAction,
  today: string,
  body: (tx: DbTransaction, reg: Locked) => Promise<RegistrationOutcome>,
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const reg = await lockRegistration(tx, id);
    if (!reg) return notFound;
    const refusal = actionRefusal(action, reg.status, reg.startDate, today);
    if (refusal) return refused(refusal);
    return body(tx, reg);
  });
}

/**
 * Confirm: the student is e-mailed. When no account has their address, a student account is
 * made and the e-mail carries its invitation link (as the Users screen's invitations are).
 */
export function confirmRegistration(
  services: RegistrationServices,
  actor: Actor,
  id: number,
  now: Date,
  today: string,
): Promise<RegistrationOutcome> {
  return change(services.db, id, "confirm", today, async (tx, reg) => {
    const invitation = await invitationFor(tx, reg);
    // The first class in the student's calendar turns from TENTATIVE to CONFIRMED: a change
    // of STATUS is a new SEQUENCE (RFC 5546).
    const confirmed = {
      ...reg,
      status: "confirmed" as const,
      calendarSequence: reg.calendarSequence + 1,
    };
    await setStatus(tx, actor, reg, "confirmed", {
      action: "registration_confirmed",
      now,
      // Staff vouch for the student: the seat no longer waits for their address.
      set: { holdExpiresAt: null, calendarSequence: confirmed.calendarSequence },
      details: { invitation: Boolean(invitation) },
    });
    await services.mail.outbox.enqueue(tx, [
      await confirmedMail(confirmed, services.mail.brand, invitation, now),
    ]);
    // Secured: a bank transfer or company invoice is invoiced now (decision 0025).
    await invoiceSecuredSeat(tx, services.mail, actor, reg.id, now);
    return success(`Registration confirmed; ${reg.name} was e-mailed.`);
  });
}

/** A new student account and its invitation token, or null when the address has an account. */
async function invitationFor(tx: DbTransaction, reg: Locked) {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, reg.email.trim().toLowerCase()));
  if (existing) return null;
  const [firstName = "", ...rest] = reg.name.trim().split(/\s+/);
  const user = await createUser(tx, {
    email: reg.email,
    role: "student",
    firstName,
    lastName: rest.join(" "),
  });
  // On the accounts' own clock, which their set-password page checks it against.
  return issueLink(tx, user.id, "invitation");
}

/** What staff record by hand: a bank transfer or cheque received (a card pays through Stripe). */
export interface StaffPayment {
  method: "bank-transfer" | "cheque";
  amountCents: number;
  /** The company's day the money came: today or before. */
  receivedOn: string;
  reference: string;
}

/**
 * Record a payment (staff): a bank transfer or cheque received, at most what is still due. Its
 * receipt is issued and e-mailed; partial payments add up, and once nothing is due the
 * registration is Paid and its deal won (payWithin). A registration with nothing due, or whose
 * status takes no payment, is refused; nothing changes.
 */
export function recordRegistrationPayment(
  services: Pick<RegistrationServices, "db" | "mail">,
  actor: PipelineActor,
  id: number,
  payment: StaffPayment,
  now: Date,
  today: string,
): Promise<Result<{ message: string; receipt: string; paid: boolean }>> {
  if (payment.receivedOn > today) {
    const error = REGISTRATION_TEXTS.futurePayment;
    return Promise.resolve(failure("invalid", error, { receivedOn: error }));
  }
  return services.db.transaction(async (tx) => {
    const reg = await lockRegistration(tx, id);
    const bill = reg && (await registrationBill(tx, id));
    if (!reg || !bill) return notFound;
    // Whatever the status: a completed course's net-30 invoice, a late cancellation's fee are
    // paid after. Only what is owed can be recorded (payWithin moves the status where it may).
    const due = owedCents(await accountOf(tx, id), bill);
    if (due === 0) return refused(REGISTRATION_TEXTS.nothingDue);
    const madeOn = dayIn(bill.createdAt, await getTimeZone(tx));
    if (payment.receivedOn < madeOn) {
      const error = REGISTRATION_TEXTS.paymentBeforeRegistration(formatDay(madeOn));
      return failure("invalid", error, { receivedOn: error });
    }
    if (payment.amountCents > due) {
      const error = REGISTRATION_TEXTS.aboveDue(formatAmount(due));
      return failure("invalid", error, { amount: error });
    }
    const paid = await payWithin(tx, services.mail, actor, id, payment, now, today);
    if (!paid.ok) return paid;
    const { receipt, dueCents: left, paid: settled } = paid.value;
    const amount = formatAmount(payment.amountCents);
    const rest = settled
      ? "nothing more is due: the registration is paid."
      : `${formatAmount(left)} is still due.`;
    return success({
      message: `${amount} recorded for ${reg.name}; receipt ${receipt} e-mailed; ${rest}`,
      receipt: receipt ?? "",
      paid: settled,
    });
  });
}

/**
 * Records a payment for the registration inside the caller's transaction (staff's Record a
 * payment, or a card paid through Stripe's webhook, `actor` null): its row locked, the payment
 * and its receipt stored, and once nothing is due the registration is Paid and its deal won. The
 * money is recorded whatever the status (money that came is never lost); the status moves only
 * where the rule allows Paid. A Stripe payment already recorded changes nothing (null receipt).
 */
export async function payWithin(
  tx: DbTransaction,
  mail: StaffMail,
  actor: PipelineActor | null,
  id: number,
  payment: Payment,
  now: Date,
  today: string,
): Promise<
  Result<{ receipt: string | null; dueCents: number; overpaidCents: number; paid: boolean }>
> {
  const reg = await lockRegistration(tx, id);
  const bill = reg && (await registrationBill(tx, id));
  if (!reg || !bill) return notFound;
  const receipt = await recordPayment(tx, mail, actor, bill, payment, now);
  const account = await accountOf(tx, id);
  const due = owedCents(account, bill);
  const kept = account.paidCents - account.refundedCents;
  // The summary the registration's lists show: what is kept, the last way and day it came.
  const summary = { paidCents: kept, paidMethod: payment.method, paidOn: payment.receivedOn };
  const settled =
    receipt !== null && due === 0 && !actionRefusal("pay", reg.status, reg.startDate, today);
  if (settled) {
    const amount = formatPrice(kept);
    await setStatus(tx, actor, reg, "paid", {
      action: "registration_paid",
      now,
      note: `${amount} paid; receipt ${receipt.number}`,
      set: {
        ...summary,
        // Paid without a confirmation first: the calendar's next file says CONFIRMED, a new
        // SEQUENCE as a confirmation's would be.
        ...(seatConfirmed(reg.status) ? {} : { calendarSequence: reg.calendarSequence + 1 }),
      },
      details: { amount, method: payment.method, paidOn: payment.receivedOn },
    });
    // The deal is worth what was invoiced (the price, for a card); the earnings are the money.
    const charged = account.invoice?.totalCents ?? bill.priceCents;
    await registrationPaid(tx, actor, reg.leadId, charged, payment.receivedOn);
  } else if (receipt) {
    await tx.update(registrations).set(summary).where(eq(registrations.id, id));
  }
  return success({
    receipt: receipt?.number ?? null,
    dueCents: due,
    overpaidCents: overpaidCents(account, bill),
    paid: settled,
  });
}

/**
 * Cancels inside the caller's transaction: the seat is freed, the deal lost, and a paid or
 * invoiced registration's money settled (decision 0025: the credit note, then the refunds; a
 * card refund that fails throws `Rollback`). The student is told by the caller.
 */
async function cancelLocked(
  tx: DbTransaction,
  services: RegistrationServices,
  actor: PipelineActor,
  reg: Locked,
  reason: string,
  credit: { creditCents: number; overrideReason: string },
  now: Date,
  today: string,
  action: "registration_cancelled" | "registration_cancelled_by_student",
): Promise<Settlement | null> {
  const { mail } = services;
  if (holdsSeat(reg.status)) await freeSeat(tx, reg.cohortId, now);
  await setStatus(tx, actor, reg, "cancelled", {
    action,
    now,
    note: credit.overrideReason
      ? `${reason} (credit ${formatAmount(credit.creditCents)}: ${credit.overrideReason})`
      : reason,
    set: { cancelReason: reason, holdExpiresAt: null, offerExpiresAt: null },
    details: { reason, ...(credit.overrideReason ? { override: credit.overrideReason } : {}) },
  });
  await dropRegistrationTokens(tx, reg.id);
  await registrationCancelled(tx, actor, reg.leadId, today);
  // No more card payments for it: an open Checkout is expired first.
  await closeOpenCheckouts(tx, services.cards, reg.id);
  const settlement = await settleCancellation(
    tx,
    mail,
    services.cards,
    actor,
    reg.id,
    credit,
    reason,
    now,
    today,
  );
  // The freed seat goes to the first person waiting.
  await offerFreeSeats(tx, reg.cohortId, mail, now);
  return settlement;
}

/** The money a cancellation settled, as its message says it. */
const settledText = (s: Settlement | null) =>
  !s
    ? ""
    : s.creditNote
      ? ` Credit note ${s.creditNote} credits ${formatAmount(s.creditCents)}${s.refundCents > 0 ? `; ${formatAmount(s.refundCents)} ${s.refundWay}` : ""}.`
      : ` Nothing is credited under the cancellation policy.${s.owedLine ? ` ${s.owedLine}` : ""}`;

/**
 * Cancel (staff): frees the seat, moves the deal to Closed Lost, credits and refunds what the
 * cancellation policy allows (or staff's override, with its reason), e-mails the student.
 */
export function cancelRegistration(
  services: RegistrationServices,
  actor: PipelineActor,
  id: number,
  reason: string,
  now: Date,
  today: string,
  override?: CreditOverride,
): Promise<RegistrationOutcome> {
  return unlessRolledBack(() =>
    change(services.db, id, "cancel", today, async (tx, reg) => {
      const credit = creditFor(await cancellationQuote(tx, id, today), override);
      if ("ok" in credit) return credit;
      const settlement = await cancelLocked(
        tx,
        services,
        actor,
        reg,
        reason,
        credit,
        now,
        today,
        "registration_cancelled",
      );
      await services.mail.outbox.enqueue(tx, [
        await cancelledMail(reg, services.mail.brand, reason, now, settlement),
      ]);
      return success(`Registration cancelled; ${reg.name} was e-mailed.${settledText(settlement)}`);
    }),
  );
}

/**
 * A student cancels their own registration in the portal, until `days` before the start: the
 * seat is freed, the money credited and refunded as the cancellation policy says, and staff are
 * e-mailed. Another student's id is answered as not found.
 */
export function cancelOwnRegistration(
  services: RegistrationServices,
  student: PipelineActor,
  id: number,
  days: number,
  now: Date,
  today: string,
): Promise<RegistrationOutcome> {
  return unlessRolledBack(() =>
    services.db.transaction(async (tx) => {
      const reg = await lockRegistration(tx, id);
      if (!reg || reg.email.trim().toLowerCase() !== student.user.email.toLowerCase()) {
        return notFound;
      }
      const refusal = studentCancelRefusal(reg.status, reg.startDate, today, days);
      if (refusal) return refused(refusal);
      const reason = "Cancelled by the student in the Training Portal";
      const action = "registration_cancelled_by_student";
      // The student's own cancellation always follows the policy.
      const credit = creditFor(await cancellationQuote(tx, id, today), undefined);
      if ("ok" in credit) return credit;
      const settlement = await cancelLocked(
        tx,
        services,
        student,
        reg,
        reason,
        credit,
        now,
        today,
        action,
      );
      // The student is told as a staff cancellation tells them; staff are told, paid or not.
      await services.mail.outbox.enqueue(tx, [
        await cancelledMail(reg, services.mail.brand, null, now, settlement),
        await studentCancelledNotice(reg, services.mail.brand, services.salesEmail, settlement),
      ]);
      return success(`Your registration for ${reg.course} is cancelled.${settledText(settlement)}`);
    }),
  );
}

/**
 * Move to another upcoming cohort of the same course: the target's seat is taken first (by
 * conditional update), then the old one freed, in one transaction; a full target changes
 * nothing. The student is e-mailed the new date with its calendar file.
 */
export function moveRegistration(
  services: RegistrationServices,
  actor: Actor,
  id: number,
  cohortId: number,
  now: Date,
  today: string,
): Promise<RegistrationOutcome> {
  return change(services.db, id, "move", today, async (tx, reg) => {
    const field = (error: string) => refused(error, { cohortId: error });
    if (cohortId === reg.cohortId) return field(REGISTRATION_TEXTS.sameCohort);
    const [target] = await tx
      .select({ courseId: cohorts.courseId, startDate: cohorts.startDate })
      .from(cohorts)
      .where(eq(cohorts.id, cohortId));
    if (!target || target.courseId !== reg.courseId || target.startDate < today) {
      return field(REGISTRATION_TEXTS.cohortNotOpen);
    }
    if (await hasActiveRegistration(tx, cohortId, reg.email, reg.id)) {
      return field(REGISTRATION_TEXTS.alreadyThere);
    }
    const seat = await takeSeat(tx, cohortId, now, reg.courseId);
    if (!seat) return field(REGISTRATION_TEXTS.cohortFull);
    await freeSeat(tx, reg.cohortId, now);
    await offerFreeSeats(tx, reg.cohortId, services.mail, now);
    const from = `${formatDay(reg.startDate)} (${scheduleAside(reg.classSchedule)})`;
    const to = `${formatDay(seat.startDate)} (${scheduleAside(seat.classSchedule)})`;
    await setStatus(tx, actor, reg, reg.status, {
      action: "registration_moved",
      now,
      note: `Moved from ${from} to ${to}`,
      // The same event moves in the student's calendar: its SEQUENCE goes up.
      set: {
        cohortId,
        startDate: seat.startDate,
        classSchedule: seat.classSchedule,
        calendarSequence: reg.calendarSequence + 1,
      },
      details: { fromCohort: reg.cohortId, toCohort: cohortId },
    });
    const moved = {
      ...reg,
      startDate: seat.startDate,
      classSchedule: seat.classSchedule as ClassSchedule,
      calendarSequence: reg.calendarSequence + 1,
    };
    await services.mail.outbox.enqueue(tx, [await movedMail(moved, services.mail.brand, now)]);
    return success(`${reg.name} moved to ${to}; they were e-mailed.`);
  });
}

/** Mark completed, once the class has started. */
export function completeRegistration(
  services: Pick<RegistrationServices, "db">,
  actor: Actor,
  id: number,
  now: Date,
  today: string,
): Promise<RegistrationOutcome> {
  return change(services.db, id, "complete", today, async (tx, reg) => {
    await setStatus(tx, actor, reg, "completed", { action: "registration_completed", now });
    return success(`${reg.name}'s registration is completed.`);
  });
}

/**
 * Completes the registration inside the caller's transaction (issuing its certificate completes
 * it): its row locked and the status rule checked as Mark completed does; one already completed
 * stays as it is.
 */
export async function completeWithin(
  tx: DbTransaction,
  actor: Actor,
  id: number,
  now: Date,
  today: string,
): Promise<Result<StudentRegistration>> {
  const reg = await lockRegistration(tx, id);
  if (!reg) return notFound;
  if (reg.status !== "completed") {
    const refusal = actionRefusal("complete", reg.status, reg.startDate, today);
    if (refusal) return refused(refusal);
    await setStatus(tx, actor, reg, "completed", { action: "registration_completed", now });
  }
  return success(reg);
}
