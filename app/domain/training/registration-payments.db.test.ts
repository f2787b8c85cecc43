// Record a payment (issue 47, part 3): staff record a bank transfer or cheque received, at most
// what is due; each payment issues a numbered receipt, partial payments add up, and the
// registration is Paid (its deal won) once nothing is due. Above what is due, dated after today,
// a registration that takes no payment, nothing due: refused, and nothing changes. Twenty
// payments of the whole amount at once: one is recorded.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registrationMoney } from "#app/domain/billing/billing-views.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { paymentSchema } from "./registration-admin.schema.ts";
import {
  cancelRegistration,
  confirmRegistration,
  recordRegistrationPayment,
  type StaffPayment,
} from "./registration-admin.server.ts";

let database: Database;
let fx: RegistrationFixture;

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
});
afterEach(async () => {
  await database.close();
});

const pay = (id: number, amountCents: number, more: Partial<StaffPayment> = {}) =>
  recordRegistrationPayment(
    fx.services,
    fx.admin,
    id,
    { method: "bank-transfer", amountCents, receivedOn: TODAY, reference: "", ...more },
    NOW,
    TODAY,
  );

/** A bank transfer registration confirmed by staff: invoice 2027-0001, $1,200.00. */
async function invoiced(email = "zoe@example.org") {
  const id = await fx.register(email, { paymentMethod: "bank-transfer" });
  expect(await confirmRegistration(fx.services, fx.admin, id, NOW, TODAY)).toMatchObject({
    ok: true,
  });
  fx.clearQueued();
  return id;
}

/** Everything a payment would change: payments, documents, counters, the status, the deal. */
const ledger = async (id: number) => ({
  payments: await query(database, "select * from payments order by id"),
  documents: await query(database, "select number from billing_documents order by id"),
  counters: await query(database, "select * from document_counters order by series"),
  registration: await query(
    database,
    `select status, paid_cents, paid_method, paid_on from registrations where id = ${id}`,
  ),
  deal: await query(
    database,
    `select l.phase, l.deal_value_cents from leads l join registrations r on r.lead_id = l.id where r.id = ${id}`,
  ),
  mail: await fx.queued(),
});

describe("record a payment", () => {
  it("partial payments add up: two receipts, R-2027-0001 and R-2027-0002, Paid only after the second", async () => {
    const id = await invoiced();
    const first = await pay(id, 50_000, { reference: "BANK-REF 1" });
    expect(first).toMatchObject({ ok: true, value: { receipt: "R-2027-0001", paid: false } });
    expect(first.ok && first.value.message).toContain("$700.00 is still due");
    expect(await fx.statusOf(id)).toBe("confirmed");
    const receipts = await fx.queued();
    expect(receipts.map((m) => [m.template, m.to, m.subject])).toEqual([
      [
        "receipt-issued",
        "zoe@example.org",
        "Receipt R-2027-0001: $500.00 received, thank you - Sigma Technology Partners",
      ],
    ]);
    expect(receipts[0]?.attachments?.map((a) => a.filename)).toContain("receipt-R-2027-0001.pdf");
    expect(receipts[0]?.text).toContain("reference BANK-REF 1");

    const second = await pay(id, 70_000, { method: "cheque" });
    expect(second).toMatchObject({ ok: true, value: { receipt: "R-2027-0002", paid: true } });
    expect(await fx.statusOf(id)).toBe("paid");
    const money = await registrationMoney(database.db, id);
    expect(money.account).toMatchObject({
      invoicedCents: 120_000,
      paidCents: 120_000,
      refundedCents: 0,
    });
    expect(money.documents.map((d) => [d.kind, d.number, d.totalCents])).toEqual([
      ["invoice", "2027-0001", 120_000],
      ["receipt", "R-2027-0001", 50_000],
      ["receipt", "R-2027-0002", 70_000],
    ]);
    expect(
      await query(
        database,
        `select l.phase, l.deal_value_cents from leads l join registrations r on r.lead_id = l.id where r.id = ${id}`,
      ),
    ).toEqual([{ phase: "Closed Won", deal_value_cents: 120_000 }]);
    expect(
      await query(
        database,
        "select method, amount_cents, reference, recorded_by from payments order by id",
      ),
    ).toEqual([
      {
        method: "bank-transfer",
        amount_cents: 50_000,
        reference: "BANK-REF 1",
        recorded_by: fx.admin.user.id,
      },
      { method: "cheque", amount_cents: 70_000, reference: "", recorded_by: fx.admin.user.id },
    ]);
  });

  it("a registration without an invoice (a card chosen) is paid against its price", async () => {
    const id = await fx.register("card@example.org");
    expect(await pay(id, 120_000)).toMatchObject({ ok: true, value: { paid: true } });
    expect(await fx.statusOf(id)).toBe("paid");
  });

  it("refuses more than is due, saying how much is; nothing changes", async () => {
    const id = await invoiced();
    await pay(id, 50_000);
    fx.clearQueued();
    const before = await ledger(id);
    expect(await pay(id, 70_001)).toEqual({
      ok: false,
      reason: "invalid",
      error:
        "Only $700.00 is due on this registration: record at most that (nothing was recorded).",
      fieldErrors: {
        amount:
          "Only $700.00 is due on this registration: record at most that (nothing was recorded).",
      },
    });
    expect(await ledger(id)).toEqual(before);
  });

  it("refuses a payment dated after today; nothing changes", async () => {
    const id = await invoiced();
    const before = await ledger(id);
    expect(await pay(id, 1_000, { receivedOn: "2027-03-02" })).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { receivedOn: "A payment cannot be dated after today." },
    });
    expect(await ledger(id)).toEqual(before);
  });

  it("refuses a registration whose status takes no payment, one with nothing due, and an unknown one", async () => {
    // Not invoiced (a card chosen) and cancelled: it charges nothing any more.
    const cancelled = await fx.register("cancelled@example.org");
    await cancelRegistration(fx.services, fx.admin, cancelled, "Changed plans", NOW, TODAY);
    fx.clearQueued();
    const before = await ledger(cancelled);
    expect(await pay(cancelled, 1_000)).toEqual({
      ok: false,
      reason: "conflict",
      error: "Nothing is due on this registration: no payment was recorded.",
    });
    expect(await ledger(cancelled)).toEqual(before);

    await fx.register("seated@example.org", { cohortId: fx.april19 });
    const waiting = await fx.register("waiting@example.org", {
      cohortId: fx.april19,
      waitlist: true,
    });
    expect(await pay(waiting, 1_000)).toMatchObject({ ok: false, reason: "conflict" });

    const paid = await invoiced("paid@example.org");
    await pay(paid, 120_000);
    const nothing = {
      ok: false,
      reason: "conflict",
      error: "Nothing is due on this registration: no payment was recorded.",
    };
    expect(await pay(paid, 1)).toEqual(nothing);
    // A free registration owes nothing: there is nothing to record, whatever its status.
    const free = await fx.register("free@example.org");
    await query(database, `update registrations set price_cents = 0 where id = ${free}`);
    expect(await pay(free, 1)).toEqual(nothing);

    expect(await pay(999_999, 1_000)).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("a completed course's invoice and a cancellation's fee are paid after, the status kept", async () => {
    const completed = await invoiced("done@example.org");
    await query(database, `update registrations set status = 'completed' where id = ${completed}`);
    expect(await pay(completed, 120_000)).toMatchObject({ ok: true, value: { paid: false } });
    expect(await fx.statusOf(completed)).toBe("completed");
    expect((await registrationMoney(database.db, completed))?.account).toMatchObject({
      invoicedCents: 120_000,
      paidCents: 120_000,
    });

    // Cancelled with the whole fee kept (staff's override, with its reason): still owed, paid.
    const late = await invoiced("late@example.org");
    const fee = { creditCents: 0, reason: "Cancelled after the course was prepared" };
    expect(
      await cancelRegistration(fx.services, fx.admin, late, "No show", NOW, TODAY, fee),
    ).toMatchObject({ ok: true });
    expect(await pay(late, 120_000)).toMatchObject({ ok: true, value: { receipt: "R-2027-0002" } });
    expect(await fx.statusOf(late)).toBe("cancelled");
    expect(await pay(late, 1)).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("refuses a payment dated before the registration was made (a typo of the year); nothing changes", async () => {
    const id = await invoiced();
    const before = await ledger(id);
    expect(await pay(id, 1_000, { receivedOn: "2007-03-01" })).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        receivedOn:
          "A payment for this registration cannot be dated before it was made (March 1, 2027).",
      },
    });
    expect(await ledger(id)).toEqual(before);
  });

  it("twenty payments of the whole amount at once: exactly one is recorded", async () => {
    const id = await invoiced();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => pay(id, 120_000)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.error)).toEqual(
      Array(19).fill("Nothing is due on this registration: no payment was recorded."),
    );
    expect(await query(database, "select count(*)::int as n from payments")).toEqual([{ n: 1 }]);
    expect(
      await query(database, "select number from billing_documents where kind = 'receipt'"),
    ).toEqual([{ number: "R-2027-0001" }]);
    expect(await fx.statusOf(id)).toBe("paid");
  });
});

describe("the Record a payment form", () => {
  const form = {
    receivedOn: TODAY,
    amount: "1200.00",
    method: "bank-transfer",
    reference: "Wire 4471",
  };
  it("reads dollars and cents, bank transfer or cheque, a one-line reference", () => {
    expect(paymentSchema.parse({ ...form, amount: "$1,200.50", method: "cheque" })).toEqual({
      receivedOn: TODAY,
      amount: 120_050,
      method: "cheque",
      reference: "Wire 4471",
    });
  });

  it.each([
    ["amount", "-5", "Enter an amount in dollars, like 4995.00."],
    ["amount", "ten", "Enter an amount in dollars, like 4995.00."],
    ["amount", "", "Enter an amount in dollars, like 4995.00."],
    ["amount", "1.234", "Enter an amount in dollars, like 4995.00."],
    ["amount", "0.00", "Enter an amount above $0.00."],
    ["amount", "2000000", "Enter an amount of at most $1,000,000."],
    ["method", "card", "Choose bank transfer or cheque."],
    ["method", "", "Choose bank transfer or cheque."],
    ["receivedOn", "2027-02-30", "Enter a date of the calendar, as YYYY-MM-DD."],
    ["reference", "x".repeat(101), "Keep the reference to 100 characters."],
    ["reference", "line one\nline two", "Keep the reference on one line."],
  ])("refuses %s %j with a message", (field, value, message) => {
    const parsed = paymentSchema.safeParse({ ...form, [field]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      field,
      message,
    ]);
  });
});
