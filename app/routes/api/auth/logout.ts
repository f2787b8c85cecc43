import { signOut } from "#app/domain/auth/sign-in.server.ts";
import { appContext } from "#app/platform/context.ts";
import { clearSessionCookie, readSessionToken } from "#app/web/cookie.server.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { byMethod, json, methodNotAllowed } from "#app/web/http.server.ts";
import type { Route } from "./+types/logout";

/** POST /api/auth/logout: ends the presented session (Bearer token or cookie). */
export function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: async () => {
      const presented = readSessionToken(request);
      const { db, env, clientIp } = context.get(appContext);
      await signOut(db, authSettings(env), presented?.token, clientIp);
      return json(
        { ok: true },
        200,
        presented?.via === "cookie" ? { "Set-Cookie": clearSessionCookie(request) } : {},
      );
    },
  });
}

export const loader = () => methodNotAllowed("POST");
