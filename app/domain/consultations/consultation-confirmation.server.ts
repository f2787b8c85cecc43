// The visitor's confirmation page (/consultation/booked/{id}) and its invitation file, shown only
// to the browser whose booking cookie booked it: who they meet, when, and the event to import
// (the same UID and SEQUENCE as the invitations e-mailed, METHOD:PUBLISH).

import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { calendarText } from "#app/platform/calendar/calendar.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { bookingOfId, type LoadedBooking } from "./consultation-changes.server.ts";
import { consultationEvent, consultationProductId } from "./consultation-mail.server.ts";

export async function bookingConfirmation(
  db: Db,
  id: number,
  holderKey: string | null,
  companyZone: string,
): Promise<LoadedBooking | null> {
  if (!holderKey) return null;
  const loaded = await bookingOfId(db, id, companyZone);
  const b = loaded?.booking;
  return b?.status === "booked" && b.holderKey === holderKey ? loaded : null;
}

/** The booking as a calendar file to import. */
export function confirmationCalendar(brand: MailBrand, loaded: LoadedBooking, now: Date): string {
  const { booking, type, consultant } = loaded;
  return calendarText("PUBLISH", [consultationEvent(brand, booking, type.name, consultant)], {
    productId: consultationProductId(brand),
    stamp: now,
  });
}
