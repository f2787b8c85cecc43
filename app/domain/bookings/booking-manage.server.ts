// The booker's page behind their one-time link (/consultation/manage?token=...): the
// consultation, its consultant's next free times to move it to, and cancelling. Opening the
// link changes nothing (mail scanners open links); only the page's posts do. A link that no
// longer works answers 410 and says why.
import { data } from "react-router";
import { TOKEN_PAGE_HEADERS } from "#app/domain/auth/guard.server.ts";
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
import { BadInputError, NO_STORE, readForm } from "#app/platform/http.server.ts";
import {
  bookingOfLink,
  CHANGE_TEXTS,
  cancelBooking,
  moveBooking,
  nextFreeTimes,
} from "./booking-changes.server.ts";
import { BOOKING_HEADERS } from "./booking-page.server.ts";
import { parseStart } from "./bookings.server.ts";

export const MANAGE_HEADERS = {
  ...BOOKING_HEADERS,
  ...TOKEN_PAGE_HEADERS,
  "Cache-Control": NO_STORE,
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
  const times = await nextFreeTimes(
    services.db,
    loaded,
    now,
    zone,
    (t, z) => `${formatWeekday(t, z)}, ${formatClock(t, z)}`,
  );
  return data(
    {
      state: "open" as const,
      token,
      typeName: loaded.type.name,
      when: formatMeeting(loaded.booking.startsAt, zone),
      zone: timeZoneLabel(zone),
      consultant: loaded.consultant.name,
      times,
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
    if (!(error instanceof BadInputError)) throw error;
    form = error.cleaned();
  }
  const intent = String(form?.get("intent") ?? "");
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const deps = await leadDepsOf(services);
  const mail = { db: services.db, outbox: services.outbox, brand: deps.brand };
  const who = { kind: "booker" as const, token };
  if (intent === "cancel") {
    const reason = String(form?.get("reason") ?? "")
      .trim()
      .slice(0, 500);
    const result = await cancelBooking(mail, who, reason, now, companyZone);
    if (!result.ok)
      return data(
        { ok: false as const, error: result.error },
        { status: result.status, headers: MANAGE_HEADERS },
      );
    return data({ ok: true as const, done: "cancelled" as const }, { headers: MANAGE_HEADERS });
  }
  if (intent === "move") {
    const result = await moveBooking(mail, who, String(form?.get("start") ?? ""), now, companyZone);
    if (!result.ok)
      return data(
        { ok: false as const, error: result.error },
        { status: result.status, headers: MANAGE_HEADERS },
      );
    return data({ ok: true as const, done: "moved" as const }, { headers: MANAGE_HEADERS });
  }
  return data(
    { ok: false as const, error: "Unknown action." },
    { status: 400, headers: MANAGE_HEADERS },
  );
}
