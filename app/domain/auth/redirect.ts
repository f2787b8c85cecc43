// Where a sign-in may send the browser afterwards. Client-safe.

/**
 * `to` if it is a path on this site, else `fallback`. Refuses absolute and protocol-relative
 * URLs (also those that only appear once the path is normalised), backslash tricks and control
 * characters, so redirectTo can never lead off-site.
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = "http://site.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Normalising can make a protocol-relative URL of a path ("/.//evil.example" is
    // "//evil.example"): the result is checked again, not only what was asked.
    return path.startsWith("//") ? fallback : path;
  } catch {
    return fallback;
  }
}
