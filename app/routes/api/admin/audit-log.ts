import { methodNotAllowed } from "#app/domain/auth/api.server.ts";
import { listAudit } from "#app/domain/auth/audit.server.ts";
import { NO_STORE, requireUser } from "#app/domain/auth/guard.server.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/audit-log";

/** GET /api/admin/audit-log: the latest audit entries (admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  const entries = await listAudit(context.get(appContext).db, 200);
  return Response.json({ entries }, { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  return methodNotAllowed("GET");
}
