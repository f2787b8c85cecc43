// The Invoices screen's rows (issue 47, part 3): every invoice and credit note with its status
// (open, paid, overdue, void), filters (status, kind, issue days, a search by number, name,
// company or PO number), the filtered rows' totals, and the CSV for the accountant read back.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueDocument } from "#app/domain/billing/documents.server.ts";
import {
  cleanInvoiceFilter,
  type InvoiceFilter,
  invoicesCsv,
  listInvoices,
} from "#app/domain/billing/invoice-list.server.ts";
import { toCsv } from "#app/domain/leads/csv.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { readCsv } from "#tests/support/csv.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { confirmRegistration, recordRegistrationPayment } from "./registration-admin.server.ts";

let database: Database;
let fx: RegistrationFixture;

/** After the bank transfers' due day (March 8), before the company invoices' (March 31). */
const LATER = "2027-03-09";
const ALL: InvoiceFilter = { status: "", kind: "", from: "", to: "", q: "" };

async function invoiced(
  email: string,
  name: string,
  paymentMethod: "bank-transfer" | "company-invoice",
  company = "",
) {
  const id = await fx.register(email, { name, paymentMethod, company });
  await confirmRegistration(fx.services, fx.admin, id, NOW, TODAY);
  return id;
}
const pay = (id: number, amountCents: number) =>
  recordRegistrationPayment(
    fx.services,
    fx.admin,
    id,
    { method: "bank-transfer", amountCents, receivedOn: TODAY, reference: "" },
    NOW,
    TODAY,
  );

/** Credits the registration's invoice in full (what a cancellation's credit note does). */
async function voidInvoice(registrationId: number) {
  const [invoice] = await query<{ id: number; number: string; lead_id: number }>(
    database,
    `select d.id, d.number, r.lead_id from billing_documents d join registrations r on r.id = d.registration_id where d.registration_id = ${registrationId} and d.kind = 'invoice'`,
  );
  if (!invoice) throw new Error("no invoice");
  await database.db.transaction((tx) =>
    issueDocument(
      tx,
      fx.services.mail,
      null,
      {
        kind: "credit_note",
        registrationId,
        leadId: invoice.lead_id,
        refersTo: { id: invoice.id, number: invoice.number },
        billedTo: {
          name: "Carol Chen",
          company: "Acme Corp",
          address: "",
          email: "carol@example.org",
          poNumber: "",
        },
        lines: [
          {
            description: "Test Networking",
            detail: "",
            quantity: 1,
            unitCents: 120_000,
            amountCents: 120_000,
          },
        ],
        paymentMethod: "company-invoice",
        dueOn: null,
        paymentNote: "",
        note: "",
        audit: { action: "credit_note_issued" },
        email: { subject: "credit", lines: [] },
      },
      "carol@example.org",
      NOW,
    ),
  );
}

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  await query(database, "update cohorts set capacity = 10");
  // 2027-0001 paid, 2027-0002 a fifth paid, 2027-0003 voided, 2027-0004 a company's, unpaid.
  await pay(await invoiced("alice@example.org", "Alice Able", "bank-transfer"), 120_000);
  await pay(await invoiced("bob@example.org", "Bob Baker", "bank-transfer"), 24_000);
  await voidInvoice(
    await invoiced("carol@example.org", "Carol Chen", "company-invoice", "Acme Corp"),
  );
  await invoiced("dan@example.org", '=HYPERLINK("http://x")', "company-invoice", 'Dan, "Co" Ltd');
});
afterEach(async () => {
  await database.close();
});

const numbers = async (filter: Partial<InvoiceFilter>, today = LATER) =>
  (await listInvoices(database.db, { ...ALL, ...filter }, today)).rows.map((r) => [
    r.number,
    r.status ?? `credits ${r.creditsInvoice}`,
  ]);

describe("the Invoices screen", () => {
  it("lists every invoice and credit note, newest first, with its status", async () => {
    expect(await numbers({})).toEqual([
      ["2027-0004", "open"],
      ["CN-2027-0001", "credits 2027-0003"],
      ["2027-0003", "void"],
      ["2027-0002", "overdue"],
      ["2027-0001", "paid"],
    ]);
    // Before its due day, the partly paid invoice is open.
    expect(await numbers({ status: "open" }, TODAY)).toEqual([
      ["2027-0004", "open"],
      ["2027-0002", "open"],
    ]);
    const { rows } = await listInvoices(database.db, ALL, LATER);
    expect(rows.find((r) => r.number === "2027-0002")).toMatchObject({
      name: "Bob Baker",
      email: "bob@example.org",
      course: "Test Networking",
      totalCents: 120_000,
      paidCents: 24_000,
      dueCents: 96_000,
      dueOn: "2027-03-08",
    });
    expect(rows.find((r) => r.number === "2027-0003")).toMatchObject({
      company: "Acme Corp",
      dueCents: 0,
    });
  });

  it("filters by status, kind, issue day and a search; the totals are the filtered rows'", async () => {
    expect(await numbers({ status: "overdue" })).toEqual([["2027-0002", "overdue"]]);
    expect(await numbers({ status: "void" })).toEqual([["2027-0003", "void"]]);
    expect(await numbers({ status: "paid" })).toEqual([["2027-0001", "paid"]]);
    expect(await numbers({ kind: "credit_note" })).toEqual([["CN-2027-0001", "credits 2027-0003"]]);
    expect(await numbers({ q: "acme" })).toEqual([
      ["CN-2027-0001", "credits 2027-0003"],
      ["2027-0003", "void"],
    ]);
    expect(await numbers({ q: "2027-0002" })).toEqual([["2027-0002", "overdue"]]);
    expect(await numbers({ q: "bob baker" })).toEqual([["2027-0002", "overdue"]]);
    // A search's wildcards are text: "%" matches no document.
    expect(await numbers({ q: "%" })).toEqual([]);
    expect(await numbers({ from: "2027-03-02" })).toEqual([]);
    expect(await numbers({ from: "2027-03-01", to: "2027-03-01" })).toHaveLength(5);
    expect(await numbers({ to: "2027-02-28" })).toEqual([]);

    expect((await listInvoices(database.db, ALL, LATER)).totals).toEqual({
      invoicedCents: 480_000,
      creditedCents: 120_000,
      paidCents: 144_000,
      outstandingCents: 216_000,
    });
    expect((await listInvoices(database.db, { ...ALL, status: "overdue" }, LATER)).totals).toEqual({
      invoicedCents: 120_000,
      creditedCents: 0,
      paidCents: 24_000,
      outstandingCents: 96_000,
    });
  });

  it("reads the screen's form: anything not understood is no filter", () => {
    expect(
      cleanInvoiceFilter({
        status: "overdue",
        kind: "credit_note",
        from: "2027-03-01",
        to: "2027-02-30",
        q: `  ${"x".repeat(150)} `,
      }),
    ).toEqual({
      status: "overdue",
      kind: "credit_note",
      from: "2027-03-01",
      to: "",
      q: "x".repeat(100),
    });
    expect(cleanInvoiceFilter({ status: "lost", kind: "receipt", from: "yesterday" })).toEqual(ALL);
  });

  it("the CSV reads back: a header, amounts as 1234.56, a formula made text", async () => {
    const { rows } = await listInvoices(database.db, ALL, LATER);
    const csv = invoicesCsv(rows);
    const text = toCsv(csv.header, csv.rows);
    const [header, ...lines] = readCsv(text);
    expect(header).toEqual([
      "Number",
      "Kind",
      "Issued on",
      "Due on",
      "Customer",
      "Company",
      "E-mail",
      "PO number",
      "Course",
      "Amount",
      "Paid",
      "Outstanding",
      "Status",
    ]);
    expect(lines).toHaveLength(5);
    const byNumber = new Map(lines.map((l) => [l[0], l]));
    expect(byNumber.get("2027-0002")).toEqual([
      "2027-0002",
      "Invoice",
      "2027-03-01",
      "2027-03-08",
      "Bob Baker",
      "",
      "bob@example.org",
      "",
      "Test Networking",
      "1200.00",
      "240.00",
      "960.00",
      "Overdue",
    ]);
    expect(byNumber.get("CN-2027-0001")?.slice(9)).toEqual([
      "1200.00",
      "0.00",
      "0.00",
      "Credits 2027-0003",
    ]);
    // A name a spreadsheet would run as a formula is text; a comma and quotes survive.
    expect(byNumber.get("2027-0004")?.slice(4, 6)).toEqual([
      '\'=HYPERLINK("http://x")',
      'Dan, "Co" Ltd',
    ]);
  });
});
