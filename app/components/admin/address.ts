// Admin screens keep their state in the address (filters, the open dialog, the selected record),
// so every state can be linked to, reloaded and reached without JavaScript.

/** The screen's address with its current parameters, some changed ("" or null removes one). */
export function addressWith(
  path: string,
  current: Record<string, string | null | undefined>,
  changes: Record<string, string | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...current, ...changes })) {
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
