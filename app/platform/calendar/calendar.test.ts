import { describe, expect, it } from "vitest";
import { checkIcs, readIcs, readWithPythonIcalendar } from "#tests/support/ics.ts";
import {
  type CalendarEvent,
  calendarAttachment,
  calendarText,
  wallClockInstant,
} from "./calendar.server.ts";

const event: CalendarEvent = {
  uid: "consultation-7@example.com",
  sequence: 0,
  start: new Date("2027-03-14T15:00:00Z"),
  end: new Date("2027-03-14T15:30:00Z"),
  summary: "Free consultation; IT support, with Sam",
  description: `Line one\nLine two, with a comma and a backslash \\ ${"long text é ".repeat(20)}`,
  location: "Video call",
  organizer: { name: "Sigma", email: "info@example.com" },
  attendees: [
    { name: "Pat Visitor", email: "pat@example.org" },
    { name: "Sam Rep", email: "sam@example.com" },
  ],
};
const options = {
  productId: "-//Sigma//Consultations//EN",
  stamp: new Date("2027-03-01T12:00:00Z"),
};

describe("the calendar module", () => {
  it("the strict checker finds a broken file", () => {
    expect(checkIcs("BEGIN:VCALENDAR\nEND:VEVENT\n").problems.length).toBeGreaterThan(2);
  });

  it("writes an invitation a real parser reads back: method, UID, SEQUENCE, times, people, text", () => {
    const read = readIcs(calendarText("REQUEST", [event], options));
    expect(read.method).toBe("REQUEST");
    const [only] = read.events;
    expect(only?.uid).toBe(event.uid);
    expect(only?.sequence).toBe(0);
    expect(only?.start.toISOString()).toBe("2027-03-14T15:00:00.000Z");
    expect(only?.end.toISOString()).toBe("2027-03-14T15:30:00.000Z");
    expect(only?.summary).toBe(event.summary);
    expect(only?.description).toBe(event.description);
    expect(only?.status).toBe("CONFIRMED");
    expect(only?.organizer).toBe("mailto:info@example.com");
    expect(only?.attendees).toEqual(["mailto:pat@example.org", "mailto:sam@example.com"]);
  });

  it("a move is the same UID with a higher SEQUENCE; a cancellation says CANCEL and CANCELLED", () => {
    const moved = readIcs(calendarText("REQUEST", [{ ...event, sequence: 1 }], options));
    expect(moved.events[0]?.uid).toBe(event.uid);
    expect(moved.events[0]?.sequence).toBe(1);
    const cancelled = readIcs(calendarText("CANCEL", [{ ...event, sequence: 2 }], options));
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.events[0]?.status).toBe("CANCELLED");
    expect(cancelled.events[0]?.sequence).toBe(2);
  });

  it("an event the company has not confirmed yet is TENTATIVE until it is; cancelled, CANCELLED", () => {
    const pending = { ...event, tentative: true };
    expect(readIcs(calendarText("REQUEST", [pending], options)).events[0]?.status).toBe(
      "TENTATIVE",
    );
    expect(readIcs(calendarText("PUBLISH", [pending], options)).events[0]?.status).toBe(
      "TENTATIVE",
    );
    expect(readIcs(calendarText("CANCEL", [pending], options)).events[0]?.status).toBe("CANCELLED");
  });

  it("an e-mail part names its method in its content type", () => {
    const part = calendarAttachment("CANCEL", event, { ...options, filename: "invite.ics" });
    expect(part.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(readIcs(part.content).method).toBe("CANCEL");
  });

  it("turns wall-clock times into instants, across daylight-saving changes", () => {
    expect(wallClockInstant("2026-05-05", "08:00", "America/Chicago").toISOString()).toBe(
      "2026-05-05T13:00:00.000Z",
    );
    expect(wallClockInstant("2026-11-04", "18:00", "America/Chicago").toISOString()).toBe(
      "2026-11-05T00:00:00.000Z",
    );
    // 2:30 on the spring-forward day does not exist: it is 3:30 daylight time.
    expect(wallClockInstant("2027-03-14", "02:30", "America/Chicago").toISOString()).toBe(
      "2027-03-14T08:30:00.000Z",
    );
    // 1:30 on the fall-back day happens twice: the first (daylight time).
    expect(wallClockInstant("2027-11-07", "01:30", "America/Chicago").toISOString()).toBe(
      "2027-11-07T06:30:00.000Z",
    );
    expect(wallClockInstant("2027-07-01", "09:00", "Pacific/Honolulu").toISOString()).toBe(
      "2027-07-01T19:00:00.000Z",
    );
  });
});

describe("wall-clock events (class sessions)", () => {
  // An evening class on both sides of the March change in Chicago (14 March 2027).
  const session = (day: string, uid: string): CalendarEvent => ({
    ...event,
    uid,
    start: wallClockInstant(day, "18:00", "America/Chicago"),
    end: wallClockInstant(day, "22:00", "America/Chicago"),
    summary: "CCNA: class",
    timeZone: "America/Chicago",
  });
  const events = [session("2027-03-11", "a@example.com"), session("2027-03-15", "b@example.com")];
  const text = calendarText("PUBLISH", events, options);

  it("are written in the zone's local time with its VTIMEZONE; DTSTAMP stays UTC", () => {
    expect(checkIcs(text).problems).toEqual([]);
    expect(text).toContain("DTSTART;TZID=America/Chicago:20270311T180000\r\n");
    expect(text).toContain("DTSTART;TZID=America/Chicago:20270315T180000\r\n");
    expect(text).toContain("DTSTAMP:20270301T120000Z\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n");
    expect(text).toContain(
      "BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\n",
    );
  });

  it("ical.js reads the same hour on both sides of the change: 6 PM is 00:00 UTC, then 23:00 UTC", () => {
    const read = readIcs(text);
    expect(read.events.map((e) => [e.start.toISOString(), e.end.toISOString()])).toEqual([
      ["2027-03-12T00:00:00.000Z", "2027-03-12T04:00:00.000Z"],
      ["2027-03-15T23:00:00.000Z", "2027-03-16T03:00:00.000Z"],
    ]);
  });

  it("Python's icalendar reads the same instants", () => {
    expect(readWithPythonIcalendar(text)).toEqual([
      ["a@example.com", "2027-03-12T00:00:00+00:00", "2027-03-12T04:00:00+00:00"],
      ["b@example.com", "2027-03-15T23:00:00+00:00", "2027-03-16T03:00:00+00:00"],
    ]);
  });

  it("a zone without changes gets one STANDARD observance; one file holds one zone", () => {
    const tokyo = calendarText(
      "PUBLISH",
      [{ ...events[0], timeZone: "Asia/Tokyo" } as CalendarEvent],
      options,
    );
    expect(checkIcs(tokyo).problems).toEqual([]);
    expect(tokyo).toContain("TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\n");
    expect(readIcs(tokyo).events[0]?.start.toISOString()).toBe("2027-03-12T00:00:00.000Z");
    expect(() =>
      calendarText(
        "PUBLISH",
        [events[0] as CalendarEvent, { ...event, timeZone: "Asia/Tokyo" }],
        options,
      ),
    ).toThrow(/one time zone/);
  });
});
