// The Invoices screen (issue 47, part 3; decision 0025): every invoice and credit note with its
// status, filters (a GET form: the address is the filter), the filtered rows' totals, each
// document's PDF, and the same rows as CSV for the accountant.
import { data } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import {
  adminMeta,
  Badge,
  badgeStyle,
  countOf,
  DataTable,
  FilterBar,
  ScreenHeader,
  SearchField,
} from "#app/components/admin/screen.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import {
  cleanInvoiceFilter,
  type InvoiceRow,
  listInvoices,
} from "#app/domain/billing/invoice-list.server.ts";
import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceStatus,
  LISTED_KIND_LABELS,
  LISTED_KINDS,
} from "#app/domain/billing/invoice-status.ts";
import { formatAmount } from "#app/domain/billing/money.ts";
import { moneyMoved } from "#app/domain/billing/payments.server.ts";
import { dayIn, formatDay } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = () => adminMeta("Invoices");

const PATH = "/admin/invoices";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = cleanInvoiceFilter({
    status: params.get("status"),
    kind: params.get("kind"),
    from: params.get("from"),
    to: params.get("to"),
    q: params.get("q"),
  });
  const today = dayIn(currentTime(services.env), await getTimeZone(services.db));
  const { rows, totals } = await listInvoices(services.db, filter, today);
  // The money that moved in the filter's days (this year to today unless filtered): what the
  // sales figures count as the registrations' earnings.
  const period = { from: filter.from || `${today.slice(0, 4)}-01-01`, to: filter.to || today };
  const moved = await moneyMoved(services.db, period.from, period.to);
  return data({ filter, rows, totals, money: { ...period, ...moved } });
}

const STATUS_BADGES: Record<InvoiceStatus, string> = {
  open: badgeStyle.info,
  paid: badgeStyle.success,
  overdue: badgeStyle.danger,
  void: badgeStyle.muted,
};

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { filter, rows, totals, money } = loaderData;
  const filtered = Boolean(filter.status || filter.kind || filter.from || filter.to || filter.q);
  return (
    <>
      <ScreenHeader
        title="Invoices"
        description="Every invoice and credit note as issued, with what has been paid and what is still due. Filter them, open each PDF, or download the rows as CSV for the accountant."
        action={
          <a
            href={addressWith("/api/admin/invoices/export", filter)}
            className={adminButton}
            download
          >
            <Icon name="download" className="size-4" />
            Download CSV
          </a>
        }
      />

      <FilterBar
        action={PATH}
        label="Filter invoices"
        columns="sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto]"
      >
        <SelectField
          key={`status-${filter.status}`}
          label="Status"
          name="status"
          placeholder="Any status"
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
          defaultValue={filter.status}
        />
        <SelectField
          key={`kind-${filter.kind}`}
          label="Kind"
          name="kind"
          placeholder="Invoices and credit notes"
          options={LISTED_KINDS.map((k) => ({ value: k, label: LISTED_KIND_LABELS[k] }))}
          defaultValue={filter.kind}
        />
        <TextField
          key={`from-${filter.from}`}
          label="Issued from"
          name="from"
          type="date"
          defaultValue={filter.from}
        />
        <TextField
          key={`to-${filter.to}`}
          label="Issued to"
          name="to"
          type="date"
          defaultValue={filter.to}
        />
        <SearchField value={filter.q} placeholder="Number, name, company or PO number" />
      </FilterBar>

      <section aria-labelledby="invoice-totals" className="mt-6">
        <h2 id="invoice-totals" className="text-base font-semibold text-slate-900 dark:text-white">
          {filtered ? "Totals of these rows" : "Totals"}
        </h2>
        <dl className="mt-2 grid gap-3 sm:grid-cols-4" data-testid="invoice-totals">
          {(
            [
              ["Invoiced", totals.invoicedCents],
              ["Credited", totals.creditedCents],
              ["Paid", totals.paidCents],
              ["Outstanding", totals.outstandingCents],
            ] as const
          ).map(([label, cents]) => (
            <div
              key={label}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
                {formatAmount(cents)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="money-received">
          Money received {formatDay(money.from)} to {formatDay(money.to)}, by the day it came (every
          payment, cards included, as the sales figures count it):{" "}
          <strong className="tabular-nums text-slate-900 dark:text-white">
            {formatAmount(money.receivedCents)}
          </strong>{" "}
          received, {formatAmount(money.refundedCents)} refunded, net{" "}
          <strong className="tabular-nums text-slate-900 dark:text-white">
            {formatAmount(money.receivedCents - money.refundedCents)}
          </strong>
          .
        </p>
      </section>

      <DataTable
        caption="Invoices and credit notes, newest first"
        columns={["Number", "Date", "Customer", "Course", "Amount", "Status"]}
        count={countOf(rows.length, "document")}
        empty={
          filtered
            ? "No invoice or credit note matches."
            : "No invoices yet. A registration paying by bank transfer or company invoice is invoiced when its seat is secured."
        }
      >
        {rows.map((r) => (
          <InvoiceTableRow key={r.number} row={r} />
        ))}
      </DataTable>
    </>
  );
}

function InvoiceTableRow({ row: r }: { row: InvoiceRow }) {
  return (
    <tr data-testid={`invoice-${r.number}`}>
      <td className="px-4 py-3 whitespace-nowrap">
        <a
          href={`/api/admin/billing/${r.number}`}
          className="font-medium text-brand-700 underline dark:text-brand-300"
        >
          {r.number}
          <span className="sr-only"> (PDF)</span>
        </a>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {LISTED_KIND_LABELS[r.kind]}
        </span>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={r.issuedOn}>{formatDay(r.issuedOn)}</time>
        {r.dueOn && (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            Due <time dateTime={r.dueOn}>{formatDay(r.dueOn)}</time>
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        <span className="block break-words">{r.name}</span>
        {r.company && (
          <span className="block text-xs text-slate-600 dark:text-slate-300">{r.company}</span>
        )}
        {r.poNumber && (
          <span className="block text-xs text-slate-600 dark:text-slate-300">PO {r.poNumber}</span>
        )}
      </td>
      <td className="px-4 py-3">{r.course}</td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">
        {r.kind === "credit_note" ? `-${formatAmount(r.totalCents)}` : formatAmount(r.totalCents)}
        {r.status && r.status !== "void" && r.dueCents > 0 && r.dueCents < r.totalCents && (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {formatAmount(r.dueCents)} due
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        {r.status ? (
          <Badge className={STATUS_BADGES[r.status]}>{INVOICE_STATUS_LABELS[r.status]}</Badge>
        ) : (
          <span>Credits {r.creditsInvoice}</span>
        )}
      </td>
    </tr>
  );
}
