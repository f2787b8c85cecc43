import { setCustomerStatus } from "#app/domain/leads/customer-commands.server.ts";
import { isLeadStatus, STATUS_ERROR } from "#app/domain/leads/customers.ts";
import { notFound, recordRequest, refusal } from "#app/web/customers.server.ts";
import { byMethod, json, methodNotAllowed, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/customer-status";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await recordRequest(request, context, params.id);
  return methodNotAllowed("PATCH");
}

/** PATCH with JSON {status}: one of the seven statuses; answers the changed lead. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services, id, changed } = await recordRequest(request, context, params.id);
  return byMethod(request, {
    PATCH: async () => {
      const body = await readJsonObject(request);
      if (!body) return json({ error: "Send a JSON object with status." }, 400);
      if (!isLeadStatus(body.status)) return json({ error: STATUS_ERROR }, 400);
      if (!id) return notFound();
      const result = await setCustomerStatus(services.db, actor, id, body.status);
      return result.ok ? changed() : refusal(result);
    },
  });
}
