// The request code the JSON doors of the customer records share (app/routes/api/customer*.ts):
// the list filters of a query string, the signed-in caller with the record of the path, and
// the answers for a missing record and a refused command. Admins, managers and sales reps use
// the doors, each within their scope: another rep's record is a 404, like a missing one.
import type { RouterContextProvider } from "react-router";
import {
  type CustomerDetail,
  customerJson,
  getCustomer,
} from "#app/domain/leads/customer-detail.server.ts";
import { cleanOwner } from "#app/domain/leads/customers.server.ts";
import { isLeadStatus, OWNER_FILTERS, STATUS_ERROR } from "#app/domain/leads/customers.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Failure } from "#app/platform/result.ts";
import { requireRecordUser } from "./guard.server.ts";
import { json, jsonFailure, parseId } from "./http.server.ts";

type Context = Readonly<RouterContextProvider>;

const NOT_FOUND = "Customer not found.";
export const notFound = () => json({ error: NOT_FOUND }, 404);

const OWNER_ERROR = "owner must be none (the New leads queue) or assigned.";

/** The ?status=, ?q= and ?owner= of a list request; an unknown value is an error, not "all". */
export function customerFilterOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  if (status && !isLeadStatus(status)) return { error: STATUS_ERROR };
  const owner = params.get("owner") ?? "";
  if (!(OWNER_FILTERS as readonly string[]).includes(owner)) return { error: OWNER_ERROR };
  return { status, q: (params.get("q") ?? "").trim().slice(0, 200), owner: cleanOwner(owner) };
}

/** The signed-in caller, the record id in the path, and a read of that record in their scope. */
export async function recordRequest(request: Request, context: Context, rawId: string | undefined) {
  const auth = await requireRecordUser(request, context);
  const id = parseId(rawId);
  const read = async () => (id ? getCustomer(auth.services.db, auth.user, id) : null);
  /** The record as JSON, its notes stamped in the company's time zone. */
  const asJson = async (c: CustomerDetail) =>
    json(customerJson(c, await getTimeZone(auth.services.db)));
  /** The answer made of the record, or 404 when the caller has none with this id. */
  const found = async (answer: (c: CustomerDetail) => Response | Promise<Response>) => {
    const customer = await read();
    return customer ? answer(customer) : notFound();
  };
  /** The record as JSON after a change (it was just changed, so it is there). */
  const changed = async () => {
    const customer = await read();
    if (!customer) throw new Error("the changed lead vanished");
    return asJson(customer);
  };
  return { ...auth, id, found, asJson, changed };
}

/** A command's refusal as JSON (its status and message). */
export const refusal = (result: Failure) => jsonFailure(result);
