// Reads a CSV export back as rows of cells (RFC 4180: quoted cells may hold commas, quotes and
// line breaks), so a test compares records by their cells, not by text found anywhere.
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The column `name` of every data row, by the header's names. */
export function csvColumn(text: string, name: string): string[] {
  const [header = [], ...rows] = readCsv(text);
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`No column "${name}" in ${header.join(", ")}`);
  return rows.map((row) => row[index] ?? "");
}

/** Every data row as an object keyed by the header's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = readCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
