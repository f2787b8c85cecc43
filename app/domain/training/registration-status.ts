// A registration's status and what staff and students may do with it (decision 0017).
// Client-safe: the admin screen and the portal show the same rules the server applies.
import { formatDay } from "#app/domain/settings/clock.ts";
import { addDays, formatPrice } from "./training.ts";

export const REGISTRATION_STATUSES = [
  "pending",
  "confirmed",
  "paid",
  "cancelled",
  "completed",
  "waitlisted",
  "offered",
  "unconfirmed",
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  paid: "Paid",
  cancelled: "Cancelled",
  completed: "Completed",
  waitlisted: "Waitlisted",
  offered: "Offered",
  unconfirmed: "Unconfirmed (no seat yet)",
};

export const isRegistrationStatus = (value: unknown): value is RegistrationStatus =>
  (REGISTRATION_STATUSES as readonly unknown[]).includes(value);

/**
 * Whether a registration in this status holds one of its cohort's seats. An unconfirmed one
 * (a client past its unconfirmed holds) takes its seat when its address is confirmed.
 */
export const holdsSeat = (status: string) =>
  status !== "cancelled" && status !== "waitlisted" && status !== "unconfirmed";

/** A registration's classes are worth a calendar file while it holds a seat and is not completed. */
export const offersClasses = (status: string) => holdsSeat(status) && status !== "completed";

/** What staff do to a registration: each a button or a small form on its detail. */
export type RegistrationAction = "confirm" | "pay" | "cancel" | "move" | "complete";

/** The statuses each action starts from. */
const FROM: Record<RegistrationAction, readonly RegistrationStatus[]> = {
  confirm: ["pending"],
  pay: ["pending", "confirmed"],
  cancel: ["pending", "confirmed", "paid", "waitlisted", "offered", "unconfirmed"],
  move: ["pending", "confirmed", "paid"],
  complete: ["pending", "confirmed", "paid"],
};

const VERBS: Record<RegistrationAction, string> = {
  confirm: "confirmed",
  pay: "paid",
  cancel: "cancelled",
  move: "moved",
  complete: "marked completed",
};

/**
 * Why `action` cannot be done to a registration in `status` that starts on `startDate`, or
 * null when it can. A class is completed only once it has started.
 */
export function actionRefusal(
  action: RegistrationAction,
  status: string,
  startDate: string,
  today: string,
): string | null {
  if (!(FROM[action] as readonly string[]).includes(status)) {
    const label = isRegistrationStatus(status) ? STATUS_LABELS[status] : status;
    return `This registration is ${label.toLowerCase()}: it cannot be ${VERBS[action]}.`;
  }
  if (action === "complete" && startDate > today) {
    return "The class has not started yet: a registration is completed after its start date.";
  }
  return null;
}

/** The actions a registration offers now (the detail shows only these). */
export const actionsFor = (status: string, startDate: string, today: string) =>
  (Object.keys(FROM) as RegistrationAction[]).filter(
    (action) => actionRefusal(action, status, startDate, today) === null,
  );

/**
 * Why a student can no longer cancel in the portal, or null while they may: the status allows a
 * cancellation and the start is `days` or more away. The portal shows it instead of the button,
 * and the server refuses with it.
 */
export function studentCancelRefusal(
  status: string,
  startDate: string,
  today: string,
  days: number,
): string | null {
  const refusal = actionRefusal("cancel", status, startDate, today);
  if (refusal) return refusal;
  return addDays(today, days) <= startDate
    ? null
    : REGISTRATION_TEXTS.tooLateToCancel(days, startDate);
}

/**
 * A registration's first class in the student's calendar is CONFIRMED once staff confirmed it
 * (or it was paid); before that it is TENTATIVE (decision 0020, changed by issue 43).
 */
export const seatConfirmed = (status: string) =>
  status === "confirmed" || status === "paid" || status === "completed";

export const REGISTRATION_TEXTS = {
  notFound: "That registration no longer exists.",
  cohortFull: "That date is full: no seat was moved.",
  cohortNotOpen: "Choose an upcoming date of the same course.",
  sameCohort: "The student is already on that date.",
  alreadyThere: "This student already has a registration for that date.",
  futurePayment: "A payment cannot be dated after today.",
  /** A date typed wrong (2007 for 2027) would book the money outside every figure. */
  paymentBeforeRegistration: (day: string) =>
    `A payment for this registration cannot be dated before it was made (${day}).`,
  /** Record a payment on a registration whose invoice (or price) is settled. */
  nothingDue: "Nothing is due on this registration: no payment was recorded.",
  /** Record a payment of more than is still due (`due` formatted, "$1,200.00"). */
  aboveDue: (due: string) =>
    `Only ${due} is due on this registration: record at most that (nothing was recorded).`,
  /** The last day a student could cancel in the portal (`days` before the start) has passed. */
  tooLateToCancel: (days: number, startDate: string) =>
    `Cancelling here was possible until ${days === 0 ? "the start" : `${formatDay(addDays(startDate, -days))}, ${days} ${days === 1 ? "day" : "days"} before the start`} on ${formatDay(startDate)}. Please call us to cancel.`,
} as const;

/** What a cancelled registration's payment becomes: staff contact the student about the refund. */
export const refundLine = (paidCents: number) =>
  `You paid ${formatPrice(paidCents)}: a member of our team will contact you about the refund.`;
