import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { parseProjectId } from "#app/domain/portfolio/portfolio.ts";
import { commandUpdate } from "#app/domain/portfolio/project-commands.server.ts";
import { appContext } from "#app/platform/context.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import { projectRefused, readProject } from "#app/web/project-json.server.ts";
import type { Route } from "./+types/project-details";

const NOT_FOUND = { error: "Project not found" };

/** GET /api/project-details/{id}: "3" or "project-3"; 404 with { error } when unknown. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProjectId(params.id);
  const project = id ? await getProjectDetails(context.get(appContext).db, id) : null;
  if (!project) {
    return Response.json(NOT_FOUND, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json(project, { headers: { "Cache-Control": "public, max-age=60" } });
}

/**
 * PUT /api/project-details/{id}: admins replace the project's details (every field; results and
 * testimonial may be JSON strings).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  // The read is the loader's: the 405 names both methods.
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const id = parseProjectId(params.id);
  const { db } = services;
  if (!id || !(await getProjectDetails(db, id))) return json(NOT_FOUND, 404);
  const read = await readProject(request);
  if (!read.ok) return projectRefused(read);
  const result = await commandUpdate(services, actor, id, read.value);
  if (!result.ok) return json(NOT_FOUND, 404);
  return json({ success: true, project: await getProjectDetails(db, id) });
}
