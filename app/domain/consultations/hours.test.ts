import { describe, expect, it } from "vitest";
import { formatRanges, HOURS_TEXTS, parseRanges } from "./hours.ts";

describe("hours as people type them", () => {
  it("reads 24-hour and am/pm ranges, several a day, sorted", () => {
    expect(parseRanges("13:00-17:00, 9:00-12:00")).toEqual({
      ok: true,
      value: [
        { startMinute: 540, endMinute: 720 },
        { startMinute: 780, endMinute: 1020 },
      ],
    });
    expect(parseRanges("9am-5pm")).toEqual({
      ok: true,
      value: [{ startMinute: 540, endMinute: 1020 }],
    });
    expect(parseRanges("12:30 pm to 1pm; 20:00-24:00")).toEqual({
      ok: true,
      value: [
        { startMinute: 750, endMinute: 780 },
        { startMinute: 1200, endMinute: 1440 },
      ],
    });
    expect(parseRanges("  ")).toEqual({ ok: true, value: [] });
    expect(formatRanges([{ startMinute: 540, endMinute: 1440 }])).toBe("09:00-24:00");
  });

  it.each([
    ["9:00-8:00", HOURS_TEXTS.backwards("9:00-8:00")],
    ["22:00-2:00", HOURS_TEXTS.backwards("22:00-2:00")],
    ["9:00-9:00", HOURS_TEXTS.backwards("9:00-9:00")],
    ["9:00-12:00, 11:00-13:00", HOURS_TEXTS.overlap("09:00-12:00", "11:00-13:00")],
    ["nine to five", HOURS_TEXTS.format],
    ["9:75-10:00", HOURS_TEXTS.format],
    ["13pm-14pm", HOURS_TEXTS.format],
    ["24:00-24:30", HOURS_TEXTS.format],
    ["9-10,10-11,11-12,12-13,13-14,14-15,15-16", HOURS_TEXTS.tooMany],
  ])("refuses %j", (text, error) => {
    expect(parseRanges(text)).toEqual({ ok: false, reason: "invalid", error });
  });

  it('reads "9-5" as a working day, 9 AM to 5 PM', () => {
    expect(parseRanges("9-5")).toEqual({
      ok: true,
      value: [{ startMinute: 540, endMinute: 1020 }],
    });
    expect(parseRanges("9:30-5, 10-2")).toEqual({
      ok: false,
      reason: "invalid",
      error: HOURS_TEXTS.overlap("09:30-17:00", "10:00-14:00"),
    });
    expect(parseRanges("8-12, 1-5")).toEqual({
      ok: true,
      value: [
        { startMinute: 60, endMinute: 300 },
        { startMinute: 480, endMinute: 720 },
      ],
    });
  });

  it("ranges that touch are not an overlap", () => {
    expect(parseRanges("9-12, 12-13")).toMatchObject({ ok: true });
  });
});
