// The e-mails of a registration's changes (decision 0017): the student hears that it is
// confirmed (with a portal invitation when they have no account), cancelled or moved (with the
// new first class as .ics); staff hear when a student cancels in the portal. Each has a text part
// and an HTML part (NoticeEmail), rendered when the message is queued.
import { INVITATION_HOURS, setPasswordLink } from "#app/domain/auth/account-mail.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { leadReference } from "#app/domain/leads/lead-mail.server.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { formatDateTime } from "#app/domain/settings/clock.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import type { Settlement } from "./cancellation-refunds.server.ts";
import {
  emailConfirmLink,
  type FirstClass,
  firstClassIcs,
  offerLink,
} from "./registration-mail.server.ts";
import { receiptPath as receiptPathOf } from "./registration-receipt.server.ts";
import { refundLine } from "./registration-status.ts";
import {
  CLASS_SCHEDULES,
  type ClassSchedule,
  formatDayLong,
  formatPrice,
  HOLD_HOURS,
  labelOf,
  OFFER_HOURS,
  scheduleAside,
} from "./training.ts";

/** What the student's e-mails say about their registration. */
export interface StudentRegistration {
  id: number;
  leadId: number;
  course: string;
  duration: string;
  name: string;
  email: string;
  startDate: string;
  classSchedule: ClassSchedule;
  priceCents: number;
  /** The first class's SEQUENCE in the student's calendar (one more at each move). */
  calendarSequence: number;
  /** Its status, as the calendar file is to say it (TENTATIVE until confirmed). */
  status: string;
  /** The cohort's first planned class as staff left it; null before sessions were planned. */
  firstClass?: FirstClass | null;
}

const STUDENT_FOOTNOTE =
  "You receive this e-mail because you registered for a course with this address. Questions? Reply to this e-mail or call us with your reference.";

function factsOf(r: StudentRegistration, brand: MailBrand): [string, string][] {
  return [
    ["Course", r.course],
    ["Start date", formatDayLong(r.startDate)],
    ["Class schedule", labelOf(CLASS_SCHEDULES, r.classSchedule)],
    ["Duration", r.duration],
    ["Total", formatPrice(r.priceCents)],
    ["Your reference", leadReference(r.leadId, brand.siteName)],
  ];
}

/**
 * Confirmed, with the first class again as course-start.ics, now CONFIRMED in the student's
 * calendar. With `invitationToken` (a new student account) the link to choose a password; the
 * outbox keeps the token out of the mail log.
 */
export async function confirmedMail(
  r: StudentRegistration,
  brand: MailBrand,
  invitationToken: string | null,
  now: Date,
): Promise<OutgoingMail> {
  const lines = [
    `Your seat in ${r.course}, starting ${formatDayLong(r.startDate)}, is confirmed.`,
    "The first class is attached as a calendar file (course-start.ics): it updates the one we sent with your registration, which was not confirmed yet.",
    invitationToken
      ? `We created your Training Portal account for ${r.email}. Choose your password with the button below (the link works once, for ${INVITATION_HOURS} hours); then you can see your registration, its class days and times and its calendar file there.`
      : "Sign in to the Training Portal to see your registration, its class days and times and its calendar file.",
  ];
  const mail = await notice(brand, r.email, {
    template: "registration-confirmed",
    subject: `Your registration for ${r.course} is confirmed`,
    heading: "Your registration is confirmed",
    lines,
    facts: factsOf(r, brand),
    button: invitationToken
      ? { label: "Choose your password", href: setPasswordLink(brand, invitationToken) }
      : { label: "Open the Training Portal", href: `${brand.siteUrl}/portal` },
    footnote: STUDENT_FOOTNOTE,
  });
  return {
    ...withFirstClass(mail, r, brand, now),
    ...(invitationToken ? { secret: invitationToken } : {}),
  };
}

/**
 * Someone registered this address again for a date it already has: the owner is told (and
 * given the registration's page), so the wizard's refusal says nothing the owner does not
 * learn. The receipt token is kept out of the mail log like every one-time link.
 */
export async function alreadyRegisteredMail(
  r: StudentRegistration,
  brand: MailBrand,
  receipt: { courseSlug: string; token: string },
): Promise<OutgoingMail> {
  const mail = await notice(brand, r.email, {
    template: "registration-already",
    subject: `You are already registered for ${r.course}`,
    heading: "You are already registered",
    lines: [
      `Someone (perhaps you) just tried to register this address again for ${r.course}, starting ${formatDayLong(r.startDate)}. This address is already registered for that date, so nothing new was stored.`,
      "If you meant another date, register again and choose it. If this was not you, no action is needed.",
    ],
    facts: factsOf(r, brand),
    button: {
      label: "See your registration",
      href: `${brand.siteUrl}${receiptPathOf(receipt.courseSlug, receipt.token)}`,
    },
    footnote: STUDENT_FOOTNOTE,
  });
  return { ...mail, leadId: r.leadId, secret: receipt.token };
}

export async function cancelledMail(
  r: StudentRegistration & { paidCents: number | null },
  brand: MailBrand,
  /** Staff's reason; null: the student cancelled it themselves. */
  reason: string | null,
  now: Date,
  /** What the cancellation credited and refunded (decision 0025), when it did. */
  money: Settlement | null = null,
): Promise<OutgoingMail> {
  const mail = await notice(brand, r.email, {
    template: "registration-cancelled",
    subject: `Your registration for ${r.course} is cancelled`,
    heading: "Your registration is cancelled",
    lines: [
      `Your registration for ${r.course}, starting ${formatDayLong(r.startDate)}, is cancelled and your seat is released.`,
      reason === null ? "You cancelled it in the Training Portal." : `Reason: ${reason}`,
      ...(money ? [settlementLine(money)] : r.paidCents === null ? [] : [refundLine(r.paidCents)]),
      "If this is a mistake, or you would like another date, reply to this e-mail or call us.",
    ],
    facts: factsOf(r, brand),
    button: { label: "See upcoming courses", href: `${brand.siteUrl}/certification-training` },
    footnote: STUDENT_FOOTNOTE,
  });
  // The first class leaves the student's calendar.
  return withFirstClass(mail, r, brand, now, "CANCEL");
}

/** The credit and refund as the cancellation e-mail says them. */
function settlementLine(s: Settlement): string {
  if (!s.creditNote) {
    return `Under our cancellation policy nothing is credited or refunded this close to the start.${s.owedLine ? ` ${s.owedLine}` : ""}`;
  }
  const credited = `Credit note ${s.creditNote} (attached to its own e-mail) credits ${formatAmount(s.creditCents)}.`;
  const refunded =
    s.refundCents > 0
      ? ` ${formatAmount(s.refundCents)} is ${s.refundWay.replace("the card", "your card")}${s.refundWay.includes("card") ? " (your bank shows it within 5 to 10 days)" : ""}.`
      : "";
  return `${credited}${refunded}${s.owedLine ? ` ${s.owedLine}` : ""}`;
}

/** The credit and refund as staff read them: a bank transfer or cheque is theirs to send. */
function staffSettlementLine(s: Settlement): string {
  const credited = s.creditNote
    ? `Credit note ${s.creditNote} credits ${formatAmount(s.creditCents)} per the cancellation policy.`
    : "The cancellation policy credits nothing.";
  const refunded =
    s.refundCents === 0
      ? ""
      : s.refundWay.includes("card")
        ? ` ${formatAmount(s.refundCents)} was refunded to the card through Stripe.`
        : ` ${formatAmount(s.refundCents)} is recorded as ${s.refundWay}: please send it.`;
  return `${credited}${refunded}${s.owedLine ? ` ${s.owedLine}` : ""}`;
}

/** The message with the first class as course-start.ics attached. */
function withFirstClass(
  mail: Omit<OutgoingMail, "leadId">,
  r: StudentRegistration,
  brand: MailBrand,
  now: Date,
  /** REQUEST: the invitation (made, moved, reminded); CANCEL: it leaves the calendar. */
  method: "REQUEST" | "CANCEL" = "REQUEST",
): OutgoingMail {
  const ics = firstClassIcs(
    { ...r, registrationId: r.id, course: { title: r.course, duration: r.duration } },
    brand,
    now,
    method,
  );
  return { ...mail, leadId: r.leadId, attachments: [ics, ...(mail.attachments ?? [])] };
}

/** Moved to another date: the new first class as course-start.ics. */
export async function movedMail(
  r: StudentRegistration,
  brand: MailBrand,
  now: Date,
): Promise<OutgoingMail> {
  const mail = await notice(brand, r.email, {
    template: "registration-moved",
    subject: `New start date for ${r.course}`,
    heading: "Your class has a new start date",
    lines: [
      `Your seat in ${r.course} moved to the class starting ${formatDayLong(r.startDate)} (${scheduleAside(r.classSchedule)}).`,
      "The new first class is attached as a calendar file (course-start.ics): it replaces the one we sent before.",
    ],
    facts: factsOf(r, brand),
    button: { label: "Open the Training Portal", href: `${brand.siteUrl}/portal` },
    footnote: STUDENT_FOOTNOTE,
  });
  return withFirstClass(mail, r, brand, now);
}

/** Staff's notice that a student cancelled in the portal. */
export async function studentCancelledNotice(
  r: StudentRegistration & { paidCents: number | null },
  brand: MailBrand,
  salesEmail: string,
  settlement: Settlement | null = null,
): Promise<OutgoingMail> {
  const mail = await notice(brand, salesEmail, {
    template: "registration-cancelled-by-student",
    subject: `Registration cancelled by the student: ${r.course} - ${r.name}${r.paidCents === null ? "" : " (paid)"}`,
    heading: "A student cancelled their registration",
    lines: [
      `${r.name} (${r.email}) cancelled their registration for ${r.course}, starting ${formatDayLong(r.startDate)}, in the Training Portal. The seat is free again.`,
      ...(settlement
        ? [staffSettlementLine(settlement)]
        : r.paidCents === null
          ? []
          : [
              `The registration was paid: ${formatPrice(r.paidCents)}. The student was told a member of the team will contact them about the refund.`,
            ]),
    ],
    facts: factsOf(r, brand),
    button: {
      label: "Open the registration",
      href: `${brand.siteUrl}/admin/registrations?registration=${r.id}`,
    },
    footnote: "Sent to the address for new leads in the site's settings.",
  });
  return { ...mail, replyTo: r.email, leadId: r.leadId };
}

/** A seat freed for someone on the waitlist: accept or decline it through the link. */
export async function offerMail(
  r: StudentRegistration,
  brand: MailBrand,
  token: string,
  expiresAt: Date,
): Promise<OutgoingMail> {
  const mail = await notice(brand, r.email, {
    template: "registration-offer",
    subject: `A seat is free for you in ${r.course}`,
    heading: "A seat is free for you",
    lines: [
      `A seat opened in ${r.course}, starting ${formatDayLong(r.startDate)}, and you are first on the waitlist.`,
      `We hold it for you until ${formatDateTime(expiresAt, brand.timeZone)}. Open the link to accept it or to let it go to the next person in line; after that time it goes to them.`,
    ],
    facts: factsOf(r, brand),
    button: { label: "Accept or decline the seat", href: offerLink(brand, token) },
    footnote: STUDENT_FOOTNOTE,
  });
  return { ...mail, leadId: r.leadId, secret: token };
}

/** Joined the waitlist of a full date. */
export async function waitlistedMail(
  r: StudentRegistration,
  brand: MailBrand,
  /** The one-time link confirming the address: a waitlist place is kept only once confirmed. */
  confirmToken: string,
): Promise<OutgoingMail> {
  const mail = await notice(brand, r.email, {
    template: "registration-waitlisted",
    subject: `You are on the waitlist for ${r.course}`,
    heading: "You are on the waitlist",
    lines: [
      `The class of ${r.course} starting ${formatDayLong(r.startDate)} is full, so you are on its waitlist. Nothing is charged.`,
      `Please confirm your e-mail address within ${HOLD_HOURS} hours to keep your place in line: an unconfirmed place is given up.`,
      `When a seat frees, the first confirmed person waiting is e-mailed a link to take it, and the seat is held for them for ${OFFER_HOURS} hours.`,
    ],
    facts: factsOf(r, brand),
    button: { label: "Confirm my e-mail address", href: emailConfirmLink(brand, confirmToken) },
    footnote: STUDENT_FOOTNOTE,
  });
  return { ...mail, leadId: r.leadId, secret: confirmToken };
}

/**
 * The admins' alert: a date is filling with seats held for addresses nobody confirmed, faster
 * than the setting allows (someone may be hoarding it).
 */
export async function holdAlertMail(
  brand: MailBrand,
  to: string,
  alert: { cohortId: number; course: string; startDate: string; count: number },
): Promise<OutgoingMail> {
  return notice(brand, to, {
    template: "registration-hold-alert",
    subject: `${alert.count} unconfirmed seats in an hour: ${alert.course}`,
    heading: "A date is filling with unconfirmed registrations",
    lines: [
      `${alert.count} seats of ${alert.course}, starting ${formatDayLong(alert.startDate)}, were taken in the last hour by registrations whose address nobody has confirmed yet.`,
      `Held seats go back after ${HOLD_HOURS} hours unless confirmed. If the names look made up, cancel them on the Registrations screen so that real students can register.`,
    ],
    facts: [
      ["Course", alert.course],
      ["Start date", formatDayLong(alert.startDate)],
      ["Unconfirmed seats in the last hour", String(alert.count)],
    ],
    button: {
      label: "Open the date's registrations",
      href: `${brand.siteUrl}/admin/registrations?cohort=${alert.cohortId}`,
    },
    footnote: "You receive this because you are an administrator of the site.",
  }) as Promise<OutgoingMail>;
}

/**
 * The address was not confirmed in time: a held seat was released, an unconfirmed registration
 * ended without one, or a waitlist place was given up.
 */
export async function holdExpiredMail(
  r: StudentRegistration,
  brand: MailBrand,
  was: "pending" | "waitlisted" | "unconfirmed",
  now: Date,
): Promise<OutgoingMail> {
  const when = `${r.course}, starting ${formatDayLong(r.startDate)}`;
  const mail = await notice(brand, r.email, {
    template: "registration-hold-expired",
    subject:
      was === "pending"
        ? `Your seat in ${r.course} was released`
        : `Your registration for ${r.course} has ended`,
    heading: was === "pending" ? "Your seat was released" : "Your registration has ended",
    lines: [
      was === "pending"
        ? `We held a seat in ${when}, for ${HOLD_HOURS} hours, but the e-mail address was not confirmed, so the seat went back to the class.`
        : was === "waitlisted"
          ? `You were on the waitlist of ${when}, but the e-mail address was not confirmed within ${HOLD_HOURS} hours, so the place in line was given up.`
          : `Your registration for ${when} was waiting for the e-mail address to be confirmed, which did not happen within ${HOLD_HOURS} hours, so it has ended.`,
      "If you still want to attend, register again or call us.",
    ],
    facts: factsOf(r, brand),
    button: { label: "Register again", href: `${brand.siteUrl}/certification-training` },
    footnote: STUDENT_FOOTNOTE,
  });
  // The registration e-mail carried the first class; a waitlist place never had one.
  return was === "waitlisted"
    ? { ...mail, leadId: r.leadId }
    : withFirstClass(mail, r, brand, now, "CANCEL");
}

/** The class starts in `days` days: the first class with its calendar file. */
export async function reminderMail(
  r: StudentRegistration,
  brand: MailBrand,
  days: number,
  now: Date,
): Promise<OutgoingMail> {
  const when = days === 1 ? "tomorrow" : `in ${days} days`;
  const mail = await notice(brand, r.email, {
    template: days === 1 ? "registration-reminder-1d" : "registration-reminder-7d",
    subject: `${r.course} starts ${when}`,
    heading: `Your class starts ${when}`,
    lines: [
      `${r.course} starts ${formatDayLong(r.startDate)} (${scheduleAside(r.classSchedule)}), at ${brand.address}.`,
      "The first class is attached as a calendar file (course-start.ics). Questions? Reply to this e-mail or call us.",
    ],
    facts: factsOf(r, brand),
    button: { label: "Open the Training Portal", href: `${brand.siteUrl}/portal` },
    footnote: STUDENT_FOOTNOTE,
  });
  return withFirstClass(mail, r, brand, now);
}
