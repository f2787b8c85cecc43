// GET /portal/calendar/:id: a signed-in student's first class as a calendar file (the same
// event as the registration e-mails' course-start.ics). Anyone else's registration, an unknown
// one or one without a seat ahead is not found; a visitor who is not signed in is sent to sign in.
import { data, redirect } from "react-router";
import { loadMailBrand } from "#app/domain/mail/brand.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { portalCalendarRegistration } from "#app/domain/training/portal.server.ts";
import { firstClassIcs } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { NO_STORE, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-calendar";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw data(null, { status: 404 });
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/portal");
  const services = context.get(appContext);
  const now = currentTime(services.env);
  const registration = await portalCalendarRegistration(services.db, user, id, dayIn(now));
  if (!registration) throw data(null, { status: 404 });
  const brand = await loadMailBrand({
    db: services.db,
    storage: services.storage,
    siteUrl: services.env.SITE_URL,
    logger: services.logger,
  });
  // A file to import (PUBLISH), the same event (UID and SEQUENCE) as the e-mails'.
  const file = firstClassIcs(registration, brand, now, "PUBLISH");
  return new Response(file.content, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": NO_STORE,
    },
  });
}
