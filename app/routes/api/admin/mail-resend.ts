import { resendMail } from "#app/domain/mail/mail-log.server.ts";
import { MAIL_TEXTS } from "#app/domain/mail/mail-log.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, jsonFailure, methodNotAllowed, parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/mail-resend";

/** POST: queues a failed message again. Admins only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const id = parseId(params.id);
      if (!id) return json({ error: MAIL_TEXTS.notFound }, 404);
      const result = await resendMail(services.db, services.outbox, id, actor);
      return result.ok ? json(result.value) : jsonFailure(result);
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
