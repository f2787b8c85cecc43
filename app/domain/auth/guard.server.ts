// The server-side guard every staff loader and action calls, and the settings it reads.
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/platform/context.ts";
import type { Env } from "#app/platform/env.server.ts";
import { readSessionToken } from "./cookie.server.ts";
import type { PublicUser, Role } from "./roles.ts";
import { findSession, sessionSettings } from "./sessions.server.ts";
import type { SignInSettings } from "./sign-in.server.ts";

type Context = Readonly<RouterContextProvider>;

export function authSettings(
  env: Pick<Env, "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS" | "SIGNIN_RATE_LIMIT">,
): SignInSettings {
  return { ...sessionSettings(env), rateLimit: env.SIGNIN_RATE_LIMIT };
}

export const NO_STORE = "private, no-store";

// A layout and its child loaders share the request: one session lookup per request.
const lookups = new WeakMap<Request, Promise<PublicUser | null>>();

/** The signed-in user of this request (cookie or Bearer token), or null. */
export function getCurrentUser(request: Request, context: Context): Promise<PublicUser | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const presented = readSessionToken(request);
    const { db, env } = context.get(appContext);
    lookup = presented
      ? findSession(db, presented.token, sessionSettings(env)).then((s) => s?.user ?? null)
      : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

export interface RequireOptions {
  roles: readonly Role[];
  /** The sign-in page a page visitor is sent to (APIs answer 401/403 instead). */
  signInPath: "/admin" | "/login" | "/portal";
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
  const user = await getCurrentUser(request, context);
  if (user && options.roles.includes(user.role)) return user;
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
