// What becomes of a deleted record's registration, composed above the areas (decision 0012):
// the pipeline deletes the record and calls this in its transaction; training gives a held
// seat back to its cohort by its own rule and offers it at once to the first person waiting.
import { hasBillingDocuments } from "#app/domain/billing/invoices.server.ts";
import type { OnDeleteRecord } from "#app/domain/leads/customer-commands.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import {
  registrationIdOf,
  releaseRegistrationOf,
} from "#app/domain/training/registrations.server.ts";
import { offerFreeSeats } from "#app/domain/training/waitlist.server.ts";

export const KEPT_FOR_ACCOUNTS =
  "This customer has invoices, payments or a card checkout, which are kept with the accounts: the record cannot be deleted.";

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
    // Invoices and receipts are kept with the accounts (decision 0025): their customer stays.
    const registrationId = await registrationIdOf(tx, leadId);
    if (registrationId !== null && (await hasBillingDocuments(tx, registrationId))) {
      return { audit: {}, refused: KEPT_FOR_ACCOUNTS };
    }
    const now = new Date();
    const cohortId = await releaseRegistrationOf(tx, leadId, now);
    return {
      audit: { cohortId },
      afterDelete: cohortId && mail ? () => offerFreeSeats(tx, cohortId, mail, now) : undefined,
    };
  };
