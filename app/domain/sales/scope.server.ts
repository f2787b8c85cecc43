// The sales side's access rules, which its queries and the dashboard's actions scope by: a
// manager sees every rep's records, a rep only their own.
import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PublicUser } from "#app/domain/auth/roles.ts";

/** Managers see everyone's sales records; anyone else only their own. */
export const seesAllSales = (user: Pick<PublicUser, "role">) => user.role === "manager";

/** The condition that limits a query on a table's rep column to what `user` may see. */
export function repScope(
  user: Pick<PublicUser, "id" | "role">,
  column: AnyPgColumn,
): SQL | undefined {
  return seesAllSales(user) ? undefined : eq(column, user.id);
}
