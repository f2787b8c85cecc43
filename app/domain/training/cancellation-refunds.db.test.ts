// Cancellations and refunds (issue 47 part 4): a paid or invoiced registration cancelled is
// credited by a credit note (referring to its invoice, or a card's receipt) for what the
// cancellation policy allows, or staff's override with its reason; what was paid beyond what is
// owed goes back (a card through the gateway, with an idempotency key; a bank transfer recorded as
// paid back); an unpaid invoice fully credited is void; a card refund that fails changes nothing.
// Bad input: a refund above what was paid, a credit note for a credit note, an override without
// its reason.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CardGateway } from "#app/domain/billing/card-gateway.ts";
import {
  CREDIT_TEXTS,
  issueCreditNote,
  recordRefund,
} from "#app/domain/billing/credit-notes.server.ts";
import { documentPdf } from "#app/domain/billing/invoices.server.ts";
import { accountOf, dueCents } from "#app/domain/billing/payments.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { type CancellationPreview, policyLine, refundLineOf } from "./cancellation-policy.ts";
import {
  CANCEL_MONEY_TEXTS,
  cancellationPreview,
  cancellationQuote,
} from "./cancellation-refunds.server.ts";
import {
  cancelOwnRegistration,
  cancelRegistration,
  confirmRegistration,
  payWithin,
  type RegistrationServices,
} from "./registration-admin.server.ts";
import { registrationBill } from "./registration-invoices.server.ts";

let database: Database;
let fx: RegistrationFixture;
let dir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  dir = mkdtempSync(join(tmpdir(), "credit-notes-"));
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** April 5 is the start: these days are 20, 10 and 3 days before it. */
const DAYS_BEFORE = { 20: "2027-03-16", 10: "2027-03-26", 3: "2027-04-02" } as const;
const at = (day: string) => new Date(`${day}T15:00:00Z`);
const PRICE = 120_000;

/** A card gateway that records its refunds (or fails every call). */
function fakeCards(failing = false) {
  const refunds: Parameters<CardGateway["refund"]>[0][] = [];
  const gateway: CardGateway = {
    openCheckout: () => Promise.reject(new Error("not in these tests")),
    expireCheckout: () => Promise.resolve("expired" as const),
    refund: (request) => {
      if (failing) return Promise.reject(new Error("connect ECONNREFUSED api.stripe.com"));
      refunds.push(request);
      return Promise.resolve({ id: `re_test_${refunds.length}` });
    },
  };
  return { gateway, refunds };
}

const withCards = (cards: CardGateway | null): RegistrationServices => ({
  ...fx.services,
  cards,
});

/** A registration confirmed (a bank transfer or company invoice is invoiced then). */
async function confirmed(
  email: string,
  paymentMethod: "bank-transfer" | "company-invoice" | "credit-card",
) {
  const id = await fx.register(email, {
    paymentMethod,
    company: paymentMethod === "company-invoice" ? "Acme Corp" : "",
  });
  const ok = await confirmRegistration(fx.services, fx.admin, id, NOW, TODAY);
  if (!ok.ok) throw new Error(ok.error);
  return id;
}

/** Money received for the registration, as staff's Record a payment or Stripe's webhook does. */
async function pay(id: number, method: "bank-transfer" | "card", amountCents = PRICE) {
  const paid = await database.db.transaction((tx) =>
    payWithin(
      tx,
      fx.services.mail,
      fx.admin,
      id,
      {
        method,
        amountCents,
        receivedOn: TODAY,
        reference: method === "card" ? "" : "TRX-1",
        ...(method === "card" ? { stripeId: `pi_test_${id}` } : {}),
      },
      NOW,
      TODAY,
    ),
  );
  if (!paid.ok) throw new Error(paid.error);
  fx.clearQueued();
}

const cancelOn = (
  id: number,
  day: string,
  services: RegistrationServices = fx.services,
  override?: { creditCents: number; reason: string },
) => cancelRegistration(services, fx.admin, id, "Changed plans", at(day), day, override);

const creditNotes = () =>
  query<{ number: string; total_cents: number; refers: string }>(
    database,
    `select c.number, c.total_cents, i.number as refers from billing_documents c
       join billing_documents i on i.id = c.refers_to where c.kind = 'credit_note' order by c.id`,
  );
const refunds = () =>
  query<{ method: string; amount_cents: number; stripe_id: string | null; credit_note: string }>(
    database,
    `select p.method, p.amount_cents, p.stripe_id, d.number as credit_note from payments p
       join billing_documents d on d.id = p.document_id where p.kind = 'refund' order by p.id`,
  );
const pdfText = (pdf: Buffer) => {
  const file = join(dir, "credit-note.pdf");
  writeFileSync(file, pdf);
  execFileSync("qpdf", ["--check", file]);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
};
const due = async (id: number) => dueCents(await accountOf(database.db, id), PRICE);

describe("a paid registration cancelled, by the policy", () => {
  it("paid by bank transfer, 20 days before: credited in full and paid back by bank transfer", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    const outcome = await cancelOn(id, DAYS_BEFORE[20]);
    expect(outcome).toEqual({
      ok: true,
      value:
        "Registration cancelled; Jordan Reyes was e-mailed. Credit note CN-2027-0001 credits $1,200.00; $1,200.00 paid back by bank transfer.",
    });
    expect(await fx.statusOf(id)).toBe("cancelled");
    expect(await creditNotes()).toEqual([
      { number: "CN-2027-0001", total_cents: PRICE, refers: "2027-0001" },
    ]);
    expect(await refunds()).toEqual([
      {
        method: "bank-transfer",
        amount_cents: PRICE,
        stripe_id: null,
        credit_note: "CN-2027-0001",
      },
    ]);
    expect(await accountOf(database.db, id)).toMatchObject({
      invoicedCents: PRICE,
      creditedCents: PRICE,
      paidCents: PRICE,
      refundedCents: PRICE,
    });
    expect(await due(id)).toBe(0);
    // The registration's own summary keeps what is kept: nothing.
    expect(await query(database, `select paid_cents from registrations where id = ${id}`)).toEqual([
      { paid_cents: 0 },
    ]);
    const mails = await fx.queued();
    const cancelled = mails.find((m) => m.template === "registration-cancelled");
    expect(cancelled?.text).toContain("Credit note CN-2027-0001");
    expect(cancelled?.text).toContain("$1,200.00 is paid back by bank transfer");
    expect(mails.filter((m) => m.template === "credit-note-issued").map((m) => m.to)).toEqual([
      "zoe@example.org",
    ]);
    const audit = await query(
      database,
      "select action, details->>'number' as number, details->>'invoice' as invoice, details->>'amount' as amount from audit_log where action in ('credit_note_issued', 'payment_refunded') order by id",
    );
    expect(audit).toEqual([
      {
        action: "credit_note_issued",
        number: "CN-2027-0001",
        invoice: "2027-0001",
        amount: "$1,200.00",
      },
      { action: "payment_refunded", number: null, invoice: null, amount: "$1,200.00" },
    ]);
  });

  it("10 days before: half credited and half paid back", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    expect(await cancelOn(id, DAYS_BEFORE[10])).toMatchObject({ ok: true });
    expect(await creditNotes()).toEqual([
      { number: "CN-2027-0001", total_cents: 60_000, refers: "2027-0001" },
    ]);
    expect(await refunds()).toMatchObject([{ method: "bank-transfer", amount_cents: 60_000 }]);
    // The half kept pays what is still owed.
    expect(await due(id)).toBe(0);
  });

  it("3 days before: nothing credited, no credit note, no refund", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    expect(await cancelOn(id, DAYS_BEFORE[3])).toEqual({
      ok: true,
      value:
        "Registration cancelled; Jordan Reyes was e-mailed. Nothing is credited under the cancellation policy. Nothing more is owed.",
    });
    expect(await fx.statusOf(id)).toBe("cancelled");
    expect(await creditNotes()).toEqual([]);
    expect(await refunds()).toEqual([]);
    // Told so, not promised a call about a refund.
    const cancelled = (await fx.queued()).find((m) => m.template === "registration-cancelled");
    expect(cancelled?.text).toContain(
      "Under our cancellation policy nothing is credited or refunded this close to the start. Nothing more is owed.",
    );
    expect(cancelled?.text).not.toContain("about the refund");
  });

  it("an unpaid company invoice 20 days before: a credit note voids it, nothing is due; the invoice is kept as issued", async () => {
    const id = await confirmed("buyer@acme.example", "company-invoice");
    const [before] = await query<{ pdf: string }>(
      database,
      "select encode(pdf, 'base64') as pdf from billing_documents where number = '2027-0001'",
    );
    expect(await due(id)).toBe(PRICE);
    expect(await cancelOn(id, DAYS_BEFORE[20])).toMatchObject({ ok: true });
    expect(await creditNotes()).toEqual([
      { number: "CN-2027-0001", total_cents: PRICE, refers: "2027-0001" },
    ]);
    expect(await refunds()).toEqual([]);
    expect(await due(id)).toBe(0);
    const [after] = await query<{ pdf: string; total_cents: number }>(
      database,
      "select encode(pdf, 'base64') as pdf, total_cents from billing_documents where number = '2027-0001'",
    );
    expect(after).toEqual({ pdf: before?.pdf, total_cents: PRICE });
    const text = pdfText((await documentPdf(database.db, "CN-2027-0001", [id])) as Buffer);
    expect(text).toContain("Acme Corp");
    expect(text).toContain("void");
  });

  it("the credit note's PDF shows its number, the invoice it credits and the amount, and passes qpdf", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    await cancelOn(id, DAYS_BEFORE[10]);
    const mail = (await fx.queued()).find((m) => m.template === "credit-note-issued");
    const attached = mail?.attachments?.find((a) => a.filename === "credit-note-CN-2027-0001.pdf");
    const text = pdfText(Buffer.from(attached?.content ?? "", "base64"));
    for (const expected of ["CN-2027-0001", "2027-0001", "$600.00", "Changed plans"]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("paid back by bank transfer");
    const kept = await documentPdf(database.db, "CN-2027-0001", [id]);
    expect(kept?.toString("base64")).toBe(attached?.content);
  });

  it("paid by card: refunded through the gateway for the policy's amount with an idempotency key, the refund recorded with Stripe's id", async () => {
    const id = await confirmed("card@example.org", "credit-card");
    await pay(id, "card");
    const cards = fakeCards();
    expect(await cancelOn(id, DAYS_BEFORE[10], withCards(cards.gateway))).toMatchObject({
      ok: true,
    });
    expect(cards.refunds).toEqual([
      {
        paymentIntent: `pi_test_${id}`,
        amountCents: 60_000,
        idempotencyKey: `refund-${id}-pi_test_${id}-0-60000`,
      },
    ]);
    // No invoice: the credit note refers to the card's receipt.
    expect(await creditNotes()).toEqual([
      { number: "CN-2027-0001", total_cents: 60_000, refers: "R-2027-0001" },
    ]);
    expect(await refunds()).toEqual([
      { method: "card", amount_cents: 60_000, stripe_id: "re_test_1", credit_note: "CN-2027-0001" },
    ]);
    const cancelled = (await fx.queued()).find((m) => m.template === "registration-cancelled");
    expect(cancelled?.text).toContain("$600.00 is refunded to your card");
  });

  it("a card refund that fails changes nothing: the registration, seat, numbers, audit and mail stay; the answer says try again", async () => {
    const id = await confirmed("card@example.org", "credit-card");
    await pay(id, "card");
    const seats = await fx.seats(fx.april5);
    const audits = await query(database, "select count(*)::int as n from audit_log");
    const outcome = await cancelOn(id, DAYS_BEFORE[20], withCards(fakeCards(true).gateway));
    expect(outcome).toEqual({
      ok: false,
      reason: "unavailable",
      error: "The card refund could not be made; nothing changed. Try again.",
    });
    expect(await fx.statusOf(id)).toBe("paid");
    expect(await fx.seats(fx.april5)).toBe(seats);
    expect(await creditNotes()).toEqual([]);
    expect(await refunds()).toEqual([]);
    expect(await query(database, "select count(*)::int as n from audit_log")).toEqual(audits);
    expect(
      await query(database, "select series from document_counters where series = 'credit_note'"),
    ).toEqual([]);
    expect(await fx.queued()).toEqual([]);
    // Tried again with the gateway back: refunded once, under the number given back.
    const cards = fakeCards();
    expect(await cancelOn(id, DAYS_BEFORE[20], withCards(cards.gateway))).toMatchObject({
      ok: true,
    });
    expect(cards.refunds.map((r) => r.idempotencyKey)).toEqual([
      `refund-${id}-pi_test_${id}-0-120000`,
    ]);
  });

  it("a card payment to refund without Stripe connected: refused (409), nothing changes", async () => {
    const id = await confirmed("card@example.org", "credit-card");
    await pay(id, "card");
    expect(await cancelOn(id, DAYS_BEFORE[20], withCards(null))).toEqual({
      ok: false,
      reason: "conflict",
      error: CANCEL_MONEY_TEXTS.noCards,
    });
    expect(await fx.statusOf(id)).toBe("paid");
    expect(await creditNotes()).toEqual([]);
    // Nothing to refund (3 days before): the cancellation needs no Stripe.
    expect(await cancelOn(id, DAYS_BEFORE[3], withCards(null))).toMatchObject({ ok: true });
  });

  it("twenty cancellations at once: one credit note, one refund", async () => {
    const id = await confirmed("card@example.org", "credit-card");
    await pay(id, "card");
    const cards = fakeCards();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cancelOn(id, DAYS_BEFORE[20], withCards(cards.gateway))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok && a.reason === "conflict")).toHaveLength(19);
    expect(await creditNotes()).toHaveLength(1);
    expect(await refunds()).toHaveLength(1);
    expect(cards.refunds).toHaveLength(1);
  });

  it("the student's own cancellation follows the policy", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    // Staff's confirmation made the student's account.
    const [user] = await database.db.select().from(users).where(eq(users.email, "zoe@example.org"));
    if (!user) throw new Error("no account");
    const student = { user: { ...user, role: "student" as const }, ip: "203.0.113.9" };
    const day = DAYS_BEFORE[10];
    const outcome = await cancelOwnRegistration(fx.services, student, id, 7, at(day), day);
    expect(outcome).toMatchObject({
      ok: true,
      value: expect.stringContaining("Credit note CN-2027-0001 credits $600.00"),
    });
    expect(await refunds()).toMatchObject([{ amount_cents: 60_000 }]);
  });
});

describe("what cancelling now would do, before anyone confirms", () => {
  it("the preview gives the policy's credit, the refund and its way; Settings change the days; nothing billed, none", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    expect(await cancellationPreview(database.db, id, DAYS_BEFORE[10])).toEqual({
      chargeCents: PRICE,
      daysBefore: 10,
      policyCents: 60_000,
      creditableCents: PRICE,
      refundCents: 60_000,
      refundWay: "paid back by bank transfer",
      owedLine: "Nothing more is owed.",
    });
    await query(
      database,
      `insert into staff_settings (key, value) values ('refund_full_days', '"10"'), ('refund_half_days', '"2"')`,
    );
    const preview = await cancellationPreview(database.db, id, DAYS_BEFORE[10]);
    expect(preview).toMatchObject({ policyCents: PRICE, refundCents: PRICE });
    expect(policyLine(preview as CancellationPreview)).toBe(
      "Per the cancellation policy: $1,200.00 of $1,200.00 credited (10 days before the start).",
    );
    const unpaid = await confirmed("sam@example.org", "company-invoice");
    expect(
      refundLineOf(
        (await cancellationPreview(database.db, unpaid, DAYS_BEFORE[3])) as CancellationPreview,
      ),
    ).toBe("$600.00 of invoice 2027-0002 remains due."); // half, by the Settings above
    const unbilled = await fx.register("nobody@example.org", { cohortId: fx.april19 });
    expect(await cancellationPreview(database.db, unbilled, TODAY)).toBeNull();
  });
});

describe("staff override the policy's credit", () => {
  it("with a reason: the credit note and refund are for staff's amount, the reason on the note", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    const quote = await cancellationQuote(database.db, id, DAYS_BEFORE[3]);
    expect(quote?.policy).toEqual({ share: 0, daysBefore: 3, creditCents: 0 });
    const override = { creditCents: 50_000, reason: "Hospitalised: doctor's note received" };
    expect(await cancelOn(id, DAYS_BEFORE[3], fx.services, override)).toMatchObject({ ok: true });
    expect(await creditNotes()).toEqual([
      { number: "CN-2027-0001", total_cents: 50_000, refers: "2027-0001" },
    ]);
    expect(await refunds()).toMatchObject([{ amount_cents: 50_000 }]);
    const text = pdfText((await documentPdf(database.db, "CN-2027-0001", [id])) as Buffer);
    expect(text).toContain("doctor's note");
  });

  it("without a reason: refused with the field's message, nothing changes", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    await pay(id, "bank-transfer");
    const outcome = await cancelOn(id, DAYS_BEFORE[3], fx.services, {
      creditCents: 50_000,
      reason: "  ",
    });
    expect(outcome).toEqual({
      ok: false,
      reason: "invalid",
      error: CANCEL_MONEY_TEXTS.overrideReason,
      fieldErrors: { overrideReason: CANCEL_MONEY_TEXTS.overrideReason },
    });
    expect(await fx.statusOf(id)).toBe("paid");
    expect(await creditNotes()).toEqual([]);
    expect(await fx.queued()).toEqual([]);
  });

  it("above what remains creditable, or with nothing billed: refused, nothing changes", async () => {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    const over = { creditCents: PRICE + 1, reason: "Goodwill" };
    expect(await cancelOn(id, DAYS_BEFORE[20], fx.services, over)).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { creditAmount: "Credit at most $1,200.00: what remains to credit." },
    });
    const unbilled = await fx.register("nobody@example.org", { cohortId: fx.april19 });
    expect(
      await cancelOn(unbilled, DAYS_BEFORE[20], fx.services, { creditCents: 100, reason: "x" }),
    ).toMatchObject({ ok: false, reason: "invalid", error: CANCEL_MONEY_TEXTS.overrideNothing });
    expect(await fx.statusOf(id)).toBe("confirmed");
    expect(await fx.statusOf(unbilled)).toBe("pending");
    expect(await creditNotes()).toEqual([]);
  });
});

describe("bad input to billing", () => {
  /** The registration's payer, and its invoice's id. */
  async function invoiced() {
    const id = await confirmed("zoe@example.org", "bank-transfer");
    const payer = await registrationBill(database.db, id);
    const [invoice] = await query<{ id: number }>(
      database,
      "select id from billing_documents where kind = 'invoice'",
    );
    if (!payer || !invoice) throw new Error("no invoice");
    return { id, payer, invoice: invoice.id };
  }
  const credit = (
    refersTo: number,
    amountCents: number,
    payer: Parameters<typeof issueCreditNote>[3]["payer"],
  ) =>
    database.db.transaction((tx) =>
      issueCreditNote(
        tx,
        fx.services.mail,
        fx.admin,
        { refersTo, amountCents, reason: "Correction", paymentNote: "", payer },
        NOW,
      ),
    );

  it("a credit note for a credit note is refused; so is one above what remains, or of nothing", async () => {
    const { payer, invoice } = await invoiced();
    const first = await credit(invoice, 20_000, payer);
    expect(first).toMatchObject({ ok: true, value: { number: "CN-2027-0001" } });
    if (!first.ok) return;
    expect(await credit(first.value.id, 1_000, payer)).toEqual({
      ok: false,
      reason: "conflict",
      error: CREDIT_TEXTS.creditOfCredit,
    });
    expect(await credit(invoice, 100_001, payer)).toEqual({
      ok: false,
      reason: "conflict",
      error: "Only $1,000.00 of 2027-0001 remains to credit: a credit note cannot credit more.",
    });
    expect(await credit(invoice, 0, payer)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await credit(invoice, 100_000, payer)).toMatchObject({ ok: true });
    expect(await creditNotes()).toHaveLength(2);
  });

  it("a refund above what was paid less refunded is refused; nothing is recorded", async () => {
    const { id, payer, invoice } = await invoiced();
    await pay(id, "bank-transfer", 50_000);
    const note = await credit(invoice, PRICE, payer);
    if (!note.ok) throw new Error(note.error);
    const refund = (amountCents: number) =>
      database.db.transaction((tx) =>
        recordRefund(
          tx,
          fx.admin,
          {
            registrationId: id,
            method: "bank-transfer",
            amountCents,
            reference: "TRX-1",
            creditNoteId: note.value.id,
          },
          NOW,
        ),
      );
    expect(await refund(50_001)).toEqual({
      ok: false,
      reason: "conflict",
      error: "A refund of $500.01 is more than the $500.00 paid and not yet refunded.",
    });
    expect(await refund(30_000)).toEqual({ ok: true, value: undefined });
    expect(await refund(20_001)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await refund(-5)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await refunds()).toMatchObject([{ amount_cents: 30_000 }]);
  });
});
