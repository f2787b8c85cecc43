// Consultations (issue 32, decision 0020): what the booking page and the staff screens share
// with the browser: the rules' constants, the texts a visitor reads, the page's data shapes.

/** A chosen time is held this long for the visitor while they fill in the form: never renewed. */
export const HOLD_MINUTES = 10;
/** Reminders go this many hours before the meeting, to both sides. */
export const REMINDER_HOURS = [24, 1] as const;
/** Days the booking page lists at once; more follow by a link. */
export const DAYS_PER_PAGE = 7;

/** "Any available consultant" in the page's address and form. */
export const ANY_CONSULTANT = "any";

export const BOOKING_TEXTS = {
  taken: "That time was just taken. Please choose another time.",
  past: "That time has passed. Please choose another time.",
  tooSoon: (hours: number) =>
    `That time is too soon: please book at least ${hours === 1 ? "1 hour" : `${hours} hours`} ahead.`,
  tooFar: (days: number) => `That time is too far ahead: please book within ${days} days.`,
  notASlot: "That is not one of the open times. Please choose one of the times shown.",
  noConsultant: "Please choose a consultant from the list.",
  unknownZone: "Please choose a time zone from the list.",
  unknownDay: "That is not a day of the calendar. Please choose one of the dates shown.",
  tooManyHolds:
    "Too many times are held from your network. Please finish a booking or wait 10 minutes.",
  rateLimited: "Too many times chosen from your network. Please wait a while and try again.",
  alreadyBooked:
    "This address already has that consultation booked. The e-mail we sent when it was booked has the link to change or cancel it.",
} as const;

/** One bookable time on the page, in the visitor's zone. */
export interface SlotView {
  /** ISO instant ("2027-03-02T15:00:00.000Z"): the link's `start`. */
  start: string;
  /** "10:00 AM" in the visitor's zone. */
  label: string;
}

export interface DayView {
  /** "YYYY-MM-DD" in the visitor's zone. */
  day: string;
  /** "Tuesday, March 2" */
  label: string;
  slots: SlotView[];
}

export interface MeetingTypeView {
  slug: string;
  name: string;
  description: string;
  lengthMinutes: number;
}

export interface ConsultantOption {
  id: number;
  name: string;
}

/** Which consultations the admins' list shows. */
export const CONSULTATION_LISTS = ["upcoming", "past", "cancelled"] as const;
export type ConsultationList = (typeof CONSULTATION_LISTS)[number];

/** A consultation as the staff screens list it. */
export interface StaffBooking {
  id: number;
  status: string;
  startsAt: string;
  endsAt: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  topic: string;
  message: string;
  typeName: string;
  consultantId: number | null;
  consultantName: string;
  leadId: number | null;
  outcome: string | null;
  outcomeNotes: string;
  /** "YYYY-MM-DD": when the consultant means to follow up, set when marking it held. */
  followUpOn: string | null;
  cancelReason: string;
}

/** Roles that take consultations without being marked (client-safe copy of the rule). */
export const CONSULTING_ROLES = ["sales_rep", "manager"] as const;

/** Whether a user takes consultations: by role, by an admin's mark, or not; null for a student. */
export function consultsBy(role: string, marked: boolean): "role" | "marked" | "no" | null {
  if ((CONSULTING_ROLES as readonly string[]).includes(role)) return "role";
  if (role === "student") return null;
  return marked ? "marked" : "no";
}
