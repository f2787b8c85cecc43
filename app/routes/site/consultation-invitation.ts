// GET /consultation/booked/:id/invitation.ics: the booked consultation as a calendar file to
// import, for the browser that booked it only (anyone else: not found), the same event (UID and
// SEQUENCE) as the invitations e-mailed.
import { data } from "react-router";
import {
  bookingConfirmation,
  confirmationCalendar,
} from "#app/domain/consultations/consultation-confirmation.server.ts";
import { loadMailBrand } from "#app/domain/mail/brand.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { BOOKING_HEADERS, visitorKey } from "#app/web/consultation-visitor.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/consultation-invitation";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const id = parseId(params.id);
  const companyZone = await getTimeZone(services.db);
  const loaded = id
    ? await bookingConfirmation(services.db, id, visitorKey(request), companyZone)
    : null;
  if (!loaded) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  const brand = await loadMailBrand({
    db: services.db,
    storage: services.storage,
    siteUrl: services.env.SITE_URL,
    logger: services.logger,
  });
  return new Response(confirmationCalendar(brand, loaded, currentTime(services.env)), {
    headers: {
      ...BOOKING_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="consultation.ics"',
    },
  });
}
