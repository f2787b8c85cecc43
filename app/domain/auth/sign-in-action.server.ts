// The actions of the three sign-in pages (/login, /admin, /portal) and of the sign-out form.
// A two-factor account signs in in two steps: the password, then (intent "code") a code; the
// pending step is named by a short-lived HttpOnly cookie, and no session exists before the code.
import { data, type RouterContextProvider, redirectDocument } from "react-router";
import { appContext } from "#app/platform/context.ts";
import {
  clearSessionCookie,
  isHttps,
  readCookie,
  readSessionToken,
  sessionCookie,
} from "#app/web/cookie.server.ts";
import { authSettings } from "#app/web/guard.server.ts";
import {
  BadInputError,
  BodyTooLargeError,
  NO_STORE,
  readForm,
  TOO_LARGE,
} from "#app/web/http.server.ts";
import {
  CODE_EXPIRED,
  INVALID_ADMIN_SIGN_IN,
  INVALID_EMAIL_OR_PASSWORD,
  MISSING_EMAIL_OR_PASSWORD,
  MISSING_USERNAME_OR_PASSWORD,
  signInSchema,
  tooManyAttempts,
  tooManyFailures,
  WRONG_CODE,
} from "./auth.schema.ts";
import { CHALLENGE_TTL_MS } from "./challenges.server.ts";
import { readDeviceToken, rememberDevice } from "./devices.server.ts";
import { PASSKEY_TEXTS } from "./passkeys.server.ts";
import { safeRedirect } from "./redirect.ts";
import { ADMIN_ROLES, PORTAL_ROLES, type Role, SALES_ROLES } from "./roles.ts";
import {
  type SecondStep,
  type SecondStepAnswer,
  type SignedIn,
  signIn,
  signOut,
  verifySecondFactor,
} from "./sign-in.server.ts";

type Context = Readonly<RouterContextProvider>;

interface Door {
  roles: readonly Role[];
  /** The form field holding the e-mail (or username). */
  field: "email" | "username";
  missing: string;
  failure: string;
  /** Where a successful sign-in goes when no redirectTo was given. */
  home: string;
}

export const doors = {
  login: {
    roles: SALES_ROLES,
    field: "email",
    missing: MISSING_EMAIL_OR_PASSWORD,
    failure: INVALID_EMAIL_OR_PASSWORD,
    home: "/sales-dashboard",
  },
  admin: {
    roles: ADMIN_ROLES,
    field: "username",
    missing: MISSING_USERNAME_OR_PASSWORD,
    failure: INVALID_ADMIN_SIGN_IN,
    home: "/admin/dashboard",
  },
  portal: {
    roles: PORTAL_ROLES,
    field: "email",
    missing: MISSING_EMAIL_OR_PASSWORD,
    failure: INVALID_EMAIL_OR_PASSWORD,
    home: "/portal",
  },
} satisfies Record<string, Door>;

export type DoorName = keyof typeof doors;

const MAX_FORM_BYTES = 16 * 1024;

/** What a sign-in page shows after a post: the step it is at, and what went wrong. */
export interface SignInAnswer {
  /** "password" (the first step) or "code" (the second factor is due). */
  step: "password" | "code";
  /** At the second step: what it takes (a code from the app, a passkey). */
  methods?: SecondStep[];
  error?: string;
  login: string;
}

export const ticketCookieName = (request: Request) =>
  isHttps(request) ? "__Host-signin-step" : "signin-step";

function ticketCookie(request: Request, ticket: string | null) {
  const secure = isHttps(request) ? "; Secure" : "";
  const maxAge = ticket ? Math.floor(CHALLENGE_TTL_MS / 1000) : 0;
  return `${ticketCookieName(request)}=${ticket ?? ""}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

function answer(body: SignInAnswer, status: number, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", NO_STORE);
  return data(body, { status, headers: all });
}

/**
 * Signs in through a page. Success: a new session cookie, the trusted-device cookie, and a
 * full page load of the target (redirectTo when it is a same-site path, else the door's home).
 * Failure: the door's message, the same for an unknown user, a wrong password, a disabled
 * account or a wrong role.
 */
export async function signInAction(request: Request, context: Context, doorName: DoorName) {
  const door: Door = doors[doorName];
  const form = await readForm(request, MAX_FORM_BYTES).catch((error) => {
    if (error instanceof BodyTooLargeError || error instanceof BadInputError) return error;
    throw error;
  });
  if (form instanceof BodyTooLargeError || form instanceof BadInputError) {
    const error = form instanceof BodyTooLargeError ? TOO_LARGE : form.message;
    return answer({ step: "password", error, login: "" }, form.status);
  }
  const { db, env, clientIp } = context.get(appContext);
  const client = {
    ip: clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    previousToken: readSessionToken(request)?.token,
    deviceToken: readDeviceToken(request),
  };
  const target = safeRedirect(form?.get("redirectTo"), door.home);

  const intent = form?.get("intent");
  if (intent === "code" || intent === "passkey") {
    const given: SecondStepAnswer =
      intent === "code"
        ? { code: String(form?.get("code") ?? "") }
        : { passkey: parseJson(form?.get("response")), siteUrl: env.SITE_URL };
    const result = await verifySecondFactor(db, authSettings(env), {
      ...client,
      ticket: readCookie(request, ticketCookieName(request)),
      ...given,
    });
    if (result.ok) return signedIn(request, context, result, target);
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
  if (result.ok) return signedIn(request, context, result, target);
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

/** The headers of a completed sign-in: the session cookie and the trusted-device cookie. */
export async function signedInHeaders(request: Request, context: Context, result: SignedIn) {
  const { db } = context.get(appContext);
  const headers = new Headers({ "Cache-Control": NO_STORE });
  headers.append("Set-Cookie", sessionCookie(request, result.token, result.expiresAt));
  headers.append("Set-Cookie", await rememberDevice(db, request, result.user.id));
  headers.append("Set-Cookie", ticketCookie(request, null));
  return headers;
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

/** A completed sign-in's cookies, and a full page load of `target`. */
async function signedIn(request: Request, context: Context, result: SignedIn, target: string) {
  const headers = await signedInHeaders(request, context, result);
  // A full page load, so every part of the page is rendered for the signed-in user.
  return redirectDocument(target, { headers });
}

/** Ends the session on the server, clears the cookie and goes to redirectTo (default /login). */
export async function signOutAction(request: Request, context: Context) {
  const form = await readForm(request, MAX_FORM_BYTES).catch(() => null);
  const { db, env, clientIp } = context.get(appContext);
  await signOut(db, authSettings(env), readSessionToken(request)?.token, clientIp);
  return redirectDocument(safeRedirect(form?.get("redirectTo"), "/login"), {
    headers: { "Set-Cookie": clearSessionCookie(request), "Cache-Control": NO_STORE },
  });
}
