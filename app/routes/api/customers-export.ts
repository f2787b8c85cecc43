import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { customersCsv } from "#app/web/customer-detail.server.ts";
import { customerFilterOf } from "#app/web/customers.server.ts";
import { requireRecordUser } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/customers-export";

/**
 * GET /api/customers/export[?status=&q=&owner=]: every record the caller may see, as filtered,
 * as a CSV download streamed batch by batch.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireRecordUser(request, context);
  const filter = customerFilterOf(request);
  if ("error" in filter) return json({ error: filter.error }, 400);
  const timeZone = await getTimeZone(services.db);
  const stream = customersCsv(services.db, user, filter, timeZone).pipeThrough(
    new TextEncoderStream(),
  );
  const day = dayIn(currentTime(services.env), timeZone);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRecordUser(request, context);
  return methodNotAllowed("GET");
}
