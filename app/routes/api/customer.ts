import { apiCustomer } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customer";

/** GET (admin): one lead. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiCustomer(request, context, params.id);
}

/** DELETE (admin): removes the lead, its files and notes; a registration's seat is given back. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiCustomer(request, context, params.id);
}
