// A customer's detail and export as staff see them, composed above the areas (decision 0012):
// the pipeline's record (leads) with the record's consultations, and the CSV with training's
// class-schedule labels.
import { consultationsOfRecord } from "#app/domain/consultations/consultation-changes.server.ts";
import type { StaffBooking } from "#app/domain/consultations/consultations.ts";
import { type CustomerDetail, getCustomer } from "#app/domain/leads/customer-detail.server.ts";
import type { CustomerFilter } from "#app/domain/leads/customers.server.ts";
import { customersCsvStream } from "#app/domain/leads/customers-csv.server.ts";
import type { Viewer } from "#app/domain/leads/pipeline.server.ts";
import { CLASS_SCHEDULES, labelOf } from "#app/domain/training/training.ts";
import type { Db } from "#app/platform/db/client.server.ts";

/** A record's detail with its consultations, newest first. */
export type CustomerWithConsultations = CustomerDetail & { consultations: StaffBooking[] };

/** One record with its consultations, if `viewer` may see it (else null, as if it did not exist). */
export async function customerWithConsultations(
  db: Db,
  viewer: Viewer,
  id: number,
): Promise<CustomerWithConsultations | null> {
  const customer = await getCustomer(db, viewer, id);
  return customer && { ...customer, consultations: await consultationsOfRecord(db, [id]) };
}

/** The records `viewer` may see that match the filter, as a CSV stream. */
export const customersCsv = (db: Db, viewer: Viewer, filter: CustomerFilter, timeZone: string) =>
  customersCsvStream(db, viewer, filter, timeZone, (code) => labelOf(CLASS_SCHEDULES, code));
