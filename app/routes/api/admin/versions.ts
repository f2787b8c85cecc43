// GET /api/admin/versions?type=&id=&page= (issue 33 item 7), admins only.
import { CONTENT_TYPES, isContentType, VERSION_PAGE_SIZE } from "#app/domain/history/history.ts";
import { listVersions } from "#app/domain/history/versions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, jsonError, methodNotAllowed, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/versions";

/** GET an item's versions (?type=&id=&page=), newest first, a page at a time. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
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

/** A read only: every write answers 405. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("GET");
}
