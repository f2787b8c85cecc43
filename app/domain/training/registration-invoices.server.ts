// A registration's invoice (issue 47, decision 0025): when its seat is secured (the student
// confirmed their address, took a waitlist offer, or staff confirmed it) and it pays by bank
// transfer or company invoice, the invoice is issued in that same transaction, at the price the
// registration was made at. An unconfirmed hold is never invoiced: anyone can type any address.
import { eq } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { isInvoiced, issueInvoice } from "#app/domain/billing/invoices.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { courses, leads, registrations } from "#app/platform/db/schema.ts";
import { holdsSeat } from "./registration-status.ts";
import { CLASS_SCHEDULES, formatDayLong, labelOf } from "./training.ts";

/** Issues the registration's invoice when it is due one; the invoice's number, else null. */
export async function invoiceSecuredSeat(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  registrationId: number,
  now: Date,
): Promise<string | null> {
  const [reg] = await tx
    .select({
      leadId: registrations.leadId,
      status: registrations.status,
      paymentMethod: registrations.paymentMethod,
      priceCents: registrations.priceCents,
      startDate: registrations.startDate,
      classSchedule: registrations.classSchedule,
      course: courses.title,
      duration: courses.duration,
      name: leads.name,
      email: leads.email,
      company: leads.company,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(courses, eq(courses.id, registrations.courseId))
    .where(eq(registrations.id, registrationId));
  if (!reg || !holdsSeat(reg.status) || reg.status === "unconfirmed") return null;
  if (!isInvoiced(reg.paymentMethod)) return null;
  return issueInvoice(
    tx,
    mail,
    actor,
    {
      registrationId,
      leadId: reg.leadId,
      paymentMethod: reg.paymentMethod,
      billedTo: {
        name: reg.name,
        company: reg.paymentMethod === "company-invoice" ? reg.company : "",
        address: "",
        email: reg.email,
        poNumber: "",
      },
      lines: [
        {
          description: reg.course,
          detail: `${formatDayLong(reg.startDate)}, ${labelOf(CLASS_SCHEDULES, reg.classSchedule)}, ${reg.duration}`,
          quantity: 1,
          unitCents: reg.priceCents,
          amountCents: reg.priceCents,
        },
      ],
    },
    reg.email,
    now,
  );
}
