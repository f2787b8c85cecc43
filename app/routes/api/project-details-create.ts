import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { commandCreate } from "#app/domain/portfolio/project-commands.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, methodNotAllowed } from "#app/web/http.server.ts";
import { projectRefused, readProject } from "#app/web/project-json.server.ts";
import type { Route } from "./+types/project-details-create";

/** POST /api/project-details: admins create a project; the answer has its projectId. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const read = await readProject(request);
      if (!read.ok) return projectRefused(read);
      const { value: id } = await commandCreate(services, actor, read.value);
      const project = await getProjectDetails(services.db, id);
      return json({ success: true, projectId: id, project }, 201);
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
