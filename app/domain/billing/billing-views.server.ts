// What staff see of billing (issue 47, decision 0025): a registration's money and documents on
// its detail, and any document's PDF as issued. Reads only; billing owns the tables.
import { eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { billingDocuments } from "#app/platform/db/schema.ts";
import { documentsOf } from "./invoices.server.ts";
import { type Account, accountOf } from "./payments.server.ts";

/** "2027-0001", "CN-2027-0001", "R-2027-0001": anything else names no document. */
export const DOCUMENT_NUMBER = /^(?:CN-|R-)?\d{4}-\d{4,6}$/;

export interface RegistrationMoney {
  account: Account;
  /** Its invoices, credit notes and receipts, oldest first. */
  documents: { kind: string; number: string; totalCents: number; issuedOn: string }[];
}

/** A registration's account and billing documents. */
export async function registrationMoney(
  db: Db,
  registrationId: number,
): Promise<RegistrationMoney> {
  const [account, documents] = await Promise.all([
    accountOf(db, registrationId),
    documentsOf(db, [registrationId]),
  ]);
  return {
    account,
    documents: (documents.get(registrationId) ?? []).map((d) => ({
      kind: d.kind,
      number: d.number,
      totalCents: d.totalCents,
      issuedOn: d.issuedOn,
    })),
  };
}

/** Any billing document's PDF as issued (staff), or null for an unknown or malformed number. */
export async function staffDocumentPdf(db: Db, number: string): Promise<Buffer | null> {
  if (!DOCUMENT_NUMBER.test(number)) return null;
  const [row] = await db
    .select({ pdf: billingDocuments.pdf })
    .from(billingDocuments)
    .where(eq(billingDocuments.number, number));
  return row?.pdf ?? null;
}
