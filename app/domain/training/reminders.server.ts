// Start reminders (issue 22, decision 0017): 7 days and 1 day before a cohort starts, every
// Confirmed or Paid student is e-mailed the first class with its .ics. Each reminder is a row
// of registration_reminders, inserted in the same transaction that queues the e-mail: a second
// run, a restart or a second instance finds the row and sends nothing.
import { and, eq, inArray } from "drizzle-orm";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { registrationReminders, registrations } from "#app/platform/db/schema.ts";
import { reminderMail } from "./registration-status-mail.server.ts";
import { studentColumns, withStudent } from "./registrations.server.ts";
import { addDays, type ClassSchedule } from "./training.ts";

/** The reminders and how many days before the start each goes out. */
export const REMINDERS = [
  { kind: "7d", days: 7 },
  { kind: "1d", days: 1 },
] as const;

/**
 * Sends the reminders due `today` (Alabama's day): for classes starting in 7 days and tomorrow.
 * A run that missed a day (the server was down) sends the 1-day reminder of a class starting
 * tomorrow even when its 7-day one was missed. Returns how many were queued.
 */
export async function sendReminders(
  db: Db,
  mail: StaffMail,
  now: Date,
  today: string,
): Promise<number> {
  let sent = 0;
  for (const reminder of REMINDERS) {
    const due = await withStudent(db.select(studentColumns).from(registrations).$dynamic()).where(
      and(
        eq(registrations.startDate, addDays(today, reminder.days)),
        inArray(registrations.status, ["confirmed", "paid"]),
      ),
    );
    for (const r of due) {
      const queued = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(registrationReminders)
          .values({ registrationId: r.id, kind: reminder.kind, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: registrationReminders.registrationId });
        if (!claimed) return false;
        const student = { ...r, classSchedule: r.classSchedule as ClassSchedule };
        await mail.outbox.enqueue(tx, [
          await reminderMail(student, mail.brand, reminder.days, now),
        ]);
        return true;
      });
      if (queued) sent += 1;
    }
  }
  return sent;
}
