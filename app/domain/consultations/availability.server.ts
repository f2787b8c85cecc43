// A consultant's own hours (/account/availability, reached from the sales dashboard and
// /account): what the screen shows of their time zone, weekly hours, date overrides and private
// calendar feed, and the posted hours checked. Only people who take consultations have them.
import { dayIn, isTimeZone, US_TIME_ZONES } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { availabilityOf, findConsultant } from "./consultants.server.ts";
import { hasFeed } from "./consultation-feed.server.ts";
import { HOURS_TEXTS, type MinuteRange, parseRanges, WEEKDAYS } from "./hours.ts";

export const NOT_A_CONSULTANT =
  "You do not take consultations. An admin can mark your account on the Users screen.";

/** The company's time zone and the user as a consultant (null when they take none). */
export async function consultantOf(db: Db, userId: number) {
  const companyZone = await getTimeZone(db);
  return { companyZone, consultant: await findConsultant(db, companyZone, userId) };
}

/** What the screen shows the user: their hours and feed, or that they take no consultations. */
export async function availabilityPage(db: Db, env: Pick<Env, "FROZEN_NOW">, userId: number) {
  const { companyZone, consultant } = await consultantOf(db, userId);
  if (!consultant) return { consultant: false as const, companyZone };
  const today = dayIn(currentTime(env), consultant.timeZone);
  return {
    consultant: true as const,
    companyZone,
    zones: US_TIME_ZONES.some((z) => z.value === consultant.timeZone)
      ? [...US_TIME_ZONES]
      : [...US_TIME_ZONES, { value: consultant.timeZone, label: consultant.timeZone }],
    availability: await availabilityOf(db, consultant, today),
    hasFeed: await hasFeed(db, userId),
  };
}

/** Refused input: the form's message and the message of each wrong field. */
const wrong = (fieldErrors: FieldErrors) => failure("invalid", CORRECT_FIELDS, fieldErrors);

/** The posted weekly hours (`timeZone`, `day0` to `day6`), or the message of each wrong field. */
export function checkWeeklyHours(
  values: Record<string, string>,
): Result<{ timeZone: string; days: Record<number, MinuteRange[]> }> {
  const errors: FieldErrors = {};
  const days: Record<number, MinuteRange[]> = {};
  const timeZone = values.timeZone ?? "";
  if (!isTimeZone(timeZone)) errors.timeZone = "Please choose a time zone from the list.";
  for (const { value } of WEEKDAYS) {
    const parsed = parseRanges(values[`day${value}`] ?? "");
    if (parsed.ok) days[value] = parsed.value;
    else errors[`day${value}`] = parsed.error;
  }
  return Object.keys(errors).length ? wrong(errors) : success({ timeZone, days });
}

/**
 * A posted date override (`day`, `hours`, `off`: a day off), `today` or later in the
 * consultant's time zone, or the message of the wrong field.
 */
export function checkDateOverride(
  values: Record<string, string>,
  today: string,
): Result<{ day: string; off: boolean; ranges: MinuteRange[] }> {
  const day = values.day ?? "";
  if (!isCalendarDate(day)) {
    return wrong({ day: "Please choose a date of the calendar." });
  }
  if (day < today) return wrong({ day: "Please choose today or a later date." });
  const off = values.off === "on";
  const parsed = parseRanges(off ? "" : (values.hours ?? ""));
  if (!parsed.ok) return wrong({ hours: parsed.error });
  if (!off && parsed.value.length === 0) {
    return wrong({ hours: `${HOURS_TEXTS.format} Or tick "Day off".` });
  }
  return success({ day, off, ranges: parsed.value });
}
