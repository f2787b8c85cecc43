import type { ReactNode } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import { Pager } from "#app/components/admin/pager.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { RECORD_FORM_INTENTS } from "#app/components/leads/customer-detail.tsx";
import { ConsultationsPanel } from "#app/components/sales/consultations.tsx";
import {
  CustomerForm,
  CustomerSearch,
  CustomersTable,
  DeleteConfirm,
} from "#app/components/sales/customers.tsx";
import {
  ActivityList,
  EarningsPanel,
  NewsCards,
  PipelinePanel,
  StatCards,
  TargetForm,
} from "#app/components/sales/overview.tsx";
import { NewLeads, RecordPanel } from "#app/components/sales/records.tsx";
import { sectionTitle } from "#app/components/sales/sales-ui.tsx";
import { TrainingCards } from "#app/components/sales/training.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { dashboardAction, dashboardLoader } from "#app/domain/sales/dashboard-action.server.ts";
import type { FieldErrors } from "#app/domain/sales/sales.schema.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { noStore } from "#app/web/guard.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Sales Dashboard | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

export function loader({ request, context }: Route.LoaderArgs) {
  return dashboardLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context);
}

const PATH = "/sales-dashboard";

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

/** The header buttons that scroll to their sections. */
const sections = ["Consultations", "Earnings", "Training", "Customers"];

export default function SalesDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const base = page.search ? `${PATH}?q=${encodeURIComponent(page.search)}` : PATH;
  // The address with the lists' pages and the open record kept, some parameters changed.
  const current = {
    q: page.search,
    page: page.page > 1 ? String(page.page) : "",
    new: page.newPage > 1 ? String(page.newPage) : "",
    customer: page.ok && page.selected ? String(page.selected.id) : "",
  };
  const href = (changes: Record<string, string>) => addressWith(PATH, current, changes);

  const recordFailure =
    page.ok &&
    page.selected &&
    actionData &&
    !actionData.ok &&
    "intent" in actionData &&
    (RECORD_FORM_INTENTS as readonly string[]).includes(String(actionData.intent))
      ? (actionData as ActionFailure)
      : null;
  // Any other refusal shows at the top (a record form's shows in that form).
  const failure =
    actionData && !actionData.ok && !("errors" in actionData) && !recordFailure
      ? actionData.error
      : "";
  const saved = actionData?.ok && "message" in actionData ? actionData.message : "";
  // A form the server sent back: its messages and the values typed.
  const invalid =
    actionData && "errors" in actionData
      ? (actionData as unknown as {
          intent: string;
          errors: FieldErrors;
          values: Record<string, string>;
        })
      : null;
  const formErrors = (intent: string) =>
    invalid?.intent === intent ? { errors: invalid.errors, values: invalid.values } : {};

  const welcome = page.ok ? `Welcome, ${page.viewer.name}` : "Welcome";
  const status = (
    <div role="status" className="min-h-6 text-sm">
      {loading ? (
        <span className="inline-flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Icon name="loader-circle" className="size-4 animate-spin" aria-hidden="true" />
          Loading dashboard data...
        </span>
      ) : (
        (saved || page.done) && (
          <span className="font-medium text-green-800 dark:text-green-300">
            {saved || page.done}
          </span>
        )
      )}
    </div>
  );

  if (!page.ok) {
    return (
      <StaffShell area="Sales Dashboard" welcome={welcome} signOutTo="/login">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Sales Dashboard
        </h1>
        <div className="mt-6">
          <Alert>{page.error}</Alert>
        </div>
        <Link to={PATH} className={`${adminButton} mt-4`} reloadDocument>
          Try again
        </Link>
      </StaffShell>
    );
  }

  const { viewer } = page;
  const editorOpen = page.adding || Boolean(page.editing);
  const editor = editorOpen ? (
    <CustomerForm
      key={page.editing ? `edit-${page.editing.id}` : "add"}
      customer={page.editing}
      staff={page.staff}
      manager={viewer.manager}
      cancelTo={base}
      {...formErrors(page.editing ? "update" : "create")}
    />
  ) : null;
  const editorTitle = page.editing ? `Edit Customer: ${page.editing.name}` : "Add Customer";
  const confirm = page.deleting ? <DeleteConfirm customer={page.deleting} cancelTo={base} /> : null;
  // A dialog also fires "close" when the page closes it after a save: leave the address then.
  const close = (stillOpen: boolean) => () => {
    if (stillOpen) navigate(base, { preventScrollReset: true });
  };
  const navLink =
    "rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-100 dark:hover:bg-slate-800";

  return (
    <StaffShell area="Sales Dashboard" welcome={welcome} signOutTo="/login">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Sales Dashboard
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {viewer.manager ? "Team figures and every customer." : "Your customers and figures."}
          </p>
        </div>
        <nav aria-label="Dashboard sections" className="flex flex-wrap items-center gap-1">
          {(viewer.manager ? ["New leads", ...sections] : sections).map((section) => (
            <a
              key={section}
              href={`#${section.toLowerCase().replace(" ", "-")}`}
              className={navLink}
            >
              {section}
            </a>
          ))}
          <Link
            to={`${base}${page.search ? "&" : "?"}add=1#customer-form`}
            preventScrollReset
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:text-slate-950"
          >
            <Icon name="plus" className="size-4" aria-hidden="true" />
            Add Customer
          </Link>
        </nav>
      </div>

      <div className="mt-4 space-y-3">
        {status}
        {page.notice && <Alert>{page.notice}</Alert>}
        {failure && <Alert>{failure}</Alert>}
      </div>

      {!hydrated && (editor || confirm) && (
        <section
          id="customer-form"
          aria-labelledby="customer-form-title"
          className="mt-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="customer-form-title" className={`${sectionTitle} mb-4`}>
            {confirm ? `Delete ${page.deleting?.name}?` : editorTitle}
          </h2>
          {confirm ?? editor}
        </section>
      )}
      {hydrated && (
        <>
          <Modal open={editorOpen} onClose={close(editorOpen)} title={editorTitle}>
            {editor}
          </Modal>
          <Modal
            open={Boolean(confirm)}
            onClose={close(Boolean(confirm))}
            title={page.deleting ? `Delete ${page.deleting.name}?` : "Delete customer"}
          >
            {confirm}
          </Modal>
        </>
      )}

      <div className="mt-6 space-y-10">
        {page.selected && (
          <RecordPanel
            customer={page.selected}
            staff={page.staff}
            manager={viewer.manager}
            closeTo={href({ customer: "" })}
            href={href}
            confirmDelete={page.confirmRecordDelete}
            failure={recordFailure}
          />
        )}
        <StatCards stats={page.stats} />
        {viewer.manager && (
          <NewLeads
            leads={page.newLeads}
            total={page.newLeadCount}
            page={page.newPage}
            href={href}
          />
        )}
        <ConsultationsPanel consultations={page.consultations} manager={viewer.manager} />
        <NewsCards news={page.news} />

        <section id="earnings" aria-labelledby="earnings-title" className="scroll-mt-4">
          <h2 id="earnings-title" className={`${sectionTitle} mb-4`}>
            Earnings
          </h2>
          <EarningsPanel earnings={page.earnings} manager={viewer.manager} />
          {viewer.manager && (
            <TargetForm targets={page.targets} month={page.month} {...formErrors("target")} />
          )}
        </section>

        <div className="grid gap-4 lg:grid-cols-2">
          <PipelinePanel pipeline={page.pipeline} />
          <ActivityList activity={page.activity} />
        </div>

        <section id="training" aria-labelledby="training-title" className="scroll-mt-4">
          <h2 id="training-title" className={sectionTitle}>
            Training and Development
          </h2>
          <TrainingCards training={page.training} playing={page.playing} />
        </section>

        <section id="customers" aria-labelledby="customers-title" className="scroll-mt-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="customers-title" className={sectionTitle}>
              Customers
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <CustomerSearch search={page.search} />
              {/* Every record the user may see (a rep: their own), streamed as CSV. */}
              <a
                href={addressWith("/api/customers/export", { q: page.search })}
                className={adminButton}
                download
              >
                <Icon name="download" className="size-4" aria-hidden="true" />
                Export CSV
              </a>
            </div>
          </div>
          <CustomersTable
            customers={page.customers}
            manager={viewer.manager}
            search={page.search}
            open={(id) => `${href({ customer: String(id) })}#customer-detail`}
          />
          <Pager
            page={page.page}
            total={page.customerCount}
            label="Customer pages"
            href={(n) => `${href({ page: n > 1 ? String(n) : "" })}#customers`}
          />
        </section>
      </div>
    </StaffShell>
  );
}
