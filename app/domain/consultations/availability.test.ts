import { describe, expect, it } from "vitest";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { checkDateOverride, checkWeeklyHours } from "./availability.server.ts";
import { HOURS_TEXTS } from "./hours.ts";

// The consultant's posted hours as plain records (the account route reads the form).
describe("a consultant's posted hours", () => {
  it("weekly hours: a zone of the list and each day's ranges, or the message of each wrong field", () => {
    expect(checkWeeklyHours({ timeZone: "America/Chicago", day1: "9:00-17:00", day2: "" })).toEqual(
      {
        ok: true,
        value: {
          timeZone: "America/Chicago",
          days: {
            1: [{ startMinute: 540, endMinute: 1020 }],
            2: [],
            3: [],
            4: [],
            5: [],
            6: [],
            7: [],
          },
        },
      },
    );
    const wrong = checkWeeklyHours({ timeZone: "Mars/Olympus", day3: "17:00-9:00" });
    expect(wrong).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: {
        timeZone: "Please choose a time zone from the list.",
        day3: HOURS_TEXTS.backwards("17:00-9:00"),
      },
    });
  });

  it("a date override: a real date from today on, a day off or other hours", () => {
    const today = "2027-03-01";
    expect(checkDateOverride({ day: "2027-03-02", off: "on", hours: "9-5" }, today)).toEqual({
      ok: true,
      value: { day: "2027-03-02", off: true, ranges: [] },
    });
    expect(checkDateOverride({ day: "2027-03-01", hours: "10:00-12:00" }, today)).toEqual({
      ok: true,
      value: { day: "2027-03-01", off: false, ranges: [{ startMinute: 600, endMinute: 720 }] },
    });
    expect(checkDateOverride({ day: "2027-02-30" }, today)).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: { day: "Please choose a date of the calendar." },
    });
    expect(checkDateOverride({ day: "2027-02-28" }, today)).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: { day: "Please choose today or a later date." },
    });
    expect(checkDateOverride({ day: "2027-03-02", hours: "" }, today)).toEqual({
      ok: false,
      reason: "invalid",
      error: CORRECT_FIELDS,
      fieldErrors: { hours: `${HOURS_TEXTS.format} Or tick "Day off".` },
    });
  });
});
