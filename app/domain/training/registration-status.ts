// A registration's status and what staff and students may do with it (decision 0017).
// Client-safe: the admin screen and the portal show the same rules the server applies.
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
  pay: "marked paid",
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

/** Whether a student may still cancel in the portal: `days` or more before the start. */
export function studentMayCancel(
  status: string,
  startDate: string,
  today: string,
  days: number,
): boolean {
  return FROM.cancel.includes(status as RegistrationStatus) && addDays(today, days) <= startDate;
}

export const REGISTRATION_TEXTS = {
  notFound: "That registration no longer exists.",
  cohortFull: "That date is full: no seat was moved.",
  cohortNotOpen: "Choose an upcoming date of the same course.",
  sameCohort: "The student is already on that date.",
  alreadyThere: "This student already has a registration for that date.",
  futurePayment: "A payment cannot be dated after today.",
  tooLateToCancel: (days: number) =>
    `Registrations can be cancelled here until ${days} days before the start. Please call us to cancel.`,
} as const;

/** What a cancelled registration's payment becomes: staff contact the student about the refund. */
export const refundLine = (paidCents: number) =>
  `You paid ${formatPrice(paidCents)}: a member of our team will contact you about the refund.`;
