import { apiListImages, apiUploadImage } from "#app/domain/media/api.server.ts";
import type { Route } from "./+types/images";

/** GET (admin): the media library, newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiListImages(request, context);
}

/** POST (admin) multipart `image` and `alt` or `altText`: the new image. */
export function action({ request, context }: Route.ActionArgs) {
  return apiUploadImage(request, context);
}
