// Attendance marks (issue 46, decision 0024): what an instructor taps for each student of a
// class, and for how long after the class a mark may still change. Shared with the screens.

export const MARKS = ["present", "late", "excused", "absent"] as const;
export type Mark = (typeof MARKS)[number];

export const MARK_LABELS: Record<Mark, string> = {
  present: "Present",
  late: "Late",
  excused: "Excused",
  absent: "Absent",
};

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
