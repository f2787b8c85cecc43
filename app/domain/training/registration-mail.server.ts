// The two e-mails of a course registration: the notification to the company (the spec's
// composed message block) and the student's confirmation with the first class as an .ics file.
import type { Brand } from "#app/domain/leads/lead-mail.server.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { buildIcs, zonedTime } from "./ics.ts";
import {
  CLASS_SCHEDULES,
  type ClassSchedule,
  EXPERIENCE_LEVELS,
  FIRST_SESSION,
  formatDayLong,
  formatPrice,
  labelOf,
  PAYMENT_METHODS,
  TIME_ZONE,
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
}

/** The spec's registration message block: course, contact, schedule and choices. */
export function registrationMessage(r: Omit<RegistrationForMail, "leadId" | "registrationId">) {
  return [
    `Course: ${r.course.title}`,
    `Name: ${r.name}`,
    `Email: ${r.email}`,
    `Phone: ${r.phone}`,
    `Company: ${r.company || "-"}`,
    `Class Schedule: ${labelOf(CLASS_SCHEDULES, r.classSchedule)}`,
    `Start Date: ${formatDayLong(r.startDate)}`,
    `Experience: ${labelOf(EXPERIENCE_LEVELS, r.experience)}`,
    `Payment Method: ${labelOf(PAYMENT_METHODS, r.paymentMethod)}`,
    `Additional Comments: ${r.comments || "-"}`,
  ].join("\n");
}

export function registrationMails(
  r: RegistrationForMail,
  salesEmail: string,
  brand: Brand & { address: string },
  now: Date,
): OutgoingMail[] {
  const session = FIRST_SESSION[r.classSchedule];
  const host = new URL(brand.siteUrl).hostname;
  const ics = buildIcs(
    {
      uid: `registration-${r.registrationId}@${host}`,
      stamp: now,
      start: zonedTime(r.startDate, session.start, TIME_ZONE),
      end: zonedTime(r.startDate, session.end, TIME_ZONE),
      summary: `${r.course.title}: first class`,
      description: `${r.course.title} (${r.course.duration}) starts. Schedule: ${labelOf(CLASS_SCHEDULES, r.classSchedule)}. Questions: ${brand.phone}.`,
      location: brand.address,
    },
    `-//${brand.siteName}//Course registration//EN`,
  );
  const block = registrationMessage(r);
  return [
    {
      template: "registration-notification",
      to: salesEmail,
      replyTo: r.email,
      subject: `New course registration: ${r.course.title} - ${r.name}`,
      text: [
        "New course registration from the website",
        "",
        "Inquiry type: Training",
        `Certification Interest: ${r.course.title}`,
        `Total: ${formatPrice(r.course.priceCents)}`,
        "",
        block,
        "",
        `Lead #${r.leadId}, registration #${r.registrationId}`,
      ].join("\n"),
      leadId: r.leadId,
    },
    {
      template: "registration-confirmation",
      to: r.email,
      subject: `Your registration for ${r.course.title} - ${brand.siteName}`,
      text: [
        `Hi ${r.name},`,
        "",
        `Thank you for registering for ${r.course.title}. Your seat is reserved for the class starting ${formatDayLong(r.startDate)} (${labelOf(CLASS_SCHEDULES, r.classSchedule)}).`,
        "",
        `A representative will contact you to schedule a meet and greet session and finalize payment arrangements (${labelOf(PAYMENT_METHODS, r.paymentMethod)}, total ${formatPrice(r.course.priceCents)}).`,
        "",
        "The first class is attached as a calendar file (course-start.ics).",
        "",
        `Questions? Call us at ${brand.phone}.`,
        "",
        brand.siteName,
        brand.siteUrl,
      ].join("\n"),
      leadId: r.leadId,
      attachments: [
        { filename: "course-start.ics", contentType: "text/calendar; charset=utf-8", content: ics },
      ],
    },
  ];
}
