import { pageStylesheetFiles } from "#app/platform/page-styles.server.ts";
import { PAGE_STYLESHEET_NAME } from "#app/platform/page-stylesheet-address.ts";
import { siteStylesheet } from "#app/site-stylesheet.server.ts";
import type { Route } from "./+types/page-stylesheet";

const CSS = "text/css; charset=utf-8";

/**
 * A content page's own stylesheet (decision 0022), named by its content: kept by browsers for a
 * year. A well-formed name this process does not keep (a restart, another process, one of many)
 * gets the whole site stylesheet, which styles any page the same, and is asked for again.
 * The page cache keeps the answers (server/page-cache.ts), compressed once.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!PAGE_STYLESHEET_NAME.test(params.file)) {
    return new Response("No such stylesheet.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const own = pageStylesheetFiles.find(params.file);
  return new Response(own ?? siteStylesheet, {
    headers: {
      "Content-Type": CSS,
      // The whole one stands in for a while: nobody (the page cache, a CDN, the browser) keeps it.
      "Cache-Control": own ? "public, max-age=31536000, immutable" : "no-store",
    },
  });
}
