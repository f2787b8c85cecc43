// /account/availability: a consultant's weekly hours, date overrides and calendar feed.
import { data, Form } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { Notice, noticeOf, Panel, ScreenHeader } from "#app/components/admin/screen.tsx";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { FeedAddress } from "#app/components/ui/feed-address.tsx";
import { displayName, homeOf, ROLES } from "#app/domain/auth/roles.ts";
import {
  availabilityPage,
  checkDateOverride,
  checkWeeklyHours,
  consultantOf,
  NOT_A_CONSULTANT,
} from "#app/domain/consultations/availability.server.ts";
import {
  removeDateOverride,
  saveWeeklyHours,
  setDateOverride,
} from "#app/domain/consultations/consultants.server.ts";
import {
  feedPath,
  hasFeed,
  renewFeed,
} from "#app/domain/consultations/consultation-feed.server.ts";
import { HOURS_TEXTS, WEEKDAYS } from "#app/domain/consultations/hours.ts";
import { dayIn, formatDayWithWeekday, timeZoneLabel } from "#app/domain/settings/clock.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import {
  type ActionFailure,
  done,
  fail,
  handleIntents,
  refused,
} from "#app/web/form-action.server.ts";
import { noStore, requireUser } from "#app/web/guard.server.ts";
import type { Route } from "./+types/availability";

export const meta: Route.MetaFunction = () => [
  { title: "Consultation Hours | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

/** Everyone but students may take consultations. */
const STAFF = ROLES.filter((r) => r !== "student");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, { roles: STAFF, signInPath: "/login" });
  const { db, env } = context.get(appContext);
  return {
    name: displayName(user),
    home: homeOf(user.role),
    ...(await availabilityPage(db, env, user.id)),
  };
}

/** A posted form's fields as text. */
const textOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, { roles: STAFF, signInPath: "/login" });
  const services = context.get(appContext);
  const { db } = services;
  const { consultant } = await consultantOf(db, user.id);
  if (!consultant) return fail("", NOT_A_CONSULTANT, 403);
  const actor = { user, ip: services.clientIp };
  const now = currentTime(services.env);
  return handleIntents(request, {
    hours: async (form) => {
      const values = textOf(form);
      const hours = checkWeeklyHours(values);
      if (!hours.ok) return refused("hours", hours, values);
      await saveWeeklyHours(db, actor, user.id, hours.value);
      return done("hours", "Your weekly hours are saved.");
    },
    override: async (form) => {
      const values = textOf(form);
      const override = checkDateOverride(values, dayIn(now, consultant.timeZone));
      if (!override.ok) return refused("override", override, values);
      const { day, off, ranges } = override.value;
      await setDateOverride(db, actor, user.id, day, ranges);
      const date = formatDayWithWeekday(day);
      return done("override", off ? `${date} is a day off.` : `Other hours on ${date} are saved.`);
    },
    "remove-override": async (form) => {
      const day = String(form.get("day") ?? "");
      const removed = isCalendarDate(day)
        ? await removeDateOverride(db, actor, user.id, day)
        : false;
      if (!removed) return fail("remove-override", "That date has no hours of its own.", 404);
      return done("remove-override", `${formatDayWithWeekday(day)} has the week's hours again.`);
    },
    feed: async () => {
      const had = await hasFeed(db, user.id);
      const token = await renewFeed(db, actor, user.id);
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

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const feedUrl = actionData && "feedUrl" in actionData ? String(actionData.feedUrl) : "";
  return (
    <StaffShell
      area="Account"
      welcome={`Signed in as ${page.name}`}
      signOutTo="/login"
      nav={[
        { to: "/account", label: "Your account" },
        { to: "/account/availability", label: "Consultation hours" },
        page.home,
      ]}
    >
      <ScreenHeader
        title="Consultation Hours"
        description="When visitors can book a consultation with you on the website."
      />
      <Notice {...noticeOf(failure && failure.intent !== "" ? undefined : actionData)} />
      {!page.consultant ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          You do not take consultations. An admin can mark your account on the Users screen.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          <Panel
            title="Weekly hours"
            titleId="weekly-heading"
            description={`${HOURS_TEXTS.format} Several ranges a day are fine (a lunch break).`}
          >
            <AdminForm
              // Saved: the fields show the hours as stored (a refused post keeps what was typed).
              key={JSON.stringify(page.availability)}
              intent="hours"
              failure={failure}
              defaults={{
                timeZone: page.availability.timeZone,
                ...Object.fromEntries(
                  WEEKDAYS.map((d) => [`day${d.value}`, page.availability.weekly[d.value] ?? ""]),
                ),
              }}
              className="mt-4 space-y-4"
            >
              <FormSelect label="Your time zone" name="timeZone" options={page.zones} />
              <div className="grid gap-4 sm:grid-cols-2">
                {WEEKDAYS.map((d) => (
                  <FormText key={d.value} label={d.label} name={`day${d.value}`} />
                ))}
              </div>
              <FormActions submit="Save weekly hours" busy="Saving..." />
            </AdminForm>
          </Panel>

          <Panel
            title="Days off and other hours"
            titleId="overrides-heading"
            description={`On these dates your hours are these instead of the week's (${timeZoneLabel(page.availability.timeZone)}).`}
          >
            {page.availability.overrides.length > 0 && (
              <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
                {page.availability.overrides.map((o) => (
                  <li
                    key={o.day}
                    className="flex flex-wrap items-center justify-between gap-3 py-2"
                  >
                    <span>
                      <strong>{formatDayWithWeekday(o.day)}</strong>: {o.hours}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-override" />
                      <input type="hidden" name="day" value={o.day} />
                      <button type="submit" className={adminButton}>
                        Back to the week's hours
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
            <AdminForm
              intent="override"
              failure={failure}
              className="mt-4 grid items-end gap-4 sm:grid-cols-[auto_1fr_auto_auto]"
            >
              <FormText label="Date" name="day" type="date" />
              <FormText label="Hours that day" name="hours" />
              <label className="flex items-center gap-2 pb-2.5 text-sm text-slate-800 dark:text-slate-200">
                <input type="checkbox" name="off" className="size-4 accent-brand-600" />
                Day off
              </label>
              <FormActions submit="Add" busy="Adding..." className="flex gap-3" />
            </AdminForm>
          </Panel>

          <Panel
            title="Calendar feed"
            titleId="feed-heading"
            description="Subscribe to this private address in your calendar app to see your consultations (and, if you teach, your classes) there. Anyone with the address can read it: make a new one if it leaks."
          >
            <FeedAddress
              url={feedUrl}
              hasFeed={page.hasFeed}
              intent="feed"
              buttonClass={adminButton}
            />
          </Panel>
        </div>
      )}
    </StaffShell>
  );
}
