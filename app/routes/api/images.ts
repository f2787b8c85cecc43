import { listImages } from "#app/domain/media/media.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json } from "#app/web/http.server.ts";
import { imageUploadAnswer } from "#app/web/image-upload.server.ts";
import type { Route } from "./+types/images";

/** GET (admin): the media library, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return json(await listImages(services.db));
}

/** POST (admin) multipart `image` and `alt` or `altText`: the new image. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, { POST: () => imageUploadAnswer(request, services, actor, "image") });
}
