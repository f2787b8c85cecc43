import { apiCustomerFile } from "#app/domain/leads/customers-api.server.ts";
import type { Route } from "./+types/customer-file";

/** GET (admin): a lead's uploaded file, as an attachment. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiCustomerFile(request, context, params.id, params.fileId);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return apiCustomerFile(request, context, params.id, params.fileId);
}
