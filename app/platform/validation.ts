// The pieces every form schema shares (client-safe: the browser checks with the same schemas).
import * as z from "zod/mini";

/** Messages by field name, the first one of each field; "form" for the whole input. */
export type FieldErrors = Record<string, string>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message of each top-level field ("results" covers every part of results). */
export function firstErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The first message of each nested field, named as its form field ("services.0.title"). */
export function nestedErrors(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = [...prefix, ...issue.path].map(String).join(".") || "form";
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Optional text: trimmed, at most `max` characters, "" when left out. */
export const optionalText = (max: number, label: string) =>
  z._default(
    z.string({ error: `${label} must be text.` }).check(
      z.trim(),
      z.maxLength(max, {
        error: `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
      }),
    ),
    "",
  );

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
