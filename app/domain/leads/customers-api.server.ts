// The JSON doors of Customer Management (staff spec section 7), admin only: GET /api/customers,
// GET/DELETE /api/customers/{id}, PATCH /api/customers/{id}/status, GET/POST .../notes,
// GET/PUT/PATCH .../assignee, the file download and the CSV export.
import { Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  json,
  methodNotAllowed,
  NO_STORE,
  parseId,
  readJsonObject,
} from "#app/platform/http.server.ts";
import {
  addCustomerNote,
  assignCustomer,
  cleanNote,
  customerJson,
  customersCsv,
  deleteCustomer,
  getCustomer,
  listCustomerDetails,
  listSalesReps,
  openCustomerFile,
  setCustomerStatus,
} from "./customers.server.ts";
import { isLeadStatus, STATUS_ERROR } from "./customers.ts";

type Context = Readonly<RouterContextProvider>;

const NOT_FOUND = "Customer not found.";
const notFound = () => json({ error: NOT_FOUND }, 404);

/** The ?status= and ?q= of a list request; an unknown status is an error, not "all". */
function filterOf(request: Request): { status: string; q: string } | { error: string } {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  if (status && !isLeadStatus(status)) return { error: STATUS_ERROR };
  return { status, q: (params.get("q") ?? "").trim().slice(0, 200) };
}

/** GET /api/customers[?status=&q=]: every lead, newest first. */
export async function apiListCustomers(request: Request, context: Context) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const filter = filterOf(request);
  if ("error" in filter) return json({ error: filter.error }, 400);
  return json((await listCustomerDetails(services.db, filter)).map(customerJson));
}

/** GET /api/customers/{id}: one lead; DELETE removes it (a registration's seat is given back). */
export async function apiCustomer(request: Request, context: Context, rawId: string | undefined) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = id ? await getCustomer(services.db, id) : null;
    return customer ? json(customerJson(customer)) : notFound();
  }
  if (request.method === "DELETE") {
    if (!id || !(await deleteCustomer(services, id, actor))) return notFound();
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
  const { actor, services } = await requireAdmin(request, context);
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const id = parseId(rawId);
  const body = await readJsonObject(request);
  if (!body) return json({ error: "Send a JSON object with status." }, 400);
  if (!isLeadStatus(body.status)) return json({ error: STATUS_ERROR }, 400);
  if (!id || !(await setCustomerStatus(services.db, id, body.status, actor))) return notFound();
  return json(customerJson((await getCustomer(services.db, id)) ?? fail()));
}

/** GET .../notes lists a lead's notes; POST {note} adds one, signed by the admin. */
export async function apiCustomerNotes(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = id ? await getCustomer(services.db, id) : null;
    return customer ? json(customer.notes) : notFound();
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonObject(request);
  if (!body) return json({ error: "Send a JSON object with note." }, 400);
  const note = cleanNote(body.note ?? body.body);
  if (!note.ok) return json({ error: note.error }, 400);
  const added = id ? await addCustomerNote(services.db, id, note.value, actor) : null;
  return added ? json(added, 201) : notFound();
}

/** GET .../assignee: the rep and who can be chosen; PUT/PATCH {userId} (null: unassigned). */
export async function apiCustomerAssignee(
  request: Request,
  context: Context,
  rawId: string | undefined,
) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const customer = id ? await getCustomer(services.db, id) : null;
    if (!customer) return notFound();
    return json({ assignedTo: customer.assignedTo, salesReps: await listSalesReps(services.db) });
  }
  if (request.method !== "PUT" && request.method !== "PATCH") {
    return methodNotAllowed("GET, PUT, PATCH");
  }
  const body = await readJsonObject(request);
  const userId = body?.userId;
  if (!body || !(userId === null || (Number.isInteger(userId) && (userId as number) > 0))) {
    return json({ error: "Send a JSON object with userId: a user id, or null." }, 400);
  }
  const result = id ? await assignCustomer(services.db, id, userId as number | null, actor) : null;
  if (result === "no-rep") {
    return json({ error: "Choose an active sales rep or manager." }, 400);
  }
  if (result !== "ok" || !id) return notFound();
  return json(customerJson((await getCustomer(services.db, id)) ?? fail()));
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
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const id = parseId(rawId);
  const fileId = parseId(rawFileId);
  const file =
    id && fileId ? await openCustomerFile(services.db, services.storage, id, fileId) : null;
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

/** GET /api/customers/export[?status=&q=]: the list as it is filtered, as a CSV download. */
export async function apiCustomersCsv(request: Request, context: Context) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const filter = filterOf(request);
  if ("error" in filter) return json({ error: filter.error }, 400);
  const csv = await customersCsv(services.db, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
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
