import { describe, expect, it } from "vitest";
import {
  dayIn,
  formatDate,
  formatDateTime,
  formatDay,
  isTimeZone,
  US_TIME_ZONES,
} from "./clock.ts";
import { settingSchemas } from "./settings.schema.ts";
import { DEFAULT_TIME_ZONE } from "./settings.ts";

const CHICAGO = "America/Chicago";

describe("the company's clock", () => {
  it("shows a date and time in the zone, the zone named", () => {
    // 05:46 UTC on the 25th is still the evening of the 24th in Chicago.
    expect(formatDateTime("2026-11-25T05:46:00Z", CHICAGO)).toBe("November 24, 2026, 11:46 PM CST");
    expect(formatDateTime(new Date("2026-11-25T05:46:00Z"), "America/New_York")).toBe(
      "November 25, 2026, 12:46 AM EST",
    );
    expect(formatDate("2026-11-25T05:46:00Z", CHICAGO)).toBe("November 24, 2026");
    expect(formatDate("2026-11-25T05:46:00Z", "America/New_York")).toBe("November 25, 2026");
  });

  it("follows daylight saving time", () => {
    expect(formatDateTime("2026-07-04T14:05:00Z", CHICAGO)).toBe("July 4, 2026, 9:05 AM CDT");
    expect(formatDateTime("2026-01-04T15:05:00Z", CHICAGO)).toBe("January 4, 2026, 9:05 AM CST");
    // The spring change: 2:00 AM CST is 3:00 AM CDT.
    expect(formatDateTime("2026-03-08T07:59:00Z", CHICAGO)).toBe("March 8, 2026, 1:59 AM CST");
    expect(formatDateTime("2026-03-08T08:00:00Z", CHICAGO)).toBe("March 8, 2026, 3:00 AM CDT");
  });

  it("shows a calendar day as that day in every zone, never shifted", () => {
    expect(formatDay("2026-05-05")).toBe("May 5, 2026");
    expect(formatDate("2026-05-05", "Pacific/Honolulu")).toBe("May 5, 2026");
    expect(formatDate("2026-05-05", "Asia/Tokyo")).toBe("May 5, 2026");
  });

  it("uses plain spaces, so every runtime renders (and hydrates) the same text", () => {
    expect(formatDateTime("2026-11-25T05:46:00Z", CHICAGO)).not.toMatch(/[\u202f\u00a0]/);
  });

  it("takes today in the zone, not in UTC", () => {
    expect(dayIn(new Date("2026-04-21T03:00:00Z"))).toBe("2026-04-20");
    expect(dayIn(new Date("2026-04-21T06:00:00Z"))).toBe("2026-04-21");
    expect(dayIn(new Date("2026-04-21T03:00:00Z"), "America/New_York")).toBe("2026-04-20");
    expect(dayIn(new Date("2026-04-21T04:30:00Z"), "America/New_York")).toBe("2026-04-21");
  });
});

describe("the time zone setting", () => {
  const schema = settingSchemas.time_zone;

  it("defaults to Central time and offers the US zones", () => {
    expect(DEFAULT_TIME_ZONE).toBe(CHICAGO);
    expect(US_TIME_ZONES.map((z) => z.value)).toEqual(
      expect.arrayContaining([
        "America/New_York",
        CHICAGO,
        "America/Denver",
        "America/Phoenix",
        "America/Los_Angeles",
        "America/Anchorage",
        "Pacific/Honolulu",
      ]),
    );
  });

  it("accepts the IANA zones the runtime knows", () => {
    for (const zone of [...US_TIME_ZONES.map((z) => z.value), "Europe/London", "UTC"]) {
      expect(isTimeZone(zone)).toBe(true);
      expect(schema.safeParse(zone).success).toBe(true);
    }
  });

  it("refuses unknown zones, offsets and anything else with a clear message", () => {
    for (const bad of ["Mars/Olympus_Mons", "America/Springfield", "+05:00", "", "CST6CDT;"]) {
      expect(isTimeZone(bad)).toBe(false);
      const parsed = schema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain("Choose the company's time zone");
    }
    expect(schema.safeParse(42).success).toBe(false);
  });
});
