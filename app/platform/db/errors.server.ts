/**
 * Whether a database error (or one it wraps: drizzle puts the driver's error in `cause`) is a
 * unique constraint violation (SQLSTATE 23505), e.g. two saves of the same key at once.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Whether a database error (or one it wraps) is an exclusion constraint violation (SQLSTATE
 * 23P01): a row overlapping one the constraint keeps apart (two bookings of one consultant).
 */
export function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23P01") return true;
  }
  return false;
}
