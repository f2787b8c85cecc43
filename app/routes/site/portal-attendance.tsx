// /portal/cohorts/:cohortId/attendance: a cohort's attendance as a table, every class by every
// student with a seat, and its CSV (issue 46). Its instructor and admins only.
import { data, Link } from "react-router";
import { unlistedSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { formatDay, formatMonthDay } from "#app/domain/settings/clock.ts";
import { cohortAttendance } from "#app/domain/training/attendance.server.ts";
import { MARK_LABELS } from "#app/domain/training/attendance.ts";
import { appContext } from "#app/platform/context.ts";
import { noStore, requireUser } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-attendance";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [{ title: "Cohort attendance | Training Portal" }]);

export const middleware = [noStore];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, {
    roles: ["instructor", "admin"],
    signInPath: "/portal",
  });
  const id = parseId(params.cohortId);
  const table = id ? await cohortAttendance(context.get(appContext).db, user, id) : null;
  if (!table?.ok) throw data("Cohort not found", { status: 404 });
  return { ...table.value, cohortId: id };
}

export default function PortalAttendance({ loaderData }: Route.ComponentProps) {
  const { title, startDate, sessions, students, cohortId } = loaderData;
  const caption = `Attendance of ${title}, ${formatDay(startDate)}`;
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-900/60">
      <div className="container-page">
        <Link
          to="/portal"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          <Icon name="arrow-left" className="size-4" />
          Training Portal
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {caption}
        </h1>
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
      </div>
    </main>
  );
}
