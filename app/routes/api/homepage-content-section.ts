import {
  apiUpdateSection,
  sectionMethodNotAllowed,
} from "#app/domain/content/homepage-api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/homepage-content-section";

/** PUT /api/homepage-content/{sectionId}: admins save one section (JSON). */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiUpdateSection(request, context, params.sectionId);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return sectionMethodNotAllowed();
}
