import { listMail, mailHealth } from "#app/domain/mail/mail-log.server.ts";
import { isMailStatus, MAIL_STATUSES } from "#app/domain/mail/mail-log.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/mail";

/** GET ?status=: the mail log, newest first, and the health figures. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const status = new URL(request.url).searchParams.get("status") || undefined;
  if (status !== undefined && !isMailStatus(status)) {
    return json({ error: `Status must be one of: ${MAIL_STATUSES.join(", ")}.` }, 400);
  }
  const [messages, health] = await Promise.all([
    listMail(services.db, { status }),
    mailHealth(services.db),
  ]);
  return json({ messages, health });
}

/** The log is only read here (a resend is POST /api/admin/mail/{id}/resend). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("GET");
}
