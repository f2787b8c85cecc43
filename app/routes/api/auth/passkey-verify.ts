import { verifyPasskeySignIn } from "#app/domain/auth/passkeys.server.ts";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import { completeSignIn } from "#app/domain/auth/sign-in.server.ts";
import { type DoorName, doors, isDoor } from "#app/domain/auth/sign-in-doors.ts";
import { appContext } from "#app/platform/context.ts";
import { authSettings } from "#app/web/guard.server.ts";
import { jsonError, jsonFailure, jsonPost, methodNotAllowed } from "#app/web/http.server.ts";
import { signedInHeaders } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/passkey-verify";

/**
 * POST /api/auth/passkey/verify { ticket, response, redirectTo } -> { redirectTo }: signs in with
 * a passkey (session and device cookies) and answers where to go.
 */
export function action({ request, context }: Route.ActionArgs) {
  return jsonPost(request, 64 * 1024, async (body) => {
    if (!body || typeof body.ticket !== "string" || !body.response) {
      return jsonError("Send the ticket and the passkey's response.", 400);
    }
    const { db, env, clientIp } = context.get(appContext);
    const checked = await verifyPasskeySignIn(
      db,
      {
        ticket: body.ticket,
        response: body.response,
        roles: (door) => (isDoor(door) ? doors[door].roles : []),
      },
      { ip: clientIp },
      env.SITE_URL,
    );
    if (!checked.ok) return jsonFailure(checked);
    const door = checked.value.door as DoorName;
    const client = { ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" };
    const result = await completeSignIn(db, authSettings(env), checked.value.user, client, {
      door,
      factors: ["passkey"],
    });
    const headers = await signedInHeaders(request, context, result.value);
    const redirectTo = safeRedirect(body.redirectTo, doors[door].home);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ redirectTo }), { status: 200, headers });
  });
}

export const loader = () => methodNotAllowed("POST");
