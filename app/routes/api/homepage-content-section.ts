// PUT /api/homepage-content/{sectionId} (staff spec section 7): the editor's save, for API clients.
import { isSectionId, updateHomepageSection } from "#app/domain/content/homepage-editor.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import {
  byMethod,
  isJsonObject,
  json,
  jsonError,
  methodNotAllowed,
  readJson,
  refusedTextAnswer,
  statusOf,
  TOO_LARGE,
} from "#app/web/http.server.ts";
import type { Route } from "./+types/homepage-content-section";

const MAX_BODY_BYTES = 256 * 1024;

/** The body: the section data, or the spec helper's `{ sectionId, data }` envelope. */
async function readSectionBody(request: Request): Promise<unknown> {
  const read = await readJson(request, MAX_BODY_BYTES);
  if (!read.ok && read.reason === "too-large") throw jsonError(TOO_LARGE, 413);
  if (!read.ok && read.field) throw refusedTextAnswer(read.field);
  if (!read.ok) return undefined;
  const body = read.value;
  return isJsonObject(body) &&
    "sectionId" in body &&
    "data" in body &&
    typeof body.data === "object"
    ? body.data
    : body;
}

/** PUT /api/homepage-content/{sectionId}: admins save one section (JSON). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    PUT: async () => {
      const { sectionId } = params;
      if (!isSectionId(sectionId)) return json({ error: `Unknown section "${sectionId}"` }, 404);
      const body = await readSectionBody(request);
      if (body === undefined) {
        return json({ error: "Send the section as a JSON object (at most 256 KB)." }, 400);
      }
      const { db, invalidatePages, logger } = services;
      const result = await updateHomepageSection(db, sectionId, body, {
        actorId: user.id,
        actorLabel: user.email,
        ip: actor.ip,
      });
      if (!result.ok) {
        return json({ error: result.error, fields: result.fieldErrors }, statusOf(result.reason));
      }
      await invalidatePages();
      logger.info({ sectionId }, "homepage section updated");
      return json({ success: true, sectionId });
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("PUT");
}
