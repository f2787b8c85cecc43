// Consultations' recurring work, run with the registrations' every 5 minutes on one instance
// at a time and once at start: reminders 24 hours and 1 hour before (each a booking_reminders
// row of the booking, kind and meeting time, inserted in the transaction that queues its
// e-mails, so a second run, a restart or a second instance sends nothing more), and the
// clean-up of ended holds and links.
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { bookingReminders, bookings, bookingTokens } from "#app/platform/db/schema.ts";
import { bookingOfId } from "./consultation-changes.server.ts";
import { bookingMails } from "./consultation-mail.server.ts";
import { REMINDER_HOURS } from "./consultations.ts";

const HOUR = 3_600_000;

export async function runBookingJobs(db: Db, mail: StaffMail, now: Date) {
  const companyZone = await getTimeZone(db);
  let reminders = 0;
  for (const hours of REMINDER_HOURS) {
    const kind = `${hours}h`;
    // Due: the reminder's time has come, the meeting has not started, and its time was set
    // (booked, or moved to it) before the reminder's time: a meeting booked an hour ahead gets no
    // "tomorrow" reminder. Reminders belong to the meeting's time: one moved gets them again.
    const due = await db
      .select({ id: bookings.id, startsAt: bookings.startsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + hours * HOUR)),
          lt(
            sql`coalesce(${bookings.rescheduledAt}, ${bookings.bookedAt})`,
            sql`${bookings.startsAt} - make_interval(hours => ${hours})`,
          ),
        ),
      );
    for (const { id, startsAt } of due) {
      const sent = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(bookingReminders)
          .values({ bookingId: id, kind, startsAt, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: bookingReminders.bookingId });
        if (!claimed) return false;
        const loaded = await bookingOfId(tx, id, companyZone);
        // Moved or cancelled since it was found: its new time has reminders of its own.
        const b = loaded?.booking;
        if (!loaded || b?.status !== "booked" || b.startsAt.getTime() !== startsAt.getTime()) {
          return false;
        }
        await mail.outbox.enqueue(
          tx,
          await bookingMails(mail.brand, loaded, {
            kind: "reminder",
            hours,
            token: null,
            companyZone,
            now,
          }),
        );
        return true;
      });
      if (sent) reminders += 1;
    }
  }
  const holdsRemoved = await db
    .delete(bookings)
    .where(and(eq(bookings.status, "held"), lt(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  const linksRemoved = await db
    .delete(bookingTokens)
    .where(lte(bookingTokens.expiresAt, now))
    .returning({ id: bookingTokens.bookingId });
  return {
    consultationReminders: reminders,
    holdsRemoved: holdsRemoved.length,
    consultationLinksRemoved: linksRemoved.length,
  };
}
