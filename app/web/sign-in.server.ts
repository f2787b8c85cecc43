// The request side of signing in, shared by the three sign-in pages (/login, /admin, /portal),
// the JSON doors of /api/auth and /account: who the client is (address, browser, session and
// trusted-device cookies), the cookies a completed sign-in sets, the short-lived cookie naming a
// pending second step, and the pages' sign-in action. A two-factor account signs in in two
// steps: the password, then (intent "code" or "passkey") the second factor; no session exists
// before it.
import { data, type RouterContextProvider, redirectDocument } from "react-router";
import {
  CODE_EXPIRED,
  signInSchema,
  tooManyAttempts,
  tooManyFailures,
  WRONG_CODE,
} from "#app/domain/auth/auth.schema.ts";
import { CHALLENGE_TTL_MS } from "#app/domain/auth/challenges.server.ts";
import { DEVICE_DAYS, isDeviceToken, rememberDevice } from "#app/domain/auth/devices.server.ts";
import { PASSKEY_TEXTS } from "#app/domain/auth/passkeys.server.ts";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import {
  type SecondStep,
  type SecondStepAnswer,
  type SessionStarted,
  type SignInClient,
  signIn,
  verifySecondFactor,
} from "#app/domain/auth/sign-in.server.ts";
import { type DoorName, doors, type SignInDoor } from "#app/domain/auth/sign-in-doors.ts";
import { appContext } from "#app/platform/context.ts";
import { isHttps, readCookie, readSessionToken, sessionCookie } from "./cookie.server.ts";
import { authSettings } from "./guard.server.ts";
import {
  BadInputError,
  BodyTooLargeError,
  json,
  jsonError,
  NO_STORE,
  readForm,
  readJsonObject,
  refusedTextAnswer,
  TOO_LARGE,
} from "./http.server.ts";

type Context = Readonly<RouterContextProvider>;

const deviceCookieName = (request: Request) => (isHttps(request) ? "__Host-device" : "device");

/** The trusted-device cookie's token as presented, or null. */
function readDeviceToken(request: Request): string | null {
  const token = readCookie(request, deviceCookieName(request));
  return isDeviceToken(token) ? token : null;
}

function deviceCookie(request: Request, token: string) {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${deviceCookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_DAYS * 86_400}${secure}`;
}

/** Who is asking, from where: what the throttle counts against and the notices name. */
export function clientOf(request: Request, context: Context): SignInClient {
  return {
    ip: context.get(appContext).clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    deviceToken: readDeviceToken(request),
    previousToken: readSessionToken(request)?.token,
  };
}

const ticketCookieName = (request: Request) =>
  isHttps(request) ? "__Host-signin-step" : "signin-step";

/** The pending second step's ticket, as the sign-in pages' cookie presents it. */
export const readTicket = (request: Request) => readCookie(request, ticketCookieName(request));

function ticketCookie(request: Request, ticket: string | null) {
  const secure = isHttps(request) ? "; Secure" : "";
  const maxAge = ticket ? Math.floor(CHALLENGE_TTL_MS / 1000) : 0;
  return `${ticketCookieName(request)}=${ticket ?? ""}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

/** The headers of a completed sign-in: the session cookie and the trusted-device cookie. */
export async function signedInHeaders(request: Request, context: Context, session: SessionStarted) {
  const { db } = context.get(appContext);
  const device = await rememberDevice(db, readDeviceToken(request), session.user.id);
  const headers = new Headers({ "Cache-Control": NO_STORE });
  headers.append("Set-Cookie", sessionCookie(request, session.token, session.expiresAt));
  headers.append("Set-Cookie", deviceCookie(request, device));
  headers.append("Set-Cookie", ticketCookie(request, null));
  return headers;
}

const MAX_FORM_BYTES = 16 * 1024;

/** What a sign-in page shows after a post: the step it is at, and what went wrong. */
interface SignInAnswer {
  /** "password" (the first step) or "code" (the second factor is due). */
  step: "password" | "code";
  /** At the second step: what it takes (a code from the app, a passkey). */
  methods?: SecondStep[];
  error?: string;
  login: string;
}

function answer(body: SignInAnswer, status: number, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", NO_STORE);
  return data(body, { status, headers: all });
}

/** A passkey's response as the page posts it (JSON in a form field), or null. */
function parseJson(value: FormDataEntryValue | null | undefined): unknown {
  if (typeof value !== "string") return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Signs in through a page. Success: a new session cookie, the trusted-device cookie, and a
 * full page load of the target (redirectTo when it is a same-site path, else the door's home).
 * Failure: the door's message, the same for an unknown user, a wrong password, a disabled
 * account or a wrong role.
 */
export async function signInAction(request: Request, context: Context, doorName: DoorName) {
  const door: SignInDoor = doors[doorName];
  const form = await readForm(request, MAX_FORM_BYTES).catch((error) => {
    if (error instanceof BodyTooLargeError || error instanceof BadInputError) return error;
    throw error;
  });
  if (form instanceof BodyTooLargeError || form instanceof BadInputError) {
    const error = form instanceof BodyTooLargeError ? TOO_LARGE : form.message;
    return answer({ step: "password", error, login: "" }, form.status);
  }
  const { db, env } = context.get(appContext);
  const client = clientOf(request, context);
  const target = safeRedirect(form?.get("redirectTo"), door.home);

  const intent = form?.get("intent");
  if (intent === "code" || intent === "passkey") {
    const given: SecondStepAnswer =
      intent === "code"
        ? { code: String(form?.get("code") ?? "") }
        : { passkey: parseJson(form?.get("response")), siteUrl: env.SITE_URL };
    const result = await verifySecondFactor(db, authSettings(env), {
      ...client,
      ticket: readTicket(request),
      ...given,
    });
    if (result.ok) return signedIn(request, context, result.value, target);
    if (result.reason === "expired") {
      const body = { step: "password" as const, error: CODE_EXPIRED, login: "" };
      return answer(body, 401, { "Set-Cookie": ticketCookie(request, null) });
    }
    if (result.reason === "rate_limited") {
      const error = tooManyAttempts(result.retryAfter);
      return answer({ step: "code", error, login: "" }, 429, {
        "Retry-After": String(result.retryAfter),
      });
    }
    if (result.reason === "throttled") {
      const error = tooManyFailures(result.retryAfter);
      return answer({ step: "code", methods: result.methods, error, login: "" }, 429, {
        "Retry-After": String(result.retryAfter),
      });
    }
    const error = intent === "code" ? WRONG_CODE : PASSKEY_TEXTS.notVerified;
    return answer({ step: "code", methods: result.methods, error, login: "" }, 401);
  }

  const rawLogin = form?.get(door.field);
  const login = typeof rawLogin === "string" ? rawLogin.trim().slice(0, 254) : "";
  const parsed = signInSchema.safeParse({ login, password: form?.get("password") ?? "" });
  if (!parsed.success) return answer({ step: "password", error: door.missing, login }, 400);

  const result = await signIn(db, authSettings(env), {
    ...client,
    login: parsed.data.login,
    password: parsed.data.password,
    roles: door.roles,
    door: doorName,
  });
  if (result.ok) return signedIn(request, context, result.value, target);
  switch (result.reason) {
    case "second_factor":
      return answer({ step: "code", methods: result.methods, login }, 200, {
        "Set-Cookie": ticketCookie(request, result.ticket),
      });
    case "rate_limited":
    case "throttled": {
      const error =
        result.reason === "throttled"
          ? tooManyFailures(result.retryAfter)
          : tooManyAttempts(result.retryAfter);
      return answer({ step: "password", error, login }, 429, {
        "Retry-After": String(result.retryAfter),
      });
    }
    default:
      return answer({ step: "password", error: door.failure, login }, 401);
  }
}

/** A completed sign-in's cookies, and a full page load of `target`. */
async function signedIn(
  request: Request,
  context: Context,
  session: SessionStarted,
  target: string,
) {
  const headers = await signedInHeaders(request, context, session);
  // A full page load, so every part of the page is rendered for the signed-in user.
  return redirectDocument(target, { headers });
}

/** The bound of the body of a JSON door of /api/auth. */
const MAX_API_BODY_BYTES = 16 * 1024;

/** The body of a JSON door of /api/auth (JSON or a form) as a plain object, or null when unreadable. */
export async function readSignInBody(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    return readJsonObject(request, MAX_API_BODY_BYTES);
  }
  try {
    const form = await readForm(request, MAX_API_BODY_BYTES);
    return form && Object.fromEntries(form);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw jsonError(TOO_LARGE, 413);
    if (error instanceof BadInputError) throw refusedTextAnswer(error.field);
    throw error;
  }
}

/** A JSON sign-in door's 429: too many attempts from the address, or failures on the account. */
export function tooManyAnswer(reason: "rate_limited" | "throttled", retryAfter: number) {
  const error = reason === "throttled" ? tooManyFailures(retryAfter) : tooManyAttempts(retryAfter);
  return json({ error }, 429, { "Retry-After": String(retryAfter) });
}
