// Demo consultation hours: every sales rep and manager the seed made takes consultations
// Monday to Friday, 9:00 to 12:00 and 13:00 to 17:00, on the company's clock.
import { inArray } from "drizzle-orm";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { consultantHours, users } from "#app/platform/db/schema.ts";
import { CONSULTING_ROLES } from "./consultants.server.ts";

export async function seedConsultantHours(tx: DbTransaction): Promise<void> {
  const consultants = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...CONSULTING_ROLES]));
  const rows = consultants.flatMap(({ id }) =>
    [1, 2, 3, 4, 5].flatMap((weekday) => [
      { userId: id, weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
      { userId: id, weekday, startMinute: 13 * 60, endMinute: 17 * 60 },
    ]),
  );
  if (rows.length) await tx.insert(consultantHours).values(rows);
}
