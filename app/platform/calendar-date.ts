// Calendar days as forms send them ("YYYY-MM-DD"). Client-safe and free of dependencies: the
// registration wizard checks a start date with it before its form schemas (and zod) are loaded.

/**
 * Whether text is a day of the calendar written "YYYY-MM-DD": 2027-02-28 is, 2027-02-30 and
 * 2027-13-01 are not (a date the database or a date library would refuse, or quietly move).
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
