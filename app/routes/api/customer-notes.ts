import { apiCustomerNotes } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customer-notes";

/** GET (admin): the lead's notes, oldest first. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiCustomerNotes(request, context, params.id);
}

/** POST (admin) with JSON {note}: adds a note signed by the admin. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiCustomerNotes(request, context, params.id);
}
