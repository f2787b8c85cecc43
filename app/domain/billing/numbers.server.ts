// Billing documents' numbers (issue 47, decision 0025): each series (invoices, credit notes,
// receipts) counts from 0001 every year. The counter row is raised in the transaction that issues
// the document: a concurrent issue waits on the row and takes the next number; one rolled back
// gives its number back with it. So numbers never skip and never repeat, which a database
// sequence cannot promise (it skips on rollback). Billing owns document_counters.
import { sql } from "drizzle-orm";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { documentCounters } from "#app/platform/db/schema.ts";

export const DOCUMENT_KINDS = ["invoice", "credit_note", "receipt"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What each series' numbers start with before the year: "2027-0001", "CN-2027-0001". */
const PREFIX: Record<DocumentKind, string> = { invoice: "", credit_note: "CN-", receipt: "R-" };

/** The document's number as printed: the series' prefix, the year and four digits at least. */
export const documentNumber = (kind: DocumentKind, year: number, n: number) =>
  `${PREFIX[kind]}${year}-${String(n).padStart(4, "0")}`;

/**
 * Takes the next number of the series in `year`, inside the caller's transaction (the one that
 * stores the document: it must commit or roll back with it).
 */
export async function nextDocumentNumber(
  tx: DbTransaction,
  kind: DocumentKind,
  year: number,
): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error("the document counter returned no row");
  return documentNumber(kind, year, row.last);
}
