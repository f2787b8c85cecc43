// The JSON doors of passkeys. Signing in: POST /api/auth/passkey/options { door } answers the
// options and a ticket; POST /api/auth/passkey/verify { ticket, response, redirectTo } signs in
// (session and device cookies) and answers where to go. On /account: POST /api/account/passkeys
// { intent: "options" } and { intent: "register", name, response }.
import type { RouterContextProvider } from "react-router";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import { json, jsonError, methodNotAllowed, readJsonObject } from "#app/platform/http.server.ts";
import { tooManyAttempts } from "./auth.schema.ts";
import { authSettings, requireUser } from "./guard.server.ts";
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  verifyPasskeySignIn,
} from "./passkeys.server.ts";
import { safeRedirect } from "./redirect.ts";
import { ROLES } from "./roles.ts";
import { completeSignIn, hitSignInLimit } from "./sign-in.server.ts";
import { type DoorName, doors, signedInHeaders } from "./sign-in-action.server.ts";

type Context = Readonly<RouterContextProvider>;

const MAX_BODY_BYTES = 64 * 1024;

const isDoor = (value: unknown): value is DoorName =>
  typeof value === "string" && Object.hasOwn(doors, value);

export async function apiPasskeyOptions(request: Request, context: Context) {
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (!isDoor(body?.door)) return jsonError("Send the door: admin, login or portal.", 400);
  const { db, env, clientIp } = context.get(appContext);
  // Each ask stores a challenge: the sign-in pages' per-client limit holds here too.
  const limit = await hitSignInLimit(db, env.SIGNIN_RATE_LIMIT, clientIp);
  if (!limit.allowed) {
    return json({ error: tooManyAttempts(limit.retryAfter) }, 429, {
      "Retry-After": String(limit.retryAfter),
    });
  }
  return json(await passkeySignInOptions(db, body.door, env.SITE_URL));
}

export async function apiPasskeyVerify(request: Request, context: Context) {
  const body = await readJsonObject(request, MAX_BODY_BYTES);
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
  if (!checked.ok) return jsonError(checked.error, checked.status);
  const door = checked.door as DoorName;
  const client = { ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" };
  const result = await completeSignIn(db, authSettings(env), checked.user, client, {
    door,
    factors: ["passkey"],
  });
  const headers = await signedInHeaders(request, context, result);
  const redirectTo = safeRedirect(body.redirectTo, doors[door].home);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ redirectTo }), { status: 200, headers });
}

/** /account's passkey registration: the options, then the new passkey. */
export async function apiAccountPasskeys(request: Request, context: Context) {
  const user = await requireUser(request, context, {
    roles: ROLES,
    signInPath: "/login",
    beforeSecondFactor: true,
  });
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { db, env, clientIp } = context.get(appContext);
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (body?.intent === "options") {
    const { siteName } = await getSiteSettings(db);
    return json(await passkeyRegistrationOptions(db, user, { url: env.SITE_URL, name: siteName }));
  }
  if (body?.intent === "register") {
    const input = { name: body.name, response: body.response };
    const result = await registerPasskey(db, user, input, env.SITE_URL, { user, ip: clientIp });
    return result.ok ? json(result.passkey, 201) : jsonError(result.error, result.status);
  }
  return jsonError(`Send intent "options" or "register".`, 400);
}
