import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, methodNotAllowed } from "#app/web/http.server.ts";
import { imageUploadAnswer } from "#app/web/image-upload.server.ts";
import type { Route } from "./+types/upload-image";

/** POST multipart field `image`: `{ location, url, ... }` of the stored image (the editors' door). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: () => imageUploadAnswer(request, services, actor, "location"),
  });
}

/** Only uploads: the library is read at GET /api/admin/images. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
