import { apiCreateSlide, apiListSlides } from "#app/domain/content/slides-api.server.ts";
import type { Route } from "./+types/hero-slides";

/** Public: the active slides in order; a signed-in admin gets every slide. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiListSlides(request, context);
}

/** POST (admin): creates a slide from JSON. */
export function action({ request, context }: Route.ActionArgs) {
  return apiCreateSlide(request, context);
}
