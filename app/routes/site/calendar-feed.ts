// GET /calendar-feed/{token}.ics: a consultant's private, read-only calendar feed. An unknown
// or replaced address is a 404; the feed is never cached by anyone on the way.
import { data } from "react-router";
import { calendarFeed } from "#app/domain/consultations/consultation-feed.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { calendarAnswer, calendarBrand } from "#app/web/calendar-answer.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/calendar-feed";

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const token = params.secret.replace(/\.ics$/, "");
  const brand = await calendarBrand(services);
  const feed = await calendarFeed(services.db, token, brand, currentTime(services.env));
  if (feed === null) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return calendarAnswer(feed);
}
