// The sales dashboard's view of the customer records: the New leads queue (managers), and the
// open record's detail (the same detail as admin Customer Management).
import { Link } from "react-router";
import { adminButton } from "#app/components/admin/buttons.ts";
import { Pager } from "#app/components/admin/pager.tsx";
import { CustomerDetails } from "#app/components/leads/customer-detail.tsx";
import { When } from "#app/components/ui/when.tsx";
import { FORM_LABELS } from "#app/domain/leads/customers.ts";
import type { DashboardData } from "#app/domain/sales/dashboard.server.ts";
import type { CustomerWithConsultations } from "#app/web/customer-detail.server.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { card, sectionTitle } from "./sales-ui.tsx";

type Row = DashboardData["newLeads"][number];

/** Unassigned open leads, newest first, each opening its detail (where a manager assigns it). */
export function NewLeads({
  leads,
  total,
  page,
  href,
}: {
  leads: Row[];
  total: number;
  page: number;
  /** The dashboard's address with other parameters. */
  href: (changes: Record<string, string>) => string;
}) {
  return (
    <section id="new-leads" aria-labelledby="new-leads-title" className="scroll-mt-4">
      <h2 id="new-leads-title" className={sectionTitle}>
        New leads ({total})
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Inquiries and registrations nobody owns yet, and returning contacts (someone whose record a
        rep owns wrote again). Open one to read it and assign it.
      </p>
      {leads.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          No new leads: every inquiry has a sales rep.
        </p>
      ) : (
        <ul
          aria-label="New leads"
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {leads.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0">
                <span className="block font-semibold break-all text-slate-900 dark:text-white">
                  {l.name}
                </span>
                <span className="block text-sm break-all text-slate-700 dark:text-slate-300">
                  {FORM_LABELS[l.form] ?? l.form}
                  {l.company ? ` · ${l.company}` : ""} · {l.email}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {l.returnedAt ? (
                    <>
                      Returning contact, owned by {l.repName}: wrote again{" "}
                      <When at={l.returnedAt} kind="date" />
                    </>
                  ) : (
                    <>
                      Received <When at={l.createdAt} kind="date" />
                    </>
                  )}
                </span>
                {l.bookedWith && (
                  <span className="block text-xs font-medium text-slate-800 dark:text-slate-200">
                    Booked with {l.bookedWith.consultantName} for{" "}
                    <When at={l.bookedWith.startsAt} />
                  </span>
                )}
              </span>
              <Link
                to={`${href({ customer: String(l.id) })}#customer-detail`}
                className={adminButton}
                data-testid={`new-lead-${l.id}`}
              >
                Open<span className="sr-only"> {l.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        total={total}
        label="New lead pages"
        href={(n) => `${href({ new: n > 1 ? String(n) : "" })}#new-leads`}
      />
    </section>
  );
}

/** The open record: its name, where it came from, and the detail with its forms. */
export function RecordPanel({
  customer,
  staff,
  manager,
  closeTo,
  href,
  confirmDelete,
  failure,
}: {
  customer: CustomerWithConsultations;
  staff: DashboardData["staff"];
  manager: boolean;
  closeTo: string;
  href: (changes: Record<string, string>) => string;
  confirmDelete: boolean;
  failure: ActionFailure | null;
}) {
  const here = href({ customer: String(customer.id) });
  return (
    <section
      id="customer-detail"
      aria-labelledby="customer-detail-title"
      className={`${card} scroll-mt-4`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="customer-detail-title" className={`${sectionTitle} break-all`}>
            {customer.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {FORM_LABELS[customer.form] ?? customer.form}, received <When at={customer.createdAt} />{" "}
            · Status {customer.status} · Phase {customer.phase}
          </p>
        </div>
        <Link to={closeTo} preventScrollReset className={adminButton}>
          Close<span className="sr-only"> {customer.name}</span>
        </Link>
      </div>
      <CustomerDetails
        key={customer.id}
        customer={customer}
        salesReps={staff}
        canAssign={manager}
        recordHref={(id) => `${href({ customer: String(id) })}#customer-detail`}
        closeTo={here}
        deleteTo={`${href({ customer: String(customer.id), remove: "1" })}#customer-detail`}
        confirmDelete={confirmDelete}
        failure={failure}
      />
    </section>
  );
}
