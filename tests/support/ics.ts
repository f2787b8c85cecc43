// Checks an iCalendar file the way a strict client would: CRLF line ends, lines of at most 75
// octets, content lines "NAME[;params]:value", balanced BEGIN/END, and the required properties.

/** The problems found (empty when the file is valid) and its unfolded lines. */
export function checkIcs(ics: string): { problems: string[]; lines: string[] } {
  const problems: string[] = [];
  if (!ics.endsWith("\r\n")) problems.push("does not end with CRLF");
  if (/[\r\n]/.test(ics.replace(/\r\n/g, ""))) problems.push("bare CR or LF");
  const body = ics.endsWith("\r\n") ? ics.slice(0, -2) : ics;
  for (const line of body.split("\r\n")) {
    if (new TextEncoder().encode(line).length > 75) problems.push(`line over 75 octets: ${line}`);
  }
  const lines = body.replace(/\r\n[ \t]/g, "").split("\r\n");
  const stack: string[] = [];
  for (const line of lines) {
    if (!/^[A-Z][A-Z0-9-]*(;[^:]+)?:/.test(line)) problems.push(`not a content line: ${line}`);
    if (line.startsWith("BEGIN:")) stack.push(line.slice(6));
    if (line.startsWith("END:") && stack.pop() !== line.slice(4))
      problems.push(`unbalanced ${line}`);
  }
  if (stack.length) problems.push(`unclosed ${stack.join(", ")}`);
  if (lines[0] !== "BEGIN:VCALENDAR") problems.push("does not start with BEGIN:VCALENDAR");
  for (const name of ["VERSION:2.0", "PRODID:", "BEGIN:VEVENT", "UID:", "DTSTAMP:", "DTSTART:"]) {
    if (!lines.some((l) => l.startsWith(name))) problems.push(`missing ${name}`);
  }
  for (const line of lines.filter((l) => /^(DTSTAMP|DTSTART|DTEND):/.test(l))) {
    if (!/:\d{8}T\d{6}Z$/.test(line)) problems.push(`bad date-time: ${line}`);
  }
  return { problems, lines };
}
