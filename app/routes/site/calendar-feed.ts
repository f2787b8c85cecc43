// GET /calendar-feed/{token}.ics: a consultant's private, read-only calendar feed. An unknown
// or replaced address is a 404; the feed is never cached by anyone on the way.
import { data } from "react-router";
import { calendarFeed } from "#app/domain/consultations/consultation-feed.server.ts";
import { loadMailBrand } from "#app/domain/mail/brand.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import type { Route } from "./+types/calendar-feed";

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const token = params.secret.replace(/\.ics$/, "");
  const brand = await loadMailBrand({
    db: services.db,
    storage: services.storage,
    siteUrl: services.env.SITE_URL,
    logger: services.logger,
  });
  const feed = await calendarFeed(services.db, token, brand, currentTime(services.env));
  if (feed === null) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
