// The booker's page behind their one-time link (/consultation/manage?token=...): the
// consultation, its consultant's next free times to move it to, and cancelling. Opening the
// link changes nothing (mail scanners open links); only the page's posts do.
import { leadDepsOf } from "#app/domain/leads/inquiries.server.ts";
import {
  formatClock,
  formatMeeting,
  formatWeekday,
  timeZoneLabel,
} from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices, RequestServices } from "#app/platform/context.ts";
import { type Success, success } from "#app/platform/result.ts";
import {
  bookingOfLink,
  cancelBooking,
  moveBooking,
  nextFreeTimes,
} from "./consultation-changes.server.ts";
import { type BookingRefusal, parseStart } from "./consultations.server.ts";
import type { DayView } from "./consultations.ts";

/**
 * What the booker's page shows for `token` (the link's) and `start` (a time picked without
 * script, ?start=), or null when the link no longer works.
 */
export async function bookerPage(
  services: Pick<AppServices, "db" | "env">,
  token: string,
  start: string,
) {
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const loaded = await bookingOfLink(services.db, token, now, companyZone);
  if (!loaded) return null;
  const zone = loaded.booking.timeZone || companyZone;
  const chosen = parseStart(start);
  // The consultant's free times, grouped by the booker's days (the next ten with times).
  const times = await nextFreeTimes(services.db, loaded, now, zone, (t, z) =>
    [formatWeekday(t, z), formatClock(t, z)].join("|"),
  );
  const days: DayView[] = [];
  for (const t of times) {
    const [day = "", label = ""] = t.label.split("|");
    const last = days.at(-1);
    if (last?.label === day) last.slots.push({ start: t.start, label });
    else if (days.length < 10) days.push({ day, label: day, slots: [{ start: t.start, label }] });
  }
  return {
    state: "open" as const,
    token,
    typeName: loaded.type.name,
    when: formatMeeting(loaded.booking.startsAt, zone),
    zone: timeZoneLabel(zone),
    consultant: loaded.consultant.name,
    days,
    chosen:
      chosen && times.some((t) => Date.parse(t.start) === chosen)
        ? { start: new Date(chosen).toISOString(), when: formatMeeting(new Date(chosen), zone) }
        : null,
  };
}

/** A change the booker posts through their link: cancel (with a reason) or move to `start`. */
export type BookerChange =
  | { intent: "cancel"; token: string; reason: string }
  | { intent: "move"; token: string; start: string };

/**
 * The booker's change done (a move with its new time in the booker's zone), or why nothing
 * changed.
 */
export async function changeByBooker(
  services: RequestServices,
  change: BookerChange,
): Promise<Success<{ done: "moved" | "cancelled"; when: string | null }> | BookingRefusal> {
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const deps = await leadDepsOf(services);
  const mail = { db: services.db, outbox: services.outbox, brand: deps.brand };
  const who = { kind: "booker" as const, token: change.token };
  const loaded = await bookingOfLink(services.db, change.token, now, companyZone);
  if (change.intent === "cancel") {
    const cancelled = await cancelBooking(mail, who, change.reason, now, companyZone);
    return cancelled.ok ? success({ done: "cancelled", when: null }) : cancelled;
  }
  const moved = await moveBooking(mail, who, change.start, now, companyZone);
  if (!moved.ok) return moved;
  const zone = loaded?.booking.timeZone || companyZone;
  const when = `${formatMeeting(moved.value.startsAt, zone)} (${timeZoneLabel(zone)})`;
  return success({ done: "moved", when });
}
