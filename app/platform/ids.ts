// Database ids as text brings them (a path segment, a form field, a JSON value): the one rule
// for the web layer's parsing and the domain's posted values alike.

/** A database id as sent in a path or a form ("7"), or null. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : "";
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : null;
}
