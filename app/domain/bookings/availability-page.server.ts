// A consultant's own screen (/account/availability, reached from the sales dashboard and
// /account): their time zone and weekly hours, date overrides (a day off, other hours on one
// date) and their private calendar feed. Only people who take consultations have one.
import { data } from "react-router";
import { displayName, homeOf, ROLES } from "#app/domain/auth/roles.ts";
import {
  dayIn,
  formatDayWithWeekday,
  isTimeZone,
  US_TIME_ZONES,
} from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { done, fail, handleIntents, invalid } from "#app/web/form-action.server.ts";
import { requireUser } from "#app/web/guard.server.ts";
import { feedPath, hasFeed, renewFeed } from "./booking-feed.server.ts";
import {
  availabilityOf,
  findConsultant,
  removeDateOverride,
  saveWeeklyHours,
  setDateOverride,
} from "./consultants.server.ts";
import { HOURS_TEXTS, type MinuteRange, parseRanges, WEEKDAYS } from "./hours.ts";

type Context = Parameters<typeof requireUser>[1];

const STAFF = ROLES.filter((r) => r !== "student");

async function me(request: Request, context: Context) {
  const user = await requireUser(request, context, {
    roles: STAFF,
    signInPath: "/login",
  });
  const services = context.get(appContext);
  const companyZone = await getTimeZone(services.db);
  const consultant = await findConsultant(services.db, companyZone, user.id);
  return { user, services, companyZone, consultant, actor: { user, ip: services.clientIp } };
}

export async function availabilityLoader(request: Request, context: Context) {
  const { user, services, companyZone, consultant } = await me(request, context);
  const home = homeOf(user.role);
  const name = displayName(user);
  if (!consultant) {
    return { name, home, consultant: false as const, companyZone };
  }
  const today = dayIn(currentTime(services.env), consultant.timeZone);
  return {
    name,
    home,
    consultant: true as const,
    companyZone,
    zones: US_TIME_ZONES.some((z) => z.value === consultant.timeZone)
      ? [...US_TIME_ZONES]
      : [...US_TIME_ZONES, { value: consultant.timeZone, label: consultant.timeZone }],
    availability: await availabilityOf(services.db, consultant, today),
    hasFeed: await hasFeed(services.db, user.id),
  };
}

const NOT_A_CONSULTANT =
  "You do not take consultations. An admin can mark your account on the Users screen.";

export async function availabilityAction(request: Request, context: Context) {
  const { user, services, consultant, actor } = await me(request, context);
  if (!consultant) return fail("", NOT_A_CONSULTANT, 403);
  const now = currentTime(services.env);
  return handleIntents(request, {
    hours: async (form) => {
      const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      const errors: Record<string, string> = {};
      const days: Record<number, MinuteRange[]> = {};
      const timeZone = values.timeZone ?? "";
      if (!isTimeZone(timeZone)) errors.timeZone = "Please choose a time zone from the list.";
      for (const { value } of WEEKDAYS) {
        const parsed = parseRanges(values[`day${value}`] ?? "");
        if (parsed.ok) days[value] = parsed.ranges;
        else errors[`day${value}`] = parsed.error;
      }
      if (Object.keys(errors).length) return invalid("hours", errors, values);
      await saveWeeklyHours(services.db, actor, user.id, { timeZone, days });
      return done("hours", "Your weekly hours are saved.");
    },
    override: async (form) => {
      const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      const day = values.day ?? "";
      const today = dayIn(now, consultant.timeZone);
      if (!isCalendarDate(day)) {
        return invalid("override", { day: "Please choose a date of the calendar." }, values);
      }
      if (day < today)
        return invalid("override", { day: "Please choose today or a later date." }, values);
      const off = values.off === "on";
      const parsed = parseRanges(off ? "" : (values.hours ?? ""));
      if (!parsed.ok) return invalid("override", { hours: parsed.error }, values);
      if (!off && parsed.ranges.length === 0) {
        return invalid("override", { hours: `${HOURS_TEXTS.format} Or tick "Day off".` }, values);
      }
      await setDateOverride(services.db, actor, user.id, day, parsed.ranges);
      const date = formatDayWithWeekday(day);
      return done("override", off ? `${date} is a day off.` : `Other hours on ${date} are saved.`);
    },
    "remove-override": async (form) => {
      const day = String(form.get("day") ?? "");
      const removed = isCalendarDate(day)
        ? await removeDateOverride(services.db, actor, user.id, day)
        : false;
      if (!removed) return fail("remove-override", "That date has no hours of its own.", 404);
      return done("remove-override", `${formatDayWithWeekday(day)} has the week's hours again.`);
    },
    feed: async () => {
      const had = await hasFeed(services.db, user.id);
      const token = await renewFeed(services.db, actor, user.id);
      return data({
        ok: true as const,
        intent: "feed",
        message: had
          ? "Your calendar feed has a new address; the old one no longer works."
          : "Your calendar feed address is made.",
        feedUrl: `${services.env.SITE_URL.replace(/\/+$/, "")}${feedPath(token)}`,
      });
    },
  });
}
