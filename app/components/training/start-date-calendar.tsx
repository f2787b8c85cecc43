import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import {
  addMonthsToMonth,
  daysInMonth,
  formatDayLong,
  formatMonth,
  weekday,
} from "#app/domain/training/training.ts";

export interface CalendarDate {
  date: string;
  full: boolean;
}

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

/**
 * The course's start dates, one month at a time, opening on the month given (the next start
 * date's); the previous-month button goes back as far as the current month. Past days and days
 * without a cohort are disabled; start dates are highlighted and link to the registration with
 * that date chosen; a full date says so and links there too, to join its waitlist. It needs no
 * script (decision 0022): the month buttons are links the server answers (`?month=`), and every
 * start date is a link reached with Tab.
 */
export function StartDateCalendar({
  today,
  month,
  dates,
  registerHref,
}: {
  /** YYYY-MM-DD, from the server's clock */
  today: string;
  /** YYYY-MM shown first: the month of the next start date */
  month: string;
  dates: CalendarDate[];
  registerHref: string;
}) {
  const firstMonth = today.slice(0, 7);
  const lastMonth = dates.reduce(
    (m, d) => (d.date.slice(0, 7) > m ? d.date.slice(0, 7) : m),
    firstMonth,
  );
  const byDay = new Map(dates.filter((d) => d.date >= today).map((d) => [d.date, d]));

  const days = Array.from(
    { length: daysInMonth(month) },
    (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`,
  );
  // Weeks of cells; the blank cells before the 1st and after the last day get their own keys.
  type Cell = { key: string; day: string | null };
  const cells: Cell[] = [
    ...Array.from({ length: weekday(`${month}-01`) }, (_, i) => ({ key: `lead-${i}`, day: null })),
    ...days.map((day) => ({ key: day, day })),
  ];
  while (cells.length % 7) cells.push({ key: `trail-${cells.length}`, day: null });
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  const labelId = `calendar-${month}`;
  const monthLink = (target: string, label: string, icon: IconName, enabled: boolean) => {
    const className =
      "inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";
    if (!enabled) {
      return (
        <button type="button" disabled aria-label={label} className={className}>
          <Icon name={icon} className="size-5" />
        </button>
      );
    }
    return (
      <a
        href={`?month=${target}#start-dates`}
        data-month={icon === "chevron-left" ? "previous" : "next"}
        aria-label={label}
        className={className}
      >
        <Icon name={icon} className="size-5" />
      </a>
    );
  };

  return (
    <div
      data-calendar
      className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        {monthLink(
          addMonthsToMonth(month, -1),
          "Previous month",
          "chevron-left",
          month > firstMonth,
        )}
        <p
          id={labelId}
          aria-live="polite"
          className="text-base font-semibold text-slate-900 dark:text-white"
        >
          {formatMonth(month)}
        </p>
        {monthLink(addMonthsToMonth(month, 1), "Next month", "chevron-right", month < lastMonth)}
      </div>
      <table
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-help`}
        className="mt-3 w-full table-fixed text-center"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={long}
                scope="col"
                abbr={long}
                className="pb-2 text-xs font-medium text-slate-600 dark:text-slate-400"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, day }) => {
                if (!day) return <td key={key} />;
                const entry = byDay.get(day);
                const number = Number(day.slice(8));
                const base =
                  "mx-auto flex size-10 flex-col items-center justify-center rounded-full text-sm";
                if (entry) {
                  const style = entry.full
                    ? "border border-dashed border-slate-500 text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    : "bg-brand-600 font-semibold text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-slate-950";
                  return (
                    <td key={day}>
                      <a
                        href={`${registerHref}?startDate=${day}`}
                        data-day={day}
                        data-full-day={entry.full ? day : undefined}
                        aria-label={
                          entry.full
                            ? `${formatDayLong(day)}, start date, full, join the waitlist`
                            : `${formatDayLong(day)}, start date, register`
                        }
                        className={`${base} ${style} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
                      >
                        {number}
                      </a>
                      {/* Outside the link: its name says "full" already, and a name must hold
                          the visible text. */}
                      {entry.full && (
                        <span
                          aria-hidden="true"
                          className="block text-[0.65rem] leading-tight text-slate-700 dark:text-slate-300"
                        >
                          Full
                        </span>
                      )}
                    </td>
                  );
                }
                return (
                  <td key={day}>
                    <span className={`${base} text-slate-500 dark:text-slate-400`}>{number}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${labelId}-help`} className="sr-only">
        Arrow keys move between start dates, Home and End to the month's first and last, Page Up and
        Page Down by month.
      </p>
      <ul className="mt-4 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-full bg-brand-600" /> Start date
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 rounded-full border border-dashed border-slate-400"
          />{" "}
          Full: join the waitlist
        </li>
      </ul>
      {![...byDay.values()].some((d) => !d.full) && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Every upcoming date is full: choose one to join its waitlist, and you are offered the
          first seat that frees.
        </p>
      )}
    </div>
  );
}
