// The overdue reminder (issue 47, part 3): an invoice 7 days past its due day, unpaid and not
// void, is e-mailed once with its PDF; six days overdue, paid or voided by a credit note, it is
// not; twenty runs at once send one.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueDocument } from "#app/domain/billing/documents.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { billingDocuments } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { confirmRegistration, recordRegistrationPayment } from "./registration-admin.server.ts";
import { remindOverdueInvoices } from "./registration-invoices.server.ts";

let database: Database;
let fx: RegistrationFixture;

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  await query(database, "update cohorts set capacity = 5");
});
afterEach(async () => {
  await database.close();
});

/** A bank transfer confirmed today (March 1): its invoice is due March 8. */
async function invoiced(email: string) {
  const id = await fx.register(email, { paymentMethod: "bank-transfer" });
  await confirmRegistration(fx.services, fx.admin, id, NOW, TODAY);
  return id;
}

const remind = (day: string) =>
  remindOverdueInvoices(database.db, fx.services.mail, new Date(`${day}T15:00:00Z`), day);
const reminders = async () => (await fx.queued()).filter((m) => m.template === "invoice-overdue");

describe("the overdue reminder", () => {
  it("goes out once, 7 days after the due day, with the invoice attached; 6 days overdue, none", async () => {
    await invoiced("zoe@example.org");
    fx.clearQueued();
    expect(await remind("2027-03-14")).toBe(0);
    expect(await reminders()).toEqual([]);
    expect(await remind("2027-03-15")).toBe(1);
    const [sent, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      to: "zoe@example.org",
      subject: expect.stringContaining("Reminder: invoice 2027-0001 is overdue ($1,200.00 due)"),
    });
    expect(sent?.text).toContain("was due on March 8, 2027");
    expect(sent?.attachments?.map((a) => [a.filename, a.contentType])).toContainEqual([
      "invoice-2027-0001.pdf",
      "application/pdf",
    ]);
    const [row] = await database.db
      .select({ remindedAt: billingDocuments.remindedAt })
      .from(billingDocuments)
      .where(eq(billingDocuments.number, "2027-0001"));
    expect(row?.remindedAt?.toISOString()).toBe("2027-03-15T15:00:00.000Z");
    // Once: the next days send nothing more.
    expect(await remind("2027-03-16")).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it("twenty runs at once send one reminder", async () => {
    await invoiced("zoe@example.org");
    fx.clearQueued();
    const runs = await Promise.all(Array.from({ length: 20 }, () => remind("2027-03-15")));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });

  it("a paid invoice, and one voided by a credit note, get none; one partly paid is reminded of the rest", async () => {
    const paid = await invoiced("paid@example.org");
    const partly = await invoiced("partly@example.org");
    const voided = await invoiced("void@example.org");
    const pay = (id: number, amountCents: number) =>
      recordRegistrationPayment(
        fx.services,
        fx.admin,
        id,
        { method: "bank-transfer", amountCents, receivedOn: TODAY, reference: "" },
        NOW,
        TODAY,
      );
    expect(await pay(paid, 120_000)).toMatchObject({ ok: true });
    expect(await pay(partly, 20_000)).toMatchObject({ ok: true });
    const [invoice] = await query<{ id: number; number: string; lead_id: number }>(
      database,
      `select d.id, d.number, r.lead_id from billing_documents d join registrations r on r.id = d.registration_id where d.registration_id = ${voided} and d.kind = 'invoice'`,
    );
    if (!invoice) throw new Error("no invoice");
    await database.db.transaction((tx) =>
      issueDocument(
        tx,
        fx.services.mail,
        null,
        {
          kind: "credit_note",
          registrationId: voided,
          leadId: invoice.lead_id,
          refersTo: { id: invoice.id, number: invoice.number },
          billedTo: {
            name: "V",
            company: "",
            address: "",
            email: "void@example.org",
            poNumber: "",
          },
          lines: [
            {
              description: "Void",
              detail: "",
              quantity: 1,
              unitCents: 120_000,
              amountCents: 120_000,
            },
          ],
          paymentMethod: "bank-transfer",
          dueOn: null,
          paymentNote: "",
          note: "",
          audit: { action: "credit_note_issued" },
          email: { subject: "void", lines: [] },
        },
        "void@example.org",
        NOW,
      ),
    );
    fx.clearQueued();
    expect(await remind("2027-03-15")).toBe(1);
    expect((await reminders()).map((m) => [m.to, m.subject])).toEqual([
      [
        "partly@example.org",
        expect.stringContaining("Reminder: invoice 2027-0002 is overdue ($1,000.00 due)"),
      ],
    ]);
  });
});
