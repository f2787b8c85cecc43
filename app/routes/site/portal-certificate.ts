// GET /portal/certificates/:id: the student's own certificate, the PDF as it was issued (issue
// 46). Anyone else's, or an unknown one, is not found.
import { Readable } from "node:stream";
import { data, redirect } from "react-router";
import { certificateFileFor } from "#app/domain/training/certificates.server.ts";
import { CERTIFICATE_ID } from "#app/domain/training/completion.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { attachmentDisposition, NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-certificate";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A malformed address is nothing, whoever asks.
  if (!CERTIFICATE_ID.test(params.id)) throw data(null, { status: 404 });
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/portal");
  const services = context.get(appContext);
  const file = await certificateFileFor(services.db, user, params.id);
  if (!file) throw data(null, { status: 404 });
  const body = await services.storage.get(file.storageKey);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(file.fileName),
      "Cache-Control": NO_STORE,
    },
  });
}
