import { data, redirect } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import {
  DetailPanel,
  MasterDetail,
  SelectableList,
  SelectableRow,
} from "#app/components/admin/master-detail.tsx";
import {
  adminMeta,
  Badge,
  FilterBar,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { CustomerDetails } from "#app/components/leads/customer-detail.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  addCustomerNote,
  assignCustomer,
  type CustomerListItem,
  cleanNote,
  cleanQuery,
  cleanStatus,
  countCustomers,
  deleteCustomer,
  getCustomer,
  listCustomers,
  listSalesReps,
  setCustomerStatus,
} from "#app/domain/leads/customers.server.ts";
import {
  isLeadStatus,
  LEAD_STATUSES,
  MAIL_LABELS,
  STATUS_ERROR,
  statusBadgeClass,
} from "#app/domain/leads/customers.ts";
import { done, fail, handleIntents, postedId } from "#app/platform/form-action.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => adminMeta("Customer Management");

const PATH = "/admin/customers";
const NOT_FOUND = "That customer no longer exists.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = { status: cleanStatus(params.get("status")), q: cleanQuery(params.get("q")) };
  const leadId = parseId(params.get("lead") ?? undefined);
  const [customers, counts, selected, salesReps] = await Promise.all([
    listCustomers(services.db, filter),
    countCustomers(services.db, filter.q),
    leadId ? getCustomer(services.db, leadId) : null,
    listSalesReps(services.db),
  ]);
  const missing = params.has("lead") && !selected;
  return data(
    {
      customers,
      counts,
      filter,
      selected,
      missing,
      salesReps,
      confirmDelete: Boolean(selected) && params.get("delete") === "1",
      deleted: params.get("deleted")?.slice(0, 200) ?? null,
    },
    { status: missing ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  /** Runs `change` on the posted lead and answers `message`, or that there is no such lead. */
  const onLead = async (
    form: FormData,
    intent: string,
    change: (id: number) => Promise<unknown>,
    message: string,
  ) => {
    const id = postedId(form);
    if (!id || !(await change(id))) return fail(intent, NOT_FOUND, 404);
    return done(intent, message);
  };

  return handleIntents(request, {
    status: (form, intent) => {
      const status = form.get("status");
      if (!isLeadStatus(status)) return fail(intent, STATUS_ERROR);
      const change = (id: number) => setCustomerStatus(db, id, status, actor);
      return onLead(form, intent, change, `Status changed to ${status}.`);
    },
    note: (form, intent) => {
      const note = cleanNote(form.get("note"));
      if (!note.ok) return fail(intent, note.error);
      const change = (id: number) => addCustomerNote(db, id, note.value, actor);
      return onLead(form, intent, change, "Note added.");
    },
    assign: async (form, intent) => {
      const raw = String(form.get("userId") ?? "");
      const userId = raw === "" ? null : parseId(raw);
      if (raw !== "" && userId === null) return fail(intent, "Choose a sales rep from the list.");
      const id = postedId(form);
      const result = id ? await assignCustomer(db, id, userId, actor) : "no-lead";
      if (result === "no-rep") return fail(intent, "Choose an active sales rep or manager.");
      if (result === "no-lead") return fail(intent, NOT_FOUND, 404);
      return done(intent, userId === null ? "The lead is now unassigned." : "Sales rep assigned.");
    },
    delete: async (form, intent) => {
      const id = postedId(form);
      const name = String(form.get("name") ?? "").slice(0, 200);
      if (!id || !(await deleteCustomer(services, id, actor))) return fail(intent, NOT_FOUND, 404);
      await services.invalidatePages();
      const back = new URL(request.url).searchParams;
      back.delete("lead");
      back.delete("delete");
      back.set("deleted", name || `lead ${id}`);
      throw redirect(`${PATH}?${back}`);
    },
  });
}

export default function CustomerManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { customers, counts, filter, selected, missing, salesReps, confirmDelete, deleted } =
    loaderData;
  const shown = filter.status ? (counts.byStatus[filter.status] ?? 0) : counts.total;
  const notice = noticeOf(actionData);
  const leadHref = (id: number, changes: Record<string, string> = {}) =>
    addressWith(PATH, filter, { lead: String(id), ...changes });

  return (
    <>
      <ScreenHeader
        title="Customer Management"
        description="Every inquiry and course registration, newest first."
        action={
          <a href={addressWith("/api/customers/export", filter)} className={adminButton} download>
            <Icon name="download" className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        }
      />
      <Notice
        message={notice.message ?? (deleted ? `Customer "${deleted}" deleted.` : undefined)}
        error={notice.error}
      />

      <FilterBar
        action={PATH}
        label="Filter customers"
        columns="sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]"
      >
        <SelectField
          key={`status-${filter.status}`}
          label="Status"
          name="status"
          placeholder={`All statuses (${counts.total})`}
          options={LEAD_STATUSES.map((s) => ({
            value: s,
            label: `${s} (${counts.byStatus[s] ?? 0})`,
          }))}
          defaultValue={filter.status}
        />
        <TextField
          key={`q-${filter.q}`}
          label="Search"
          name="q"
          type="search"
          placeholder="Name, email, company or phone"
          defaultValue={filter.q}
        />
      </FilterBar>

      <MasterDetail>
        <Panel
          title={`Customers (${shown})`}
          titleId="customer-list"
          className="min-w-0"
          description={
            <>
              {filter.status ? `Status ${filter.status}` : "All statuses"}
              {filter.q ? `, matching "${filter.q}"` : ""}
              {customers.length < shown ? `; the newest ${customers.length} are listed` : ""}
            </>
          }
        >
          <SelectableList label="Customers" empty="No customers match.">
            {customers.map((c) => (
              <SelectableRow
                key={c.id}
                to={leadHref(c.id)}
                current={selected?.id === c.id}
                testId={`customer-${c.id}`}
              >
                <CustomerSummary customer={c} />
              </SelectableRow>
            ))}
          </SelectableList>
        </Panel>

        <DetailPanel
          titleId="customer-detail"
          title={selected?.name}
          subtitle={
            selected && (
              <>
                {selected.kind === "registration" ? "Course registration" : "Inquiry"} received{" "}
                <time dateTime={selected.createdAt}>{selected.createdLabel}</time>
              </>
            )
          }
          aside={selected && <StatusBadge status={selected.status} />}
          emptyTitle="No Customer Selected"
          emptyText={
            missing
              ? `${NOT_FOUND} Select a customer from the list.`
              : "Select a customer from the list to view their details."
          }
        >
          {selected && (
            <CustomerDetails
              key={selected.id}
              customer={selected}
              salesReps={salesReps}
              closeTo={leadHref(selected.id)}
              deleteTo={leadHref(selected.id, { delete: "1" })}
              confirmDelete={confirmDelete}
            />
          )}
        </DetailPanel>
      </MasterDetail>
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  return <Badge className={statusBadgeClass(status)}>{status}</Badge>;
}

/** A row of the list: who, their status, how to reach them, where they came from. */
function CustomerSummary({ customer: c }: { customer: CustomerListItem }) {
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all text-slate-900 dark:text-white">{c.name}</span>
        <StatusBadge status={c.status} />
      </span>
      <span className="block text-sm break-all text-slate-700 dark:text-slate-300">{c.email}</span>
      {c.company && (
        <span className="block text-sm break-all text-slate-700 dark:text-slate-300">
          {c.company}
        </span>
      )}
      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>Source: {c.source}</span>
        <time dateTime={c.createdAt}>{c.createdLabel}</time>
        <span>{MAIL_LABELS[c.mail]}</span>
      </span>
    </>
  );
}
