// GET /portal/invoices/:number: a billing document of the signed-in student's own registration,
// the PDF as it was issued (issue 47). Anyone else's, or an unknown number, is not found.
import { data, redirect } from "react-router";
import { documentPdf } from "#app/domain/billing/invoices.server.ts";
import { ownRegistrationIds } from "#app/domain/training/portal.server.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { attachmentDisposition, NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-invoice";

/** "2027-0001", "CN-2027-0001", "R-2027-0001". */
const NUMBER = /^(?:CN-|R-)?\d{4}-\d{4,6}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A malformed address is nothing, whoever asks.
  if (!NUMBER.test(params.number)) throw data(null, { status: 404 });
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/portal");
  const { db } = context.get(appContext);
  const pdf = await documentPdf(db, params.number, await ownRegistrationIds(db, user));
  if (!pdf) throw data(null, { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(`${params.number}.pdf`),
      "Cache-Control": NO_STORE,
    },
  });
}
