// GET /api/admin/mail (?status=pending|sent|failed) and POST /api/admin/mail/{id}/resend,
// admins only, over the same functions as /admin/mail.
import type { RouterContextProvider } from "react-router";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, parseId } from "#app/web/http.server.ts";
import { listMail, mailHealth, resendMail } from "./mail-log.server.ts";
import { isMailStatus, MAIL_STATUSES, MAIL_TEXTS } from "./mail-log.ts";

type Context = Readonly<RouterContextProvider>;

export async function apiMailLog(request: Request, context: Context) {
  const { services } = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
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

export async function apiResendMail(request: Request, context: Context, rawId: string | undefined) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const id = parseId(rawId);
  if (!id) return json({ error: MAIL_TEXTS.notFound }, 404);
  const result = await resendMail(services.db, services.outbox, id, actor);
  return result.ok ? json(result.message) : json({ error: result.error }, result.status);
}
