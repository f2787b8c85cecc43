import { listActiveSlides } from "#app/domain/content/content.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/hero-slides";

/** Public: the active slides in order (staff reads of every slide arrive with the admin CMS). */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await listActiveSlides(context.get(appContext).db), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}
