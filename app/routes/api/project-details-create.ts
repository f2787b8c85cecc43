import { apiCreateProject } from "#app/domain/portfolio/project-actions.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/project-details-create";

/** POST /api/project-details: admins create a project; the answer has its projectId. */
export function action({ request, context }: Route.ActionArgs) {
  return apiCreateProject(request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
