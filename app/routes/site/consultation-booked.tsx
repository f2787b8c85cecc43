import { data, Link } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { BOOKING_HEADERS, visitorKey } from "#app/domain/bookings/booking-page.server.ts";
import { bookingConfirmation } from "#app/domain/bookings/bookings.server.ts";
import { formatMeeting, isTimeZone, timeZoneLabel } from "#app/domain/settings/clock.ts";
import { appContext } from "#app/platform/context.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/consultation-booked";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Consultation booked | Sigma Technology Partners" },
    { name: "robots", content: "noindex" },
  ]);

export const headers: Route.HeadersFunction = () => BOOKING_HEADERS;

// Only the browser that booked it sees the page (its booking cookie); anyone else a 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const id = parseId(params.id);
  const holder = visitorKey(request);
  const booking = id && holder ? await bookingConfirmation(services.db, id, holder) : null;
  if (!booking) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("tz") ?? "";
  const zone = isTimeZone(asked) ? asked : booking.timeZone;
  return data(
    {
      type: booking.typeName,
      when: formatMeeting(booking.startsAt, zone),
      zone: timeZoneLabel(zone),
      email: booking.email,
      name: booking.name,
    },
    { headers: BOOKING_HEADERS },
  );
}

export default function ConsultationBooked({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-3xl py-16">
      <p className="font-semibold text-brand-700 dark:text-brand-300">Booked</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Your consultation is booked
      </h1>
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
        {loaderData.type} on <strong>{loaderData.when}</strong> ({loaderData.zone}).
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        We sent the invitation to <strong>{loaderData.email}</strong>: add it to your calendar. The
        e-mail has a link to reschedule or cancel until the meeting starts.
      </p>
      <p className="mt-8 flex flex-wrap gap-4">
        <Link to="/" className="btn-primary">
          Back to the home page
        </Link>
        <Link to="/portfolio" className="btn-secondary">
          See our work
        </Link>
      </p>
    </main>
  );
}
