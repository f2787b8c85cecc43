import { passkeySignInOptions } from "#app/domain/auth/passkeys.server.ts";
import { hitSignInLimit } from "#app/domain/auth/sign-in.server.ts";
import { isDoor } from "#app/domain/auth/sign-in-doors.ts";
import { appContext } from "#app/platform/context.ts";
import { json, jsonError, jsonPost, methodNotAllowed } from "#app/web/http.server.ts";
import { tooManyAnswer } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/passkey-options";

/** POST /api/auth/passkey/options { door } -> { options, ticket }: a passkey sign-in's challenge. */
export function action({ request, context }: Route.ActionArgs) {
  return jsonPost(request, 64 * 1024, async (body) => {
    if (!isDoor(body?.door)) return jsonError("Send the door: admin, login or portal.", 400);
    const { db, env, clientIp } = context.get(appContext);
    // Each ask stores a challenge: the sign-in pages' per-client limit holds here too.
    const limit = await hitSignInLimit(db, env.SIGNIN_RATE_LIMIT, clientIp);
    if (!limit.allowed) return tooManyAnswer("rate_limited", limit.retryAfter);
    return json(await passkeySignInOptions(db, body.door, env.SITE_URL));
  });
}

export const loader = () => methodNotAllowed("POST");
