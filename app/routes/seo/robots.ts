import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /admin-dashboard",
    "Disallow: /login",
    "Disallow: /sales-dashboard",
    "Disallow: /api/",
    // Choosing a time holds it, and a consultant's feed is private.
    "Disallow: /consultation",
    "Disallow: /calendar-feed/",
    "Disallow: /preview/",
    "",
    `Sitemap: ${env.SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
