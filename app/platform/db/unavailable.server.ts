// Tells a lost or unreachable database apart from a bug: the first is a 503 the visitor can retry
// (the app recovers by itself when the server is back), the second a 500.

/** Socket errors of the client, before or during a query. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLSTATEs of a server that is going away, starting, or full. Class 08 is "connection exception". */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and PGlite say these in words, without a code. */
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
];

/**
 * True when `error` (or what it wraps: Drizzle's query error, an AggregateError of connection
 * attempts) says the database cannot be reached, as opposed to a query that failed.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
  }
  if (MESSAGES.some((m) => error.message.includes(m))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** What a visitor or an API client is told while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a few minutes.";

/** Seconds a client is asked to wait before retrying (Retry-After). */
export const RETRY_AFTER_SECONDS = 30;
