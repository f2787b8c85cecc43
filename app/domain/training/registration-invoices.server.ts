// A registration's invoice (issue 47, decision 0025): when its seat is secured (the student
// confirmed their address, took a waitlist offer, or staff confirmed it) and it pays by bank
// transfer or company invoice, the invoice is issued in that same transaction, at the price the
// registration was made at. An unconfirmed hold is never invoiced: anyone can type any address.
// Once a day, an invoice 7 days overdue is reminded of, once (billing's overdue.server.ts, told
// who the student is from here).
import { and, eq, gt, inArray, isNotNull, notExists } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { isInvoiced, issueInvoice } from "#app/domain/billing/invoices.server.ts";
import { type InvoiceStudents, sendOverdueReminders } from "#app/domain/billing/overdue.server.ts";
import {
  type Account,
  carryEarlierPayment,
  dueCents,
} from "#app/domain/billing/payments.server.ts";
import { dropRegistrationBookings } from "#app/domain/leads/pipeline.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import {
  type BillingLine,
  type BillingParty,
  courses,
  leads,
  payments,
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
  /** When the registration was made: no payment for it came before. */
  createdAt: Date;
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
      createdAt: registrations.createdAt,
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
    createdAt: reg.createdAt,
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

/**
 * What the registration charges: its invoice, or without one its price while it holds a seat
 * (a cancelled or waitlisted registration without an invoice charges nothing).
 */
export const chargedCents = (
  account: Account,
  bill: Pick<RegistrationBill, "status" | "priceCents">,
) => (account.invoice ? account.invoicedCents : holdsSeat(bill.status) ? bill.priceCents : 0);

/** What the registration still owes: its charge less credit notes and the money kept. */
export const owedCents = (
  account: Account,
  bill: Pick<RegistrationBill, "status" | "priceCents">,
) => dueCents(account, chargedCents(account, bill));

/** What was kept beyond the charge less credit notes (a second payment, one after a cancellation). */
export const overpaidCents = (
  account: Account,
  bill: Pick<RegistrationBill, "status" | "priceCents">,
) =>
  Math.max(
    0,
    account.paidCents -
      account.refundedCents -
      Math.max(0, chargedCents(account, bill) - account.creditedCents),
  );

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

/** How Mark paid's methods (the wizard's) were received, as payments record them. */
const RECEIVED_AS = {
  "credit-card": "card",
  "bank-transfer": "bank-transfer",
  "company-invoice": "bank-transfer",
} as const;

/**
 * Once, when payments take over the earnings (seed step 0015): each registration Mark paid
 * recorded before has its payment carried into the payments (same amount and day, no receipt),
 * and the bookings registrations made go, so nothing is counted twice or lost.
 */
export async function carryEarlierPayments(tx: DbTransaction, now: Date): Promise<number> {
  const paid = await tx
    .select({
      id: registrations.id,
      cents: registrations.paidCents,
      method: registrations.paidMethod,
      on: registrations.paidOn,
    })
    .from(registrations)
    .where(
      and(
        gt(registrations.paidCents, 0),
        isNotNull(registrations.paidOn),
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.registrationId, registrations.id)),
        ),
      ),
    );
  for (const row of paid) {
    await carryEarlierPayment(
      tx,
      {
        registrationId: row.id,
        method: RECEIVED_AS[row.method as keyof typeof RECEIVED_AS] ?? "bank-transfer",
        amountCents: row.cents ?? 0,
        receivedOn: row.on ?? "",
        reference: "Recorded before receipts",
      },
      now,
    );
  }
  await dropRegistrationBookings(tx);
  return paid.length;
}
/** The students of these registrations (their address, their lead), for billing's e-mails. */
const studentsOf =
  (db: Db): InvoiceStudents =>
  async (registrationIds) => {
    const rows = await db
      .select({ id: registrations.id, leadId: leads.id, studentEmail: leads.email })
      .from(registrations)
      .innerJoin(leads, eq(leads.id, registrations.leadId))
      .where(inArray(registrations.id, registrationIds));
    return new Map(rows.map(({ id, ...student }) => [id, student]));
  };

/**
 * The overdue reminders due today (once a day): each invoice 7 days past its due day, unpaid and
 * not void, e-mailed once to its billing address and its student (billing's
 * `sendOverdueReminders`). Returns how many invoices were reminded.
 */
export const remindOverdueInvoices = (db: Db, mail: StaffMail, now: Date, today: string) =>
  sendOverdueReminders(db, mail, studentsOf(db), now, today);
