import { listAudit } from "#app/web/audit-log.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/audit-log";

/** GET /api/admin/audit-log: the latest audit entries (admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return json({ entries: await listAudit(services.db, 200) });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("GET");
}
