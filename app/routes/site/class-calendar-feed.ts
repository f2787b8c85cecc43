// GET /class-calendar/{token}.ics: a student's private, read-only calendar of their classes
// (decision 0024). An unknown or replaced address is a 404; nobody on the way caches it.
import { data } from "react-router";
import { classFeed } from "#app/domain/training/class-calendar.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { calendarAnswer, calendarBrand } from "#app/web/calendar-answer.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/class-calendar-feed";

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const token = params.secret.replace(/\.ics$/, "");
  const feed = await classFeed(
    services.db,
    token,
    await calendarBrand(services),
    currentTime(services.env),
  );
  if (feed === null) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return calendarAnswer(feed);
}
