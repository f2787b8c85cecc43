import {
  apiCreateProject,
  apiMethodNotAllowed,
  requireAdmin,
} from "#app/domain/portfolio/project-actions.server.ts";
import type { Route } from "./+types/project-details-create";

/** POST /api/project-details: admins create a project; the answer has its projectId. */
export function action({ request, context }: Route.ActionArgs) {
  return apiCreateProject(request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return apiMethodNotAllowed("POST");
}
