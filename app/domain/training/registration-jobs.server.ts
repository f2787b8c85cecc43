// The registrations' recurring work (issue 22, decision 0017), run by the scheduler every few
// minutes on one instance at a time, and once at start (catching up after downtime): holds and
// offers that ran out end and their seats go to the next in line, free seats of a cohort with a
// waitlist are offered (a freed seat no e-mail could be sent for at once), reminders go out,
// and links past their expiry are deleted.

import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { announceReleasedMaterials } from "./materials.server.ts";
import { purgeExpiredRegistrationTokens } from "./registration-links.server.ts";
import { sendReminders } from "./reminders.server.ts";
import { expireHolds, offerOpenSeats } from "./waitlist.server.ts";

export async function runRegistrationJobs(db: Db, mail: StaffMail, now: Date) {
  const today = dayIn(now);
  const expired = await expireHolds(db, mail, now, today);
  const offered = await offerOpenSeats(db, mail, now);
  const reminders = await sendReminders(db, mail, now, today);
  const linksPurged = await purgeExpiredRegistrationTokens(db, now);
  const materialsAnnounced = await announceReleasedMaterials(db, mail, now);
  return { ...expired, offered, reminders, linksPurged, materialsAnnounced };
}
