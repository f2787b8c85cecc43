// Staff change one class session (issue 46, decision 0024): move it (day, hours, place), cancel
// it, or add one (a make-up class). Each change raises the session's SEQUENCE and e-mails every
// student with a seat an invitation for that session alone (REQUEST, or CANCEL for a cancelled
// one), in the same transaction as the change: nobody learns of a change that did not happen,
// and no change happens unannounced. Subscribed feeds follow on their next refresh.
import { and, eq } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { closedDayName } from "#app/domain/settings/closed-days.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { calendarAttachment } from "#app/platform/calendar/calendar.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { classSessions, cohorts } from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import {
  type CohortPlan,
  cohortEnrolments,
  cohortPlans,
  type Enrolment,
  sessionEvent,
} from "./class-calendar.server.ts";
import type { ClassSession } from "./class-sessions.server.ts";
import { formatWallClock, type SessionChange, sessionChangeErrors } from "./class-sessions.ts";
import { formatDayLong } from "./training.ts";

export const SESSION_TEXTS = {
  notFound: "That class no longer exists.",
  cancelled: "This class is cancelled: add a new one instead.",
  past: "This class is over: its record stays as it was.",
  beforeToday: "Choose today or a later day.",
  unchanged: "Nothing changed: the class already has this day, these hours and this place.",
} as const;

const notFound = failure("not-found", SESSION_TEXTS.notFound);

/** What a change needs: the database, and the outbox with the brand for the students' e-mails. */
export interface SessionServices {
  db: Db;
  mail: StaffMail;
}

/** The cohort a session belongs to, checked against the course the screen is for. */
async function lockSession(
  tx: DbTransaction,
  courseId: number,
  cohortId: number,
  sessionId: number,
): Promise<ClassSession | null> {
  const [row] = await tx
    .select({ session: classSessions })
    .from(classSessions)
    .innerJoin(cohorts, eq(cohorts.id, classSessions.cohortId))
    .where(
      and(
        eq(classSessions.id, sessionId),
        eq(classSessions.cohortId, cohortId),
        eq(cohorts.courseId, courseId),
      ),
    )
    .for("update", { of: classSessions });
  return row?.session ?? null;
}

/** The field messages of a new day and hours, the closed days and the past included. */
async function changeErrors(
  tx: DbTransaction,
  change: SessionChange,
  today: string,
): Promise<Record<string, string>> {
  const errors = sessionChangeErrors(change, isCalendarDate);
  if (!errors.day && change.day < today) errors.day = SESSION_TEXTS.beforeToday;
  if (!errors.day) {
    const holiday = await closedDayName(tx, change.day);
    if (holiday) {
      errors.day = `${formatDayLong(change.day)} is a closed day (${holiday}): choose another day.`;
    }
  }
  return errors;
}

const when = (s: Pick<ClassSession, "day" | "startTime" | "endTime">) =>
  `${formatDayLong(s.day)}, ${formatWallClock(s.startTime)} to ${formatWallClock(s.endTime)}`;

type ChangeKind = "moved" | "cancelled" | "added";

/** One student's e-mail about one session, with that session's event attached. */
async function sessionMail(
  kind: ChangeKind,
  student: Enrolment,
  session: ClassSession,
  plan: CohortPlan,
  mail: StaffMail,
  before: ClassSession | null,
  now: Date,
): Promise<OutgoingMail> {
  const { brand } = mail;
  const place = session.location || brand.address;
  const lines = {
    moved: [
      `Your ${student.title} class of ${before ? when(before) : "before"} is now on ${when(session)}, at ${place}.`,
      "The attached calendar file (class.ics) moves it in your calendar.",
    ],
    cancelled: [
      `Your ${student.title} class of ${when(session)} is cancelled.`,
      "The attached calendar file (class.ics) takes it out of your calendar.",
    ],
    added: [
      `A class is added to ${student.title}: ${when(session)}, at ${place}.`,
      "The attached calendar file (class.ics) adds it to your calendar.",
    ],
  }[kind];
  const heading = {
    moved: "Your class has moved",
    cancelled: "A class is cancelled",
    added: "A class is added",
  }[kind];
  const message = await notice(brand, student.email, {
    template: `class-session-${kind}`,
    subject: `${heading}: ${student.title}, ${formatDayLong(session.day)}`,
    heading,
    lines,
    facts: [
      ["Course", student.title],
      ["Class", when(session)],
      ["Place", place],
    ],
    button: { label: "Open the Training Portal", href: `${brand.siteUrl}/portal` },
    footnote:
      "You receive this e-mail because you hold a seat in this course. Questions? Reply to this e-mail or call us.",
  });
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  const event = sessionEvent(student, session, plan, brand);
  return {
    ...message,
    leadId: student.leadId,
    attachments: [
      calendarAttachment(
        method,
        // A cancellation outranks the last invitation it cancels (its SEQUENCE rose with it).
        event,
        { productId: `-//${brand.siteName}//Classes//EN`, stamp: now, filename: "class.ics" },
      ),
    ],
  };
}

/** Tells every student with a seat in the cohort about the session, in the change's transaction. */
async function tellStudents(
  tx: DbTransaction,
  mail: StaffMail,
  kind: ChangeKind,
  session: ClassSession,
  before: ClassSession | null,
  now: Date,
): Promise<number> {
  const students = await cohortEnrolments(tx, session.cohortId);
  const plan = (await cohortPlans(tx, [session.cohortId])).get(session.cohortId);
  if (!plan || students.length === 0) return 0;
  const messages = await Promise.all(
    students.map((student) => sessionMail(kind, student, session, plan, mail, before, now)),
  );
  await mail.outbox.enqueue(tx, messages);
  return students.length;
}

const told = (n: number) =>
  n === 0 ? "No student holds a seat yet." : `${n} student${n === 1 ? " was" : "s were"} e-mailed.`;

type SessionIds = { courseId: number; cohortId: number; sessionId: number };

/**
 * A change of one scheduled class still ahead, in one transaction with its row locked: refused
 * for a class not found, cancelled already, or over.
 */
function changeScheduled(
  services: SessionServices,
  ids: SessionIds,
  today: string,
  change: (tx: DbTransaction, before: ClassSession) => Promise<Result<string>>,
): Promise<Result<string>> {
  return services.db.transaction(async (tx) => {
    const before = await lockSession(tx, ids.courseId, ids.cohortId, ids.sessionId);
    if (!before) return notFound;
    if (before.status === "cancelled") return failure("conflict", SESSION_TEXTS.cancelled);
    if (before.day < today) return failure("conflict", SESSION_TEXTS.past);
    return change(tx, before);
  });
}

const AUDITED = {
  moved: "class_session_moved",
  cancelled: "class_session_cancelled",
  added: "class_session_added",
} as const;

/** Tells the students and audits the change, in its transaction; returns the screen's message. */
async function announce(
  tx: DbTransaction,
  services: SessionServices,
  actor: Actor,
  ids: { courseId: number; cohortId: number },
  kind: ChangeKind,
  session: ClassSession | undefined,
  before: ClassSession | null,
  now: Date,
): Promise<Result<string>> {
  if (!session) return notFound;
  const n = await tellStudents(tx, services.mail, kind, session, before, now);
  await auditChange(tx, actor, AUDITED[kind], `course:${ids.courseId}`, {
    cohort: ids.cohortId,
    session: session.id,
    ...(before ? { from: when(before), to: when(session) } : { class: when(session) }),
  });
  const done = {
    moved: `Class moved to ${when(session)}.`,
    cancelled: `Class of ${when(session)} cancelled.`,
    added: `Class added on ${when(session)}.`,
  }[kind];
  return success(`${done} ${told(n)}`);
}

/** The row a move or an added class writes: the day, hours and place, in the company's zone. */
async function placed(tx: DbTransaction, change: SessionChange) {
  return {
    day: change.day,
    startTime: change.start,
    endTime: change.end,
    location: change.location,
    timeZone: await getTimeZone(tx),
  };
}

/** Moves a session to a new day, hours or place; its students get the new invitation. */
export function moveSession(
  services: SessionServices,
  actor: Actor,
  ids: SessionIds,
  change: SessionChange,
  today: string,
  now: Date,
): Promise<Result<string>> {
  return changeScheduled(services, ids, today, async (tx, before) => {
    const errors = await changeErrors(tx, change, today);
    if (Object.keys(errors).length > 0) return failure("invalid", CORRECT_FIELDS, errors);
    // Saved as it was: nothing to tell the students (no e-mail, no new SEQUENCE).
    if (
      before.day === change.day &&
      before.startTime === change.start &&
      before.endTime === change.end &&
      before.location === change.location
    ) {
      return failure("conflict", SESSION_TEXTS.unchanged);
    }
    const [session] = await tx
      .update(classSessions)
      .set({
        ...(await placed(tx, change)),
        calendarSequence: before.calendarSequence + 1,
        updatedAt: now,
      })
      .where(eq(classSessions.id, before.id))
      .returning();
    return announce(tx, services, actor, ids, "moved", session, before, now);
  });
}

/** Cancels a session (kept, marked cancelled); its students' calendars drop it. */
export function cancelSession(
  services: SessionServices,
  actor: Actor,
  ids: SessionIds,
  today: string,
  now: Date,
): Promise<Result<string>> {
  return changeScheduled(services, ids, today, async (tx, before) => {
    const [session] = await tx
      .update(classSessions)
      .set({ status: "cancelled", calendarSequence: before.calendarSequence + 1, updatedAt: now })
      .where(eq(classSessions.id, before.id))
      .returning();
    return announce(tx, services, actor, ids, "cancelled", session, null, now);
  });
}

/** Adds a session to a cohort (a make-up class); its students get the invitation. */
export async function addSession(
  services: SessionServices,
  actor: Actor,
  ids: { courseId: number; cohortId: number },
  change: SessionChange,
  today: string,
  now: Date,
): Promise<Result<string>> {
  return services.db.transaction(async (tx) => {
    const [cohort] = await tx
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(and(eq(cohorts.id, ids.cohortId), eq(cohorts.courseId, ids.courseId)))
      .for("update");
    if (!cohort) return failure("not-found", "That cohort no longer exists.");
    const errors = await changeErrors(tx, change, today);
    if (Object.keys(errors).length > 0) return failure("invalid", CORRECT_FIELDS, errors);
    const [session] = await tx
      .insert(classSessions)
      .values({ cohortId: ids.cohortId, ...(await placed(tx, change)) })
      .returning();
    return announce(tx, services, actor, ids, "added", session, null, now);
  });
}
