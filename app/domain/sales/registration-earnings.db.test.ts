// Issue 47, part 5: a registration's deal is worth what was invoiced, and the sales figures'
// earnings are the money received less refunds, on the days it moved (the registration's record
// books nothing), in the viewer's scope. A payment Mark paid recorded before is carried over once.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { moneyMoved } from "#app/domain/billing/payments.server.ts";
import { payWithin } from "#app/domain/training/registration-admin.server.ts";
import { carryEarlierPayments } from "#app/domain/training/registration-invoices.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { payments } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { bookingTotals } from "./earnings.server.ts";

let database: Database;
let fx: RegistrationFixture;
beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
});
afterEach(async () => {
  await database.close();
});

const manager = { id: 0, role: "manager" as const };
const total = (rows: { cents: number }[]) => rows.reduce((sum, r) => sum + r.cents, 0);

async function pay(id: number, amountCents: number, receivedOn: string) {
  const answer = await database.db.transaction((tx) =>
    payWithin(
      tx,
      fx.services.mail,
      fx.admin as never,
      id,
      { method: "bank-transfer", amountCents, receivedOn, reference: "" },
      NOW,
      TODAY,
    ),
  );
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

describe("a registration's earnings are its payments less refunds", () => {
  it("counts each payment on its day, a refund takes it back; the record books nothing", async () => {
    const id = await fx.register("jordan@example.org", {
      paymentMethod: "bank-transfer",
      confirmed: true,
    });
    const price = fx.course.priceCents;
    const first = await pay(id, 100_000, "2027-02-26");
    expect(first).toMatchObject({ paid: false, dueCents: price - 100_000 });
    const second = await pay(id, price - 100_000, TODAY);
    expect(second).toMatchObject({ paid: true, dueCents: 0 });
    // The deal is won at the invoiced amount; its record books nothing.
    const [deal] = await query(
      database,
      `select l.phase, l.deal_value_cents, (select count(*)::int from sales_bookings b where b.customer_id = l.id) as booked
         from registrations r join leads l on l.id = r.lead_id where r.id = ${id}`,
    );
    expect(deal).toEqual({ phase: "Closed Won", deal_value_cents: price, booked: 0 });
    const totals = await bookingTotals(database.db, manager, TODAY);
    expect(totals).toEqual([
      { day: "2027-02-26", cents: 100_000 },
      { day: TODAY, cents: price - 100_000 },
    ]);
    await database.db.insert(payments).values({
      registrationId: id,
      kind: "refund",
      method: "bank-transfer",
      amountCents: 25_000,
      receivedOn: TODAY,
      recordedAt: NOW,
    });
    expect(total(await bookingTotals(database.db, manager, TODAY))).toBe(price - 25_000);
    // The Invoices screen's money received says the same, to the cent.
    expect(await moneyMoved(database.db, "2027-01-01", TODAY)).toEqual({
      receivedCents: price,
      refundedCents: 25_000,
    });
    expect(await moneyMoved(database.db, TODAY, TODAY)).toEqual({
      receivedCents: price - 100_000,
      refundedCents: 25_000,
    });
    // Scoped: a rep who does not own the record counts none of it.
    expect(await bookingTotals(database.db, { id: 987_654, role: "sales_rep" }, TODAY)).toEqual([]);
  });

  it("carries a payment Mark paid recorded before into the payments once, and its booking goes", async () => {
    const id = await fx.register("casey@example.org", { confirmed: true });
    const [reg] = await query(database, `select lead_id from registrations where id = ${id}`);
    await query(
      database,
      `update registrations set status = 'paid', paid_cents = 120000, paid_method = 'credit-card', paid_on = '2027-02-20' where id = ${id}`,
    );
    await query(
      database,
      `insert into sales_bookings (customer_id, amount_cents, closed_on) values (${reg?.lead_id}, 120000, '2027-02-20')`,
    );
    const before = total(await bookingTotals(database.db, manager, TODAY));
    expect(await database.db.transaction((tx) => carryEarlierPayments(tx, NOW))).toBe(1);
    expect(await database.db.transaction((tx) => carryEarlierPayments(tx, NOW))).toBe(0);
    expect(
      await query(
        database,
        "select method, amount_cents, received_on::text, document_id from payments",
      ),
    ).toEqual([
      { method: "card", amount_cents: 120_000, received_on: "2027-02-20", document_id: null },
    ]);
    expect(await query(database, "select * from sales_bookings")).toEqual([]);
    expect(total(await bookingTotals(database.db, manager, TODAY))).toBe(before);
  });
});
