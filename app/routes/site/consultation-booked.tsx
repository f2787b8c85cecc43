import { data, Link } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { formatMeeting, isTimeZone, timeZoneLabel } from "#app/domain/settings/clock.ts";
import { appContext } from "#app/platform/context.ts";
import { BOOKING_HEADERS, bookedByThisBrowser } from "#app/web/consultation-visitor.server.ts";
import type { Route } from "./+types/consultation-booked";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Consultation booked | Sigma Technology Partners" },
    { name: "robots", content: "noindex" },
  ]);

export const headers: Route.HeadersFunction = () => BOOKING_HEADERS;

// Only the browser that booked it sees the page (its booking cookie); anyone else a 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { loaded, companyZone } = await bookedByThisBrowser(request, db, params.id);
  const { booking, type, consultant } = loaded;
  const asked = new URL(request.url).searchParams.get("tz") ?? "";
  const zone = isTimeZone(asked) ? asked : booking.timeZone || companyZone;
  return data(
    {
      id: booking.id,
      type: type.name,
      when: formatMeeting(booking.startsAt, zone),
      zone: timeZoneLabel(zone),
      consultant: consultant.name,
      phone: booking.phone,
      email: booking.email,
    },
    { headers: BOOKING_HEADERS },
  );
}

export default function ConsultationBooked({ loaderData: b }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-3xl py-16">
      <p className="font-semibold text-brand-700 dark:text-brand-300">Booked</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Your consultation is booked
      </h1>
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
        {b.type} with <strong>{b.consultant}</strong> on <strong>{b.when}</strong> ({b.zone}).{" "}
        {b.consultant} will call you at {b.phone}.
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        We sent the invitation to <strong>{b.email}</strong>. The e-mail has a link to reschedule or
        cancel until the meeting starts.
      </p>
      <p className="mt-8 flex flex-wrap gap-4">
        <a href={`/consultation/booked/${b.id}/invitation.ics`} download className="btn-primary">
          Add it to your calendar
        </a>
        <Link to="/" className="btn-secondary">
          Back to the home page
        </Link>
      </p>
    </main>
  );
}
