import { describe, expect, it } from "vitest";
import { checkIcs } from "#tests/support/ics.ts";
import { buildIcs, fold, zonedTime } from "./ics.ts";

function expectValidIcs(ics: string) {
  const { problems, lines } = checkIcs(ics);
  expect(problems).toEqual([]);
  return lines;
}

describe("the .ics invitation", () => {
  it("the checker finds a broken file", () => {
    expect(checkIcs("BEGIN:VCALENDAR\nEND:VEVENT\n").problems.length).toBeGreaterThan(2);
  });

  it("is a valid iCalendar file with the event in UTC and escaped text", () => {
    const ics = buildIcs(
      {
        uid: "registration-7@example.com",
        stamp: new Date("2026-04-20T15:00:00Z"),
        start: new Date("2026-05-05T13:00:00Z"),
        end: new Date("2026-05-05T17:00:00Z"),
        summary: "CCNA; first class, room 2",
        description: `Line one\nLine two, with a comma and a backslash \\ ${"long text ".repeat(20)}`,
        location: "2100 Example Parkway, Birmingham, AL",
      },
      "-//Sigma//Course registration//EN",
    );
    const lines = expectValidIcs(ics);
    expect(lines).toContain("DTSTART:20260505T130000Z");
    expect(lines).toContain("DTEND:20260505T170000Z");
    expect(lines).toContain("SUMMARY:CCNA\\; first class\\, room 2");
    expect(lines.find((l) => l.startsWith("DESCRIPTION:"))).toContain("Line one\\nLine two\\,");
  });

  it("folds long lines without splitting a character", () => {
    const folded = fold(`SUMMARY:${"é".repeat(80)}`);
    for (const line of folded.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"é".repeat(80)}`);
  });

  it("turns Central wall-clock times into instants, daylight saving included", () => {
    expect(zonedTime("2026-05-05", "08:00", "America/Chicago").toISOString()).toBe(
      "2026-05-05T13:00:00.000Z",
    );
    expect(zonedTime("2026-11-04", "18:00", "America/Chicago").toISOString()).toBe(
      "2026-11-05T00:00:00.000Z",
    );
  });
});
