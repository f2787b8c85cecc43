// Days the company is closed (Settings, issue 43): no consultation is offered on them and no
// cohort starts on them. A yearly one (Christmas Day) closes its month and day every year.
// Settings owns the table; bookings and training read it.
import { and, asc, eq, gte, lte, or } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { closedDays } from "#app/platform/db/schema.ts";
import { failure, type Result, success } from "#app/platform/result.ts";

type Reader = Pick<Db, "select">;

export interface ClosedDay {
  id: number;
  day: string;
  name: string;
  yearly: boolean;
}

/** The holidays the seed closes every year. */
export const SEED_CLOSED_DAYS = [
  { monthDay: "12-25", name: "Christmas Day" },
  { monthDay: "01-01", name: "New Year's Day" },
] as const;

export async function listClosedDays(db: Reader): Promise<ClosedDay[]> {
  return db.select().from(closedDays).orderBy(asc(closedDays.day));
}

/** The closed dates from `first` to `last` ("YYYY-MM-DD", both included), each with its name. */
export async function closedDates(
  db: Reader,
  first: string,
  last: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(closedDays)
    .where(
      or(eq(closedDays.yearly, true), and(gte(closedDays.day, first), lte(closedDays.day, last))),
    );
  const dates = new Map<string, string>();
  const [fromYear, toYear] = [Number(first.slice(0, 4)), Number(last.slice(0, 4))];
  for (const row of rows) {
    const days = row.yearly
      ? Array.from(
          { length: toYear - fromYear + 1 },
          (_, i) => `${fromYear + i}${row.day.slice(4)}`,
        )
      : [row.day];
    for (const day of days) if (day >= first && day <= last) dates.set(day, row.name);
  }
  return dates;
}

/** The name of the holiday that closes this day, or null. */
export async function closedDayName(db: Reader, day: string): Promise<string | null> {
  return (await closedDates(db, day, day)).get(day) ?? null;
}

export async function addClosedDay(
  db: Db,
  actor: Actor,
  value: { day: string; name: string; yearly: boolean },
): Promise<Result> {
  return db.transaction(async (tx) => {
    const taken = await closedDayName(tx, value.day);
    if (taken) {
      const error = `That day is closed already: ${taken}.`;
      return failure("conflict", error, { day: error });
    }
    await tx.insert(closedDays).values(value);
    await auditChange(tx, actor, "closed_day_added", `closed-day:${value.day}`, value);
    return success();
  });
}

export async function removeClosedDay(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(closedDays).where(eq(closedDays.id, id)).returning();
    if (!removed) return false;
    await auditChange(tx, actor, "closed_day_removed", `closed-day:${removed.day}`, {
      name: removed.name,
    });
    return true;
  });
}

/** The seed's yearly holidays, dated in the seed's year. */
export async function seedClosedDays(tx: DbTransaction, now: Date): Promise<void> {
  const year = now.getUTCFullYear();
  await tx
    .insert(closedDays)
    .values(
      SEED_CLOSED_DAYS.map((d) => ({ day: `${year}-${d.monthDay}`, name: d.name, yearly: true })),
    )
    .onConflictDoNothing();
}
