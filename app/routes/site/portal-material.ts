// GET /portal/materials/:id: a course material's file for a signed-in student with a seat in
// its cohort, once it is released (decision 0024). Before its release, for another cohort's
// student, a link or anyone else: not found, whatever they know of its address.
import { Readable } from "node:stream";
import { data } from "react-router";
import { materialFileFor } from "#app/domain/training/materials.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { StorageNotFoundError } from "#app/platform/storage/storage.server.ts";
import { attachmentDisposition, NO_STORE } from "#app/web/http.server.ts";
import { portalRecord } from "#app/web/portal-record.server.ts";
import type { Route } from "./+types/portal-material";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { id, user, services } = await portalRecord(request, context, params.id);
  const file = await materialFileFor(services.db, user, id, currentTime(services.env));
  if (!file.ok) throw data(null, { status: 404 });
  let body: Readable;
  try {
    body = await services.storage.get(file.value.storageKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "Content-Type": file.value.contentType || "application/octet-stream",
      "Content-Length": String(file.value.size),
      "Content-Disposition": attachmentDisposition(file.value.fileName),
      "Cache-Control": NO_STORE,
    },
  });
}
