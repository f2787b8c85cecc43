import { getPublicHomepageContent } from "#app/domain/content/content.server.ts";
import { appContext } from "#app/platform/context.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/homepage-content";

export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await getPublicHomepageContent(context.get(appContext).db), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}

/** A public read: every write answers 405 with the method to use. */
export function action() {
  return methodNotAllowed("GET");
}
