// A date or a date and time as every page shows it: in the company's time zone, named where a
// time is shown, with the machine-readable value underneath. The zone comes from the loader of
// the frame around the page (the site layout's settings, or a staff frame's `timeZone`), so the
// server render and the browser's hydration format with the same zone.
import { useMatches } from "react-router";
import { formatDate, formatDateTime } from "#app/domain/settings/clock.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/settings/settings.ts";

type FrameData = { timeZone?: unknown; settings?: { timeZone?: unknown } } | undefined;

/** The company's time zone, as the page's frame loaded it. */
export function useTimeZone(): string {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.loaderData as FrameData;
    const zone = data?.timeZone ?? data?.settings?.timeZone;
    if (typeof zone === "string") return zone;
  }
  return DEFAULT_TIME_ZONE;
}

/** A formatter in the page's zone, for texts that are not a <time> (labels, aria-labels). */
export function useClock() {
  const zone = useTimeZone();
  return {
    date: (at: Date | string) => formatDate(at, zone),
    dateTime: (at: Date | string) => formatDateTime(at, zone),
  };
}

/**
 * `<time dateTime="2026-11-25T05:46:00.000Z">November 24, 2026, 11:46 PM CST</time>`. `at` is an
 * ISO instant, or a "YYYY-MM-DD" day (shown as that day, with kind "date").
 */
export function When({ at, kind = "datetime" }: { at: string; kind?: "date" | "datetime" }) {
  const zone = useTimeZone();
  return (
    <time dateTime={at}>{kind === "date" ? formatDate(at, zone) : formatDateTime(at, zone)}</time>
  );
}
