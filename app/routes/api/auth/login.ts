import { apiLoginSchema, INVALID_EMAIL_OR_PASSWORD } from "#app/domain/auth/auth.schema.ts";
import { ROLES } from "#app/domain/auth/roles.ts";
import { signIn } from "#app/domain/auth/sign-in.server.ts";
import { appContext } from "#app/platform/context.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { byMethod, json, methodNotAllowed } from "#app/web/http.server.ts";
import { readSignInBody, tooManyAnswer } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/login";

/**
 * POST /api/auth/login { email, password } -> { token, user }: a Bearer token for API clients.
 * Same rules as the pages: lockout, rate limit, audit.
 */
export function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: async () => {
      const body = await readSignInBody(request);
      const parsed = apiLoginSchema.safeParse(body ?? {});
      if (!parsed.success) return json({ error: "Email and password are required." }, 400);
      const { db, env, clientIp } = context.get(appContext);
      const result = await signIn(db, authSettings(env), {
        login: parsed.data.email,
        password: parsed.data.password,
        roles: ROLES,
        ip: clientIp,
        userAgent: request.headers.get("user-agent") ?? "",
        door: "api",
      });
      if (result.ok) {
        const { token, user, expiresAt } = result.value;
        return json({ token, user, expiresAt });
      }
      switch (result.reason) {
        case "second_factor":
          // Within 5 minutes the client sends this ticket to /api/auth/login/verify with a code
          // ("totp" in methods), or with a passkey's response to the options that
          // /api/auth/login/passkey gives for it ("passkey").
          return json({
            twoFactorRequired: true,
            ticket: result.ticket,
            expiresAt: result.expiresAt,
            methods: result.methods,
          });
        case "rate_limited":
        case "throttled":
          return tooManyAnswer(result.reason, result.retryAfter);
        default:
          return json({ error: INVALID_EMAIL_OR_PASSWORD }, 401);
      }
    },
  });
}

export const loader = () => methodNotAllowed("POST");
