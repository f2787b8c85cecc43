import { listPortfolioProjects } from "#app/domain/portfolio/portfolio.server.ts";
import { appContext } from "#app/platform/context.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/portfolio-projects";

export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await listPortfolioProjects(context.get(appContext).db), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}

/** A public read: every write answers 405 with the method to use. */
export function action() {
  return methodNotAllowed("GET");
}
