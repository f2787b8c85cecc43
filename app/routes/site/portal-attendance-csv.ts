// GET /portal/cohorts/:cohortId/attendance.csv: the cohort's attendance as CSV (its instructor
// and admins only; every cell formula-escaped, as every export).
import { attendanceCsv } from "#app/domain/training/attendance.server.ts";
import { taughtCohortTable } from "#app/web/attendance.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-attendance-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const table = await taughtCohortTable(request, context, params.cohortId);
  return new Response(attendanceCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="attendance-${table.cohortId}-${table.startDate}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}
