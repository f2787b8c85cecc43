// POST /api/admin/versions/{id}/restore (issue 33 item 7), admins only.
import { getVersion, restoreVersion } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, methodNotAllowed } from "#app/web/http.server.ts";
import { readVersionCommand, versionRefused } from "#app/web/versions.server.ts";
import type { Route } from "./+types/version-restore";

/** POST: a new draft from this version (never published by itself). Admins only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const command = await readVersionCommand(request, services.db, params.id);
      if (command instanceof Response) return command;
      const result = await restoreVersion(services.db, command.kind, command.versionId, actor);
      if (!result.ok) return versionRefused(result);
      return json(await getVersion(services.db, result.version.id), 201);
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
