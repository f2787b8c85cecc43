// The Invoices screen and its CSV (issue 47, part 3; decision 0025): every invoice and credit
// note as issued, with who it is made out to and for what (from the document itself, never the
// registration), its status from the registration's account, filters, and the filtered rows'
// totals. Reads only.
import { and, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { billingDocuments } from "#app/platform/db/schema.ts";
import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceStatus,
  LISTED_KIND_LABELS,
  LISTED_KINDS,
  type ListedKind,
} from "./invoice-status.ts";
import { accountsOf, dueCents } from "./payments.server.ts";

export interface InvoiceFilter {
  status: InvoiceStatus | "";
  kind: ListedKind | "";
  /** Issued on or after / on or before (YYYY-MM-DD), or "". */
  from: string;
  to: string;
  /** Part of a number, name, company, e-mail or PO number. */
  q: string;
}

export interface InvoiceRow {
  kind: ListedKind;
  number: string;
  issuedOn: string;
  dueOn: string | null;
  name: string;
  company: string;
  email: string;
  poNumber: string;
  course: string;
  totalCents: number;
  /** An invoice's: paid less refunded, and what is still due (0 for a credit note). */
  paidCents: number;
  dueCents: number;
  /** An invoice's status; null for a credit note, which names its invoice instead. */
  status: InvoiceStatus | null;
  /** A credit note's invoice. */
  creditsInvoice: string | null;
}

export interface InvoiceTotals {
  invoicedCents: number;
  creditedCents: number;
  paidCents: number;
  outstandingCents: number;
}

/** An invoice's status: void once fully credited, paid when nothing is due, else open or overdue. */
function statusOf(
  account: { invoicedCents: number; creditedCents: number },
  due: number,
  dueOn: string | null,
  today: string,
): InvoiceStatus {
  if (account.invoicedCents > 0 && account.creditedCents >= account.invoicedCents) return "void";
  if (due === 0) return "paid";
  return dueOn !== null && dueOn < today ? "overdue" : "open";
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The invoices and credit notes the filter selects, newest first, and their totals. */
export async function listInvoices(
  db: Db,
  filter: InvoiceFilter,
  today: string,
): Promise<{ rows: InvoiceRow[]; totals: InvoiceTotals }> {
  const doc = billingDocuments;
  const invoice = alias(billingDocuments, "credited_invoice");
  const pattern = likePattern(filter.q);
  const found = await db
    .select({
      kind: doc.kind,
      number: doc.number,
      registrationId: doc.registrationId,
      issuedOn: doc.issuedOn,
      dueOn: doc.dueOn,
      billedTo: doc.billedTo,
      lines: doc.lines,
      totalCents: doc.totalCents,
      creditsInvoice: invoice.number,
    })
    .from(doc)
    .leftJoin(invoice, eq(invoice.id, doc.refersTo))
    .where(
      and(
        inArray(doc.kind, filter.kind ? [filter.kind] : [...LISTED_KINDS]),
        filter.from ? gte(doc.issuedOn, filter.from) : undefined,
        filter.to ? lte(doc.issuedOn, filter.to) : undefined,
        filter.q
          ? or(
              sql`${doc.number} ilike ${pattern}`,
              sql`${doc.billedTo}->>'name' ilike ${pattern}`,
              sql`${doc.billedTo}->>'company' ilike ${pattern}`,
              sql`${doc.billedTo}->>'email' ilike ${pattern}`,
              sql`${doc.billedTo}->>'poNumber' ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(doc.issuedOn), desc(doc.id));
  const accounts = await accountsOf(db, [...new Set(found.map((d) => d.registrationId))]);
  const rows: InvoiceRow[] = [];
  const totals: InvoiceTotals = {
    invoicedCents: 0,
    creditedCents: 0,
    paidCents: 0,
    outstandingCents: 0,
  };
  for (const d of found) {
    const account = accounts.get(d.registrationId);
    if (!account) continue;
    const isInvoice = d.kind === "invoice";
    const due = isInvoice ? dueCents(account, 0) : 0;
    const status = isInvoice ? statusOf(account, due, d.dueOn, today) : null;
    if (filter.status && status !== filter.status) continue;
    const kept = isInvoice ? account.paidCents - account.refundedCents : 0;
    rows.push({
      kind: isInvoice ? "invoice" : "credit_note",
      number: d.number,
      issuedOn: d.issuedOn,
      dueOn: d.dueOn,
      name: d.billedTo.name,
      company: d.billedTo.company,
      email: d.billedTo.email,
      poNumber: d.billedTo.poNumber,
      course: d.lines[0]?.description ?? "",
      totalCents: d.totalCents,
      paidCents: kept,
      dueCents: status === "void" ? 0 : due,
      status,
      creditsInvoice: d.creditsInvoice,
    });
    if (isInvoice) {
      totals.invoicedCents += d.totalCents;
      totals.paidCents += kept;
      if (status !== "void") totals.outstandingCents += due;
    } else totals.creditedCents += d.totalCents;
  }
  return { rows, totals };
}

/** Cents as the accountant's spreadsheet reads them: 123456 is "1234.56". */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's header and rows (the route writes them, quoted and made inert). */
export function invoicesCsv(rows: InvoiceRow[]): { header: string[]; rows: string[][] } {
  return {
    header: [
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
    ],
    rows: rows.map((r) => [
      r.number,
      LISTED_KIND_LABELS[r.kind],
      r.issuedOn,
      r.dueOn ?? "",
      r.name,
      r.company,
      r.email,
      r.poNumber,
      r.course,
      csvAmount(r.totalCents),
      csvAmount(r.paidCents),
      csvAmount(r.dueCents),
      r.status ? INVOICE_STATUS_LABELS[r.status] : `Credits ${r.creditsInvoice ?? ""}`,
    ]),
  };
}

/** The filter from what the screen's form sent: anything not understood is no filter. */
export function cleanInvoiceFilter(values: Partial<Record<keyof InvoiceFilter, string | null>>) {
  const pick = <T extends string>(list: readonly T[], value: string | null | undefined) =>
    (list as readonly string[]).includes(value ?? "") ? (value as T) : "";
  const day = (value: string | null | undefined) => (value && isCalendarDate(value) ? value : "");
  return {
    status: pick(INVOICE_STATUSES, values.status),
    kind: pick(LISTED_KINDS, values.kind),
    from: day(values.from),
    to: day(values.to),
    q: (values.q ?? "").trim().slice(0, 100),
  } satisfies InvoiceFilter;
}
