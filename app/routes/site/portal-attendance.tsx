// /portal/cohorts/:cohortId/attendance: a cohort's attendance as a table, every class by every
// student with a seat, and its CSV (issue 46). Its instructor and admins only.
import { Link } from "react-router";
import { unlistedSeo } from "#app/components/seo.ts";
import { PortalPage } from "#app/components/training/portal-page.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { formatDay, formatMonthDay } from "#app/domain/settings/clock.ts";
import { MARK_LABELS } from "#app/domain/training/attendance.ts";
import { taughtCohortTable } from "#app/web/attendance.server.ts";
import { noStore } from "#app/web/guard.server.ts";
import type { Route } from "./+types/portal-attendance";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [{ title: "Cohort attendance | Training Portal" }]);

export const middleware = [noStore];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return taughtCohortTable(request, context, params.cohortId);
}

export default function PortalAttendance({ loaderData }: Route.ComponentProps) {
  const { title, startDate, sessions, students, cohortId } = loaderData;
  const caption = `Attendance of ${title}, ${formatDay(startDate)}`;
  return (
    <PortalPage title={caption}>
      <p className="mt-2">
        <a
          href={`/portal/cohorts/${cohortId}/attendance.csv`}
          download
          className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
        >
          Download as CSV
        </a>
      </p>
      {sessions.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">This cohort has no classes.</p>
      ) : (
        <ScrollRegion label={caption}>
          <table className="mt-6 w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Student
                </th>
                {sessions.map((s) => (
                  <th key={s.id} scope="col" className="px-2 py-2 whitespace-nowrap">
                    <Link to={`/portal/classes/${s.id}`} className="underline">
                      {formatMonthDay(s.day)}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white text-slate-800 dark:divide-slate-800 dark:bg-slate-900 dark:text-slate-100">
              {students.length === 0 && (
                <tr>
                  <td colSpan={sessions.length + 1} className="px-3 py-2">
                    No student holds a seat in this cohort yet.
                  </td>
                </tr>
              )}
              {students.map((student) => (
                <tr key={student.registrationId}>
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                    {student.name}
                  </th>
                  {sessions.map((s) => {
                    const mark = student.marks[s.id];
                    return (
                      <td key={s.id} className="px-2 py-2">
                        {mark ? (
                          MARK_LABELS[mark]
                        ) : (
                          <span className="text-slate-500 dark:text-slate-400">-</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </PortalPage>
  );
}
