// A consultation's e-mails: the booker and the consultant each get every change (booked, moved,
// cancelled, reminded) with the same calendar event: one UID, the SEQUENCE the booking carries,
// METHOD:CANCEL when it is cancelled. The booker's messages carry their one-time link to
// reschedule or cancel, kept out of the mail log (`secret`).

import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { notice, noticeEmails } from "#app/domain/mail/notice.server.ts";
import { formatMeeting, timeZoneLabel } from "#app/domain/settings/clock.ts";
import {
  type CalendarEvent,
  type CalendarMethod,
  calendarAttachment,
} from "#app/platform/calendar/calendar.server.ts";
import type { bookings } from "#app/platform/db/schema.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import type { Consultant } from "./consultants.server.ts";

/** Loaded before a transaction opens (see render.server.ts). */
export const loadBookingEmails = noticeEmails;

export type BookingRow = typeof bookings.$inferSelect;

export type BookingChange =
  | { kind: "booked"; token: string }
  /** `by`: the booker, or the staff member who moved it. */
  | { kind: "moved"; token: string; from: Date; by: "booker" | { id: number; name: string } }
  | { kind: "cancelled"; reason: string; by: "booker" | "staff" }
  | { kind: "reminder"; hours: number; token: string | null }
  /** Given to another consultant (the one before, `from`, left). */
  | { kind: "reassigned"; token: string; from: string };

/** The booker's page to reschedule or cancel (the token in the address, out of the mail log). */
const manageLink = (brand: MailBrand, token: string) =>
  `${brand.siteUrl}/consultation/manage?token=${token}`;

/** The consultation as both calendars keep it: one UID, the SEQUENCE the booking carries. */
export function consultationEvent(
  brand: MailBrand,
  b: BookingRow,
  typeName: string,
  consultant: Consultant,
): CalendarEvent {
  return {
    uid: `consultation-${b.id}@${new URL(brand.siteUrl).hostname}`,
    sequence: b.calendarSequence,
    start: b.startsAt,
    end: b.endsAt,
    summary: `${typeName}: ${b.name} and ${consultant.name} (${brand.siteName})`,
    description: [
      `${typeName} with ${consultant.name} of ${brand.siteName}.`,
      `Topic: ${labelOf(INQUIRY_TYPES, b.topic)}.`,
      `Questions or a change of plan: ${brand.phone}.`,
    ].join("\n"),
    location: `Phone or video call: ${consultant.name} calls ${b.phone}`,
    organizer: { name: brand.siteName, email: brand.email },
    attendees: [
      { name: b.name, email: b.email },
      { name: consultant.name, email: consultant.email },
    ],
  };
}

export const consultationProductId = (brand: MailBrand) =>
  `-//${brand.siteName}//Consultations//EN`;

function invitation(
  brand: MailBrand,
  b: BookingRow,
  typeName: string,
  consultant: Consultant,
  method: CalendarMethod,
  now: Date,
) {
  return calendarAttachment(method, consultationEvent(brand, b, typeName, consultant), {
    productId: consultationProductId(brand),
    stamp: now,
    filename: "consultation.ics",
  });
}

const HEADINGS: Record<BookingChange["kind"], string> = {
  booked: "Your consultation is booked",
  moved: "Your consultation has a new time",
  cancelled: "Your consultation is cancelled",
  reminder: "Your consultation is coming up",
  reassigned: "You meet another consultant",
};

const STAFF_SUBJECTS: Record<BookingChange["kind"], string> = {
  booked: "Consultation booked",
  moved: "Consultation moved",
  cancelled: "Consultation cancelled",
  reminder: "Consultation coming up",
  reassigned: "Consultation given to you",
};

/** The consultant's news of a move, naming who moved it (never the booker for staff). */
function movedLine(
  change: BookingChange,
  booker: string,
  meeting: string,
  consultantId: number,
  when: string,
) {
  const by = change.kind === "moved" ? change.by : "booker";
  if (by === "booker") return `${booker} moved your ${meeting} to ${when}.`;
  const mover = by.id === consultantId ? "You" : by.name;
  return `${mover} moved your ${meeting} with ${booker} to ${when}.`;
}

/** The booker's message and the consultant's, for a change of the booking. */
export async function bookingMails(
  brand: MailBrand,
  subject: {
    booking: BookingRow;
    type: { name: string };
    consultant: Consultant & { disabled?: boolean };
  },
  change: BookingChange & { companyZone: string; now: Date },
): Promise<OutgoingMail[]> {
  const { booking: b, type, consultant } = subject;
  const method: CalendarMethod = change.kind === "cancelled" ? "CANCEL" : "REQUEST";
  const ics = invitation(brand, b, type.name, consultant, method, change.now);
  const visitorZone = b.timeZone || change.companyZone;
  const forVisitor = `${formatMeeting(b.startsAt, visitorZone)} (${timeZoneLabel(visitorZone)})`;
  const forConsultant = `${formatMeeting(b.startsAt, consultant.timeZone)} (${timeZoneLabel(consultant.timeZone)})`;
  const token = "token" in change ? change.token : null;

  const visitorLines: Record<BookingChange["kind"], string[]> = {
    booked: [
      `Thank you, ${b.name}. ${consultant.name} will call you at ${b.phone} on ${forVisitor}.`,
      "The invitation is attached: add it to your calendar. Need another time? Use the button below until the meeting starts.",
    ],
    moved: [
      `Your ${type.name.toLowerCase()} with ${consultant.name} is now on ${forVisitor}.`,
      "The attached invitation updates the one we sent before.",
    ],
    cancelled: [
      `Your ${type.name.toLowerCase()} with ${consultant.name} on ${forVisitor} is cancelled${change.kind === "cancelled" && change.by === "booker" ? " as you asked" : ""}.`,
      ...(change.kind === "cancelled" && change.reason ? [`Reason: ${change.reason}`] : []),
      "The attached cancellation removes it from your calendar. You are welcome to book another time.",
    ],
    reminder: [
      `${consultant.name} will call you at ${b.phone} on ${forVisitor}.`,
      `Need another time? Use the link in the e-mail that confirmed it, or call us at ${brand.phone}.`,
    ],
    reassigned: [
      `${change.kind === "reassigned" ? change.from : "Your consultant"} is no longer with us: ${consultant.name} will call you at ${b.phone} on ${forVisitor} instead, at the same time.`,
      "The attached invitation updates the one we sent before. Need another time? Use the button below.",
    ],
  };
  const visitorMail = await notice(brand, b.email, {
    template: `consultation-${change.kind}`,
    subject:
      change.kind === "cancelled"
        ? `Your consultation on ${formatMeeting(b.startsAt, visitorZone)} is cancelled`
        : change.kind === "reminder"
          ? `Reminder: your consultation ${change.hours === 1 ? "in 1 hour" : "tomorrow"}`
          : `Your consultation on ${formatMeeting(b.startsAt, visitorZone)}`,
    heading: HEADINGS[change.kind],
    lines: visitorLines[change.kind],
    facts: [
      ["Meeting", type.name],
      ["When", forVisitor],
      ["With", consultant.name],
      ["Topic", labelOf(INQUIRY_TYPES, b.topic)],
    ],
    button: token
      ? { label: "Reschedule or cancel", href: manageLink(brand, token) }
      : change.kind === "cancelled"
        ? { label: "Book another time", href: `${brand.siteUrl}/consultation` }
        : { label: "Contact us", href: `${brand.siteUrl}/contact` },
    footnote:
      "You receive this e-mail because this address was given when booking a consultation on our website. If that was not you, reply and we will cancel it.",
  });
  const staffLines: Record<BookingChange["kind"], string> = {
    booked: `${b.name} booked a ${type.name.toLowerCase()} with you on ${forConsultant}.`,
    moved: movedLine(change, b.name, type.name.toLowerCase(), consultant.id, forConsultant),
    cancelled: `Your ${type.name.toLowerCase()} with ${b.name} on ${forConsultant} is cancelled${change.kind === "cancelled" ? (change.by === "booker" ? " by the booker" : " by staff") : ""}.`,
    reminder: `Your ${type.name.toLowerCase()} with ${b.name} is on ${forConsultant}.`,
    reassigned: `You take over the ${type.name.toLowerCase()} with ${b.name} on ${forConsultant}${change.kind === "reassigned" ? ` from ${change.from}` : ""}.`,
  };
  const consultantMail = await notice(brand, consultant.email, {
    template: `consultation-${change.kind}-staff`,
    subject: `${STAFF_SUBJECTS[change.kind]}: ${b.name}, ${formatMeeting(b.startsAt, consultant.timeZone)}`,
    heading: staffLines[change.kind],
    lines: [
      ...(change.kind === "cancelled" && change.reason ? [`Reason: ${change.reason}`] : []),
      ...(b.message ? [`Their message: ${b.message}`] : []),
      "The attached invitation keeps your calendar up to date.",
    ],
    facts: [
      ["Name", b.name],
      ["E-mail", b.email],
      ["Phone", b.phone],
      ...(b.company ? [["Company", b.company] as [string, string]] : []),
      ["Topic", labelOf(INQUIRY_TYPES, b.topic)],
      ["When", forConsultant],
    ],
    // The consultation's page: the consultant may not own the customer record.
    button: {
      label: "Open the consultation",
      href: `${brand.siteUrl}/sales-dashboard/consultations/${b.id}`,
    },
    footnote: "You receive this e-mail because you take consultations on the website.",
  });
  const forBooker: OutgoingMail = {
    ...visitorMail,
    leadId: b.leadId ?? undefined,
    attachments: [ics, ...(visitorMail.attachments ?? [])],
    ...(token ? { secret: token } : {}),
  };
  // A consultant who left is told nothing more.
  if (consultant.disabled) return [forBooker];
  return [
    forBooker,
    {
      ...consultantMail,
      leadId: b.leadId ?? undefined,
      // Replies go to the booker, not the company.
      replyTo: b.email,
      attachments: [ics, ...(consultantMail.attachments ?? [])],
    },
  ];
}
