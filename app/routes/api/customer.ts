import { deleteCustomer } from "#app/domain/leads/customer-commands.server.ts";
import { customerDeletion } from "#app/web/customer-deletion.server.ts";
import { notFound, recordRequest, refusal } from "#app/web/customers.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/customer";

/** GET (admins, managers, sales reps in their scope): one lead. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { found, asJson } = await recordRequest(request, context, params.id);
  return found(asJson);
}

/** DELETE: removes the lead, its files and notes; a registration's seat is given back. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services, id } = await recordRequest(request, context, params.id);
  // The loader answers GET: the 405 names it too.
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  if (!id) return notFound();
  const deleted = await deleteCustomer(services, actor, id, await customerDeletion(services));
  if (!deleted.ok) return refusal(deleted);
  // A registration's seat came free: the course pages show availability.
  await services.invalidatePages();
  return json({ ok: true, id });
}
