import { apiListCustomers } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customers";

/** GET (admin): every lead, newest first, in the spec's "Customer lead" shape. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiListCustomers(request, context);
}

/** Other methods: 405 for admins (after the guard's 401/403 for everyone else). */
export function action({ request, context }: Route.ActionArgs) {
  return apiListCustomers(request, context);
}
