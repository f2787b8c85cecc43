import { Readable } from "node:stream";
import { openCustomerFile } from "#app/domain/leads/customer-files.server.ts";
import { requireRecordUser } from "#app/web/guard.server.ts";
import {
  attachmentDisposition,
  json,
  methodNotAllowed,
  NO_STORE,
  parseId,
} from "#app/web/http.server.ts";
import type { Route } from "./+types/customer-file";

/**
 * GET /api/customers/{id}/files/{fileId}: a lead's uploaded file as an attachment (never shown
 * inline), in the caller's scope. X-Content-Type-Options: nosniff comes from the server's
 * security headers.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, services } = await requireRecordUser(request, context);
  const id = parseId(params.id);
  const fileId = parseId(params.fileId);
  const file =
    id && fileId ? await openCustomerFile(services.db, services.storage, user, id, fileId) : null;
  if (!file) return json({ error: "File not found." }, 404);
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": file.mimeType || "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.originalName),
      "Cache-Control": NO_STORE,
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRecordUser(request, context);
  return methodNotAllowed("GET");
}
