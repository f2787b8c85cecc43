// The content history's JSON doors (issue 33 item 7), admins only:
// GET /api/admin/versions?type=&id=&page=, GET /api/admin/versions/{id},
// POST /api/admin/versions/{id}/restore and POST /api/admin/versions/{id}/publish.
import type { RouterContextProvider } from "react-router";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import {
  isJsonObject,
  json,
  jsonError,
  methodNotAllowed,
  parseId,
  readJson,
  TOO_LARGE,
} from "#app/web/http.server.ts";
import { CONTENT_TYPES, isContentType, VERSION_PAGE_SIZE } from "./history.ts";
import { kindNamed } from "./kinds.server.ts";
import {
  type ApplyContext,
  type ContentKind,
  getVersion,
  listVersions,
  publishVersion,
  type Refusal,
  restoreVersion,
  versionById,
} from "./versions.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The company's "today", for the rules a publish checks (a course's upcoming cohorts). */
export async function applyContextOf(
  services: Pick<AppServices, "db" | "env">,
): Promise<ApplyContext> {
  const now = currentTime(services.env);
  return { today: dayIn(now, await getTimeZone(services.db)) };
}

const refused = (r: Refusal) =>
  jsonError(r.error, r.status, {
    ...(r.fieldErrors ? { fields: r.fieldErrors } : {}),
    ...(r.liveVersionId !== undefined ? { liveVersionId: r.liveVersionId } : {}),
  });

const COMMAND_FIELDS = ["type", "overwrite"];
const NAME_THE_TYPE = `Send JSON naming the version's type: {"type": "course"} (one of: ${CONTENT_TYPES.join(", ")}).`;

/**
 * A command's body: a JSON object naming the version's `type` (a version of another type is
 * refused) and, to publish over someone else's version, `overwrite`. Anything else is refused
 * before the command runs, so a wrong call never restores or publishes by accident.
 */
async function commandBody(
  request: Request,
): Promise<{ type: string; overwrite?: unknown } | Response> {
  const read = await readJson(request, 4096);
  if (!read.ok && read.reason === "too-large") return jsonError(TOO_LARGE, 413);
  if (!read.ok && read.reason === "content-type") return jsonError(NAME_THE_TYPE, 415);
  if (!read.ok || !isJsonObject(read.value)) return jsonError(NAME_THE_TYPE, 400);
  const body = read.value;
  const unknown = Object.keys(body).find((key) => !COMMAND_FIELDS.includes(key));
  if (unknown) {
    return jsonError(`Unknown field "${unknown.slice(0, 40)}": send only type and overwrite.`, 400);
  }
  if (typeof body.type !== "string" || !kindNamed(body.type)) return jsonError(NAME_THE_TYPE, 400);
  return { type: body.type, overwrite: body.overwrite };
}

/** GET: an item's versions, newest first, a page at a time. */
export async function apiVersions(request: Request, context: Context) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  const id = params.get("id") ?? "";
  if (!isContentType(type)) {
    return jsonError(`type must be one of: ${CONTENT_TYPES.join(", ")}.`, 400);
  }
  if (!/^[a-z0-9_-]{1,40}$/i.test(id)) return jsonError("id must name the item.", 400);
  const page = params.has("page") ? parseId(params.get("page")) : 1;
  if (!page) return jsonError("page must be a whole number from 1.", 400);
  const { versions, total } = await listVersions(services.db, type, id, {
    limit: VERSION_PAGE_SIZE,
    offset: (page - 1) * VERSION_PAGE_SIZE,
  });
  return json({ type, id, page, pageSize: VERSION_PAGE_SIZE, total, versions });
}

/** GET: one version with its data. */
export async function apiVersion(request: Request, context: Context, rawId: string | undefined) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const id = parseId(rawId);
  const version = id ? await getVersion(services.db, id) : null;
  return version ? json(version) : jsonError("Version not found.", 404);
}

/**
 * POST restore or publish. The body may name the `type` the caller means (a version of another
 * type is refused) and, for publish, `overwrite`: the live version the caller saw and publishes over.
 */
export async function apiVersionCommand(
  request: Request,
  context: Context,
  rawId: string | undefined,
  command: "restore" | "publish",
) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const versionId = parseId(rawId);
  const row = versionId ? await versionById(services.db, versionId) : null;
  if (!row || !versionId) return jsonError("Version not found.", 404);
  const body = await commandBody(request);
  if (body instanceof Response) return body;
  const kind = kindNamed(body.type) as ContentKind;
  if (command === "restore") {
    const result = await restoreVersion(services.db, kind, versionId, actor);
    if (!result.ok) return refused(result);
    return json(await getVersion(services.db, result.version.id), 201);
  }
  const overwrite = body.overwrite === undefined ? undefined : Number(body.overwrite);
  if (overwrite !== undefined && !Number.isInteger(overwrite)) {
    return jsonError("overwrite must be the id of the live version you publish over.", 400);
  }
  const context_ = await applyContextOf(services);
  const result = await publishVersion(services.db, kind, versionId, actor, context_, overwrite);
  if (!result.ok) return refused(result);
  await services.invalidatePages();
  return json(await getVersion(services.db, versionId));
}
