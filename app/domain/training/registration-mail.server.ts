// The two e-mails of a course registration: the notification to the company (the spec's
// composed message block) and the student's confirmation with the first class as an .ics file.
// The confirmation goes to the address the visitor typed: it carries the course's facts from
// our records and a reference, never what the visitor wrote (name, comments). Each has a text
// part and an HTML part (registration-emails.tsx), rendered here, when the message is queued.

import { leadAdminUrl, leadReference } from "#app/domain/leads/lead-mail.server.ts";
import { type MailBrand, staffMailOf } from "#app/domain/mail/brand.server.ts";
import { noticeEmails } from "#app/domain/mail/notice.server.ts";
import { htmlParts } from "#app/domain/mail/render.server.ts";
import {
  type CalendarMethod,
  calendarAttachment,
  wallClockInstant,
} from "#app/platform/calendar/calendar.server.ts";
import type { RegistrationBilling } from "#app/platform/db/schema.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { seatConfirmed } from "./registration-status.ts";
import {
  CLASS_SCHEDULES,
  type ClassSchedule,
  EXPERIENCE_LEVELS,
  FIRST_SESSION,
  formatDayLong,
  formatPrice,
  HOLD_HOURS,
  labelOf,
  PAYMENT_METHODS,
  paymentNote,
  scheduleAside,
} from "./training.ts";

export interface RegistrationForMail {
  leadId: number;
  registrationId: number;
  course: { title: string; duration: string; priceCents: number };
  name: string;
  email: string;
  phone: string;
  company: string;
  startDate: string;
  classSchedule: ClassSchedule;
  experience: string;
  paymentMethod: string;
  comments: string;
  /** Step 3's company invoice details (a company invoice only). */
  billing?: RegistrationBilling | null;
}

/** The spec's registration message block as label and value: course, contact, schedule and choices. */
export function registrationFacts(
  r: Omit<RegistrationForMail, "leadId" | "registrationId">,
): [string, string][] {
  return [
    ["Course", r.course.title],
    ["Name", r.name],
    ["Email", r.email],
    ["Phone", r.phone],
    ["Company", r.company || "-"],
    ["Class Schedule", labelOf(CLASS_SCHEDULES, r.classSchedule)],
    ["Start Date", formatDayLong(r.startDate)],
    ["Experience", labelOf(EXPERIENCE_LEVELS, r.experience)],
    ["Payment Method", labelOf(PAYMENT_METHODS, r.paymentMethod) || NO_PAYMENT_METHOD],
    ["Additional Comments", r.comments || "-"],
  ];
}

/** A company invoice's billing details as label and value (none for other payment methods). */
export function billingFacts(billing: RegistrationBilling | null | undefined): [string, string][] {
  if (!billing) return [];
  return [
    ["Billing Company", billing.company],
    ["Billing Address", billing.address.split("\n").join(", ")],
    ["Billing Email", billing.email],
    ["PO Number", billing.poNumber || "-"],
  ];
}

/** A waitlist registration chooses no payment method: it is arranged when a seat is taken. */
export const NO_PAYMENT_METHOD = "Not chosen yet (waitlist)";

/** The same block as text (the lead's message, the notification). */
export function registrationMessage(r: Omit<RegistrationForMail, "leadId" | "registrationId">) {
  return registrationFacts(r)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/** The e-mail components, loaded on the first message (see render.server.ts). */
export const registrationEmails = () =>
  Promise.all([import("./registration-emails.tsx"), noticeEmails()]).then(([emails]) => emails);

/** The outbox and brand for a registration's e-mails, loaded before a transaction opens. */
export const registrationMailOf = (services: Parameters<typeof staffMailOf>[0]) =>
  staffMailOf(services, registrationEmails);

export const CONFIRMATION_FOOTNOTE =
  "You receive this e-mail because your address was entered on our course registration form. If that was not you, please call us so we can free the seat.";

/** A cohort's first planned class, as the e-mails' first-class event shows it. */
export interface FirstClass {
  day: string;
  start: string;
  end: string;
  timeZone: string;
  location: string;
  /** The class's own SEQUENCE (moves by staff). */
  sequence: number;
  /** scheduled | cancelled (staff cancelled it: every later e-mail keeps it cancelled). */
  status?: string;
}

/**
 * The first class as a calendar file (course-start.ics): one event per registration, its UID
 * stable, its SEQUENCE one more at each move and when staff confirm it, so a moved class moves
 * in the student's calendar and a cancelled one (`CANCEL`) disappears. Until the registration is
 * confirmed (or paid) the event is TENTATIVE. The schedules' hours are the company's clock.
 */
export function firstClassIcs(
  r: Pick<
    RegistrationForMail,
    "registrationId" | "startDate" | "classSchedule" | "name" | "email"
  > & {
    course: { title: string; duration: string };
    calendarSequence: number;
    /** The registration's status: CONFIRMED in the calendar once `seatConfirmed`. */
    status: string;
    /**
     * The cohort's first planned class as staff left it (decision 0024); without it (a new
     * registration's e-mail) the schedule's first hours on the start date.
     */
    firstClass?: FirstClass | null;
  },
  brand: MailBrand,
  now: Date,
  asked: CalendarMethod = "REQUEST",
) {
  // A first class staff cancelled is never invited again (a reminder, a confirmation): the
  // calendar would bring it back. The other classes are in the portal's file and feed.
  const method = r.firstClass?.status === "cancelled" ? "CANCEL" : asked;
  const planned = FIRST_SESSION[r.classSchedule];
  const first = r.firstClass ?? {
    day: r.startDate,
    start: planned.start,
    end: planned.end,
    timeZone: brand.timeZone,
    location: "",
    sequence: 0,
  };
  const schedule = labelOf(CLASS_SCHEDULES, r.classSchedule);
  return calendarAttachment(
    method,
    {
      uid: `registration-${r.registrationId}@${new URL(brand.siteUrl).hostname}`,
      // The registration's and the class's own changes both raise it (the portal's files
      // count the same); a cancellation outranks the last invitation it cancels.
      sequence: r.calendarSequence + first.sequence + (method === "CANCEL" ? 1 : 0),
      start: wallClockInstant(first.day, first.start, first.timeZone),
      end: wallClockInstant(first.day, first.end, first.timeZone),
      timeZone: first.timeZone,
      summary: `${r.course.title}: first class`,
      description: `${r.course.title} (${r.course.duration}) starts. Schedule: ${schedule}. Questions: ${brand.phone}.`,
      location: first.location || brand.address,
      organizer: { name: brand.siteName, email: brand.email },
      attendees: [{ name: r.name, email: r.email }],
      tentative: !seatConfirmed(r.status),
    },
    {
      productId: `-//${brand.siteName}//Course registration//EN`,
      stamp: now,
      filename: "course-start.ics",
    },
  );
}

/** Where a registration's one-time links lead (the token in the address, out of the mail log). */
export const offerLink = (brand: MailBrand, token: string) =>
  `${brand.siteUrl}/registrations/offer?token=${token}`;
export const emailConfirmLink = (brand: MailBrand, token: string) =>
  `${brand.siteUrl}/registrations/confirm?token=${token}`;

/**
 * The notification and the student's confirmation. With `confirm` the confirmation asks the
 * student to confirm their address through a one-time link within HOLD_HOURS: to keep the held
 * seat, or (a client past its unconfirmed holds) to take one.
 */
export async function registrationMails(
  r: RegistrationForMail,
  salesEmail: string,
  brand: MailBrand,
  now: Date,
  confirm: {
    token: string;
    seat: "held" | "on-confirmation" | "waitlist";
    /** Stripe is set up and the card registration holds its seat: the link offers Pay now by card. */
    payByCard?: boolean;
  } | null = null,
): Promise<[OutgoingMail, OutgoingMail]> {
  const confirmToken = confirm?.token ?? null;
  const held = confirm?.seat !== "on-confirmation";
  const emails = await registrationEmails();
  const schedule = labelOf(CLASS_SCHEDULES, r.classSchedule);
  // A new registration is pending (or waits for its address): nobody has confirmed it yet.
  const ics = firstClassIcs({ ...r, calendarSequence: 0, status: "pending" }, brand, now);
  const reference = leadReference(r.leadId, brand.siteName);
  const total = formatPrice(r.course.priceCents);
  const payment = labelOf(PAYMENT_METHODS, r.paymentMethod) || NO_PAYMENT_METHOD;
  const notification: OutgoingMail = {
    template: "registration-notification",
    to: salesEmail,
    replyTo: r.email,
    subject: `New course registration: ${r.course.title} - ${r.name}`,
    text: [
      "New course registration from the website",
      "",
      "Inquiry type: Training",
      `Certification Interest: ${r.course.title}`,
      `Total: ${total}`,
      "",
      registrationMessage(r),
      ...billingFacts(r.billing).map(([label, value]) => `${label}: ${value}`),
      "",
      `Lead #${r.leadId} (reference ${reference}), registration #${r.registrationId}: ${leadAdminUrl(brand, r.leadId)}`,
    ].join("\n"),
    ...(await htmlParts(emails.RegistrationNotificationEmail, {
      brand,
      // The same fields as the text's block, comments aside (they get a block of their own).
      facts: [
        ["Total", total],
        ...registrationFacts(r).filter(([label]) => label !== "Additional Comments"),
        ...billingFacts(r.billing),
      ],
      name: r.name,
      comments: r.comments,
      reference,
      leadId: r.leadId,
      registrationId: r.registrationId,
      adminUrl: leadAdminUrl(brand, r.leadId),
    })),
    leadId: r.leadId,
  };
  const startsOn = formatDayLong(r.startDate);
  const confirmUrl = confirmToken ? emailConfirmLink(brand, confirmToken) : undefined;
  const confirmationHtml = await htmlParts(emails.RegistrationConfirmationEmail, {
    brand,
    course: r.course.title,
    facts: [
      ["Course", r.course.title],
      ["Start date", startsOn],
      ["Class schedule", schedule],
      ["Duration", r.course.duration],
      ["Total", total],
      ["Payment method", payment],
      ["Your reference", reference],
    ],
    footnote: CONFIRMATION_FOOTNOTE,
    confirmUrl,
    payByCard: Boolean(confirmUrl && confirm?.payByCard),
    seat: held ? "held" : "on-confirmation",
    holdHours: HOLD_HOURS,
    paymentNote: paymentNote(r.paymentMethod),
  });
  const confirmation: OutgoingMail = {
    template: "registration-confirmation",
    to: r.email,
    replyTo: brand.email,
    subject: `Your registration for ${r.course.title} (${reference}) - ${brand.siteName}`,
    text: [
      held
        ? `Thank you for registering for ${r.course.title}. Your seat is reserved for the class starting ${startsOn} (${scheduleAside(r.classSchedule)}).`
        : `Thank you for registering for ${r.course.title}, for the class starting ${startsOn} (${scheduleAside(r.classSchedule)}).`,
      "",
      ...(confirmUrl
        ? [
            held
              ? `Please confirm your e-mail address within ${HOLD_HOURS} hours to keep the seat: ${confirmUrl}`
              : `Your registration takes its seat when you confirm your e-mail address (seats go to the first confirmed; if the date is full by then, you join its waitlist). Please confirm within ${HOLD_HOURS} hours: ${confirmUrl}`,
            "",
          ]
        : []),
      confirmUrl && confirm?.payByCard
        ? `Pay now by card (total ${total}): open the link above, confirm your address and pay on Stripe's secure checkout page. Your receipt follows by e-mail.`
        : `${paymentNote(r.paymentMethod)} Payment method: ${payment}; total ${total}.`,
      "",
      `Your reference: ${reference}`,
      "",
      "The first class is attached as a calendar file (course-start.ics).",
      "",
      `Questions? Call us at ${brand.phone} and give your reference.`,
      "",
      CONFIRMATION_FOOTNOTE,
      "",
      brand.siteName,
    ].join("\n"),
    html: confirmationHtml.html,
    leadId: r.leadId,
    attachments: [ics, ...confirmationHtml.attachments],
    ...(confirmToken ? { secret: confirmToken } : {}),
  };
  return [notification, confirmation];
}
