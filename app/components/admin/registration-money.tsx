// A registration's money on the Registrations screen (issue 47, decision 0025): what was invoiced,
// credited, paid, refunded and is due, and its billing documents, each linked to its PDF.
import { DetailNone, DetailSection, Fact, FactList } from "#app/components/admin/master-detail.tsx";
import type { RegistrationMoney } from "#app/domain/billing/billing-views.server.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { RegistrationBilling } from "#app/platform/db/schema.ts";

const DOCUMENT_KINDS: Record<string, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  receipt: "Receipt",
};

/** The registration's money: what was invoiced, paid, refunded and is due, and its documents. */
export function MoneySection({ money }: { money: RegistrationMoney & { dueCents: number } }) {
  const { account } = money;
  return (
    <DetailSection title="Payments">
      <div data-testid="registration-payments">
        <FactList>
          <Fact
            label="Invoiced"
            value={account.invoice ? formatAmount(account.invoicedCents) : "No invoice"}
          />
          {account.creditedCents > 0 && (
            <Fact label="Credited" value={formatAmount(account.creditedCents)} />
          )}
          <Fact label="Paid" value={formatAmount(account.paidCents)} />
          <Fact label="Refunded" value={formatAmount(account.refundedCents)} />
          <Fact label="Due" value={formatAmount(money.dueCents)} />
        </FactList>
        {money.documents.length === 0 ? (
          <DetailNone>No invoice, receipt or credit note yet.</DetailNone>
        ) : (
          <table className="mt-3 w-full text-left text-sm" data-testid="billing-documents">
            <caption className="sr-only">Billing documents</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Number
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Kind
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-200">
              {money.documents.map((d) => (
                <tr key={d.number}>
                  <td className="py-1 pr-3">
                    <a
                      href={`/api/admin/billing/${d.number}`}
                      className="font-medium text-brand-700 underline dark:text-brand-300"
                    >
                      {d.number}
                      <span className="sr-only"> (PDF)</span>
                    </a>
                  </td>
                  <td className="py-1 pr-3">{DOCUMENT_KINDS[d.kind] ?? d.kind}</td>
                  <td className="py-1 pr-3">
                    <time dateTime={d.issuedOn}>{formatDay(d.issuedOn)}</time>
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatAmount(d.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </DetailSection>
  );
}

/** Step 3's company invoice details: who the invoice is made out to, where, and the PO. */
export function BillingFacts({ billing }: { billing: RegistrationBilling }) {
  return (
    <>
      <Fact label="Invoice to" value={billing.company} />
      <Fact label="Billing e-mail" value={billing.email} />
      <Fact label="Billing address">
        <span className="whitespace-pre-line">{billing.address}</span>
      </Fact>
      <Fact label="PO number" value={billing.poNumber} empty="None" />
    </>
  );
}
