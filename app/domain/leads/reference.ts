// The reference a visitor is given for what they sent ("SIG-000049: give your reference when you
// call"): the site name's first letters and the submission's own number, which is the record's
// id when it made a record, or the later inquiry's id when it joined one (both are drawn from the
// records' sequence, decision 0019). Staff type it back into any search; reading it is here too.

/** The largest number a record or inquiry id can be (a Postgres integer). */
const MAX_ID = 2_147_483_647;

/** The letters before the number: the site name's first three, e.g. "SIG". */
function referencePrefix(siteName: string): string {
  return (
    siteName
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 3)
      .toUpperCase() || "REF"
  );
}

/** The reference of submission `id`, e.g. "SIG-000123". */
export function leadReference(id: number, siteName: string): string {
  return `${referencePrefix(siteName)}-${String(id).padStart(6, "0")}`;
}

/** Letters (any three: one given before the site was renamed still counts) or "#", then the number. */
const PREFIXED = /^(?:[a-z]{1,3}\s*-?\s*|#\s*)(\d{1,12})$/i;
/** The number alone, written as a reference writes it: six digits at least ("000049"). */
const PADDED = /^\d{6,12}$/;

/**
 * The submission number a search text names when it is written as a reference: "SIG-000049",
 * "sig-49", "SIG 49", "#49" or "000049"; null otherwise. A short bare number ("49", "0100") is
 * not one: typed into a search, it is more likely part of a phone number.
 */
export function referenceNumber(text: string): number | null {
  const trimmed = text.trim();
  const digits = PREFIXED.exec(trimmed)?.[1] ?? (PADDED.test(trimmed) ? trimmed : null);
  if (digits === null) return null;
  const n = Number(digits);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** Every reference a record's visitors were given: its first submission's, then each later one's. */
export const referencesOf = (record: {
  reference: string;
  inquiries: readonly { reference: string }[];
}): string[] => [record.reference, ...record.inquiries.map((q) => q.reference)];
