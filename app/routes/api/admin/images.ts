import { apiListImages, apiUploadImage } from "#app/domain/media/api.server.ts";
import type { Route } from "./+types/images";

export function loader({ request, context }: Route.LoaderArgs) {
  return apiListImages(request, context);
}

/** POST multipart `image` (+ `altText`): the new image with its url. */
export function action({ request, context }: Route.ActionArgs) {
  return apiUploadImage(request, context);
}
