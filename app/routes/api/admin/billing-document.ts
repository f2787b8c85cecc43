// GET /api/admin/billing/:number (admin): any invoice, credit note or receipt as issued, the PDF
// shown in the browser (issue 47). An unknown or malformed number is not found.
import { staffDocumentPdf } from "#app/domain/billing/billing-views.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { jsonError, methodNotAllowed, NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/billing-document";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const pdf = await staffDocumentPdf(services.db, params.number);
  if (!pdf) return jsonError("That billing document does not exist.", 404);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${params.number}.pdf"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return loader({ request, context, params: {} } as Route.LoaderArgs);
}
