// GET /portal/cohorts/:cohortId/attendance.csv: the cohort's attendance as CSV (its instructor
// and admins only; every cell formula-escaped, as every export).
import { data } from "react-router";
import { attendanceCsv, cohortAttendance } from "#app/domain/training/attendance.server.ts";
import { appContext } from "#app/platform/context.ts";
import { requireUser } from "#app/web/guard.server.ts";
import { NO_STORE, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-attendance-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, {
    roles: ["instructor", "admin"],
    signInPath: "/portal",
  });
  const id = parseId(params.cohortId);
  const table = id ? await cohortAttendance(context.get(appContext).db, user, id) : null;
  if (!table?.ok) throw data("Cohort not found", { status: 404 });
  return new Response(attendanceCsv(table.value), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="attendance-${id}-${table.value.startDate}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}
