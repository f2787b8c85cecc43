// Times as links (the booking page's days, the booker's page to move a consultation): each
// link chooses that time; `rel=nofollow`, since choosing holds or proposes it.
import { Link } from "react-router";
import type { DayView, SlotView } from "#app/domain/bookings/bookings.ts";

export function TimeLinks({ slots, href }: { slots: SlotView[]; href: (start: string) => string }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {slots.map((slot) => (
        <li key={slot.start}>
          <Link
            to={href(slot.start)}
            rel="nofollow"
            className="inline-block min-w-24 rounded-lg border border-brand-600 px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:bg-brand-50 dark:border-brand-400 dark:text-brand-300 dark:hover:bg-brand-950"
          >
            {slot.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Days with their times, each day a heading. */
export function DayTimes({ days, href }: { days: DayView[]; href: (start: string) => string }) {
  return (
    <ol className="mt-4 space-y-6">
      {days.map((day) => (
        <li key={day.day}>
          <h3 className="font-semibold text-slate-900 dark:text-white">{day.label}</h3>
          <TimeLinks slots={day.slots} href={href} />
        </li>
      ))}
    </ol>
  );
}
