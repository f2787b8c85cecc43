// PUT /api/homepage-content/{sectionId} (staff spec section 7): the editor's save, for API clients.
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/web/guard.server.ts";
import {
  isJsonObject,
  json,
  jsonError,
  methodNotAllowed,
  readJson,
  refusedTextAnswer,
  TOO_LARGE,
} from "#app/web/http.server.ts";
import { isSectionId, updateHomepageSection } from "./homepage-editor.server.ts";

const MAX_BODY_BYTES = 256 * 1024;

export const sectionMethodNotAllowed = () => methodNotAllowed("PUT");

/** The body: the section data, or the spec helper's `{ sectionId, data }` envelope. */
async function readSectionBody(request: Request): Promise<unknown> {
  const read = await readJson(request, MAX_BODY_BYTES);
  if (!read.ok && read.reason === "too-large") throw jsonError(TOO_LARGE, 413);
  if (!read.ok && read.reason === "refused-text") throw refusedTextAnswer(read.field);
  if (!read.ok) return undefined;
  const body = read.value;
  return isJsonObject(body) &&
    "sectionId" in body &&
    "data" in body &&
    typeof body.data === "object"
    ? body.data
    : body;
}

export async function apiUpdateSection(
  request: Request,
  context: Readonly<RouterContextProvider>,
  sectionId: string | undefined,
) {
  const { user, actor, services } = await requireAdmin(request, context);
  if (request.method !== "PUT") return sectionMethodNotAllowed();
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
    return json({ error: result.error, fields: result.fieldErrors }, result.status);
  }
  await invalidatePages();
  logger.info({ sectionId }, "homepage section updated");
  return json({ success: true, sectionId });
}
