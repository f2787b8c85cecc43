// Attendance marks (issue 46, decision 0024): what an instructor taps for each student of a
// class, and for how long after the class a mark may still change. Shared with the screens.

/** The marks in the order their buttons stand, each with the word the screens show. */
export const MARK_OPTIONS = [
  { value: "present", label: "Present" },
  { value: "late", label: "Late" },
  { value: "excused", label: "Excused" },
  { value: "absent", label: "Absent" },
] as const;
export type Mark = (typeof MARK_OPTIONS)[number]["value"];
export const MARKS: readonly Mark[] = MARK_OPTIONS.map((option) => option.value);
export const MARK_LABELS = Object.fromEntries(
  MARK_OPTIONS.map((option) => [option.value, option.label]),
) as Record<Mark, string>;

export const isMark = (value: string): value is Mark =>
  (MARKS as readonly string[]).includes(value);

/** A class's marks may change until this many days after it ended. */
export const ATTENDANCE_EDIT_DAYS = 7;

/** Present and late count as attended (for completion). */
export const attended = (mark: string | null | undefined) => mark === "present" || mark === "late";

export const ATTENDANCE_TEXTS = {
  notFound: "That class is not one of yours.",
  studentNotFound: "That student is not in this class.",
  cancelled: "This class is cancelled: there is nothing to mark.",
  notStarted: "This class has not started yet: mark attendance once it has.",
  closed: `Attendance can be changed for ${ATTENDANCE_EDIT_DAYS} days after the class; this one is closed.`,
  badMark: "Choose present, late, excused or absent.",
} as const;
