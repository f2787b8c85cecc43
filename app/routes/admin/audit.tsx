import { addressWith } from "#app/components/admin/address.ts";
import { Pager } from "#app/components/admin/pager.tsx";
import { RawDetails } from "#app/components/admin/raw-details.tsx";
import {
  adminMeta,
  countOf,
  DataTable,
  FilterBar,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { SelectField } from "#app/components/ui/fields.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  type AuditFilter,
  auditActors,
  countAudit,
  failedSignInsByAccount,
} from "#app/domain/audit/audit.server.ts";
import { AUDIT_KINDS, isAuditKind } from "#app/domain/audit/audit-labels.ts";
import { cleanPage } from "#app/domain/leads/customers.server.ts";
import { listAudit } from "#app/web/audit-log.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");

const PATH = "/admin/audit";
/** Entries per page. */
const AUDIT_PAGE_SIZE = 50;
/** The person filter's value for entries no account made. */
const SYSTEM = "system";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const person = params.get("person") ?? "";
  const actor: AuditFilter["actor"] =
    person === SYSTEM ? SYSTEM : /^\d{1,9}$/.test(person) ? Number(person) : "";
  const filter = { kind: isAuditKind(kind) ? kind : ("" as const), actor };
  const page = cleanPage(params.get("page"));
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  const [entries, total, people, failed] = await Promise.all([
    listAudit(services.db, AUDIT_PAGE_SIZE, { ...filter, offset }),
    countAudit(services.db, filter),
    auditActors(services.db),
    failedSignInsByAccount(services.db, 24),
  ]);
  return {
    entries,
    total,
    page,
    here: { kind: filter.kind, person: String(actor) },
    people,
    failed,
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, here, people, failed } = loaderData;
  const filtered = Boolean(here.kind || here.person);
  return (
    <>
      <ScreenHeader
        title="Audit Log"
        description="Failed sign-ins by account, and every entry, newest first: sign-ins, failures, sign-outs and staff changes."
      />
      <h2 className="mt-8 text-xl font-semibold text-slate-900 dark:text-white">
        Failed sign-ins in the last 24 hours
      </h2>
      <DataTable
        caption="Failed sign-ins in the last 24 hours, by account, the most first"
        columns={["Account", "Failed attempts", "From addresses", "Last"]}
        empty="No failed sign-in in the last 24 hours."
      >
        {failed.map((f) => (
          <tr key={f.account}>
            <td className="px-4 py-2">
              {f.account || "-"}
              {!f.known && <span className="ml-2 text-xs">(no such account)</span>}
            </td>
            <td className="px-4 py-2">{f.failures}</td>
            <td className="px-4 py-2">{f.addresses}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              <When at={f.lastAt} />
            </td>
          </tr>
        ))}
      </DataTable>
      <h2 className="mt-8 text-xl font-semibold text-slate-900 dark:text-white">Every entry</h2>
      <FilterBar
        action={PATH}
        label="Filter the audit log"
        columns="sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <SelectField
          key={`person-${here.person}`}
          label="Person"
          name="person"
          placeholder="Everyone"
          options={[
            { value: SYSTEM, label: "Visitors and the system (no account)" },
            ...people.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          defaultValue={here.person}
        />
        <SelectField
          key={`kind-${here.kind}`}
          label="Kind"
          name="kind"
          placeholder="Every kind"
          options={AUDIT_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          defaultValue={here.kind}
        />
      </FilterBar>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        {countOf(total, "entry", "entries")}
        {filtered ? (total === 1 ? " matches the filter" : " match the filter") : " in all"}.
      </p>
      <DataTable
        caption="Audit log entries, newest first"
        columns={["When", "Who", "What happened", "From"]}
        empty={filtered ? "No entry matches the filter." : "Nothing has been recorded yet."}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="px-4 py-2 whitespace-nowrap">
              <When at={e.at} />
            </td>
            <td className="px-4 py-2">
              {e.actor || "-"}
              {e.actorEmail && (
                <span className="block text-xs break-words text-slate-600 dark:text-slate-400">
                  {e.actorEmail}
                </span>
              )}
            </td>
            <td className="max-w-xl px-4 py-2">
              <p>{e.summary}</p>
              <RawDetails value={{ action: e.action, target: e.target, ...e.details }} />
            </td>
            <td className="px-4 py-2">{e.ip}</td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        total={total}
        pageSize={AUDIT_PAGE_SIZE}
        label="Audit log pages"
        href={(n) => addressWith(PATH, here, { page: n > 1 ? String(n) : "" })}
      />
    </>
  );
}
