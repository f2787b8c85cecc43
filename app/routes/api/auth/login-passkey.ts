import { secondStepPasskeyOptions } from "#app/domain/auth/sign-in.server.ts";
import { appContext } from "#app/platform/context.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { json, jsonFailure, jsonPost, methodNotAllowed } from "#app/web/http.server.ts";
import { readTicket, tooManyAnswer } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/login-passkey";

/**
 * POST /api/auth/login/passkey { ticket } -> WebAuthn options: the second step of a sign-in
 * answered with one of the user's passkeys (the response then goes to /api/auth/login/verify).
 * The sign-in pages send no ticket: theirs is in the step's cookie.
 */
export function action({ request, context }: Route.ActionArgs) {
  return jsonPost(request, 16 * 1024, async (body) => {
    const ticket = body?.ticket ?? readTicket(request);
    const { db, env, clientIp } = context.get(appContext);
    const result = await secondStepPasskeyOptions(db, authSettings(env), {
      ticket,
      ip: clientIp,
      siteUrl: env.SITE_URL,
    });
    if (!result.ok) {
      if (result.reason === "too-many") return tooManyAnswer("rate_limited", result.retryAfter);
      return jsonFailure(result);
    }
    return json(result.value);
  });
}

export const loader = () => methodNotAllowed("POST");
