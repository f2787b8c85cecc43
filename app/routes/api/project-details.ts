import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { parseProjectId } from "#app/domain/portfolio/portfolio.ts";
import { apiUpdateProject } from "#app/domain/portfolio/project-actions.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/project-details";

/** GET /api/project-details/{id}: "3" or "project-3"; 404 with { error } when unknown. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProjectId(params.id);
  const project = id ? await getProjectDetails(context.get(appContext).db, id) : null;
  if (!project) {
    return Response.json(
      { error: "Project not found" },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json(project, { headers: { "Cache-Control": "public, max-age=60" } });
}

/** PUT /api/project-details/{id}: admins replace the project's details. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiUpdateProject(request, context, params.id);
}
