import { RawDetails } from "#app/components/admin/raw-details.tsx";
import { adminMeta, countOf, DataTable, ScreenHeader } from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import { failedSignInsByAccount, listAudit } from "#app/domain/auth/audit.server.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return {
    entries: await listAudit(services.db, 200),
    failed: await failedSignInsByAccount(services.db, 24),
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, failed } = loaderData;
  return (
    <>
      <ScreenHeader
        title="Audit Log"
        description={`Failed sign-ins by account, and the latest ${countOf(entries.length, "entry", "entries")}: sign-ins, failures, sign-outs and staff changes.`}
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
      <DataTable
        caption="Audit log entries, newest first"
        columns={["When", "Who", "What happened", "From"]}
        empty="Nothing has been recorded yet."
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
    </>
  );
}
