// A registration's invoice (issue 47): a bank transfer or company invoice is invoiced when its
// seat is secured (staff confirm it, the student confirms their address), once, at the server's
// price, due by the Settings' days; the PDF (read back by poppler and qpdf) is kept and e-mailed;
// twenty confirmed at once take consecutive numbers; a company invoice goes to step 3's billing
// details (the PO number and address printed, e-mailed to the billing address too); a card
// payment or an unconfirmed hold is not invoiced; a student reaches only their own invoice.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentPdf, documentsOf } from "#app/domain/billing/invoices.server.ts";
import { deleteCustomer } from "#app/domain/leads/customer-commands.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { KEPT_FOR_ACCOUNTS, seatGoesBack } from "#app/web/customer-deletion.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { confirmRegistration } from "./registration-admin.server.ts";
import { invoiceSecuredSeat } from "./registration-invoices.server.ts";

let database: Database;
let fx: RegistrationFixture;
let dir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  dir = mkdtempSync(join(tmpdir(), "invoices-"));
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const confirm = (id: number) => confirmRegistration(fx.services, fx.admin, id, NOW, TODAY);
const invoices = () =>
  query<{ number: string; registration_id: number; total_cents: number; due_on: string }>(
    database,
    "select number, registration_id, total_cents, due_on::text from billing_documents where kind = 'invoice' order by number",
  );
const pdfText = (pdf: Buffer) => {
  const file = join(dir, "invoice.pdf");
  writeFileSync(file, pdf);
  execFileSync("qpdf", ["--check", file]);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
};

describe("a registration's invoice", () => {
  it("a bank transfer is invoiced when staff confirm it: numbered, due in 7 days, e-mailed with its PDF", async () => {
    const id = await fx.register("zoe@example.org", {
      name: "Zoë Nguyễn",
      paymentMethod: "bank-transfer",
    });
    expect(await invoices()).toEqual([]);
    expect(await confirm(id)).toMatchObject({ ok: true });
    expect(await invoices()).toEqual([
      { number: "2027-0001", registration_id: id, total_cents: 120_000, due_on: "2027-03-08" },
    ]);
    const mails = (await fx.queued()).filter((m) => m.template === "invoice-issued");
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["zoe@example.org", "Invoice 2027-0001: Test Networking - Sigma Technology Partners"],
    ]);
    const attached = mails[0]?.attachments?.find((a) => a.filename === "invoice-2027-0001.pdf");
    const text = pdfText(Buffer.from(attached?.content ?? "", "base64"));
    for (const expected of [
      "2027-0001",
      "Zoë Nguyễn",
      "Test Networking",
      "$1,200.00",
      "March 8, 2027",
    ]) {
      expect(text).toContain(expected);
    }
    // Kept as issued: the student's own copy is the e-mailed one.
    const kept = await documentPdf(database.db, "2027-0001", [id]);
    expect(kept?.toString("base64")).toBe(attached?.content);
    // Once: securing the seat again issues nothing more.
    expect(
      await database.db.transaction((tx) =>
        invoiceSecuredSeat(tx, fx.services.mail, null, id, NOW),
      ),
    ).toBeNull();
    expect(await invoices()).toHaveLength(1);
    const audit = await query(
      database,
      "select target, details->>'number' as invoice from audit_log where action = 'invoice_issued'",
    );
    expect(audit).toEqual([{ target: `registration:${id}`, invoice: "2027-0001" }]);
  });

  it("a company invoice made before step 3 asked its details is billed to the step 1 company, due in 30 days unless Settings say otherwise", async () => {
    await query(
      database,
      `insert into staff_settings (key, value) values ('company_invoice_days', '"45"'),
         ('invoice_bank_details', '"First Bank of Alabama\\nRouting 062000019"')`,
    );
    const id = await fx.register("buyer@acme.example", {
      name: "Sam Okafor",
      company: "Kadıköy Yazılım A.Ş.",
      paymentMethod: "company-invoice",
    });
    await confirm(id);
    expect(await invoices()).toMatchObject([{ number: "2027-0001", due_on: "2027-04-15" }]);
    const text = pdfText((await documentPdf(database.db, "2027-0001", [id])) as Buffer);
    expect(text).toContain("Kadıköy Yazılım A.Ş.");
    expect(text).toContain("Routing 062000019");
    expect(text).toContain("April 15, 2027");
  });

  it("a company invoice goes to step 3's company, address and billing e-mail, with its PO number: e-mailed to the student and the billing address", async () => {
    const id = await fx.register("sam@acme.example", {
      name: "Sam Okafor",
      company: "Acme (step 1)",
      paymentMethod: "company-invoice",
      billing: {
        company: "Acme Holdings Inc.",
        address: "Attn: Accounts Payable\n500 Commerce St, Suite 12\nMontgomery, AL 36104",
        email: "ap@acme.example",
        poNumber: "PO-2027-4471",
      },
      confirmed: true,
    });
    expect(await invoices()).toMatchObject([{ number: "2027-0001", registration_id: id }]);
    const [billedTo] = await query<{ billed_to: unknown }>(
      database,
      "select billed_to from billing_documents",
    );
    expect(billedTo?.billed_to).toEqual({
      name: "Sam Okafor",
      company: "Acme Holdings Inc.",
      address: "Attn: Accounts Payable\n500 Commerce St, Suite 12\nMontgomery, AL 36104",
      email: "ap@acme.example",
      poNumber: "PO-2027-4471",
    });
    const mails = await query<{ to_address: string; attachments: { filename: string }[] }>(
      database,
      "select to_address, attachments from mail_messages where template = 'invoice-issued' order by to_address",
    );
    expect(mails.map((m) => m.to_address)).toEqual(["ap@acme.example", "sam@acme.example"]);
    for (const mail of mails) {
      expect(mail.attachments.map((a) => a.filename)).toContain("invoice-2027-0001.pdf");
    }
    const text = pdfText((await documentPdf(database.db, "2027-0001", [id])) as Buffer);
    for (const expected of [
      "Acme Holdings Inc.",
      "Sam Okafor",
      "Attn: Accounts Payable",
      "500 Commerce St, Suite 12",
      "Montgomery, AL 36104",
      "PO-2027-4471",
      "March 31, 2027", // net 30
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Acme (step 1)");
  });

  it("billing details given with another payment method are not kept: a bank transfer is billed to the student", async () => {
    const id = await fx.register("zoe@example.org", {
      paymentMethod: "bank-transfer",
      billing: {
        company: "Elsewhere",
        address: "1 Main St",
        email: "ap@else.example",
        poNumber: "X",
      },
      confirmed: true,
    });
    const [row] = await query<{ billing: unknown; billed_to: { email: string; company: string } }>(
      database,
      `select r.billing, d.billed_to from registrations r join billing_documents d on d.registration_id = r.id where r.id = ${id}`,
    );
    expect(row?.billing).toBeNull();
    expect(row?.billed_to).toMatchObject({ email: "zoe@example.org", company: "" });
  });

  it("the student's address confirmed secures the seat and invoices it; a card payment and an unconfirmed hold are not invoiced", async () => {
    const card = await fx.register("card@example.org", { confirmed: true });
    await fx.register("unconfirmed@example.org", { paymentMethod: "bank-transfer" });
    expect(await invoices()).toEqual([]);
    const confirmed = await fx.register("linked@example.org", {
      paymentMethod: "bank-transfer",
      cohortId: fx.april19,
      confirmed: true,
    });
    expect(await invoices()).toMatchObject([{ number: "2027-0001", registration_id: confirmed }]);
    expect(await confirm(card)).toMatchObject({ ok: true });
    expect(await invoices()).toHaveLength(1);
  });

  it("twenty registrations confirmed at once take consecutive numbers, none skipped or repeated", async () => {
    await query(database, `update cohorts set capacity = 30 where id = ${fx.april5}`);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await fx.register(`student${i}@example.org`, { paymentMethod: "bank-transfer" }));
    }
    const answers = await Promise.all(ids.map((id) => confirm(id)));
    expect(answers.every((a) => a.ok)).toBe(true);
    const issued = await invoices();
    expect(issued.map((i) => i.number)).toEqual(
      Array.from({ length: 20 }, (_, i) => `2027-${String(i + 1).padStart(4, "0")}`),
    );
    expect(new Set(issued.map((i) => i.registration_id))).toEqual(new Set(ids));
  });

  it("an invoiced customer cannot be deleted: the invoice is kept with the accounts, nothing changes", async () => {
    const id = await fx.register("zoe@example.org", { paymentMethod: "bank-transfer" });
    const card = await fx.register("card@example.org");
    await confirm(id);
    const leadOf = async (registration: number) =>
      (
        await query<{ lead_id: number }>(
          database,
          `select lead_id from registrations where id = ${registration}`,
        )
      )[0]?.lead_id ?? 0;
    const services = { db: database.db, storage: {} as never, logger: { error: () => {} } };
    expect(
      await deleteCustomer(services as never, fx.admin, await leadOf(id), seatGoesBack()),
    ).toEqual({
      ok: false,
      reason: "conflict",
      error: KEPT_FOR_ACCOUNTS,
    });
    expect(await fx.statusOf(id)).toBe("confirmed");
    expect(await fx.seats(fx.april5)).toBe(2);
    // A card checkout open (its payment may still come) keeps the record too.
    const paying = await fx.register("paying@example.org", { cohortId: fx.april19 });
    await query(
      database,
      `insert into checkout_sessions (id, registration_id, amount_cents, url, created_at, expires_at) values ('cs_test_open', ${paying}, 120000, 'https://checkout.example/pay', now(), now() + interval '1 hour')`,
    );
    expect(
      await deleteCustomer(services as never, fx.admin, await leadOf(paying), seatGoesBack()),
    ).toMatchObject({ ok: false, reason: "conflict", error: KEPT_FOR_ACCOUNTS });
    expect(await fx.statusOf(paying)).toBe("pending");
    // One without invoices still can be.
    expect(
      await deleteCustomer(services as never, fx.admin, await leadOf(card), seatGoesBack()),
    ).toMatchObject({ ok: true });
    expect(await fx.seats(fx.april5)).toBe(1);
  });

  it("a student reaches only their own registration's invoice", async () => {
    const mine = await fx.register("zoe@example.org", { paymentMethod: "bank-transfer" });
    const theirs = await fx.register("sam@example.org", { paymentMethod: "bank-transfer" });
    await confirm(mine);
    await confirm(theirs);
    expect(await documentPdf(database.db, "2027-0002", [mine])).toBeNull();
    expect(await documentPdf(database.db, "2027-0001", [mine])).toBeInstanceOf(Buffer);
    expect(await documentPdf(database.db, "2027-0001", [])).toBeNull();
    const listed = await documentsOf(database.db, [mine]);
    expect(listed.get(mine)).toEqual([
      {
        kind: "invoice",
        number: "2027-0001",
        totalCents: 120_000,
        issuedOn: "2027-03-01",
        dueOn: "2027-03-08",
      },
    ]);
  });
});
