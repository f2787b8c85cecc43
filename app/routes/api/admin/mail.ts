import { apiMailLog } from "#app/domain/mail/mail-api.server.ts";
import type { Route } from "./+types/mail";

/** GET ?status=: the mail log, newest first, and the health figures. Admins only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiMailLog(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return apiMailLog(request, context);
}
