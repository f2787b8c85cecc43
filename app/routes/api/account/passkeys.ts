import { auditChange } from "#app/domain/audit/audit.server.ts";
import { ACCOUNT_PAGE_TEXTS, accountMailOf } from "#app/domain/auth/account.server.ts";
import { tooManyAttempts } from "#app/domain/auth/auth.schema.ts";
import {
  PASSKEY_TEXTS,
  passkeyConfirmOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  verifyPasskeyConfirmation,
} from "#app/domain/auth/passkeys.server.ts";
import { ROLES } from "#app/domain/auth/roles.ts";
import { confirmSession, isConfirmed } from "#app/domain/auth/sessions.server.ts";
import { hitSignInLimit } from "#app/domain/auth/sign-in.server.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentSession, type RequireOptions, requireUser } from "#app/web/guard.server.ts";
import {
  byMethod,
  json,
  jsonError,
  jsonFailure,
  methodNotAllowed,
  readJsonObject,
} from "#app/web/http.server.ts";
import { clientOf } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/passkeys";

/** /account is open before the second factor: so are its passkeys (to set one up). */
const SIGNED_IN: RequireOptions = { roles: ROLES, signInPath: "/login", beforeSecondFactor: true };

/**
 * POST /api/account/passkeys: /account's passkeys. { intent: "confirm-options" } and
 * { intent: "confirm", response } confirm it's you with one; { intent: "options" } and
 * { intent: "register", name, response } add one (on a session that confirmed it's them in the
 * last 10 minutes). Signed-in people only (any other method answers 405 after the sign-in check).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, SIGNED_IN);
  return byMethod(request, {
    POST: async () => {
      const services = context.get(appContext);
      const { db, env } = services;
      const body = await readJsonObject(request, 64 * 1024);
      const client = clientOf(request, context);
      if (body?.intent === "confirm-options") {
        const limit = await hitSignInLimit(db, env.SIGNIN_RATE_LIMIT, client.ip);
        if (!limit.allowed) return jsonError(tooManyAttempts(limit.retryAfter), 429);
        const options = await passkeyConfirmOptions(db, user.id, env.SITE_URL);
        return options ? json(options) : jsonError(PASSKEY_TEXTS.none, 409);
      }
      if (body?.intent === "confirm") {
        if (!(await verifyPasskeyConfirmation(db, user.id, body.response, env.SITE_URL))) {
          return jsonError(PASSKEY_TEXTS.notVerified, 400);
        }
        await confirmSession(db, client.previousToken ?? "", "passkey");
        await auditChange(db, { user, ip: client.ip }, "identity_confirmed", `user:${user.id}`, {
          with: "passkey",
        });
        return json({ ok: true, message: ACCOUNT_PAGE_TEXTS.confirmed });
      }
      if (body?.intent !== "options" && body?.intent !== "register") {
        return jsonError(`Send intent "options", "register", "confirm-options" or "confirm".`, 400);
      }
      // A new way into the account: only on a session that confirmed it's them just now.
      if (!isConfirmed(await getCurrentSession(request, context))) {
        return jsonError(ACCOUNT_PAGE_TEXTS.confirmFirst, 403);
      }
      if (body.intent === "options") {
        const { siteName } = await getSiteSettings(db);
        return json(
          await passkeyRegistrationOptions(db, user, { url: env.SITE_URL, name: siteName }),
        );
      }
      const input = { name: body.name, response: body.response };
      const mail = await accountMailOf(services);
      const actor = { user, ip: client.ip };
      const result = await registerPasskey(db, user, input, env.SITE_URL, actor, mail, client);
      return result.ok ? json(result.value, 201) : jsonFailure(result);
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, SIGNED_IN);
  return methodNotAllowed("POST");
}
