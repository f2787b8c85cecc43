// Input hygiene at the edge (decision 0014). Every string a request brings is checked before it
// reaches the domain: form fields and JSON bodies by the body readers (http.server.ts), the
// address (path and query) by this middleware, which runs for every page, data request and API.
// A path with refused text is no page of ours (404); a query is a bad request (400).
// As a safety net, a database refusal of such text ("invalid byte sequence", "untranslatable
// character") that got through anyway answers 400, not 500.
import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { appContext } from "#app/platform/context.ts";
import { isRefusedText } from "#app/platform/input-text.ts";
import { jsonError } from "./http.server.ts";

const REFUSED_ADDRESS = "The address holds characters that are not allowed.";

const isApi = (url: URL) => url.pathname.startsWith("/api/");

/** The refusal of a bad address: JSON for the API, the error page for everything else. */
function refuse(url: URL, status: 400 | 404): never {
  if (isApi(url)) throw jsonError(status === 404 ? "Not found." : REFUSED_ADDRESS, status);
  throw data(null, { status });
}

export const refuseBadAddress: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    refuse(url, 404);
  }
  if (isRefusedText(path)) refuse(url, 404);
  for (const [key, value] of url.searchParams) {
    if (isRefusedText(key) || isRefusedText(value)) refuse(url, 400);
  }
  return next();
};

/** SQLSTATEs of text the database cannot store: invalid byte sequence, untranslatable character. */
const REFUSED_TEXT_CODES = new Set(["22021", "22P05"]);

/** True when `error` (or what it wraps) is the database refusing such text. */
export function isRefusedTextError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && REFUSED_TEXT_CODES.has(code)) return true;
  return isRefusedTextError(error.cause, depth + 1);
}

/** Notes on the request that it failed on refused text; true when it did. */
export function noteRefusedText(error: unknown, context: Readonly<RouterContextProvider>): boolean {
  if (!isRefusedTextError(error)) return false;
  const state = context.get(appContext).requestState;
  if (state) state.refusedText = true;
  return true;
}

export const refusedText = (context: Readonly<RouterContextProvider>): boolean =>
  context.get(appContext).requestState?.refusedText === true;

/** React Router's last-resort 500 of an API or data request that failed on refused text: a 400. */
export const refusedTextMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status !== 500 || !refusedText(context)) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html") || type.startsWith("text/x-script")) {
    return new Response(response.body, { status: 400, headers: response.headers });
  }
  await response.body?.cancel().catch(() => {});
  return jsonError("The request holds text that cannot be stored.", 400);
};
