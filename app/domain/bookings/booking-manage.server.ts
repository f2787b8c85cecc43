// The booker's page behind their one-time link (/consultation/manage?token=...): the
// consultation, its consultant's next free times to move it to, and cancelling. Opening the
// link changes nothing (mail scanners open links); only the page's posts do. A link that no
// longer works answers 410 and says why.
import { data } from "react-router";
import { leadDepsOf } from "#app/domain/leads/inquiries.server.ts";
import {
  formatClock,
  formatMeeting,
  formatWeekday,
  timeZoneLabel,
} from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { RequestServices } from "#app/platform/context.ts";
import { TOKEN_PAGE_HEADERS } from "#app/web/guard.server.ts";
import { BadInputError, BodyTooLargeError, NO_STORE, readForm } from "#app/web/http.server.ts";
import {
  bookingOfLink,
  CHANGE_TEXTS,
  cancelBooking,
  moveBooking,
  nextFreeTimes,
} from "./booking-changes.server.ts";
import { type BookingRefusal, parseStart } from "./bookings.server.ts";
import type { DayView } from "./bookings.ts";

export const MANAGE_HEADERS = {
  ...TOKEN_PAGE_HEADERS,
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
};

const gone = () =>
  data(
    { state: "gone" as const, error: CHANGE_TEXTS.linkGone },
    { status: 410, headers: MANAGE_HEADERS },
  );

export async function managePageLoader(services: RequestServices, request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const loaded = await bookingOfLink(services.db, token, now, companyZone);
  if (!loaded) return gone();
  const zone = loaded.booking.timeZone || companyZone;
  const chosen = parseStart(url.searchParams.get("start") ?? "");
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
  return data(
    {
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
    },
    { headers: MANAGE_HEADERS },
  );
}

export async function managePageAction(services: RequestServices, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return data(
        { ok: false as const, error: error.message },
        { status: error.status, headers: MANAGE_HEADERS },
      );
    }
    if (!(error instanceof BadInputError)) throw error;
    form = error.cleaned();
  }
  const intent = String(form?.get("intent") ?? "");
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const deps = await leadDepsOf(services);
  const mail = { db: services.db, outbox: services.outbox, brand: deps.brand };
  const who = { kind: "booker" as const, token };
  // The page again with what happened (a move with its new time, in the booker's zone), or
  // why nothing did.
  const answer =
    (done: "moved" | "cancelled") =>
    async (result: ({ ok: true } & { startsAt?: Date }) | BookingRefusal) => {
      if (!result.ok) {
        return data(
          { ok: false as const, error: result.error },
          { status: result.status, headers: MANAGE_HEADERS },
        );
      }
      const zone = loaded?.booking.timeZone || companyZone;
      const when = result.startsAt
        ? `${formatMeeting(result.startsAt, zone)} (${timeZoneLabel(zone)})`
        : null;
      return data({ ok: true as const, done, when }, { headers: MANAGE_HEADERS });
    };
  const loaded = await bookingOfLink(services.db, token, now, companyZone);
  if (intent === "cancel") {
    const reason = String(form?.get("reason") ?? "")
      .trim()
      .slice(0, 500);
    return answer("cancelled")(await cancelBooking(mail, who, reason, now, companyZone));
  }
  if (intent === "move") {
    const start = String(form?.get("start") ?? "");
    return answer("moved")(await moveBooking(mail, who, start, now, companyZone));
  }
  return data(
    { ok: false as const, error: "Unknown action." },
    { status: 400, headers: MANAGE_HEADERS },
  );
}
