// The JSON doors of passkeys. Signing in: POST /api/auth/passkey/options { door } answers the
// options and a ticket; POST /api/auth/passkey/verify { ticket, response, redirectTo } signs in
// (session and device cookies) and answers where to go. On /account: POST /api/account/passkeys
// { intent: "options" } and { intent: "register", name, response } (on a session that confirmed
// it's them in the last 10 minutes), and { intent: "confirm-options" }, { intent: "confirm",
// response } to confirm it with a passkey.
import type { RouterContextProvider } from "react-router";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import { authSettings, getCurrentSession, requireUser } from "#app/web/guard.server.ts";
import { json, jsonError, methodNotAllowed, readJsonObject } from "#app/web/http.server.ts";
import { accountMailOf } from "./account.server.ts";
import { ACCOUNT_PAGE_TEXTS, accountClientOf, isConfirmed } from "./account-action.server.ts";
import { auditChange } from "./audit.server.ts";
import { tooManyAttempts } from "./auth.schema.ts";
import {
  PASSKEY_TEXTS,
  passkeyConfirmOptions,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  verifyPasskeyConfirmation,
  verifyPasskeySignIn,
} from "./passkeys.server.ts";
import { safeRedirect } from "./redirect.ts";
import { ROLES } from "./roles.ts";
import { confirmSession } from "./sessions.server.ts";
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

/** /account's passkeys: confirming it's you with one, and adding one (the options, then the key). */
export async function apiAccountPasskeys(request: Request, context: Context) {
  const user = await requireUser(request, context, {
    roles: ROLES,
    signInPath: "/login",
    beforeSecondFactor: true,
  });
  if (request.method !== "POST") return methodNotAllowed("POST");
  const services = context.get(appContext);
  const { db, env } = services;
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const client = accountClientOf(request, context);
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
    return json(await passkeyRegistrationOptions(db, user, { url: env.SITE_URL, name: siteName }));
  }
  const input = { name: body.name, response: body.response };
  const mail = await accountMailOf(services);
  const actor = { user, ip: client.ip };
  const result = await registerPasskey(db, user, input, env.SITE_URL, actor, mail, client);
  return result.ok ? json(result.passkey, 201) : jsonError(result.error, result.status);
}
