// Migration 0014 (docs/decisions/0016-one-pipeline.md) on data written the old way: sales
// customers become customer records with their bookings and activity, bookings made before the
// records existed get a won record each, and a registration's deal is worth its price.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, query, usingPostgres } from "#tests/support/database.ts";
import { type Database, openDatabase } from "./client.server.ts";

const folder = join(import.meta.dirname, "migrations");
const files = readdirSync(folder)
  .filter((f) => f.endsWith(".sql"))
  .sort();

async function run(database: Database, file: string) {
  const text = readFileSync(join(folder, file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await query(database, statement);
  }
}

let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await database?.close();
  await drop?.();
});

describe("migration 0014: one customer record", () => {
  it("moves sales customers, their bookings and activity onto records, ids remapped", async () => {
    if (usingPostgres) {
      const empty = await createEmptyPostgresDatabase();
      drop = empty.drop;
      database = await openDatabase({ url: empty.url });
    } else {
      database = await openDatabase({ memory: true });
    }
    const db = database;
    const upTo = files.findIndex((f) => f.startsWith("0014_"));
    for (const file of files.slice(0, upTo)) await run(db, file);

    // The old model: two website leads (one a registration), three sales customers whose ids
    // overlap the leads', bookings with and without a customer, activity lines.
    await query(
      db,
      `insert into users (email, role, first_name, last_name) values ('jo@example.com', 'sales_rep', 'Jo', 'Reed')`,
    );
    await query(
      db,
      `insert into leads (kind, form, name, email) values ('inquiry', 'general', 'Web One', 'one@example.org'), ('registration', 'registration', 'Web Two', 'two@example.org')`,
    );
    await query(
      db,
      `insert into courses (slug, kind, title, short_title, duration, price_cents) values ('ccna', 'certification', 'CCNA', 'CCNA', '', 399500)`,
    );
    await query(
      db,
      `insert into cohorts (course_id, start_date, class_schedule) select id, '2027-05-05', 'evening' from courses`,
    );
    await query(
      db,
      `insert into registrations (lead_id, course_id, cohort_id, certification_interest, class_schedule, start_date, experience, payment_method, price_cents)
       select 2, c.course_id, c.id, 'CCNA', 'evening', '2027-05-05', '1-3', 'credit-card', 399500 from cohorts c`,
    );
    await query(
      db,
      `insert into sales_customers (rep_id, name, email, phase, deal_value_cents) values
       (1, 'Ann Open', 'ann@example.org', 'Negotiation', 500000),
       (1, 'Bo Won', 'bo@example.org', 'Closed Won', 700000),
       (null, 'Cy Lost', 'cy@example.org', 'Closed Lost', 0)`,
    );
    await query(
      db,
      `insert into sales_bookings (rep_id, customer_id, amount_cents, closed_on) values
       (1, 2, 700000, '2026-10-15'), (1, null, 1250000, '2026-09-01')`,
    );
    await query(
      db,
      `insert into sales_activities (rep_id, customer_id, kind, message) values
       (1, 1, 'customer_added', 'New customer added: Ann Open'),
       (1, 2, 'phase_changed', 'Bo Won: phase changed'),
       (1, 3, 'customer_deleted', 'Customer deleted: gone')`,
    );
    await query(db, "delete from sales_customers where id = 3");

    await run(db, files[upTo] as string);

    const records = await query<Record<string, unknown>>(
      db,
      "select id, kind, name, status, phase, deal_value_cents, assigned_to from leads order by id",
    );
    expect(records).toEqual([
      {
        id: 1,
        kind: "inquiry",
        name: "Web One",
        status: "New",
        phase: "New",
        deal_value_cents: 0,
        assigned_to: null,
      },
      {
        id: 2,
        kind: "registration",
        name: "Web Two",
        status: "New",
        phase: "New",
        deal_value_cents: 399500,
        assigned_to: null,
      },
      {
        id: 3,
        kind: "manual",
        name: "Ann Open",
        status: "In Progress",
        phase: "Negotiation",
        deal_value_cents: 500000,
        assigned_to: 1,
      },
      {
        id: 4,
        kind: "manual",
        name: "Bo Won",
        status: "Completed",
        phase: "Closed Won",
        deal_value_cents: 700000,
        assigned_to: 1,
      },
      {
        id: 5,
        kind: "manual",
        name: "Deal booked September 2026",
        status: "Completed",
        phase: "Closed Won",
        deal_value_cents: 1250000,
        assigned_to: 1,
      },
    ]);
    expect(
      await query(db, "select customer_id, amount_cents from sales_bookings order by id"),
    ).toEqual([
      { customer_id: 4, amount_cents: 700000 },
      { customer_id: 5, amount_cents: 1250000 },
    ]);
    expect(
      await query(db, "select customer_id, message from sales_activities order by id"),
    ).toEqual([
      { customer_id: 3, message: "New customer added: Ann Open" },
      { customer_id: 4, message: "Bo Won: phase changed" },
      { customer_id: null, message: "Customer deleted: gone" },
    ]);
    expect(await query(db, "select to_regclass('sales_customers') is null as gone")).toEqual([
      { gone: true },
    ]);
    // The rest of the migrations still apply on top.
    for (const file of files.slice(upTo + 1)) await run(db, file);
    // A record's deletion takes its booking; a booking needs a record.
    await query(db, "delete from leads where id = 4");
    expect(await query(db, "select customer_id from sales_bookings")).toEqual([{ customer_id: 5 }]);
    await expect(
      query(db, "insert into sales_bookings (amount_cents, closed_on) values (1, '2026-01-01')"),
    ).rejects.toThrow();
  });
});
