import { confirmationCalendar } from "#app/domain/consultations/consultation-confirmation.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { calendarAnswer, calendarBrand } from "#app/web/calendar-answer.server.ts";
import { BOOKING_HEADERS, bookedByThisBrowser } from "#app/web/consultation-visitor.server.ts";
import type { Route } from "./+types/consultation-invitation";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const { loaded } = await bookedByThisBrowser(request, services.db, params.id);
  const brand = await calendarBrand(services);
  return calendarAnswer(confirmationCalendar(brand, loaded, currentTime(services.env)), {
    download: "consultation.ics",
    headers: BOOKING_HEADERS,
  });
}
