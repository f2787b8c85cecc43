// The status an error page was served with, written into the page so that hydration shows the
// same status as the server did (read by useErrorStatus in document.tsx).
export const ERROR_STATUS_ATTRIBUTE = "data-error-status";

/** Written on an error page. */
export function errorStatusAttribute(status: number): Record<string, string> {
  return { [ERROR_STATUS_ATTRIBUTE]: String(status) };
}
