import { apiChangeImage, apiGetImage } from "#app/domain/media/api.server.ts";
import type { Route } from "./+types/image";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiGetImage(request, context, params.id);
}

/** DELETE (admin) removes the image and its files; PATCH {altText} edits the alt text. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiChangeImage(request, context, params.id);
}
