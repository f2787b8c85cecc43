// A cohort's class meetings (issue 46, decision 0024): which days and wall-clock hours each class
// schedule meets, how many hours a course lasts, and the plan of sessions a new cohort gets.
// Times are wall-clock ("HH:MM") on a calendar day in the company's zone: a six-week evening
// cohort that spans the March change still meets at 6:00 PM on both sides of it; instants are
// made from them only when a calendar file or an e-mail needs one (platform/calendar).
import { Temporal } from "temporal-polyfill";
import type { ClassSchedule } from "./training.ts";

/** One weekly meeting of a schedule: ISO weekday (1 Monday ... 7 Sunday) and its hours. */
export interface Meeting {
  weekday: number;
  start: string;
  end: string;
}

const monToThu = (start: string, end: string): Meeting[] =>
  [1, 2, 3, 4].map((weekday) => ({ weekday, start, end }));

/** When each class schedule meets: the same words as its label in CLASS_SCHEDULES. */
export const SCHEDULE_MEETINGS: Record<ClassSchedule, Meeting[]> = {
  morning: monToThu("08:00", "12:00"),
  evening: monToThu("18:00", "22:00"),
  friday: [{ weekday: 5, start: "09:00", end: "17:00" }],
  saturday: [{ weekday: 6, start: "09:00", end: "17:00" }],
  "weeknight-lab": [
    { weekday: 1, start: "19:00", end: "21:30" },
    { weekday: 3, start: "19:00", end: "21:30" },
    { weekday: 6, start: "09:00", end: "12:00" },
  ],
};

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** A meeting's length in minutes. */
export const meetingMinutes = (meeting: { start: string; end: string }) =>
  minutesOf(meeting.end) - minutesOf(meeting.start);

/**
 * The teaching hours a course's duration names: "96 Hours (6 Weeks)" is 96, "1 Day (8 Hours)"
 * is 8. A duration without hours counts its weeks or days on the schedule instead (null here).
 */
export function courseHours(duration: string): number | null {
  const hours = /(\d+(?:\.\d+)?)\s*hours?\b/i.exec(duration);
  return hours ? Number(hours[1]) : null;
}

/** The minutes of teaching a cohort of this duration gets on this schedule. */
function teachingMinutes(duration: string, meetings: Meeting[]): number {
  const hours = courseHours(duration);
  if (hours !== null) return Math.round(hours * 60);
  const weekly = meetings.reduce((sum, meeting) => sum + meetingMinutes(meeting), 0);
  const weeks = /(\d+)\s*weeks?\b/i.exec(duration);
  if (weeks) return Number(weeks[1]) * weekly;
  const days = /(\d+)\s*days?\b/i.exec(duration);
  const longest = Math.max(...meetings.map(meetingMinutes));
  return (days ? Number(days[1]) : 1) * longest;
}

/** A session of the plan: its day and wall-clock hours. */
export interface PlannedSession {
  day: string;
  start: string;
  end: string;
}

/** No plan runs longer than this: a duration that would is a typing error, not a course. */
export const MAX_SESSIONS = 200;

/**
 * The sessions of a cohort starting on `startDate`: every meeting of its schedule from that day
 * on, skipping the days the company is closed, until the course's hours are taught (at most
 * MAX_SESSIONS, and within two years of the start).
 */
export function planSessions(input: {
  startDate: string;
  schedule: ClassSchedule;
  duration: string;
  isClosed: (day: string) => boolean;
}): PlannedSession[] {
  const meetings = SCHEDULE_MEETINGS[input.schedule];
  const needed = teachingMinutes(input.duration, meetings);
  const sessions: PlannedSession[] = [];
  let taught = 0;
  let day = Temporal.PlainDate.from(input.startDate);
  // Two years of days is far more than any plan needs; it keeps a closed-every-day calendar finite.
  for (let step = 0; step < 731 && sessions.length < MAX_SESSIONS; step++) {
    const text = day.toString();
    if (!input.isClosed(text)) {
      for (const meeting of meetings.filter((m) => m.weekday === day.dayOfWeek)) {
        sessions.push({ day: text, start: meeting.start, end: meeting.end });
        taught += meetingMinutes(meeting);
      }
    }
    if (taught >= needed && sessions.length > 0) break;
    day = day.add({ days: 1 });
  }
  return sessions;
}

/** The last day a plan (or a cohort's sessions) reaches. */
export const lastDayOf = (sessions: readonly { day: string }[]): string | null =>
  sessions.reduce<string | null>((last, s) => (last === null || s.day > last ? s.day : last), null);

/** What staff set when they move or add a session. */
export interface SessionChange {
  day: string;
  start: string;
  end: string;
  /** A room or an online meeting's link; "" for the company's address. */
  location: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const LOCATION_MAX = 300;

/** The field messages of a session's change (none: it holds). */
export function sessionChangeErrors(
  change: SessionChange,
  isCalendarDate: (day: string) => boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isCalendarDate(change.day)) errors.day = "Enter the class's date.";
  if (!TIME.test(change.start)) errors.start = "Enter the start time (e.g. 18:00).";
  if (!TIME.test(change.end)) errors.end = "Enter the end time (e.g. 22:00).";
  else if (TIME.test(change.start) && change.end <= change.start) {
    errors.end = "The class must end after it starts.";
  }
  if (change.location.length > LOCATION_MAX) {
    errors.location = `Keep the place under ${LOCATION_MAX} characters.`;
  }
  return errors;
}

/** "18:00" as the company writes it: "6:00 PM". */
export function formatWallClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, "0")} ${suffix}`;
}
