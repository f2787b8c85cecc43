// GET /portal/calendar/:id: every class of a signed-in student's registration as one calendar
// file (decision 0024; its first class is the same event as the registration e-mails'
// course-start.ics). Anyone else's registration, an unknown one, or one without a seat is not
// found; a visitor who is not signed in is sent to sign in.
import { data, redirect } from "react-router";
import { registrationClassesFile } from "#app/domain/training/class-calendar.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { calendarAnswer, calendarBrand } from "#app/web/calendar-answer.server.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-calendar";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw data(null, { status: 404 });
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/portal");
  const services = context.get(appContext);
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
