// GET .../assignee: the owner and who can be chosen; PUT/PATCH {userId} (null: back to the New
// leads queue), for admins and managers, with an optional `expectedUserId` (the owner the
// client saw: if it changed meanwhile, the answer is a 409 and nothing changes).
import { assignCustomer } from "#app/domain/leads/customer-commands.server.ts";
import { listSalesReps } from "#app/domain/leads/customers.server.ts";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import { notFound, recordRequest, refusal } from "#app/web/customers.server.ts";
import { json, methodNotAllowed, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/customer-assignee";

/** GET: the assigned sales rep and the reps to choose from. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, found } = await recordRequest(request, context, params.id);
  return found(async (customer) =>
    json({ assignedTo: customer.assignee, salesReps: await listSalesReps(services.db) }),
  );
}

const isUserId = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) > 0);

/** PUT or PATCH with JSON {userId}: a sales rep or manager, or null. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services, id, changed } = await recordRequest(request, context, params.id);
  // The loader answers GET: the 405 names it too.
  if (request.method !== "PUT" && request.method !== "PATCH") {
    return methodNotAllowed("GET, PUT, PATCH");
  }
  const body = await readJsonObject(request);
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
  return result.ok ? changed() : refusal(result);
}
