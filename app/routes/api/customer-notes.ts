import { addCustomerNote, cleanNote } from "#app/domain/leads/customer-commands.server.ts";
import { notFound, recordRequest } from "#app/web/customers.server.ts";
import { json, methodNotAllowed, readJsonObject } from "#app/web/http.server.ts";
import type { Route } from "./+types/customer-notes";

/** GET (in the caller's scope): the lead's notes, oldest first. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { found } = await recordRequest(request, context, params.id);
  return found((customer) => json(customer.notes));
}

/** POST with JSON {note}: adds a note signed by the caller. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services, id } = await recordRequest(request, context, params.id);
  // The loader answers GET: the 405 names it too.
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonObject(request);
  if (!body) return json({ error: "Send a JSON object with note." }, 400);
  const note = cleanNote(body.note ?? body.body);
  if (!note.ok) return json({ error: note.error }, 400);
  const added = id ? await addCustomerNote(services.db, actor, id, note.value) : null;
  return added ? json(added, 201) : notFound();
}
