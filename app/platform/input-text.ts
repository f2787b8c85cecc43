// What text a request may bring (DESIGN.md 8, decision 0014): no NUL or other C0 control
// character (tab, CR and LF are text) and no unpaired UTF-16 surrogate. PostgreSQL cannot store
// either, and neither is anything a person types. Client-safe.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** True when `text` holds a character no field of ours accepts. */
export const isRefusedText = (text: string): boolean => CONTROL.test(text) || !text.isWellFormed();

/** `text` without those characters (what a form shows again after refusing it). */
export const withoutRefused = (text: string): string =>
  text
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** The message a refused field shows. */
export const REFUSED_TEXT =
  "This field holds characters that are not allowed (control characters or broken symbols). Please retype it.";

/** The first field whose name or value is refused text, or null. */
export function refusedField(entries: Iterable<[string, unknown]>): string | null {
  for (const [name, value] of entries) {
    if (isRefusedText(name)) return withoutRefused(name) || "form";
    if (typeof value === "string" && isRefusedText(value)) return name;
  }
  return null;
}

/** The first refused string anywhere in a JSON value (keys too), as its path, or null. */
export function refusedJsonPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return isRefusedText(value) ? path || "body" : null;
  if (!value || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isRefusedText(key)) return path || "body";
    const found = refusedJsonPath(item, at);
    if (found) return found;
  }
  return null;
}
