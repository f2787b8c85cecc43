// A registration's invoice (issue 47, decision 0025): when its seat is secured (the student
// confirmed their address, took a waitlist offer, or staff confirmed it) and it pays by bank
// transfer or company invoice, the invoice is issued in that same transaction, at the price the
// registration was made at. An unconfirmed hold is never invoiced: anyone can type any address.
import { eq } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { isInvoiced, issueInvoice } from "#app/domain/billing/invoices.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import {
  type BillingLine,
  type BillingParty,
  courses,
  leads,
  registrations,
} from "#app/platform/db/schema.ts";
import { holdsSeat } from "./registration-status.ts";
import { CLASS_SCHEDULES, formatDayLong, labelOf } from "./training.ts";

/** What a registration's billing documents say: who pays, for what, at the registration's price. */
export interface RegistrationBill {
  registrationId: number;
  leadId: number;
  status: string;
  paymentMethod: string;
  priceCents: number;
  startDate: string;
  studentEmail: string;
  billedTo: BillingParty;
  lines: BillingLine[];
}

/** The registration's bill, read in the caller's transaction; null when there is none. */
export async function registrationBill(
  tx: Pick<DbTransaction, "select">,
  registrationId: number,
): Promise<RegistrationBill | null> {
  const [reg] = await tx
    .select({
      leadId: registrations.leadId,
      status: registrations.status,
      paymentMethod: registrations.paymentMethod,
      billing: registrations.billing,
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
  if (!reg) return null;
  // A company invoice goes to step 3's company, address, billing e-mail and PO number (one made
  // before step 3 asked them: the step 1 company at the student's address).
  const company = reg.paymentMethod === "company-invoice";
  const billing = company ? reg.billing : null;
  return {
    registrationId,
    leadId: reg.leadId,
    status: reg.status,
    paymentMethod: reg.paymentMethod,
    priceCents: reg.priceCents,
    startDate: reg.startDate,
    studentEmail: reg.email,
    billedTo: {
      name: reg.name,
      company: billing?.company ?? (company ? reg.company : ""),
      address: billing?.address ?? "",
      email: billing?.email ?? reg.email,
      poNumber: billing?.poNumber ?? "",
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
  };
}

/** Issues the registration's invoice when it is due one; the invoice's number, else null. */
export async function invoiceSecuredSeat(
  tx: DbTransaction,
  mail: StaffMail,
  actor: Actor | null,
  registrationId: number,
  now: Date,
): Promise<string | null> {
  const bill = await registrationBill(tx, registrationId);
  if (!bill || !holdsSeat(bill.status) || bill.status === "unconfirmed") return null;
  if (!isInvoiced(bill.paymentMethod)) return null;
  return issueInvoice(
    tx,
    mail,
    actor,
    {
      registrationId,
      leadId: bill.leadId,
      paymentMethod: bill.paymentMethod,
      billedTo: bill.billedTo,
      lines: bill.lines,
    },
    bill.studentEmail,
    now,
  );
}
