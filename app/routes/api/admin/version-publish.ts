// POST /api/admin/versions/{id}/publish (issue 33 item 7), admins only.
import { getVersion, publishVersion } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, jsonError, methodNotAllowed } from "#app/web/http.server.ts";
import { applyContextOf, readVersionCommand, versionRefused } from "#app/web/versions.server.ts";
import type { Route } from "./+types/version-publish";

/**
 * POST: publishes this draft. The body names the `type` the caller means and may name
 * `overwrite`: the live version the caller saw and publishes over. Admins only.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const command = await readVersionCommand(request, services.db, params.id);
      if (command instanceof Response) return command;
      const { kind, versionId } = command;
      const overwrite = command.overwrite === undefined ? undefined : Number(command.overwrite);
      if (overwrite !== undefined && !Number.isInteger(overwrite)) {
        return jsonError("overwrite must be the id of the live version you publish over.", 400);
      }
      const applyContext = await applyContextOf(services);
      const result = await publishVersion(
        services.db,
        kind,
        versionId,
        actor,
        applyContext,
        overwrite,
      );
      if (!result.ok) return versionRefused(result);
      await services.invalidatePages();
      return json(await getVersion(services.db, versionId));
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
