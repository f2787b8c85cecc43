// What becomes of a deleted record's registration, composed above the areas (decision 0012):
// the pipeline deletes the record and calls this in its transaction; training gives a held
// seat back to its cohort by its own rule and offers it at once to the first person waiting.
import type { OnDeleteRecord } from "#app/domain/leads/customer-commands.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { releaseRegistrationOf } from "#app/domain/training/registrations.server.ts";
import { offerFreeSeats } from "#app/domain/training/waitlist.server.ts";

/** The delete step of the doors that delete a record, its e-mail loaded before the transaction opens. */
export async function customerDeletion(
  services: Parameters<typeof registrationMailOf>[0],
): Promise<OnDeleteRecord> {
  return seatGoesBack(await registrationMailOf(services));
}

/**
 * The delete step with its e-mail at hand: a held seat goes back to its cohort (the cohort's id
 * joins the audit entry). Without `mail`, the registrations job offers the seat on its next run.
 */
export const seatGoesBack =
  (mail?: StaffMail): OnDeleteRecord =>
  async (tx, leadId) => {
    const now = new Date();
    const cohortId = await releaseRegistrationOf(tx, leadId, now);
    return {
      audit: { cohortId },
      afterDelete: cohortId && mail ? () => offerFreeSeats(tx, cohortId, mail, now) : undefined,
    };
  };
