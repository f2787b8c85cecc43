import { apiResendMail } from "#app/domain/mail/mail-api.server.ts";
import type { Route } from "./+types/mail-resend";

/** POST: queues a failed message again. Admins only. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiResendMail(request, context, params.id);
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return apiResendMail(request, context, params.id);
}
