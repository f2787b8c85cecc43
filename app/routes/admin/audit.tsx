import { adminMeta, DataTable, ScreenHeader } from "#app/components/admin/screen.tsx";
import { listAudit } from "#app/domain/auth/audit.server.ts";
import { auditActionLabel } from "#app/domain/auth/audit-labels.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return { entries: await listAudit(services.db, 200) };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <>
      <ScreenHeader
        title="Audit Log"
        description={`The latest ${entries.length} entries: sign-ins, failures, lockouts, sign-outs and staff changes.`}
      />
      <DataTable
        caption="Audit log entries, newest first"
        columns={["When", "Who", "What", "Details", "From"]}
        empty="Nothing has been recorded yet."
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="px-4 py-2 whitespace-nowrap">
              <time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 19)} UTC</time>
            </td>
            <td className="px-4 py-2">{e.actor || "-"}</td>
            <td className="px-4 py-2">{auditActionLabel(e.action)}</td>
            <td className="px-4 py-2">
              {[e.target, ...Object.entries(e.details).map(([k, v]) => `${k}: ${String(v)}`)]
                .filter(Boolean)
                .join(", ")}
            </td>
            <td className="px-4 py-2">{e.ip}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
