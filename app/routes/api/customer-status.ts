import { apiCustomerStatus } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customer-status";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiCustomerStatus(request, context, params.id);
}

/** PATCH (admin) with JSON {status}: one of the seven statuses. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiCustomerStatus(request, context, params.id);
}
