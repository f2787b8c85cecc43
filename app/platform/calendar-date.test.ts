import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./calendar-date.ts";

describe("a calendar day", () => {
  it.each(["2027-02-28", "2028-02-29", "2026-12-31", "2027-01-01"])("%s is one", (day) => {
    expect(isCalendarDate(day)).toBe(true);
  });

  it.each([
    "2027-02-30",
    "2027-02-29",
    "2027-13-01",
    "2027-00-10",
    "2027-04-31",
    "2027-1-1",
    "0999-01-01",
    "2027-02-28T00:00",
    "",
  ])("%j is not", (day) => {
    expect(isCalendarDate(day)).toBe(false);
  });
});
