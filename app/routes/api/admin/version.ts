// GET /api/admin/versions/{id} (issue 33 item 7), admins only.
import { getVersion } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, jsonError, methodNotAllowed, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/version";

/** GET one version with its data. Admins only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const version = id ? await getVersion(services.db, id) : null;
  return version ? json(version) : jsonError("Version not found.", 404);
}

/** A read only: every write answers 405. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("GET");
}
