// The actions of the three sign-in pages (/login, /admin, /portal) and of the sign-out form.
import { data, type RouterContextProvider, redirectDocument } from "react-router";
import { appContext } from "#app/platform/context.ts";
import {
  BadInputError,
  BodyTooLargeError,
  NO_STORE,
  readForm,
  TOO_LARGE,
} from "#app/platform/http.server.ts";
import {
  INVALID_ADMIN_SIGN_IN,
  INVALID_EMAIL_OR_PASSWORD,
  MISSING_EMAIL_OR_PASSWORD,
  MISSING_USERNAME_OR_PASSWORD,
  signInSchema,
  tooManyAttempts,
} from "./auth.schema.ts";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./cookie.server.ts";
import { authSettings } from "./guard.server.ts";
import { safeRedirect } from "./redirect.ts";
import { ADMIN_ROLES, PORTAL_ROLES, type Role, SALES_ROLES } from "./roles.ts";
import { signIn, signOut } from "./sign-in.server.ts";

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

/**
 * Signs in through a page. Success: a new session cookie and a full page load of the target
 * (redirectTo when it is a same-site path, else the door's home). Failure: the door's message,
 * the same for an unknown user, a wrong password, a locked or disabled account or a wrong role.
 */
export async function signInAction(request: Request, context: Context, doorName: DoorName) {
  const door: Door = doors[doorName];
  const form = await readForm(request, MAX_FORM_BYTES).catch((error) => {
    if (error instanceof BodyTooLargeError || error instanceof BadInputError) return error;
    throw error;
  });
  if (form instanceof BodyTooLargeError || form instanceof BadInputError) {
    return data(
      { error: form instanceof BodyTooLargeError ? TOO_LARGE : form.message, login: "" },
      { status: form.status, headers: { "Cache-Control": NO_STORE } },
    );
  }
  const rawLogin = form?.get(door.field);
  const login = typeof rawLogin === "string" ? rawLogin.trim().slice(0, 254) : "";
  const parsed = signInSchema.safeParse({ login, password: form?.get("password") ?? "" });
  if (!parsed.success) {
    return data(
      { error: door.missing, login },
      { status: 400, headers: { "Cache-Control": NO_STORE } },
    );
  }

  const { db, env, clientIp } = context.get(appContext);
  const result = await signIn(db, authSettings(env), {
    login: parsed.data.login,
    password: parsed.data.password,
    roles: door.roles,
    ip: clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    previousToken: readSessionToken(request)?.token,
    door: doorName,
  });
  if (!result.ok) {
    const rateLimited = result.reason === "rate_limited";
    return data(
      { error: rateLimited ? tooManyAttempts(result.retryAfter) : door.failure, login },
      {
        status: rateLimited ? 429 : 401,
        headers: {
          "Cache-Control": NO_STORE,
          ...(rateLimited ? { "Retry-After": String(result.retryAfter) } : {}),
        },
      },
    );
  }
  const target = safeRedirect(form?.get("redirectTo"), door.home);
  // A full page load, so every part of the page is rendered for the signed-in user.
  return redirectDocument(target, {
    headers: {
      "Set-Cookie": sessionCookie(request, result.token, result.expiresAt),
      "Cache-Control": NO_STORE,
    },
  });
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
