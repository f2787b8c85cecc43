// The guards every staff loader, action and JSON door calls (one way each): `requireUser` with
// the roles a page allows, `requireAdmin` and `requireSalesUser` for the two staff areas. Guards
// throw: a redirect to the sign-in page for pages, a JSON 401/403 for /api. (The sales side's
// access rules, which scope its queries, are business: app/domain/sales/scope.server.ts.)
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { safeRedirect } from "#app/domain/auth/redirect.ts";
import {
  ADMIN_ROLES,
  displayName,
  homeOf,
  type PublicUser,
  type Role,
  roleLabels,
  SALES_ROLES,
} from "#app/domain/auth/roles.ts";
import {
  type ActiveSession,
  findSession,
  sessionSettings,
} from "#app/domain/auth/sessions.server.ts";
import type { SignInSettings } from "#app/domain/auth/sign-in.server.ts";
import { getStaffSettings } from "#app/domain/settings/staff-settings.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Env } from "#app/platform/env.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import { readSessionToken, readSignInHint } from "./cookie.server.ts";

type Context = Readonly<RouterContextProvider>;

export function authSettings(
  env: Pick<Env, "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS" | "SIGNIN_RATE_LIMIT">,
): SignInSettings {
  return { ...sessionSettings(env), rateLimit: env.SIGNIN_RATE_LIMIT };
}

// A layout and its child loaders share the request: one session lookup per request.
const lookups = new WeakMap<Request, Promise<ActiveSession | null>>();

/** The session of this request (cookie or Bearer token), or null. */
export function getCurrentSession(
  request: Request,
  context: Context,
): Promise<ActiveSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const presented = readSessionToken(request);
    const { db, env } = context.get(appContext);
    lookup = presented
      ? findSession(db, presented.token, sessionSettings(env))
      : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in user of this request (cookie or Bearer token), or null. */
export async function getCurrentUser(request: Request, context: Context) {
  return (await getCurrentSession(request, context))?.user ?? null;
}

export const TWO_FACTOR_REQUIRED =
  "Two-factor sign-in is required for admins: sign in with your second factor, or set one up at /account first.";

/**
 * "Require two-factor for admins" reads the session, not the account: true when this session of
 * an admin was completed (or confirmed since) with a code or a passkey, or the rule is off.
 */
async function meetsSecondFactorRule(context: Context, session: ActiveSession) {
  if (session.user.role !== "admin" || session.secondFactor) return true;
  const { db, env } = context.get(appContext);
  return (await getStaffSettings(db, env)).require_admin_two_factor !== "on";
}

/**
 * The staff user of this request for a door that also serves the public (the slides API): the
 * user when their role is one of `roles` and their session meets the two-factor rule, else null
 * (they get what a visitor gets).
 */
export async function getStaffUser(
  request: Request,
  context: Context,
  roles: readonly Role[],
): Promise<PublicUser | null> {
  const session = await getCurrentSession(request, context);
  if (!session || !roles.includes(session.user.role)) return null;
  return (await meetsSecondFactorRule(context, session)) ? session.user : null;
}

/**
 * With "Require two-factor for admins" on, an admin whose session was not completed with a code
 * or a passkey can open only /account (to set one up, or confirm with the one they have): every
 * other staff page sends them there, and every staff API answers 403.
 */
async function enforceSecondFactor(request: Request, context: Context, session: ActiveSession) {
  if (await meetsSecondFactorRule(context, session)) return;
  if (new URL(request.url).pathname.startsWith("/api/")) {
    throw Response.json(
      { error: TWO_FACTOR_REQUIRED },
      { status: 403, headers: { "Cache-Control": NO_STORE } },
    );
  }
  throw redirect("/account?setup=two-factor", { headers: { "Cache-Control": NO_STORE } });
}

export interface RequireOptions {
  roles: readonly Role[];
  /** The sign-in page a page visitor is sent to (APIs answer 401/403 instead). */
  signInPath: "/admin" | "/login" | "/portal";
  /** /account itself: reachable while a required second factor is still being set up. */
  beforeSecondFactor?: boolean;
}

/** The page the visitor asked for, as a same-site path (a `.data` request names its page). */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  let path = url.pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  return `${path}${url.search}`;
}

/**
 * The signed-in user if their role is allowed; otherwise throws: a redirect to the sign-in page
 * remembering the page for pages, a JSON 401 (nobody signed in) or 403 (wrong role) for /api.
 */
export async function requireUser(
  request: Request,
  context: Context,
  options: RequireOptions,
): Promise<PublicUser> {
  const session = await getCurrentSession(request, context);
  const user = session?.user ?? null;
  if (session && user && options.roles.includes(user.role)) {
    if (!options.beforeSecondFactor) await enforceSecondFactor(request, context, session);
    return user;
  }
  if (new URL(request.url).pathname.startsWith("/api/")) {
    throw Response.json(
      user ? { error: "You do not have access to this resource." } : { error: "Sign-in required." },
      {
        status: user ? 403 : 401,
        headers: {
          "Cache-Control": NO_STORE,
          ...(user ? {} : { "WWW-Authenticate": 'Bearer realm="api"' }),
        },
      },
    );
  }
  const to = `${options.signInPath}?redirectTo=${encodeURIComponent(requestedPath(request))}`;
  throw redirect(to, { headers: { "Cache-Control": NO_STORE } });
}

/** Who is signed in at a door they cannot use: what the wrong-door notice shows. */
export interface SignedInElsewhere {
  name: string;
  role: string;
  home: { to: string; label: string };
}

export const signedInElsewhere = (user: PublicUser): SignedInElsewhere => ({
  name: displayName(user),
  role: roleLabels[user.role],
  home: homeOf(user.role),
});

/**
 * A sign-in page's first step: who is already signed in with one of `roles` goes on (to the
 * page they asked for, else `home`). Returns the page asked for ("" for none) and, for someone
 * signed in with another role, who they are (the page says they cannot open it, instead of a
 * bare sign-in form).
 */
export async function sendSignedInOn(
  request: Request,
  context: Context,
  roles: readonly Role[],
  home: string,
): Promise<{ redirectTo: string; elsewhere: SignedInElsewhere | null }> {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getCurrentUser(request, context);
  if (user && roles.includes(user.role)) throw redirect(redirectTo || home);
  return { redirectTo, elsewhere: user ? signedInElsewhere(user) : null };
}

/**
 * What a staff sign-in page's loader answers: `sendSignedInOn`, and the address to fill in when
 * the visitor just chose a password in this browser.
 */
export async function signInPageState(
  request: Request,
  context: Context,
  roles: readonly Role[],
  home: string,
) {
  const { redirectTo, elsewhere } = await sendSignedInOn(request, context, roles, home);
  return { redirectTo, elsewhere, hint: readSignInHint(request) };
}

/** The admin of this request, as the audit log's actor, and the request's services. */
export async function requireAdmin(request: Request, context: Context) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });
  const services = context.get(appContext);
  const actor = { user, ip: services.clientIp } satisfies Actor;
  return { user, actor, services };
}

/** Anyone who works customer records: admins, managers and sales reps (each sees their scope). */
export async function requireRecordUser(request: Request, context: Context) {
  const user = await requireUser(request, context, {
    roles: [...ADMIN_ROLES, ...SALES_ROLES],
    signInPath: "/login",
  });
  const services = context.get(appContext);
  const actor = { user, ip: services.clientIp } satisfies Actor;
  return { user, actor, services };
}

/** A sales rep or manager (the sales dashboard). */
export const requireSalesUser = (request: Request, context: Context) =>
  requireUser(request, context, { roles: SALES_ROLES, signInPath: "/login" });

/**
 * The headers of a page whose address carries a token (a one-time link, a receipt): the address
 * never reaches another site. ("no-referrer" would also make the browser send `Origin: null` with
 * the page's own form posts, which the origin check refuses.) The route's `headers` export sends
 * them with the document: a loader's own headers reach only its data requests.
 */
export const TOKEN_PAGE_HEADERS = { "Referrer-Policy": "same-origin" };

/** Route middleware: the answer is for this visitor only; no cache may keep it. */
export const noStore: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  setNoStore(response);
  return response;
};

/** Route middleware: like noStore, but only when the request presents a session. */
export const noStoreWhenSignedIn: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (readSessionToken(request)) setNoStore(response);
  return response;
};

function setNoStore(response: Response) {
  try {
    response.headers.set("Cache-Control", NO_STORE);
  } catch {
    // Immutable headers (Response.redirect): such answers carry no page.
  }
}
