// The staff page of one consultation (/sales-dashboard/consultations/{id}): its facts, the
// consultant's next free times to move it to, and the forms that move, cancel or mark it.
// A consultation outside the viewer's scope is not found.
import { data, redirect } from "react-router";
import { requireRecordUser } from "#app/domain/auth/guard.server.ts";
import { staffMailOf } from "#app/domain/mail/brand.server.ts";
import { formatClock, formatWeekday } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { fail, handleIntents } from "#app/platform/form-action.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import {
  cancelBooking,
  loadStaffBooking,
  moveBooking,
  nextFreeTimes,
  setOutcome,
  staffBooking,
} from "./booking-changes.server.ts";
import { loadBookingEmails } from "./booking-mail.server.ts";
import type { BookingRefusal } from "./bookings.server.ts";

type Context = Parameters<typeof requireRecordUser>[1];

const DONE = {
  moved: "Moved; both were e-mailed the new time.",
  cancelled: "Cancelled; both were e-mailed.",
  held: "Marked held.",
  no_show: "Marked a no-show.",
} as const;

const notFound = () => data({ error: "Consultation not found." }, { status: 404 });

export async function consultationPageLoader(request: Request, context: Context, rawId: string) {
  const { user, services } = await requireRecordUser(request, context);
  const id = parseId(rawId);
  const booking = id ? await staffBooking(services.db, user, id) : null;
  if (!id || !booking) throw notFound();
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const loaded = await loadStaffBooking(services.db, user, id, companyZone);
  const upcoming = booking.status === "booked" && new Date(booking.startsAt) > now;
  const times =
    upcoming && loaded
      ? await nextFreeTimes(
          services.db,
          loaded,
          now,
          companyZone,
          (t, zone) => `${formatWeekday(t, zone)}, ${formatClock(t, zone)}`,
        )
      : [];
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    booking,
    upcoming,
    started: booking.status === "booked" && new Date(booking.startsAt) <= now,
    times,
    timeZone: companyZone,
    done: done in DONE ? DONE[done as keyof typeof DONE] : "",
  };
}

export async function consultationPageAction(request: Request, context: Context, rawId: string) {
  const { user, actor, services } = await requireRecordUser(request, context);
  const id = parseId(rawId);
  if (!id) throw notFound();
  const now = currentTime(services.env);
  const companyZone = await getTimeZone(services.db);
  const staff = { ...actor, user };
  const who = { kind: "staff" as const, actor: staff, id };
  const deps = async () => ({
    db: services.db,
    ...(await staffMailOf(services, loadBookingEmails)),
  });
  // Each change ends on the page again, its outcome in the status line.
  const answer =
    (intent: string, done: keyof typeof DONE) => (result: { ok: true } | BookingRefusal) => {
      if (!result.ok) return fail(intent, result.error, result.status);
      throw redirect(`/sales-dashboard/consultations/${id}?done=${done}`);
    };
  const outcome = (value: "held" | "no_show") => async () =>
    answer(value, value)(await setOutcome(services.db, staff, id, value, now, companyZone));
  return handleIntents(request, {
    move: async (form) =>
      answer(
        "move",
        "moved",
      )(await moveBooking(await deps(), who, String(form.get("start") ?? ""), now, companyZone)),
    cancel: async (form) =>
      answer(
        "cancel",
        "cancelled",
      )(
        await cancelBooking(
          await deps(),
          who,
          String(form.get("reason") ?? "")
            .trim()
            .slice(0, 500),
          now,
          companyZone,
        ),
      ),
    held: outcome("held"),
    no_show: outcome("no_show"),
  });
}
