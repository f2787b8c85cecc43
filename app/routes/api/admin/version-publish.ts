// POST /api/admin/versions/{id}/publish (issue 33 item 7), admins only.
import { getVersion, publishVersion } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, jsonError } from "#app/web/http.server.ts";
import {
  applyContextOf,
  onlyPost,
  versionRefused,
  withVersionCommand,
} from "#app/web/versions.server.ts";
import type { Route } from "./+types/version-publish";

/**
 * POST: publishes this draft. The body names the `type` the caller means and may name
 * `overwrite`: the live version the caller saw and publishes over.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: () =>
      withVersionCommand(request, services.db, params.id, async (command) => {
        const overwrite = command.overwrite === undefined ? undefined : Number(command.overwrite);
        if (overwrite !== undefined && !Number.isInteger(overwrite)) {
          return jsonError("overwrite must be the id of the live version you publish over.", 400);
        }
        const { db, invalidatePages } = services;
        const rules = await applyContextOf(services);
        const result = await publishVersion(
          db,
          command.kind,
          command.versionId,
          actor,
          rules,
          overwrite,
        );
        if (!result.ok) return versionRefused(result);
        await invalidatePages();
        return json(await getVersion(db, command.versionId));
      }),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return onlyPost();
}
