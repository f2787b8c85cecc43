import { apiChangeSlide } from "#app/domain/content/slides-api.server.ts";
import type { Route } from "./+types/hero-slide";

/** PUT (JSON, same body as POST) and DELETE, admin only. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiChangeSlide(request, context, params.id);
}
