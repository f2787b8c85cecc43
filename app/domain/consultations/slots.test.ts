import { describe, expect, it } from "vitest";
import {
  type ConsultantCalendar,
  consultantSlots,
  type MeetingRules,
  openSlots,
} from "./slots.server.ts";

const rules: MeetingRules = {
  lengthMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 240,
  windowDays: 30,
  slotIntervalMinutes: 30,
  dailyLimit: null,
};

const weekdays = (ranges: [number, number][]) => {
  const weekly: ConsultantCalendar["weekly"] = [[], [], [], [], [], [], [], []];
  for (let d = 1; d <= 5; d++) {
    weekly[d] = ranges.map(([startMinute, endMinute]) => ({ startMinute, endMinute }));
  }
  return weekly;
};

const consultant = (overrides: Partial<ConsultantCalendar> = {}): ConsultantCalendar => ({
  id: 1,
  timeZone: "America/Chicago",
  weekly: weekdays([
    [9 * 60, 12 * 60],
    [13 * 60, 17 * 60],
  ]),
  overrides: new Map(),
  busy: [],
  perDay: new Map(),
  ...overrides,
});

/** Local "YYYY-MM-DD HH:MM" of an instant in a zone. */
const local = (t: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(t);

// Monday, March 1, 2027, 8:00 AM in Chicago.
const NOW = Date.parse("2027-03-01T14:00:00Z");

describe("a consultant's slots", () => {
  it("steps through each range on their own clock, after the minimum notice", () => {
    const today = consultantSlots(consultant(), rules, NOW, "2027-03-01").map((t) =>
      local(t, "America/Chicago"),
    );
    // Four hours' notice from 8:00: noon is the first; lunch is not offered.
    expect(today).toEqual([
      "2027-03-01 13:00",
      "2027-03-01 13:30",
      "2027-03-01 14:00",
      "2027-03-01 14:30",
      "2027-03-01 15:00",
      "2027-03-01 15:30",
      "2027-03-01 16:00",
      "2027-03-01 16:30",
    ]);
    expect(consultantSlots(consultant(), rules, NOW, "2027-03-06")).toEqual([]);
  });

  it("stops at the booking window and keeps to working days", () => {
    const all = consultantSlots(consultant(), rules, NOW);
    const last = all.at(-1) as number;
    expect(last).toBeLessThan(NOW + 30 * 86_400_000);
    expect(local(all[0] as number, "America/Chicago")).toBe("2027-03-01 13:00");
    const days = new Set(all.map((t) => new Date(t).getUTCDay()));
    expect([...days].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a date's override replaces its weekly hours; an empty one is a day off", () => {
    const overrides = new Map([
      ["2027-03-02", [{ startMinute: 18 * 60, endMinute: 19 * 60 }]],
      ["2027-03-03", []],
    ]);
    const c = consultant({ overrides });
    expect(
      consultantSlots(c, rules, NOW, "2027-03-02").map((t) => local(t, "America/Chicago")),
    ).toEqual(["2027-03-02 18:00", "2027-03-02 18:30"]);
    expect(consultantSlots(c, rules, NOW, "2027-03-03")).toEqual([]);
  });

  it("leaves out live bookings with their buffers, and days at the daily limit", () => {
    const meeting = Date.parse("2027-03-02T16:00:00Z"); // 10:00 Chicago
    const busy = [{ from: meeting - 15 * 60_000, until: meeting + 45 * 60_000 }];
    const withBuffers = { ...rules, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    const slots = consultantSlots(consultant({ busy }), withBuffers, NOW, "2027-03-02").map((t) =>
      local(t, "America/Chicago"),
    );
    // 9:30 would end at 10:00 plus its 15-minute buffer, inside the booking's own buffer.
    expect(slots.slice(0, 3)).toEqual(["2027-03-02 09:00", "2027-03-02 11:00", "2027-03-02 11:30"]);
    const perDay = new Map([["2027-03-02", 2]]);
    expect(
      consultantSlots(consultant({ perDay }), { ...rules, dailyLimit: 2 }, NOW, "2027-03-02"),
    ).toEqual([]);
    expect(
      consultantSlots(consultant({ perDay }), { ...rules, dailyLimit: 3 }, NOW, "2027-03-02"),
    ).not.toEqual([]);
  });

  it("merges consultants: each start says who is free", () => {
    const busy = [
      { from: Date.parse("2027-03-02T15:00:00Z"), until: Date.parse("2027-03-02T15:30:00Z") },
    ];
    const free = openSlots([consultant(), consultant({ id: 2, busy })], rules, NOW);
    expect(free.get(Date.parse("2027-03-02T15:00:00Z"))).toEqual([1]);
    expect(free.get(Date.parse("2027-03-02T15:30:00Z"))).toEqual([1, 2]);
    const starts = [...free.keys()];
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

// Every US zone, on the two days its clocks change next year (or not, for those without daylight
// saving): the hours a consultant gives are the hours they get, on their own clock.
const US_ZONES = [
  "America/New_York",
  "America/Detroit",
  "America/Indiana/Indianapolis",
  "America/Chicago",
  "America/Denver",
  "America/Boise",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Adak",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "Pacific/Guam",
  "Pacific/Pago_Pago",
];

describe.each(US_ZONES)("daylight saving in %s", (timeZone) => {
  it.each(["2027-03-14", "2027-11-07"])(
    "on %s the day's hours are its own: 1:00 to 4:00 and 9:00 to 11:00",
    (day) => {
      const sunday = (ranges: [number, number][]) => {
        const weekly: ConsultantCalendar["weekly"] = [[], [], [], [], [], [], [], []];
        weekly[7] = ranges.map(([startMinute, endMinute]) => ({ startMinute, endMinute }));
        return weekly;
      };
      const c = consultant({
        timeZone,
        weekly: sunday([
          [60, 4 * 60],
          [9 * 60, 11 * 60],
        ]),
      });
      const slots = consultantSlots(
        c,
        { ...rules, slotIntervalMinutes: 60, minNoticeMinutes: 0 },
        Date.parse("2027-03-01T00:00:00Z") + (day === "2027-11-07" ? 240 * 86_400_000 : 0),
        day,
      );
      const morning = slots.slice(-2).map((t) => local(t, timeZone));
      expect(morning).toEqual([`${day} 09:00`, `${day} 10:00`]);
      // The night range is three wall-clock hours; a change inside it makes it two or four real
      // ones, and its slots are real instants an hour apart, none of them twice.
      const night = slots.slice(0, -2);
      expect(new Set(night).size).toBe(night.length);
      for (let i = 1; i < night.length; i++) {
        expect((night[i] as number) - (night[i - 1] as number)).toBe(3_600_000);
      }
      expect(local(night[0] as number, timeZone)).toBe(`${day} 01:00`);
      expect([2, 3, 4]).toContain(night.length);
    },
  );
});
