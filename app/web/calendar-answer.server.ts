// The answers of the calendar doors (a consultant's or a student's feed, a registration's
// classes, a booked consultation): the brand the files carry, and the file itself, which nobody
// on the way keeps, no search engine lists and no link leaks onward.
import { loadMailBrand, type MailBrand } from "#app/domain/mail/brand.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { NO_STORE } from "./http.server.ts";

/** The company as calendar files name it: organizer, address, phone, time zone. */
export function calendarBrand(
  services: Pick<AppServices, "db" | "storage" | "env" | "logger">,
): Promise<MailBrand> {
  return loadMailBrand({
    db: services.db,
    storage: services.storage,
    siteUrl: services.env.SITE_URL,
    logger: services.logger,
  });
}

/** An iCalendar file as the answer; `download` names it as a file to save (not a feed). */
export function calendarAnswer(
  text: string,
  { download, headers = {} }: { download?: string; headers?: HeadersInit } = {},
): Response {
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/calendar; charset=utf-8");
  answer.set("Cache-Control", NO_STORE);
  if (!answer.has("X-Robots-Tag")) answer.set("X-Robots-Tag", "noindex");
  answer.set("Referrer-Policy", "no-referrer");
  if (download) answer.set("Content-Disposition", `attachment; filename="${download}"`);
  return new Response(text, { headers: answer });
}
