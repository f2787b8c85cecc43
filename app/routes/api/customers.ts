// GET /api/customers[?status=&q=&owner=&limit=&offset=]: one page of the records the caller may
// see, newest first, as the spec's array. `X-Total-Count` says how many match, and a `Link`
// header (rel="next") gives the next page while there is one.
import { customerJson, listCustomerDetails } from "#app/domain/leads/customer-detail.server.ts";
import { countCustomers } from "#app/domain/leads/customers.server.ts";
import { PAGE_SIZE } from "#app/domain/leads/customers.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { customerFilterOf } from "#app/web/customers.server.ts";
import { requireRecordUser } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/customers";

/** The largest page the list answers. */
const MAX_PAGE_SIZE = 200;

/** ?limit= (1 to 200, default 50) and ?offset= (from 0) of the list. */
function sliceOf(request: Request): { offset: number; limit: number } | { error: string } {
  const params = new URL(request.url).searchParams;
  const limit = params.get("limit") ?? String(PAGE_SIZE);
  const offset = params.get("offset") ?? "0";
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE_SIZE) {
    return { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` };
  }
  if (!/^\d{1,9}$/.test(offset)) return { error: "offset must be a whole number from 0." };
  return { offset: Number(offset), limit: Number(limit) };
}

/** GET (admins, managers, sales reps): every lead in scope, in the spec's "Customer lead" shape. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireRecordUser(request, context);
  const filter = customerFilterOf(request);
  if ("error" in filter) return json({ error: filter.error }, 400);
  const slice = sliceOf(request);
  if ("error" in slice) return json({ error: slice.error }, 400);
  const [page, counts, timeZone] = await Promise.all([
    listCustomerDetails(services.db, user, filter, slice),
    countCustomers(services.db, user, filter),
    getTimeZone(services.db),
  ]);
  const headers: Record<string, string> = { "X-Total-Count": String(counts.matching) };
  const nextOffset = slice.offset + page.length;
  if (page.length === slice.limit && nextOffset < counts.matching) {
    const next = new URL(request.url);
    next.searchParams.set("offset", String(nextOffset));
    next.searchParams.set("limit", String(slice.limit));
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return json(
    page.map((c) => customerJson(c, timeZone, { history: false })),
    200,
    headers,
  );
}

/** Other methods: 405 (after the guard's 401/403 for everyone else). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireRecordUser(request, context);
  return methodNotAllowed("GET");
}
