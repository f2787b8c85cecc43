import { apiCustomerAssignee } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customer-assignee";

/** GET (admin): the assigned sales rep and the reps to choose from. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiCustomerAssignee(request, context, params.id);
}

/** PUT or PATCH (admin) with JSON {userId}: a sales rep or manager, or null. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiCustomerAssignee(request, context, params.id);
}
