import { describe, expect, it } from "vitest";
import {
  courseHours,
  formatWallClock,
  lastDayOf,
  MAX_SESSIONS,
  planSessions,
  sessionChangeErrors,
} from "./class-sessions.ts";

const open = () => false;

describe("a cohort's plan of sessions", () => {
  it("a six-week evening cohort is 24 meetings, Monday to Thursday, 6 to 10 PM", () => {
    const plan = planSessions({
      startDate: "2027-03-01",
      schedule: "evening",
      duration: "96 Hours (6 Weeks)",
      isClosed: open,
    });
    expect(plan).toHaveLength(24);
    expect(plan[0]).toEqual({ day: "2027-03-01", start: "18:00", end: "22:00" });
    expect(plan.at(-1)).toEqual({ day: "2027-04-08", start: "18:00", end: "22:00" });
    // Across the March change (14 March 2027) the wall clock does not move.
    expect(new Set(plan.map((s) => `${s.start}-${s.end}`))).toEqual(new Set(["18:00-22:00"]));
    const weekdays = plan.map((s) => new Date(`${s.day}T12:00:00Z`).getUTCDay());
    expect(new Set(weekdays)).toEqual(new Set([1, 2, 3, 4]));
  });

  it("a closed day is skipped and the plan runs one meeting longer", () => {
    const plan = planSessions({
      startDate: "2027-12-20",
      schedule: "morning",
      duration: "16 Hours",
      isClosed: (day) => day === "2027-12-23",
    });
    expect(plan.map((s) => s.day)).toEqual([
      "2027-12-20",
      "2027-12-21",
      "2027-12-22",
      "2027-12-27",
    ]);
  });

  it("each schedule teaches the course's hours on its own days", () => {
    const plan = (schedule: Parameters<typeof planSessions>[0]["schedule"], duration: string) =>
      planSessions({ startDate: "2027-01-04", schedule, duration, isClosed: open });
    expect(plan("friday", "96 Hours (6 Weeks)")).toHaveLength(12);
    expect(plan("friday", "96 Hours (6 Weeks)")[0]?.day).toBe("2027-01-08");
    expect(plan("saturday", "1 Day (8 Hours)")).toEqual([
      { day: "2027-01-09", start: "09:00", end: "17:00" },
    ]);
    const lab = plan("weeknight-lab", "192 Hours (12 Weeks)");
    expect(lab).toHaveLength(72);
    expect(lab.slice(0, 3)).toEqual([
      { day: "2027-01-04", start: "19:00", end: "21:30" },
      { day: "2027-01-06", start: "19:00", end: "21:30" },
      { day: "2027-01-09", start: "09:00", end: "12:00" },
    ]);
  });

  it("a duration without hours counts its weeks, then its days", () => {
    const plan = (duration: string) =>
      planSessions({ startDate: "2027-01-04", schedule: "evening", duration, isClosed: open });
    expect(plan("6 Weeks")).toHaveLength(24);
    expect(plan("2 Days")).toHaveLength(2);
    expect(plan("Self-paced")).toHaveLength(1);
  });

  it("stays finite: never more than MAX_SESSIONS, nothing when every day is closed", () => {
    const huge = planSessions({
      startDate: "2027-01-04",
      schedule: "evening",
      duration: "100000 Hours",
      isClosed: open,
    });
    expect(huge).toHaveLength(MAX_SESSIONS);
    const closed = planSessions({
      startDate: "2027-01-04",
      schedule: "evening",
      duration: "8 Hours",
      isClosed: () => true,
    });
    expect(closed).toEqual([]);
    expect(lastDayOf(closed)).toBeNull();
    expect(lastDayOf([{ day: "2027-01-05" }, { day: "2027-01-04" }])).toBe("2027-01-05");
  });

  it("reads a course's hours from its duration", () => {
    expect(courseHours("96 Hours (6 Weeks)")).toBe(96);
    expect(courseHours("1 Day (8 Hours)")).toBe(8);
    expect(courseHours("7.5 hours")).toBe(7.5);
    expect(courseHours("6 Weeks")).toBeNull();
  });
});

describe("a session's change", () => {
  const calendarDate = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day !== "2027-02-30";
  const ok = { day: "2027-03-15", start: "18:00", end: "22:00", location: "Room 2" };

  it("holds a date, a start before its end and a short place", () => {
    expect(sessionChangeErrors(ok, calendarDate)).toEqual({});
    expect(
      sessionChangeErrors(
        { day: "2027-02-30", start: "25:00", end: "7pm", location: "x".repeat(301) },
        calendarDate,
      ),
    ).toEqual({
      day: "Enter the class's date.",
      start: "Enter the start time (e.g. 18:00).",
      end: "Enter the end time (e.g. 22:00).",
      location: "Keep the place under 300 characters.",
    });
    expect(sessionChangeErrors({ ...ok, end: "18:00" }, calendarDate)).toEqual({
      end: "The class must end after it starts.",
    });
  });

  it("writes times as the company does", () => {
    expect(["00:05", "08:00", "12:00", "18:30", "23:59"].map(formatWallClock)).toEqual([
      "12:05 AM",
      "8:00 AM",
      "12:00 PM",
      "6:30 PM",
      "11:59 PM",
    ]);
  });
});
