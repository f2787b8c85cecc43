// GET /portal/calendar/:id: every class of a signed-in student's registration as one calendar
// file (decision 0024; its first class is the same event as the registration e-mails'
// course-start.ics). Anyone else's registration, an unknown one, or one without a seat is not
// found; a visitor who is not signed in is sent to sign in.
import { data } from "react-router";
import { registrationClassesFile } from "#app/domain/training/class-calendar.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { calendarAnswer, calendarBrand } from "#app/web/calendar-answer.server.ts";
import { portalRecord } from "#app/web/portal-record.server.ts";
import type { Route } from "./+types/portal-calendar";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { id, user, services } = await portalRecord(request, context, params.id);
  const file = await registrationClassesFile(
    services.db,
    user,
    id,
    await calendarBrand(services),
    currentTime(services.env),
  );
  if (file === null) throw data(null, { status: 404 });
  return calendarAnswer(file, { download: "classes.ics" });
}
