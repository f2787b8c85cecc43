// The one redaction of secrets in text that may reach a log line or a start-up message: the
// values of query parameters that carry a one-time secret (token, ticket, code) and the
// credentials of any URL (user:password@, or an API key in the user part).

/** A query parameter that carries a secret, and its value. */
const SECRET_PARAMS = /([?&](?:token|ticket|code)=)[^&#\s"'<>]*/gi;
/** The user part of a URL (scheme://user:password@host). */
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

const REDACTED = "[redacted]";

/** `text` with every secret above replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, `$1${REDACTED}`).replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}
