// CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) made inert with a leading single quote.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Cell = string | number | null | undefined;

/** Rows of cells as CSV text, each ending in CRLF. */
export function toCsvRows(rows: Cell[][]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** Rows of cells as CSV text: CRLF line ends, a header row first. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return toCsvRows([header, ...rows]);
}
