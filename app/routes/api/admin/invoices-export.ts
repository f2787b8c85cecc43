// GET /api/admin/invoices/export (admin): the Invoices screen's rows, under the same filters, as
// CSV for the accountant (issue 47): a header row, amounts as 1234.56, every cell made inert for
// spreadsheets.
import {
  cleanInvoiceFilter,
  invoicesCsv,
  listInvoices,
} from "#app/domain/billing/invoice-list.server.ts";
import { toCsv } from "#app/domain/leads/csv.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { methodNotAllowed, NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/invoices-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const params = new URL(request.url).searchParams;
  const filter = cleanInvoiceFilter({
    status: params.get("status"),
    kind: params.get("kind"),
    from: params.get("from"),
    to: params.get("to"),
    q: params.get("q"),
  });
  const today = dayIn(currentTime(services.env), await getTimeZone(services.db));
  const { rows } = await listInvoices(services.db, filter, today);
  const csv = invoicesCsv(rows);
  return new Response(toCsv(csv.header, csv.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${today}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return loader({ request, context } as Route.LoaderArgs);
}
