// The Training Portal's instructor side (issue 46): the classes to mark attendance for, then
// their cohorts, each with its roster (names and contact details of its students only) and its
// attendance table.
import { Link } from "react-router";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { stackedTable } from "#app/components/ui/stacked-table.ts";
import { When } from "#app/components/ui/when.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { instructorClasses } from "#app/domain/training/attendance.server.ts";
import { ATTENDANCE_EDIT_DAYS } from "#app/domain/training/attendance.ts";
import { formatWallClock } from "#app/domain/training/class-sessions.ts";
import type { listInstructorCohorts } from "#app/domain/training/courses-admin.server.ts";
import {
  EMPTY_COHORT_HORIZON_DAYS,
  formatDayLong,
  seatsTakenText,
} from "#app/domain/training/training.ts";

const rosterColumns = ["Student", "Email", "Schedule", "Status", "Registered"];

type Cohorts = Awaited<ReturnType<typeof listInstructorCohorts>>;
type Classes = Awaited<ReturnType<typeof instructorClasses>>;

/** An instructor's classes to mark, then their cohorts (upcoming first), each with its roster. */
export function InstructorCohorts({ cohorts, classes }: { cohorts: Cohorts; classes: Classes }) {
  return (
    <>
      <RecentClasses classes={classes} />
      <CohortList cohorts={cohorts} />
    </>
  );
}

/** Today's classes and the last week's: where attendance is taken (and may still change). */
function RecentClasses({ classes }: { classes: Classes }) {
  return (
    <section aria-labelledby="classes-heading" className="mt-10">
      <h2 id="classes-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Attendance
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Your classes of today and the last {ATTENDANCE_EDIT_DAYS} days: marks can change until{" "}
        {ATTENDANCE_EDIT_DAYS} days after a class.
      </p>
      {classes.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          No classes of yours today or in the last {ATTENDANCE_EDIT_DAYS} days.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {classes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <span className="font-semibold text-slate-900 dark:text-white">{c.title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {formatDayLong(c.day)}, {formatWallClock(c.startTime)} to{" "}
                  {formatWallClock(c.endTime)}
                </span>
              </span>
              <Link
                to={`/portal/classes/${c.id}`}
                className="btn-secondary"
                aria-label={`Take attendance: ${c.title}, ${formatDayLong(c.day)}`}
              >
                Take attendance
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CohortList({ cohorts }: { cohorts: Cohorts }) {
  return (
    <section aria-labelledby="cohorts-heading" className="mt-10">
      <h2 id="cohorts-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Your Cohorts
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Cohorts of your courses that have students or start in the next {EMPTY_COHORT_HORIZON_DAYS}{" "}
        days.
      </p>
      {cohorts.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          No cohorts of your courses are scheduled yet.
        </p>
      ) : (
        <ul className="mt-4 space-y-6">
          {cohorts.map((cohort) => (
            <li
              key={cohort.id}
              aria-labelledby={`cohort-${cohort.id}`}
              className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3
                id={`cohort-${cohort.id}`}
                className="text-lg font-bold text-slate-900 dark:text-white"
              >
                {cohort.course}: {formatDay(cohort.startDate)}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {cohort.schedule} · {seatsTakenText(cohort.seatsTaken, cohort.capacity)} ·{" "}
                <Link
                  to={`/portal/cohorts/${cohort.id}/attendance`}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
                >
                  Attendance
                  <span className="sr-only">
                    {" "}
                    of {cohort.course}, {formatDay(cohort.startDate)}
                  </span>
                </Link>
              </p>
              {cohort.roster.length === 0 ? (
                <p className="mt-3 text-slate-600 dark:text-slate-300">
                  No students registered yet.
                </p>
              ) : (
                <ScrollRegion label={`Roster of ${cohort.course}, ${formatDay(cohort.startDate)}`}>
                  <table {...stackedTable(rosterColumns, "w-full text-left text-sm")}>
                    <caption className="sr-only">
                      Roster of {cohort.course}, {formatDay(cohort.startDate)}
                    </caption>
                    <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                      <tr>
                        {rosterColumns.map((column) => (
                          <th key={column} scope="col" className="px-3 py-2">
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
                      {cohort.roster.map((s) => (
                        <tr key={`${s.email}-${s.registeredAt}`}>
                          <td className="px-3 py-2">{s.name}</td>
                          <td className="px-3 py-2 break-all">{s.email}</td>
                          <td className="px-3 py-2">{s.schedule}</td>
                          <td className="px-3 py-2">{s.status}</td>
                          <td className="px-3 py-2 whitespace-nowrap">
                            <When at={s.registeredAt} kind="date" />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
