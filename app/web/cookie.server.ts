// The session cookie. Over HTTPS (directly, or through a proxy when TRUST_PROXY is set) it is
// `__Host-sid` and Secure; over plain HTTP (development, tests) it is `sid`. It follows the
// request's protocol, not NODE_ENV.
import { isRefusedText } from "#app/platform/input-text.ts";

export const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

export const sessionCookieName = (request: Request) => (isHttps(request) ? "__Host-sid" : "sid");

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

export interface PresentedToken {
  token: string;
  via: "cookie" | "bearer";
}

/** The session id the request presents: an `Authorization: Bearer` token, else the cookie. */
export function readSessionToken(request: Request): PresentedToken | null {
  const auth = request.headers.get("authorization");
  const bearer = auth ? /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(auth)?.[1] : undefined;
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = readCookie(request, sessionCookieName(request));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

export function sessionCookie(request: Request, token: string, expiresAt: Date, now = new Date()) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const secure = isHttps(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearSessionCookie(request: Request) {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/**
 * "Sign in with it now": after a new password is chosen, the sign-in page fills in the account's
 * address from this cookie (ten minutes, never read by script). Its path is the site's: the
 * page's data requests ("/login.data") are not under "/login".
 */
const HINT = "signin_hint";
export function signInHintCookie(request: Request, login: string) {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${HINT}=${encodeURIComponent(login)}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`;
}

/** The address the sign-in page fills in, if a new password was just chosen in this browser. */
export function readSignInHint(request: Request): string | undefined {
  const value = readCookie(request, HINT);
  if (!value) return undefined;
  try {
    const login = decodeURIComponent(value);
    return login.length <= 254 && !isRefusedText(login) ? login : undefined;
  } catch {
    return undefined;
  }
}
