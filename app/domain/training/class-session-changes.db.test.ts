// Staff change one class (issue 46): a move, a cancellation, a make-up class. Each e-mails every
// student with a seat one invitation for that class (read back by two calendar parsers), in the
// change's transaction; refusals change nothing and send nothing.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { classSessions } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { readIcs, readWithPythonIcalendar } from "#tests/support/ics.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { addSession, cancelSession, moveSession } from "./class-session-changes.server.ts";
import { cohortSessions, planCohortSessions } from "./class-sessions.server.ts";
import { confirmRegistration } from "./registration-admin.server.ts";

let database: Database;
let fx: RegistrationFixture;
let ids: { courseId: number; cohortId: number; sessionId: number };
let students: number[];

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  // The fixture's April 5 cohort (a 40-hour morning course: ten classes) with two students.
  await planCohortSessions(database.db, [fx.april5]);
  students = [
    await fx.register("zoe.nguyen@example.org", { name: "Zoë Nguyễn", confirmed: true }),
    await fx.register("kadikoy@example.org", { name: "Deniz Kadıköy", confirmed: true }),
  ];
  const sessions = await cohortSessions(database.db, fx.april5);
  ids = { courseId: fx.course.id, cohortId: fx.april5, sessionId: sessions[2]?.id ?? 0 };
  fx.clearQueued();
});
afterEach(async () => {
  await database.close();
});

const actor = () => fx.admin;
const sessionRow = async () =>
  (await database.db.select().from(classSessions).where(eq(classSessions.id, ids.sessionId)))[0];
const auditCount = async () =>
  (await query(database, "select id from audit_log where action like 'class_session%'")).length;

describe("moving a class", () => {
  it("across the March change keeps its wall clock; each student gets the invitation", async () => {
    const before = await sessionRow();
    // From April (daylight time) back to 11 March (standard time), 6 to 10 PM, in Room 4.
    const moved = await moveSession(
      fx.services,
      actor(),
      ids,
      { day: "2027-03-11", start: "18:00", end: "22:00", location: "Room 4" },
      TODAY,
      NOW,
    );
    expect(moved).toEqual({
      ok: true,
      value:
        "Class moved to Thursday, March 11, 2027, 6:00 PM to 10:00 PM. 2 students were e-mailed.",
    });
    expect(await sessionRow()).toMatchObject({
      day: "2027-03-11",
      startTime: "18:00",
      endTime: "22:00",
      location: "Room 4",
      status: "scheduled",
      calendarSequence: (before?.calendarSequence ?? 0) + 1,
    });
    const mails = await fx.queued();
    expect(mails.map((m) => m.to).sort()).toEqual([
      "kadikoy@example.org",
      "zoe.nguyen@example.org",
    ]);
    const zoe = mails.find((m) => m.to === "zoe.nguyen@example.org");
    expect(zoe?.subject).toContain(
      "Your class has moved: Test Networking, Thursday, March 11, 2027",
    );
    expect(zoe?.text).toContain("Room 4");
    const ics = zoe?.attachments?.find((a) => a.filename === "class.ics");
    expect(ics?.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const [event] = readIcs(String(ics?.content)).events;
    expect(event).toMatchObject({
      uid: `registration-${students[0]}-session-${ids.sessionId}@www.example.com`,
      sequence: 1,
      location: "Room 4",
    });
    // 6 PM Central Standard Time is midnight UTC; both parsers agree.
    expect(event?.start.toISOString()).toBe("2027-03-12T00:00:00.000Z");
    expect(readWithPythonIcalendar(String(ics?.content))).toEqual([
      [event?.uid, "2027-03-12T00:00:00+00:00", "2027-03-12T04:00:00+00:00"],
    ]);
    expect(String(ics?.content)).toContain("DTSTART;TZID=America/Chicago:20270311T180000");
    expect(await auditCount()).toBe(1);
  });

  it("refuses bad input, the past, a closed day and another course's class, changing nothing", async () => {
    const before = await sessionRow();
    const move = (change: Partial<Parameters<typeof moveSession>[3]>, at = ids) =>
      moveSession(
        fx.services,
        actor(),
        at,
        { day: "2027-04-20", start: "09:00", end: "12:00", location: "", ...change },
        TODAY,
        NOW,
      );
    expect(await move({ day: "2027-02-30", start: "9am" })).toEqual({
      ok: false,
      reason: "invalid",
      error: "Please correct the highlighted fields.",
      fieldErrors: { day: "Enter the class's date.", start: "Enter the start time (e.g. 18:00)." },
    });
    expect(await move({ day: "2027-02-27" })).toMatchObject({
      reason: "invalid",
      fieldErrors: { day: "Choose today or a later day." },
    });
    expect(await move({ day: "2027-12-25" })).toMatchObject({
      reason: "invalid",
      fieldErrors: {
        day: "Saturday, December 25, 2027 is a closed day (Christmas Day): choose another day.",
      },
    });
    expect(await move({}, { ...ids, courseId: ids.courseId + 1 })).toEqual({
      ok: false,
      reason: "not-found",
      error: "That class no longer exists.",
    });
    expect(await move({}, { ...ids, cohortId: fx.april19 })).toMatchObject({ reason: "not-found" });
    // Saved without a change: refused, nobody e-mailed.
    expect(
      await move({
        day: before?.day,
        start: before?.startTime,
        end: before?.endTime,
        location: before?.location,
      }),
    ).toEqual({
      ok: false,
      reason: "conflict",
      error: "Nothing changed: the class already has this day, these hours and this place.",
    });
    expect(await sessionRow()).toEqual(before);
    expect(await fx.queued()).toEqual([]);
    expect(await auditCount()).toBe(0);
  });
});

describe("the registration e-mails' first class", () => {
  it("follows the first class where staff moved it, with a SEQUENCE above the move's", async () => {
    const sessions = await cohortSessions(database.db, fx.april5);
    const first = { ...ids, sessionId: sessions[0]?.id ?? 0 };
    const moved = await moveSession(
      fx.services,
      actor(),
      first,
      { day: "2027-04-05", start: "18:00", end: "22:00", location: "Room 7" },
      TODAY,
      NOW,
    );
    expect(moved).toMatchObject({ ok: true });
    const [invitation] = await fx.queued();
    const movedEvent = readIcs(String(invitation?.attachments?.[0]?.content)).events[0];
    expect(movedEvent?.uid).toBe(`registration-${students[0]}@www.example.com`);
    fx.clearQueued();
    // Staff confirm the seat: the e-mail's first class is the moved one, not the schedule's.
    expect(
      await confirmRegistration(fx.services, fx.admin, students[0] as number, NOW, TODAY),
    ).toMatchObject({ ok: true });
    const confirmed = (await fx.queued()).find((m) => m.to === "zoe.nguyen@example.org");
    const ics = confirmed?.attachments?.find((a) => a.filename === "course-start.ics");
    const [event] = readIcs(String(ics?.content)).events;
    expect(event).toMatchObject({ uid: movedEvent?.uid, location: "Room 7", status: "CONFIRMED" });
    expect(event?.start.toISOString()).toBe("2027-04-05T23:00:00.000Z");
    expect(event?.sequence).toBeGreaterThan(movedEvent?.sequence ?? 0);
  });

  it("stays cancelled once staff cancel it: a later e-mail's first class is a CANCEL, never a new invitation", async () => {
    const sessions = await cohortSessions(database.db, fx.april5);
    const first = { ...ids, sessionId: sessions[0]?.id ?? 0 };
    expect(await cancelSession(fx.services, actor(), first, TODAY, NOW)).toMatchObject({
      ok: true,
    });
    const [cancelled] = await fx.queued();
    const cancelEvent = readIcs(String(cancelled?.attachments?.[0]?.content)).events[0];
    fx.clearQueued();
    expect(
      await confirmRegistration(fx.services, fx.admin, students[0] as number, NOW, TODAY),
    ).toMatchObject({ ok: true });
    const confirmed = (await fx.queued()).find((m) => m.to === "zoe.nguyen@example.org");
    const ics = confirmed?.attachments?.find((a) => a.filename === "course-start.ics");
    const read = readIcs(String(ics?.content));
    expect(read.method).toBe("CANCEL");
    expect(read.events[0]).toMatchObject({ uid: cancelEvent?.uid, status: "CANCELLED" });
    expect(read.events[0]?.sequence).toBeGreaterThanOrEqual(cancelEvent?.sequence ?? 0);
  });
});

describe("cancelling and adding a class", () => {
  it("a cancellation says CANCEL with a higher SEQUENCE; twenty at once cancel it once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => cancelSession(fx.services, actor(), ids, TODAY, NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(
      Array(19).fill("conflict"),
    );
    expect(await sessionRow()).toMatchObject({ status: "cancelled", calendarSequence: 1 });
    const mails = await fx.queued();
    expect(mails).toHaveLength(2);
    const ics = String(mails[0]?.attachments?.[0]?.content);
    expect(mails[0]?.attachments?.[0]?.contentType).toContain("method=CANCEL");
    expect(readIcs(ics)).toMatchObject({
      method: "CANCEL",
      events: [{ status: "CANCELLED", sequence: 1 }],
    });
    // A cancelled class is not moved back; a new one is added instead.
    expect(
      await moveSession(
        fx.services,
        actor(),
        ids,
        { day: "2027-04-20", start: "09:00", end: "12:00", location: "" },
        TODAY,
        NOW,
      ),
    ).toMatchObject({ ok: false, reason: "conflict" });
    expect(await auditCount()).toBe(1);
  });

  it("a make-up class is added and announced; a class already over stays as it was", async () => {
    fx.clearQueued();
    const added = await addSession(
      fx.services,
      actor(),
      { courseId: ids.courseId, cohortId: ids.cohortId },
      { day: "2027-04-24", start: "09:00", end: "13:00", location: "Lab B" },
      TODAY,
      NOW,
    );
    expect(added).toMatchObject({ ok: true });
    const sessions = await cohortSessions(database.db, ids.cohortId);
    expect(sessions).toHaveLength(11);
    const mails = await fx.queued();
    expect(mails).toHaveLength(2);
    expect(readIcs(String(mails[0]?.attachments?.[0]?.content)).events[0]?.summary).toBe(
      "Test Networking: class 11 of 11",
    );
    // Today is after the class: moving or cancelling it is refused.
    const later = "2027-04-06";
    const first = sessions[0];
    expect(
      await cancelSession(
        fx.services,
        actor(),
        { ...ids, sessionId: first?.id ?? 0 },
        later,
        new Date("2027-04-06T15:00:00Z"),
      ),
    ).toEqual({
      ok: false,
      reason: "conflict",
      error: "This class is over: its record stays as it was.",
    });
  });
});
