// Who acted, as queries read it: the account columns a name is made of (`displayName`,
// `actorName` in actor-name.ts), and accounts by name. Every query that says who did something
// (the audit log, versions, notes, registrations' events, user lists) selects these; they sit in
// the audit area, the lowest that reads the accounts, so that every area above can use them.
import { asc, type SQL } from "drizzle-orm";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import { displayName } from "./actor-name.ts";

/** The columns of an account's name (null in every one on a left join without an account). */
export const nameColumns = {
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** An account's id and the columns of its name. */
export const personColumns = { id: users.id, ...nameColumns };

/** The accounts `where` picks, each with its name, by id (callers sort by name where they show a list). */
export async function namedPeople(
  db: Db | DbTransaction,
  where: SQL,
): Promise<{ id: number; name: string }[]> {
  const rows = await db.select(personColumns).from(users).where(where).orderBy(asc(users.id));
  return rows.map((u) => ({ id: u.id, name: displayName(u) }));
}
