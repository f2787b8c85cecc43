// Training values shared by the server and the browser: options, texts, money and date helpers,
// and the calendar's keyboard focus search. Dates are calendar days as "YYYY-MM-DD" strings;
// the date formats and the company's clock are in app/domain/settings/clock.ts.
import { isCalendarDate } from "#app/platform/calendar-date.ts";

export const CLASS_SCHEDULES = [
  { value: "morning", label: "Morning (Monday to Thursday 8:00 AM to 12:00 PM)" },
  { value: "evening", label: "Evening (Monday to Thursday 6:00 PM to 10:00 PM)" },
  { value: "friday", label: "Friday (9:00 AM to 5:00 PM)" },
  { value: "saturday", label: "Saturday (9:00 AM to 5:00 PM)" },
  {
    value: "weeknight-lab",
    label: "Monday and Wednesday evenings 7:00 PM to 9:30 PM plus Saturday lab 9:00 AM to 12:00 PM",
  },
] as const;

export type ClassSchedule = (typeof CLASS_SCHEDULES)[number]["value"];

/**
 * A schedule's words to put in parentheses after a date, with no parentheses of their own:
 * "Evening, Monday to Thursday 6:00 PM to 10:00 PM" (not "(Evening (Monday ...))").
 */
export const scheduleAside = (schedule: string): string =>
  labelOf(CLASS_SCHEDULES, schedule).replace(/ \((.*)\)$/, ", $1");

/** Local times of a schedule's first session, for the calendar invitation. */
export const FIRST_SESSION: Record<ClassSchedule, { start: string; end: string }> = {
  morning: { start: "08:00", end: "12:00" },
  evening: { start: "18:00", end: "22:00" },
  friday: { start: "09:00", end: "17:00" },
  saturday: { start: "09:00", end: "17:00" },
  "weeknight-lab": { start: "19:00", end: "21:30" },
};

export const EXPERIENCE_LEVELS = [
  { value: "0-1", label: "0-1 years" },
  { value: "1-3", label: "1-3 years" },
  { value: "3-5", label: "3-5 years" },
  { value: "5+", label: "5+ years" },
] as const;

export const PAYMENT_METHODS = [
  { value: "credit-card", label: "Credit Card" },
  { value: "bank-transfer", label: "Bank Transfer" },
  { value: "company-invoice", label: "Company Invoice" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/**
 * What happens about paying with a card: the one place to change when a card can be paid at
 * once (Stripe configured: "Pay now by card").
 */
export const CARD_PAYMENT_NOTE =
  "A representative will contact you to schedule a meet and greet session and finalize payment arrangements.";

const MEET_AND_GREET = "A representative will contact you to schedule a meet and greet session.";

/** Step 3's and the confirmation e-mail's word on paying, by payment method. */
export const PAYMENT_NOTES: Record<PaymentMethod, string> = {
  "credit-card": CARD_PAYMENT_NOTE,
  "bank-transfer": `Your invoice is e-mailed to you once your seat is confirmed, with its due date and how to pay. ${MEET_AND_GREET}`,
  "company-invoice": `The invoice is e-mailed to you and to the billing email once your seat is confirmed, with its due date and how to pay. ${MEET_AND_GREET}`,
};

/** The note for a payment method (the card's for none: a waitlist place chooses later). */
export const paymentNote = (method: string): string =>
  PAYMENT_NOTES[method as PaymentMethod] ?? CARD_PAYMENT_NOTE;

export const WIZARD_STEPS = ["Personal Info", "Schedule", "Payment"] as const;

/** The spec's success text, without its "Redirecting...": the confirmation page stays (DESIGN.md). */
export const REGISTRATION_SUCCESS =
  "Registration submitted successfully! We'll contact you shortly to finalize your enrollment.";
export const REGISTRATION_FAILURE =
  "There was an error submitting your registration. Please try again or contact us directly.";
export const COURSE_NOT_FOUND = "Course not found";
export const COMING_SOON = "This certification course is coming soon!";
export const COHORT_FULL =
  "This start date is now full. Choose another date, or continue with this one to join its waitlist.";
export const WAITLIST_SUCCESS =
  "You are on the waitlist. When a seat frees, the first person waiting is e-mailed a link to take it.";
export const ALREADY_REGISTERED =
  "This e-mail address is already registered for this start date. We sent that address a message with its registration; choose another date if you meant one.";
/** How long a waitlist offer holds its seat (here, not in registration-status.ts, for the wizard). */
export const OFFER_HOURS = 48;
/** How long a new registration's seat is held without a confirmed e-mail address. */
export const HOLD_HOURS = 24;

/** Step 3 on a full date: joining its waitlist charges nothing yet. */
export const WAITLIST_PAYMENT_NOTE = `Nothing is charged and no payment method is needed now. When a seat frees, the first person waiting is e-mailed a link to take it, and the seat is held for them for ${OFFER_HOURS} hours; once you take it, you pay as for any registration: by an invoice e-mailed to you (bank transfer or company invoice) or by card.`;

/**
 * The wizard's longer words (what follows about paying, the start dates' hints), sent as the
 * register page's data rather than in its script, which has a size budget.
 */
export const WIZARD_TEXTS = {
  paymentNotes: PAYMENT_NOTES,
  waitlist: WAITLIST_PAYMENT_NOTE,
  noDates: "No upcoming start dates are scheduled. Please call us.",
  fullDates: "A full date takes a waitlist: choose it to be offered the first seat that frees.",
};
export type WizardTexts = typeof WIZARD_TEXTS;
/** How far ahead the portal lists an instructor's cohorts that have no students yet. */
export const EMPTY_COHORT_HORIZON_DAYS = 60;

/** Whole dollars with thousands separators: 499500 cents is "$4,995" (cents shown only if any). */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString("en-US", {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

export function labelOf(options: readonly { value: string; label: string }[], value: string) {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** A calendar day "YYYY-MM-DD" that exists (the shared rule). */
export const isDay = isCalendarDate;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** The same day of another month, clamped to that month's last day. */
export function addMonths(day: string, months: number): string {
  const d = toUtc(day);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = daysInMonth(fromUtc(target).slice(0, 7));
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return fromUtc(target);
}

/** 0 = Sunday ... 6 = Saturday */
export function weekday(day: string): number {
  return toUtc(day).getUTCDay();
}

/** Days in a "YYYY-MM" month. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function addMonthsToMonth(month: string, months: number): string {
  return addMonths(`${month}-01`, months).slice(0, 7);
}

/** "Tuesday, May 5, 2026" */
export function formatDayLong(day: string): string {
  return toUtc(day).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "May 2026" */
const monthFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  timeZone: "UTC",
});

export function formatMonth(month: string): string {
  return monthFormat.format(toUtc(`${month}-01`));
}

/** "3 of 20 seats taken", "1 of 1 seat taken". */
export const seatsTakenText = (taken: number, capacity: number): string =>
  `${taken} of ${capacity} seat${capacity === 1 ? "" : "s"} taken`;
