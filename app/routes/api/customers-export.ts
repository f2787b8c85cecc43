import { apiCustomersCsv } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customers-export";

/** GET (admin): the leads matching ?status= and ?q= as a CSV download. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiCustomersCsv(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return apiCustomersCsv(request, context);
}
