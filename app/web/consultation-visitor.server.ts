// The booking visitor's cookie: whose consultation hold a hold is, and which browser may see a
// booking's confirmation page. Its path is the site's: the booking page's own data requests
// ("/consultation.data") are not under "/consultation", and a cookie they did not carry made
// every click a new visitor. Over HTTPS it is `__Host-` and Secure, like the session cookie.
// Only a POST sets it (choosing a time, booking): looking at the page takes nothing. The pages
// of a booked consultation are that browser's only.
import { createHash, randomBytes } from "node:crypto";
import { data } from "react-router";
import type { LoadedBooking } from "#app/domain/consultations/consultation-changes.server.ts";
import { bookingConfirmation } from "#app/domain/consultations/consultation-confirmation.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { isHttps, readCookie } from "#app/web/cookie.server.ts";
import { NO_STORE, parseId } from "#app/web/http.server.ts";

/**
 * Every booking page's answer is private and never stored by the page cache (it shows times that
 * change with every booking, or sets the visitor's cookie); search engines follow none of it.
 */
export const BOOKING_HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" };

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

const cookieName = (request: Request) =>
  isHttps(request) ? "__Host-booking_visitor" : "booking_visitor";

const keyOf = (value: string) => createHash("sha256").update(value).digest("hex");

/** The hold key of the browser's booking cookie (its SHA-256), if it has one. */
export function visitorKey(request: Request): string | null {
  const present = readCookie(request, cookieName(request));
  return present && SHAPE.test(present) ? keyOf(present) : null;
}

/** The visitor's hold key, with the cookie to set when the browser has none yet. */
export function visitorOf(request: Request): { key: string; setCookie: string | null } {
  const present = readCookie(request, cookieName(request));
  if (present && SHAPE.test(present)) return { key: keyOf(present), setCookie: null };
  const value = randomBytes(32).toString("base64url");
  const secure = isHttps(request) ? "; Secure" : "";
  return {
    key: keyOf(value),
    setCookie: `${cookieName(request)}=${value}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  };
}

/**
 * The booked consultation the address names, for the browser that booked it (its cookie), with
 * the company's zone; anyone else a 404 that says nothing more.
 */
export async function bookedByThisBrowser(
  request: Request,
  db: Db,
  bookingId: string | undefined,
): Promise<{ loaded: LoadedBooking; companyZone: string }> {
  const id = parseId(bookingId);
  const companyZone = await getTimeZone(db);
  const loaded = id ? await bookingConfirmation(db, id, visitorKey(request), companyZone) : null;
  if (!loaded) throw data(null, { status: 404, headers: BOOKING_HEADERS });
  return { loaded, companyZone };
}
