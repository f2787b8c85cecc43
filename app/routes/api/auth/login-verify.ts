import { CODE_EXPIRED, WRONG_CODE } from "#app/domain/auth/auth.schema.ts";
import { PASSKEY_TEXTS } from "#app/domain/auth/passkeys.server.ts";
import { verifySecondFactor } from "#app/domain/auth/sign-in.server.ts";
import { appContext } from "#app/platform/context.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { byMethod, json, methodNotAllowed } from "#app/web/http.server.ts";
import { readSignInBody, tooManyAnswer } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/login-verify";

/**
 * POST /api/auth/login/verify { ticket, code } or { ticket, passkey } -> { token, user,
 * expiresAt }: the second step of an API sign-in for an account with a second factor (the
 * ticket comes from /api/auth/login); answers what login does.
 */
export function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: async () => {
      const body = await readSignInBody(request);
      const ticket = body?.ticket;
      const code = body?.code;
      const passkey = body?.passkey;
      const withCode = typeof code === "string" && code.trim() !== "";
      const withPasskey = typeof passkey === "object" && passkey !== null;
      if (typeof ticket !== "string" || withCode === withPasskey) {
        return json(
          { error: "Send the ticket from /api/auth/login and a code, or a passkey's response." },
          400,
        );
      }
      const { db, env, clientIp } = context.get(appContext);
      const result = await verifySecondFactor(db, authSettings(env), {
        ticket,
        ...(withCode ? { code: code as string } : { passkey, siteUrl: env.SITE_URL }),
        ip: clientIp,
        userAgent: request.headers.get("user-agent") ?? "",
      });
      if (result.ok) {
        const { token, user, expiresAt } = result.value;
        return json({ token, user, expiresAt });
      }
      if (result.reason === "expired") return json({ error: CODE_EXPIRED }, 401);
      if (result.reason === "wrong_code") {
        return json({ error: withCode ? WRONG_CODE : PASSKEY_TEXTS.notVerified }, 401);
      }
      return tooManyAnswer(result.reason, result.retryAfter);
    },
  });
}

export const loader = () => methodNotAllowed("POST");
