// Every part of an address that carries a secret, declared once. A route whose path holds a
// secret is mounted with one of SECRET_PATHS (app/routes.ts uses these very strings, its secret
// segment named `:secret`); a secret passed in the query uses a name of SECRET_QUERY_NAMES.
// redact.ts reads both lists to hide them in every log line and stored e-mail: a route added
// here is redacted everywhere, and no second copy of the rule exists.

/** Route paths (as app/routes.ts declares them) whose `:secret` segment is a secret. */
export const SECRET_PATHS = {
  /** A consultant's private calendar feed: it lists customers' names, phones and e-mails. */
  calendarFeed: "calendar-feed/:secret",
  /** A student's private class calendar: their classes, names and the places they meet. */
  classCalendar: "class-calendar/:secret",
  /** A preview link of unpublished content (decision 0021). */
  preview: "preview/:secret",
} as const;

/**
 * Query parameters whose value is a secret on every page: one-time links (`token`), a sign-in's
 * second step (`ticket`, `code`), a preview link shown on its page (`preview`).
 */
export const SECRET_QUERY_NAMES = ["token", "ticket", "code", "preview"] as const;

/** The address of a secret path with its secret: `secretPath(SECRET_PATHS.preview, t)`. */
export const secretPath = (path: string, secret: string) => `/${path.replace(":secret", secret)}`;
