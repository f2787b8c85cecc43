// The dashboard's consultations (issue 32): the upcoming ones, those waiting to be marked held
// or a no-show, and the follow-ups set when marking one held, in the viewer's scope (a rep:
// their own; a manager: everyone's).
import { Link } from "react-router";
import { adminButton } from "#app/components/admin/buttons.ts";
import { When } from "#app/components/ui/when.tsx";
import type { StaffBooking } from "#app/domain/consultations/consultations.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { card, sectionTitle } from "./sales-ui.tsx";

export const consultationPath = (id: number) => `/sales-dashboard/consultations/${id}`;

function ConsultationTable({
  caption,
  rows,
  manager,
  followUps = false,
}: {
  caption: string;
  rows: StaffBooking[];
  manager: boolean;
  /** The follow-up day first, instead of the meeting's time. */
  followUps?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-800 dark:text-slate-100">
          {caption}
        </caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {followUps ? "Follow up on" : "When"}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Who
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Topic
            </th>
            {manager && (
              <th scope="col" className="py-2 pr-4 font-medium">
                Consultant
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((b) => (
            <tr key={b.id}>
              <td className="py-2 pr-4">
                <Link
                  to={consultationPath(b.id)}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {followUps && b.followUpOn ? (
                    <When at={b.followUpOn} kind="date" />
                  ) : (
                    <When at={b.startsAt} />
                  )}
                </Link>
              </td>
              <td className="py-2 pr-4">
                {b.name}
                {b.company && (
                  <span className="text-slate-600 dark:text-slate-400">, {b.company}</span>
                )}
              </td>
              <td className="py-2 pr-4">{labelOf(INQUIRY_TYPES, b.topic)}</td>
              {manager && <td className="py-2 pr-4">{b.consultantName}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ConsultationsPanel({
  consultations,
  manager,
}: {
  consultations: {
    upcoming: StaffBooking[];
    toMark: StaffBooking[];
    followUps: StaffBooking[];
    noShows: number;
  };
  manager: boolean;
}) {
  const { upcoming, toMark, followUps, noShows } = consultations;
  return (
    <section id="consultations" aria-labelledby="consultations-title" className="scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="consultations-title" className={sectionTitle}>
          Consultations
        </h2>
        <Link to="/account/availability" className={adminButton}>
          Consultation hours
        </Link>
      </div>
      <div className={`${card} mt-4 space-y-6`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {upcoming.length === 0 ? "No upcoming consultations." : `${upcoming.length} upcoming.`}{" "}
          No-shows so far: {noShows}.
        </p>
        {toMark.length > 0 && (
          <ConsultationTable
            caption="Held or a no-show? Mark these"
            rows={toMark}
            manager={manager}
          />
        )}
        {upcoming.length > 0 && (
          <ConsultationTable caption="Upcoming" rows={upcoming} manager={manager} />
        )}
        {followUps.length > 0 && (
          <ConsultationTable caption="Follow-ups" rows={followUps} manager={manager} followUps />
        )}
      </div>
    </section>
  );
}

const OUTCOME: Record<string, string> = { held: "held", no_show: "a no-show" };

/** A customer record's consultations (its detail, both screens), with its no-shows counted. */
export function ConsultationLines({ consultations }: { consultations: StaffBooking[] }) {
  const noShows = consultations.filter((b) => b.outcome === "no_show").length;
  return (
    <>
      <ul className="space-y-1 text-sm">
        {consultations.map((b) => (
          <li key={b.id}>
            <Link
              to={consultationPath(b.id)}
              className="text-brand-700 underline dark:text-brand-300"
            >
              <When at={b.startsAt} />
            </Link>{" "}
            with {b.consultantName}:{" "}
            {b.status === "cancelled"
              ? "cancelled"
              : b.outcome
                ? (OUTCOME[b.outcome] ?? b.outcome)
                : "booked"}
          </li>
        ))}
      </ul>
      {noShows > 0 && (
        <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          No-shows: {noShows}
        </p>
      )}
    </>
  );
}
