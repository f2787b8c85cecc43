// Times on the booking page and the booker's page. On the booking page each time is a submit
// button of the page's POST form (choosing a time holds it: a link would let a prefetch, a
// crawler or another site's <img> take it). On the booker's page a time is a link that only
// proposes it (the move is asked for on the next page).
import { Link } from "react-router";
import type { DayView, SlotView } from "#app/domain/consultations/consultations.ts";

/** A link to `href(start)`, or (without `href`) a button that posts `start` with its form. */
export type TimeChoice = ((start: string) => string) | undefined;

const TIME_CLASS =
  "inline-block min-w-24 cursor-pointer rounded-lg border border-brand-600 bg-transparent px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:bg-brand-50 dark:border-brand-400 dark:text-brand-300 dark:hover:bg-brand-950";

export function TimeLinks({ slots, href }: { slots: SlotView[]; href?: TimeChoice }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {slots.map((slot) => (
        <li key={slot.start}>
          {href ? (
            <Link to={href(slot.start)} rel="nofollow" className={TIME_CLASS}>
              {slot.label}
            </Link>
          ) : (
            <button type="submit" name="start" value={slot.start} className={TIME_CLASS}>
              {slot.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Days with their times, each day a heading. */
export function DayTimes({ days, href }: { days: DayView[]; href?: TimeChoice }) {
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
