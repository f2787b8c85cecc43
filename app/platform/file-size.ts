// One way to show a file's size, wherever sizes show (a lead's files, the gallery, e-mails,
// upload limits): "512 bytes", "9.5 KB", "14 KB", "2.3 MB". Client-safe.

const UNITS = ["KB", "MB", "GB"] as const;

/** Bytes for people: whole bytes below 1 KB, then one decimal below 10 of a unit, else whole. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "-";
  if (bytes < 1024) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1024;
  let unit = 0;
  // Move up a unit when the rounded value would read 1024 of this one.
  while (unit < UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
