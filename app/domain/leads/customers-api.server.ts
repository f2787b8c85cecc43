// The JSON doors of the customer records (staff spec section 7): GET /api/customers,
// GET/DELETE /api/customers/{id}, PATCH /api/customers/{id}/status, GET/POST .../notes,
// GET/PUT/PATCH .../assignee, the file download and the CSV export. Admins, managers and sales
// reps use them, each within their scope: another rep's record is a 404, like a missing one.
import { Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { requireRecordUser } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, NO_STORE, parseId, readJsonObject } from "#app/web/http.server.ts";
import {
  addCustomerNote,
  assignCustomer,
  type CommandResult,
  cleanNote,
  deleteCustomer,
  setCustomerStatus,
} from "./customer-commands.server.ts";
import {
  type CustomerDetail,
  cleanOwner,
  countCustomers,
  customerJson,
  customersCsvStream,
  getCustomer,
  listCustomerDetails,
  listSalesReps,
  openCustomerFile,
} from "./customers.server.ts";
import { isLeadStatus, OWNER_FILTERS, PAGE_SIZE, STATUS_ERROR } from "./customers.ts";
import { salesMailOf } from "./pipeline-mail.server.ts";

type Context = Readonly<RouterContextProvider>;

const NOT_FOUND = "Customer not found.";
const notFound = () => json({ error: NOT_FOUND }, 404);

const OWNER_ERROR = "owner must be none (the New leads queue) or assigned.";

/** The ?status=, ?q= and ?owner= of a list request; an unknown value is an error, not "all". */
function filterOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  if (status && !isLeadStatus(status)) return { error: STATUS_ERROR };
  const owner = params.get("owner") ?? "";
  if (!(OWNER_FILTERS as readonly string[]).includes(owner)) return { error: OWNER_ERROR };
  return { status, q: (params.get("q") ?? "").trim().slice(0, 200), owner: cleanOwner(owner) };
}

/** The largest page the list answers. */
export const MAX_PAGE_SIZE = 200;

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

/**
 * GET /api/customers[?status=&q=&owner=&limit=&offset=]: one page of the records the caller may
 * see, newest first, as the spec's array. `X-Total-Count` says how many match, and a `Link`
 * header (rel="next") gives the next page while there is one.
 */
export async function apiListCustomers(request: Request, context: Context) {
  const { user, services } = await requireRecordUser(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const filter = filterOf(request);
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

/** The signed-in caller, the record id in the path, and a read of that record in their scope. */
async function recordRequest(request: Request, context: Context, rawId: string | undefined) {
  const auth = await requireRecordUser(request, context);
  const id = parseId(rawId);
  const read = async () => (id ? getCustomer(auth.services.db, auth.user, id) : null);
  /** The record as JSON, its notes stamped in the company's time zone. */
  const asJson = async (c: CustomerDetail) =>
    json(customerJson(c, await getTimeZone(auth.services.db)));
  return { ...auth, id, read, asJson };
}

/** A command's refusal as JSON (its status and message). */
const refusal = (result: Exclude<CommandResult, { ok: true }>) =>
  json({ error: result.error }, result.status);

/** GET /api/customers/{id}: one lead; DELETE removes it (a registration's seat is given back). */
export async function apiCustomer(request: Request, context: Context, rawId: string | undefined) {
  const { actor, services, id, read, asJson } = await recordRequest(request, context, rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = await read();
    return customer ? asJson(customer) : notFound();
  }
  if (request.method === "DELETE") {
    if (!id) return notFound();
    const mail = await registrationMailOf(services);
    const deleted = await deleteCustomer({ ...services, mail }, actor, id);
    if (!deleted.ok) return refusal(deleted);
    // A registration's seat came free: the course pages show availability.
    await services.invalidatePages();
    return json({ ok: true, id });
  }
  return methodNotAllowed("GET, DELETE");
}

/** PATCH /api/customers/{id}/status with JSON {status}: the changed lead. */
export async function apiCustomerStatus(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services, id, read, asJson } = await recordRequest(request, context, rawId);
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const body = await readJsonObject(request);
  if (!body) return json({ error: "Send a JSON object with status." }, 400);
  if (!isLeadStatus(body.status)) return json({ error: STATUS_ERROR }, 400);
  if (!id) return notFound();
  const changed = await setCustomerStatus(services.db, actor, id, body.status);
  if (!changed.ok) return refusal(changed);
  return asJson((await read()) ?? fail());
}

/** GET .../notes lists a lead's notes; POST {note} adds one, signed by the admin. */
export async function apiCustomerNotes(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services, id, read } = await recordRequest(request, context, rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = await read();
    return customer ? json(customer.notes) : notFound();
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonObject(request);
  if (!body) return json({ error: "Send a JSON object with note." }, 400);
  const note = cleanNote(body.note ?? body.body);
  if (!note.ok) return json({ error: note.error }, 400);
  const added = id ? await addCustomerNote(services.db, actor, id, note.value) : null;
  return added ? json(added, 201) : notFound();
}

/**
 * GET .../assignee: the owner and who can be chosen; PUT/PATCH {userId} (null: back to the New
 * leads queue), for admins and managers, with an optional `expectedUserId` (the owner the
 * client saw: if it changed meanwhile, the answer is a 409 and nothing changes).
 */
export async function apiCustomerAssignee(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services, id, read, asJson } = await recordRequest(request, context, rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = await read();
    if (!customer) return notFound();
    return json({ assignedTo: customer.assignee, salesReps: await listSalesReps(services.db) });
  }
  if (request.method !== "PUT" && request.method !== "PATCH") {
    return methodNotAllowed("GET, PUT, PATCH");
  }
  const body = await readJsonObject(request);
  const isUserId = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) > 0);
  if (
    !body ||
    !isUserId(body.userId) ||
    !(body.expectedUserId === undefined || isUserId(body.expectedUserId))
  ) {
    return json({ error: "Send a JSON object with userId: a user id, or null." }, 400);
  }
  if (!id) return notFound();
  const mail = await salesMailOf(services);
  const result = await assignCustomer(
    services.db,
    mail,
    actor,
    id,
    body.userId as number | null,
    body.expectedUserId as number | null | undefined,
  );
  if (!result.ok) return refusal(result);
  return asJson((await read()) ?? fail());
}

/**
 * GET /api/customers/{id}/files/{fileId}: the file as an attachment (never shown inline), for
 * admins only. X-Content-Type-Options: nosniff comes from the server's security headers.
 */
export async function apiCustomerFile(
  request: Request,
  context: Context,
  rawId: string | undefined,
  rawFileId: string | undefined,
) {
  const { user, services } = await requireRecordUser(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const id = parseId(rawId);
  const fileId = parseId(rawFileId);
  const file =
    id && fileId ? await openCustomerFile(services.db, services.storage, user, id, fileId) : null;
  if (!file) return json({ error: "File not found." }, 404);
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": file.mimeType || "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.originalName),
      "Cache-Control": NO_STORE,
    },
  });
}

/**
 * GET /api/customers/export[?status=&q=&owner=]: every record the caller may see, as filtered,
 * as a CSV download streamed batch by batch.
 */
export async function apiCustomersCsv(request: Request, context: Context) {
  const { user, services } = await requireRecordUser(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const filter = filterOf(request);
  if ("error" in filter) return json({ error: filter.error }, 400);
  const timeZone = await getTimeZone(services.db);
  const stream = customersCsvStream(services.db, user, filter, timeZone).pipeThrough(
    new TextEncoderStream(),
  );
  const day = dayIn(currentTime(services.env), timeZone);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}

/** `attachment` with an ASCII fallback name and the real name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, "_").slice(0, 150) || "download";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function fail(): never {
  throw new Error("the changed lead vanished");
}
