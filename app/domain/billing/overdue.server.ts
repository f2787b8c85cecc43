// The overdue reminder (issue 47, part 3; decision 0025): once a day, each invoice 7 days past its
// due day that is still unpaid and not void is e-mailed once more, with its PDF, to its billing
// address and the student. Once: `reminded_at` is set by a conditional update in the transaction
// that queues the e-mails, so two runs (two instances, a restart) send one reminder.
import { and, eq, isNull, lte } from "drizzle-orm";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { billingDocuments } from "#app/platform/db/schema.ts";
import { formatAmount } from "./money.ts";
import { accountOf, dueCents } from "./payments.server.ts";

/** Days after its due day an unpaid invoice is reminded of. */
export const OVERDUE_REMINDER_DAYS = 7;

/** Who else hears of a registration's invoice: its student, and the lead the mail is filed under. */
export type InvoiceStudents = (
  registrationIds: number[],
) => Promise<Map<number, { studentEmail: string; leadId: number }>>;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sends the reminders due `today` (the company's day): every invoice due on or before
 * `today - 7` not reminded yet, unpaid (something due) and not void (not fully credited).
 * Returns how many invoices were reminded.
 */
export async function sendOverdueReminders(
  db: Db,
  mail: StaffMail,
  students: InvoiceStudents,
  now: Date,
  today: string,
): Promise<number> {
  const candidates = await db
    .select({ id: billingDocuments.id, registrationId: billingDocuments.registrationId })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.kind, "invoice"),
        isNull(billingDocuments.remindedAt),
        lte(billingDocuments.dueOn, addDays(today, -OVERDUE_REMINDER_DAYS)),
      ),
    )
    .orderBy(billingDocuments.id);
  if (candidates.length === 0) return 0;
  const people = await students([...new Set(candidates.map((c) => c.registrationId))]);
  let sent = 0;
  for (const candidate of candidates) {
    const reminded = await db.transaction(async (tx) => {
      // The claim first: of two runs at once, one gets the row back; and a payment being
      // recorded (which locks its invoice's row, recordPayment) is waited for and then seen.
      const [invoice] = await tx
        .update(billingDocuments)
        .set({ remindedAt: now })
        .where(and(eq(billingDocuments.id, candidate.id), isNull(billingDocuments.remindedAt)))
        .returning({
          number: billingDocuments.number,
          billedTo: billingDocuments.billedTo,
          issuedOn: billingDocuments.issuedOn,
          dueOn: billingDocuments.dueOn,
          pdf: billingDocuments.pdf,
        });
      if (!invoice) return false;
      const account = await accountOf(tx, candidate.registrationId);
      const due = dueCents(account, 0);
      if (due === 0 || account.creditedCents >= account.invoicedCents) {
        // Paid or void after all: no reminder, and none claimed.
        await tx
          .update(billingDocuments)
          .set({ remindedAt: null })
          .where(eq(billingDocuments.id, candidate.id));
        return false;
      }
      const person = people.get(candidate.registrationId);
      const recipients = [
        ...new Set(
          [invoice.billedTo.email, person?.studentEmail ?? ""].map((e) => e.trim().toLowerCase()),
        ),
      ].filter(Boolean);
      const amount = formatAmount(due);
      const dueDay = formatDay(invoice.dueOn ?? today);
      const messages = await Promise.all(
        recipients.map(async (to) => {
          const message = await notice(mail.brand, to, {
            template: "invoice-overdue",
            subject: `Reminder: invoice ${invoice.number} is overdue (${amount} due)`,
            heading: `Invoice ${invoice.number} is overdue`,
            lines: [
              `Invoice ${invoice.number} of ${formatDay(invoice.issuedOn)} was due on ${dueDay}, and ${amount} of it is still unpaid. The invoice is attached.`,
              "Please pay it now, quoting the invoice number as the payment reference. If you have paid in the meantime, thank you, and please ignore this reminder.",
            ],
            facts: [
              ["Invoice", invoice.number],
              ["Due", dueDay],
              ["Amount due", amount],
            ],
            button: { label: "Open the Training Portal", href: `${mail.brand.siteUrl}/portal` },
            footnote:
              "You receive this e-mail because a course registration names this address for its billing. Questions? Reply to this e-mail or call us.",
          });
          return {
            ...message,
            ...(person ? { leadId: person.leadId } : {}),
            attachments: [
              ...(message.attachments ?? []),
              {
                filename: `invoice-${invoice.number}.pdf`,
                contentType: "application/pdf",
                content: Buffer.from(invoice.pdf).toString("base64"),
                encoding: "base64" as const,
              },
            ],
          };
        }),
      );
      await mail.outbox.enqueue(tx, messages);
      return true;
    });
    if (reminded) sent += 1;
  }
  return sent;
}
