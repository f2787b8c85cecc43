// Reads an iCalendar file the way calendar apps do: with a real parser (ical.js), after the
// checks a strict client makes (CRLF line ends, lines of at most 75 octets, balanced
// BEGIN/END, the required properties, date-times in UTC or in a zone the file describes).
import { spawnSync } from "node:child_process";
import ICAL from "ical.js";

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
  for (const name of ["VERSION:2.0", "PRODID:", "BEGIN:VEVENT", "UID:", "DTSTAMP:", "DTSTART"]) {
    if (!lines.some((l) => l.startsWith(name))) problems.push(`missing ${name}`);
  }
  // A local time names a zone the file carries as a VTIMEZONE (Outlook shifts it otherwise).
  const zones = new Set(lines.filter((l) => l.startsWith("TZID:")).map((l) => l.slice(5)));
  // An observance's DTSTART inside a VTIMEZONE is local time by definition: only events' count.
  let inEvent = false;
  const inEvents = lines.filter((line) => {
    if (line === "BEGIN:VEVENT" || line === "END:VEVENT") inEvent = line === "BEGIN:VEVENT";
    return inEvent;
  });
  for (const line of inEvents.filter((l) => /^(DTSTAMP|DTSTART|DTEND)[:;]/.test(l))) {
    const local = /^(?:DTSTART|DTEND);TZID=([^:;]+):\d{8}T\d{6}$/.exec(line);
    if (local && !zones.has(local[1] ?? "")) problems.push(`no VTIMEZONE for: ${line}`);
    if (!local && !/:\d{8}T\d{6}Z$/.test(line)) problems.push(`bad date-time: ${line}`);
  }
  return { problems, lines };
}

export interface ReadEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  /** CONFIRMED, CANCELLED... */
  status: string;
  /** "mailto:..." */
  organizer: string;
  attendees: string[];
}

/** The calendar's METHOD and events as ical.js reads them (the strict checks must pass first). */
export function readIcs(ics: string): { method: string; events: ReadEvent[] } {
  const { problems } = checkIcs(ics);
  if (problems.length) throw new Error(`Not a valid iCalendar file: ${problems.join("; ")}`);
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // The file's own zones, as a calendar app learns them before it reads the events.
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => String(vevent.getFirstPropertyValue(name) ?? "");
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: text("status"),
      organizer: text("organizer").toLowerCase(),
      attendees: vevent
        .getAllProperties("attendee")
        .map((p) => String(p.getFirstValue()).toLowerCase()),
    };
  });
  return { method: String(calendar.getFirstPropertyValue("method") ?? ""), events };
}

/** Debian's Python with its icalendar package (python3-icalendar), not a user's own Python. */
const PYTHON = "/usr/bin/python3";

const PYTHON_READER = `
import json, sys
from datetime import timezone
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.read())
print(json.dumps([
    [str(e.get("uid")),
     e.decoded("dtstart").astimezone(timezone.utc).isoformat(),
     e.decoded("dtend").astimezone(timezone.utc).isoformat()]
    for e in calendar.walk("VEVENT")
]))
`;

/** Each event's UID, start and end in UTC, as a second, independent reader (Python's icalendar) sees them. */
export function readWithPythonIcalendar(ics: string): [string, string, string][] {
  const run = spawnSync(PYTHON, ["-c", PYTHON_READER], { input: ics, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`icalendar could not read the file: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
