// PUT /api/homepage-content/{sectionId} (staff spec section 7): the editor's save, for API clients.
import type { RouterContextProvider } from "react-router";
import { NO_STORE, requireUser } from "#app/domain/auth/guard.server.ts";
import { ADMIN_ROLES } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
import { isSectionId, updateHomepageSection } from "./homepage-editor.server.ts";

const MAX_BODY_BYTES = 256 * 1024;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });

export const sectionMethodNotAllowed = () => json({ error: "Use PUT." }, 405, { Allow: "PUT" });

/** The body: the section data, or the spec helper's `{ sectionId, data }` envelope. */
async function readSectionBody(request: Request): Promise<unknown> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return undefined;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (
      body &&
      typeof body === "object" &&
      "data" in body &&
      "sectionId" in body &&
      typeof body.data === "object"
    ) {
      return body.data;
    }
    return body;
  } catch {
    return undefined;
  }
}

export async function apiUpdateSection(
  request: Request,
  context: Readonly<RouterContextProvider>,
  sectionId: string | undefined,
) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  if (request.method !== "PUT") return sectionMethodNotAllowed();
  if (!isSectionId(sectionId)) return json({ error: `Unknown section "${sectionId}"` }, 404);
  const body = await readSectionBody(request);
  if (body === undefined) {
    return json({ error: "Send the section as a JSON object (at most 256 KB)." }, 400);
  }
  const { db, clientIp, invalidatePages, logger } = context.get(appContext);
  const result = await updateHomepageSection(db, sectionId, body, {
    actorId: user.id,
    actorLabel: user.email,
    ip: clientIp,
  });
  if (!result.ok) {
    return json({ error: result.error, fields: result.fieldErrors }, result.status);
  }
  await invalidatePages();
  logger.info({ sectionId }, "homepage section updated");
  return json({ success: true, sectionId });
}
