// The sales figures' earnings (issue 47, decision 0025): won deals' bookings, and for course
// registrations the money received less refunds on the days it moved (their records book
// nothing), in the viewer's scope. So the dashboard and the Invoices screen agree to the cent.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { leads, payments, registrations, salesBookings } from "#app/platform/db/schema.ts";
import { type DayTotal, earliestDayNeeded } from "./figures.ts";
import { repScope } from "./scope.server.ts";

type Viewer = Pick<PublicUser, "id" | "role">;

/**
 * Earned money per day that `user` may count, from January 1 of last year to `today`: won deals'
 * bookings, and for registrations the money received less refunds on the days it moved (their
 * records book nothing), so the figures and the invoices agree to the cent.
 */
export async function bookingTotals(db: Db, user: Viewer, today: string): Promise<DayTotal[]> {
  const from = earliestDayNeeded(today);
  const [booked, received] = await Promise.all([
    db
      .select({
        day: salesBookings.closedOn,
        cents: sql<string>`sum(${salesBookings.amountCents})`,
      })
      .from(salesBookings)
      .where(
        and(
          repScope(user, salesBookings.repId),
          gte(salesBookings.closedOn, from),
          lte(salesBookings.closedOn, today),
        ),
      )
      .groupBy(salesBookings.closedOn),
    db
      .select({
        day: payments.receivedOn,
        cents: sql<string>`sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end)`,
      })
      .from(payments)
      .innerJoin(registrations, eq(registrations.id, payments.registrationId))
      .innerJoin(leads, eq(leads.id, registrations.leadId))
      .where(
        and(
          repScope(user, leads.assignedTo),
          gte(payments.receivedOn, from),
          lte(payments.receivedOn, today),
        ),
      )
      .groupBy(payments.receivedOn),
  ]);
  const byDay = new Map<string, number>();
  for (const r of [...booked, ...received]) {
    byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.cents));
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, cents]) => ({ day, cents }));
}
