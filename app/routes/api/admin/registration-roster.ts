import { toCsv } from "#app/domain/leads/csv.ts";
import { cohortRoster } from "#app/domain/training/registration-queries.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { jsonError, methodNotAllowed, NO_STORE, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/registration-roster";

/** GET (admin) ?cohort=ID: the cohort's roster (every student not cancelled) as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const id = parseId(new URL(request.url).searchParams.get("cohort") ?? undefined);
  const roster = id ? await cohortRoster(services.db, id) : null;
  if (!roster) return jsonError("That start date does not exist.", 404);
  const slug = roster.name
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return new Response(toCsv(roster.header, roster.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="roster-${slug}-${roster.startDate}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return loader({ request, context } as Route.LoaderArgs);
}
