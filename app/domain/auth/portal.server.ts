// What the Training Portal shows a signed-in student or instructor.
import type { Db } from "#app/platform/db/client.server.ts";
import type { PublicUser } from "./roles.ts";

export interface PortalRegistration {
  id: number;
  course: string;
  startDate: string;
  schedule: string;
  status: string;
}

/**
 * A student's course registrations (an instructor's cohorts later). Registrations are not yet
 * linked to accounts: the training work fills this in; the portal already renders the list.
 */
export async function listPortalRegistrations(
  _db: Db,
  _user: PublicUser,
): Promise<PortalRegistration[]> {
  return [];
}
