// POST /api/admin/versions/{id}/restore (issue 33 item 7), admins only.
import { getVersion, restoreVersion } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json } from "#app/web/http.server.ts";
import { onlyPost, versionRefused, withVersionCommand } from "#app/web/versions.server.ts";
import type { Route } from "./+types/version-restore";

/** POST: a new draft from this version (never published by itself); 201 with the draft. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const restore = () =>
    withVersionCommand(request, services.db, params.id, async ({ kind, versionId }) => {
      const result = await restoreVersion(services.db, kind, versionId, actor);
      if (!result.ok) return versionRefused(result);
      return json(await getVersion(services.db, result.value.version.id), 201);
    });
  return byMethod(request, { POST: restore });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return onlyPost();
}
