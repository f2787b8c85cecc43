// The sales dashboard's frame: the page when its data could not be read, its status line and
// alerts, its header with the section links, the customer editor (a modal with script, a section
// of the page without) and the customers section.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import { Pager } from "#app/components/admin/pager.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { CustomerSearch, CustomersTable } from "#app/components/sales/customers.tsx";
import { sectionTitle } from "#app/components/sales/sales-ui.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import type { DashboardData } from "#app/domain/sales/dashboard.server.ts";

function Alert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </p>
  );
}

/** The page when its data could not be read: the message and a way to try again. */
export function DashboardUnavailable({
  welcome,
  error,
  retryTo,
}: {
  welcome: string;
  error: string;
  retryTo: string;
}) {
  return (
    <StaffShell area="Sales Dashboard" welcome={welcome} signOutTo="/login">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Sales Dashboard
      </h1>
      <div className="mt-6">
        <Alert>{error}</Alert>
      </div>
      <Link to={retryTo} className={`${adminButton} mt-4`} reloadDocument>
        Try again
      </Link>
    </StaffShell>
  );
}

/** The status line (loading, or what the last change did) and the alerts of the page. */
export function DashboardNotices({
  loading,
  message,
  notice,
  failure,
}: {
  loading: boolean;
  message: string;
  notice: string;
  failure: string;
}) {
  return (
    <div className="mt-4 space-y-3">
      <div role="status" className="min-h-6 text-sm">
        {loading ? (
          <span className="inline-flex items-center gap-2 text-slate-700 dark:text-slate-300">
            <Icon name="loader-circle" className="size-4 animate-spin" />
            Loading dashboard data...
          </span>
        ) : (
          message && (
            <span className="font-medium text-green-800 dark:text-green-300">{message}</span>
          )
        )}
      </div>
      {notice && <Alert>{notice}</Alert>}
      {failure && <Alert>{failure}</Alert>}
    </div>
  );
}

/** The header buttons that scroll to their sections. */
const sections = ["Consultations", "Earnings", "Training", "Customers"];

const navLink =
  "rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** The title, what the page shows this user, the section links and Add Customer. */
export function DashboardHeader({ manager, addTo }: { manager: boolean; addTo: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Sales Dashboard
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {manager ? "Team figures and every customer." : "Your customers and figures."}
        </p>
      </div>
      <nav aria-label="Dashboard sections" className="flex flex-wrap items-center gap-1">
        {(manager ? ["New leads", ...sections] : sections).map((section) => (
          <a key={section} href={`#${section.toLowerCase().replace(" ", "-")}`} className={navLink}>
            {section}
          </a>
        ))}
        <Link
          to={addTo}
          preventScrollReset
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:text-slate-950"
        >
          <Icon name="plus" className="size-4" />
          Add Customer
        </Link>
      </nav>
    </div>
  );
}

/**
 * The customer form or the delete confirmation the address opens: in modals once the page is
 * hydrated, else a section of the page. `close` leaves the address when a modal closes.
 */
export function CustomerEditor({
  hydrated,
  editor,
  editorTitle,
  confirm,
  deletingName,
  close,
}: {
  hydrated: boolean;
  editor: ReactNode;
  editorTitle: string;
  confirm: ReactNode;
  deletingName: string | undefined;
  close: (stillOpen: boolean) => () => void;
}) {
  if (!hydrated) {
    if (!(editor || confirm)) return null;
    return (
      <section
        id="customer-form"
        aria-labelledby="customer-form-title"
        className="mt-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="customer-form-title" className={`${sectionTitle} mb-4`}>
          {confirm ? `Delete ${deletingName}?` : editorTitle}
        </h2>
        {confirm ?? editor}
      </section>
    );
  }
  return (
    <>
      <Modal open={Boolean(editor)} onClose={close(Boolean(editor))} title={editorTitle}>
        {editor}
      </Modal>
      <Modal
        open={Boolean(confirm)}
        onClose={close(Boolean(confirm))}
        title={deletingName ? `Delete ${deletingName}?` : "Delete customer"}
      >
        {confirm}
      </Modal>
    </>
  );
}

/** The customers the user may see: search, CSV export, the table and its pages. */
export function CustomersSection({
  customers,
  manager,
  search,
  page,
  total,
  href,
}: {
  customers: DashboardData["customers"];
  manager: boolean;
  search: string;
  page: number;
  total: number;
  /** The page's address with some parameters changed. */
  href: (changes: Record<string, string>) => string;
}) {
  return (
    <section id="customers" aria-labelledby="customers-title" className="scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="customers-title" className={sectionTitle}>
          Customers
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <CustomerSearch search={search} />
          {/* Every record the user may see (a rep: their own), streamed as CSV. */}
          <a
            href={addressWith("/api/customers/export", { q: search })}
            className={adminButton}
            download
          >
            <Icon name="download" className="size-4" />
            Export CSV
          </a>
        </div>
      </div>
      <CustomersTable
        customers={customers}
        manager={manager}
        search={search}
        open={(id) => `${href({ customer: String(id) })}#customer-detail`}
      />
      <Pager
        page={page}
        total={total}
        label="Customer pages"
        href={(n) => `${href({ page: n > 1 ? String(n) : "" })}#customers`}
      />
    </section>
  );
}
