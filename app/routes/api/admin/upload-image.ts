import { apiUploadImage } from "#app/domain/media/api.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/upload-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}

/** POST multipart field `image`: `{ location, url, ... }` of the stored image (the editors' door). */
export function action({ request, context }: Route.ActionArgs) {
  return apiUploadImage(request, context, "location");
}
