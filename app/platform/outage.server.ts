// A request that failed because the database is away answers 503 (with Retry-After), never 500:
// the error handler notes it (entry.server's handleError), the page renders the friendly
// "temporarily unavailable" page with that status (entry.server's handleRequest), and this
// middleware turns React Router's last-resort 500 of an API (resource route) or a data request
// into a 503 with a JSON { error }.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { appContext } from "./context.ts";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from "./db/unavailable.server.ts";

/** Notes a database outage on the request; true when `error` is one (log it as a warning then). */
export function noteRequestError(
  error: unknown,
  context: Readonly<RouterContextProvider>,
): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const state = context.get(appContext).requestState;
  if (state) state.databaseUnavailable = true;
  return true;
}

export function databaseUnavailable(context: Readonly<RouterContextProvider>): boolean {
  return context.get(appContext).requestState?.databaseUnavailable === true;
}

export const outageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status !== 500 || !databaseUnavailable(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  const type = headers.get("Content-Type") ?? "";
  // Documents and single-fetch data keep their rendered body (the error page, or the error for
  // the browser's router); the plain-text last resort of a resource route becomes JSON.
  if (type.startsWith("text/html") || type.startsWith("text/x-script")) {
    return new Response(response.body, { status: 503, headers });
  }
  await response.body?.cancel().catch(() => {});
  return Response.json(
    { error: DATABASE_UNAVAILABLE_MESSAGE },
    {
      status: 503,
      headers: { "Retry-After": headers.get("Retry-After") ?? "", "Cache-Control": "no-store" },
    },
  );
};
