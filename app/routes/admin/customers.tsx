import { data, redirect } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import {
  DetailPanel,
  MasterDetail,
  PagedSelectableList,
} from "#app/components/admin/master-detail.tsx";
import {
  adminMeta,
  Badge,
  FilterBar,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
  SearchField,
} from "#app/components/admin/screen.tsx";
import { CustomerDetails, RECORD_FORM_INTENTS } from "#app/components/leads/customer-detail.tsx";
import { SelectField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import { deleteCustomer } from "#app/domain/leads/customer-commands.server.ts";
import {
  type CustomerListItem,
  cleanOwner,
  cleanPage,
  cleanQuery,
  cleanStatus,
  countCustomers,
  listCustomers,
  listSalesReps,
} from "#app/domain/leads/customers.server.ts";
import {
  FORM_LABELS,
  LEAD_STATUSES,
  MAIL_LABELS,
  PAGE_SIZE,
  statusBadgeClass,
} from "#app/domain/leads/customers.ts";
import { phaseBadgeClass } from "#app/domain/leads/records.schema.ts";
import { customerDeletion } from "#app/web/customer-deletion.server.ts";
import { customerWithConsultations } from "#app/web/customer-detail.server.ts";
import { fail, handleIntents, postedId } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { recordIntents } from "#app/web/record-intents.server.ts";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => adminMeta("Customer Management");

const PATH = "/admin/customers";
const NOT_FOUND = "That customer no longer exists.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = {
    status: cleanStatus(params.get("status")),
    q: cleanQuery(params.get("q")),
    owner: cleanOwner(params.get("owner")),
  };
  const page = cleanPage(params.get("page"));
  const leadId = parseId(params.get("lead") ?? undefined);
  const slice = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const [customers, counts, selected, salesReps] = await Promise.all([
    listCustomers(services.db, user, filter, slice),
    countCustomers(services.db, user, filter),
    leadId ? customerWithConsultations(services.db, user, leadId) : null,
    listSalesReps(services.db),
  ]);
  const missing = params.has("lead") && !selected;
  return data(
    {
      customers,
      counts,
      filter,
      page,
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
  return handleIntents(request, {
    ...recordIntents(actor, services),
    delete: async (form, intent) => {
      const id = postedId(form);
      const deleted = id
        ? await deleteCustomer(services, actor, id, await customerDeletion(services))
        : null;
      if (!deleted?.ok) return fail(intent, NOT_FOUND, 404);
      await services.invalidatePages();
      const back = new URL(request.url).searchParams;
      back.delete("lead");
      back.delete("delete");
      back.set("deleted", deleted.value || `lead ${id}`);
      throw redirect(`${PATH}?${back}`);
    },
  });
}

export default function CustomerManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { customers, counts, filter, page, selected, missing, salesReps, confirmDelete, deleted } =
    loaderData;
  const shown = counts.matching;
  // A refused detail form shows its message in the form; successes show in the status line.
  const shownInForm =
    actionData &&
    !actionData.ok &&
    selected &&
    (RECORD_FORM_INTENTS as readonly string[]).includes(actionData.intent);
  const notice = noticeOf(shownInForm ? undefined : actionData);
  const here = { ...filter, page: page > 1 ? String(page) : "" };
  const leadHref = (id: number, changes: Record<string, string> = {}) =>
    addressWith(PATH, here, { lead: String(id), ...changes });

  return (
    <>
      <ScreenHeader
        title="Customer Management"
        description="Every inquiry, course registration and customer added on the sales dashboard, newest first."
        action={
          <a href={addressWith("/api/customers/export", filter)} className={adminButton} download>
            <Icon name="download" className="size-4" />
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
        columns="sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto]"
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
        <SelectField
          key={`owner-${filter.owner}`}
          label="Owner"
          name="owner"
          placeholder="Assigned or not"
          options={[
            { value: "none", label: "Unassigned (New leads)" },
            { value: "assigned", label: "Assigned" },
          ]}
          defaultValue={filter.owner}
        />
        <SearchField value={filter.q} placeholder="Name, email, company, phone or reference" />
      </FilterBar>

      <MasterDetail>
        <Panel
          title={`Customers (${shown})`}
          titleId="customer-list"
          className="min-w-0"
          description={
            <>
              {filter.status ? `Status ${filter.status}` : "All statuses"}
              {filter.owner === "none" ? ", unassigned" : ""}
              {filter.owner === "assigned" ? ", assigned" : ""}
              {filter.q ? `, matching "${filter.q}"` : ""}
            </>
          }
        >
          <PagedSelectableList
            label="Customers"
            empty="No customers match."
            items={customers}
            selectedId={selected?.id}
            rowHref={leadHref}
            testId="customer"
            row={(c) => <CustomerSummary customer={c} />}
            page={page}
            total={shown}
            pageHref={(n) => addressWith(PATH, filter, { page: n > 1 ? String(n) : "" })}
          />
        </Panel>

        <DetailPanel
          titleId="customer-detail"
          title={selected?.name}
          subtitle={
            selected && (
              <>
                {FORM_LABELS[selected.form] ?? "Inquiry"}, received <When at={selected.createdAt} />
              </>
            )
          }
          aside={
            selected && (
              <span className="flex flex-wrap gap-2">
                <StatusBadge status={selected.status} />
                <PhaseBadge phase={selected.phase} />
              </span>
            )
          }
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
              canAssign
              recordHref={(id) => leadHref(id)}
              failure={actionData && !actionData.ok ? actionData : null}
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

function PhaseBadge({ phase }: { phase: string }) {
  return <Badge className={phaseBadgeClass(phase)}>Phase: {phase}</Badge>;
}

/** A row of the list: who, their status, how to reach them, where they came from. */
function CustomerSummary({ customer: c }: { customer: CustomerListItem }) {
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all text-slate-900 dark:text-white">{c.name}</span>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={c.status} />
          <PhaseBadge phase={c.phase} />
        </span>
      </span>
      <span className="block text-sm break-all text-slate-700 dark:text-slate-300">{c.email}</span>
      {c.company && (
        <span className="block text-sm break-all text-slate-700 dark:text-slate-300">
          {c.company}
        </span>
      )}
      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{FORM_LABELS[c.form] ?? c.kind}</span>
        <span>{c.assignedTo ? `Rep: ${c.assignedName}` : "Unassigned"}</span>
        <span>Source: {c.source}</span>
        <When at={c.createdAt} />
        <span>{MAIL_LABELS[c.mail]}</span>
      </span>
    </>
  );
}
