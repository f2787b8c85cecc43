// The one redaction of secrets in text that may reach a log line, a stored e-mail or a start-up
// message: the secret segment of every path secret-urls.ts declares (a calendar feed's address,
// a preview link), the values of the query parameters it names (one-time links, a sign-in's
// second step, `?preview=`) and the credentials of any URL (user:password@, or an API key in the
// user part). Addresses are matched as they are written anywhere: percent-encoded (a link inside
// another link's query, `%2Fpreview%2F...`, `%3Ftoken%3D...`, any depth), with the HTML `&amp;`,
// a parameter's name spelled with escapes, in any case. Everything else stays readable.
import { SECRET_PATHS, SECRET_QUERY_NAMES } from "./secret-urls.ts";

const REDACTED = "[redacted]";

/** A character given by its hex code, percent-encoded once or more (`%2F`, `%252F`). */
const escaped = (hex: string) => `%(?:25)*${hex}`;
/** One character as written or escaped (the match is case-insensitive). */
const literal = (c: string) =>
  `(?:${c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}|${escaped(c.charCodeAt(0).toString(16).padStart(2, "0"))})`;
const word = (text: string) => [...text].map(literal).join("");

/** What ends a part of an address as written, and what ends it inside an escaped address. */
const ENDS = `\\s"'<>\\\\`;
const ESCAPED_END = (hexes: string) => `(?!${escaped(`(?:${hexes})`)})`;

/** `/calendar-feed/SECRET`: its secret segment is `raw` (after `/`) or `escaped` (after `%2F`). */
function pathRule(path: string): RegExp {
  const slash = `(?:/|${escaped("2F")})`;
  const pattern = path
    .split("/")
    .map((segment) =>
      segment === ":secret"
        ? `(?:/([^/?#${ENDS}]+)|${escaped("2F")}((?:${ESCAPED_END("2F|3F|23|26")}[^/?#${ENDS}])+))`
        : segment.startsWith(":")
          ? `${slash}[^/?#${ENDS}]+`
          : `${slash}${word(segment)}`,
    )
    .join("");
  return new RegExp(pattern, "gi");
}

const PATH_RULES = Object.values(SECRET_PATHS).map(pathRule);

/** `?token=SECRET`, `&amp;code=SECRET`, `%3Fpreview%3DSECRET`: the value raw or escaped. */
const QUERY_RULE = new RegExp(
  `((?:[?&;]|${escaped("(?:3F|26)")})(?:${SECRET_QUERY_NAMES.map(word).join("|")}))` +
    `(?:(=)([^&#${ENDS}]+)|(${escaped("3D")})((?:${ESCAPED_END("26|23")}[^&#${ENDS}])+))`,
  "gi",
);

/** The user part of a URL (scheme://user:password@host). */
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

/** A file extension after a secret segment stays (`[redacted].ics`, `[redacted].data`). */
const hideSegment = (secret: string) => `${REDACTED}${/\.[a-z]{2,4}$/i.exec(secret)?.[0] ?? ""}`;

/** `text` with every secret above replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  let shown = text;
  for (const rule of PATH_RULES) {
    shown = shown.replace(rule, (match, raw?: string, inEscaped?: string) => {
      const secret = raw ?? inEscaped ?? "";
      return `${match.slice(0, match.length - secret.length)}${hideSegment(secret)}`;
    });
  }
  return shown
    .replace(
      QUERY_RULE,
      (_match, name: string, equals?: string, _raw?: string, escapedEquals?: string) =>
        `${name}${equals ?? escapedEquals}${REDACTED}`,
    )
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}
