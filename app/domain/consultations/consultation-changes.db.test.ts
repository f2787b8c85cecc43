import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultantHours, users } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { readIcs } from "#tests/support/ics.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import {
  CHANGE_TEXTS,
  cancelBooking,
  consultationsFor,
  moveBooking,
  setOutcome,
} from "./consultation-changes.server.ts";
import { runBookingJobs } from "./consultation-jobs.server.ts";
import { bookTime, type MeetingType, meetingTypeBySlug } from "./consultations.server.ts";

// Monday, March 1, 2027, 8:00 AM in Chicago.
const NOW = new Date("2027-03-01T14:00:00Z");
const ZONE = "America/Chicago";
const TUESDAY_10 = "2027-03-02T16:00:00.000Z";
const WEDNESDAY_10 = "2027-03-03T16:00:00.000Z";

let database: Database;
let mail: ReturnType<typeof queuedMail>;
let free: MeetingType;
let rep: PublicUser;
let manager: PublicUser;
let other: PublicUser;

const userOf = async (email: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row as unknown as PublicUser;
};
const actor = (user: PublicUser) => ({ user, ip: "203.0.113.7" });
const services = () => ({ db: database.db, ...mail.mail });

beforeEach(async () => {
  database = await createTestDatabase();
  mail = queuedMail(database);
  await query(database, "delete from leads");
  await query(database, "delete from consultant_hours");
  free = (await meetingTypeBySlug(database.db, "free")) as MeetingType;
  rep = await userOf("rep@example.com");
  manager = await userOf("manager@example.com");
  const [third] = await query<{ email: string }>(
    database,
    `select email from users where role = 'sales_rep' and email <> 'rep@example.com' limit 1`,
  );
  other = await userOf(third?.email as string);
  await database.db
    .insert(consultantHours)
    .values(
      [rep.id, manager.id, other.id].flatMap((userId) =>
        [1, 2, 3, 4, 5].map((weekday) => ({ userId, weekday, startMinute: 540, endMinute: 1020 })),
      ),
    );
});
afterEach(async () => {
  await database.close();
});

/** Pat books the rep's Tuesday 10:00; returns the booking's id and its link's token. */
async function booked() {
  const result = await bookTime(services(), {
    type: free,
    start: TUESDAY_10,
    consultant: String(rep.id),
    holderKey: "pat",
    clientKey: "pat-network",
    timeZone: "America/Los_Angeles",
    companyZone: ZONE,
    sourcePage: "/consultation",
    now: NOW,
    form: {
      name: "Pat Visitor",
      email: "pat@example.org",
      phone: "205-555-0100",
      company: "",
      topic: "support",
      message: "",
    },
  });
  if (!result.ok) throw new Error(result.error);
  const sent = await mail.queued();
  const token = /token=([A-Za-z0-9_-]{43})/.exec(sent[0]?.text ?? "")?.[1] as string;
  mail.clear();
  return { id: result.value.bookingId, token };
}

/** What a change would alter of the booking's row. */
const rowOf = async (id: number) =>
  (
    await query(
      database,
      `select status, starts_at, consultant_id, calendar_sequence, cancel_reason from bookings where id = ${id}`,
    )
  )[0];

const invitations = async () =>
  (await mail.queued()).map((m) => ({
    to: m.to,
    template: m.template,
    text: m.text,
    calendar: readIcs(m.attachments?.find((a) => a.filename === "consultation.ics")?.content ?? ""),
  }));

describe("the booker's link", () => {
  it("moves the consultation: the same event with a higher SEQUENCE, a new link, the old one dead", async () => {
    const { id, token } = await booked();
    const moved = await moveBooking(services(), { kind: "booker", token }, WEDNESDAY_10, NOW, ZONE);
    expect(moved).toMatchObject({ ok: true, value: { bookingId: id } });
    const sent = await invitations();
    expect(sent.map((m) => m.template)).toEqual(["consultation-moved", "consultation-moved-staff"]);
    for (const m of sent) {
      expect(m.calendar.method).toBe("REQUEST");
      expect(m.calendar.events[0]).toMatchObject({
        sequence: 1,
        uid: expect.stringMatching(/^consultation-\d+@/),
      });
      expect(m.calendar.events[0]?.start.toISOString()).toBe(WEDNESDAY_10);
    }
    expect(sent[0]?.text).toContain((moved as { value: { token: string } }).value.token);
    // The old link no longer works; nothing changes.
    expect(await cancelBooking(services(), { kind: "booker", token }, "", NOW, ZONE)).toEqual({
      ok: false,
      reason: "gone",
      error: CHANGE_TEXTS.linkGone,
    });
    const [row] = await query(
      database,
      `select status, calendar_sequence from bookings where id = ${id}`,
    );
    expect(row).toMatchObject({ status: "booked", calendar_sequence: 1 });
    // The record's history says what happened, and the audit log.
    const lines = await query<{ message: string }>(
      database,
      "select message from sales_activities where kind = 'consultation' order by id",
    );
    expect(lines.at(-1)?.message).toContain("moved by Pat Visitor (the booker)");
    expect(
      await query(database, "select id from audit_log where action = 'booking_rescheduled'"),
    ).toHaveLength(1);
  });

  it("cancels it: METHOD:CANCEL to both, the time free again, the link used up", async () => {
    const { id, token } = await booked();
    expect(
      await cancelBooking(
        services(),
        { kind: "booker", token },
        "Found another provider",
        NOW,
        ZONE,
      ),
    ).toEqual({ ok: true, value: id });
    const sent = await invitations();
    expect(sent.map((m) => m.calendar.method)).toEqual(["CANCEL", "CANCEL"]);
    expect(sent[0]?.calendar.events[0]).toMatchObject({ sequence: 1, status: "CANCELLED" });
    expect(sent[1]?.text).toContain("Reason: Found another provider");
    expect(await cancelBooking(services(), { kind: "booker", token }, "", NOW, ZONE)).toMatchObject(
      { reason: "gone" },
    );
    // Somebody else can book that time now.
    const again = await bookTime(services(), {
      type: free,
      start: TUESDAY_10,
      consultant: String(rep.id),
      holderKey: "kim",
      clientKey: "kim",
      timeZone: ZONE,
      companyZone: ZONE,
      sourcePage: "/consultation",
      now: NOW,
      form: {
        name: "Kim",
        email: "kim@example.org",
        phone: "205-555-0101",
        company: "",
        topic: "support",
        message: "",
      },
    });
    expect(again).toMatchObject({ ok: true });
  });

  it.each([
    ["forged", () => "A".repeat(43)],
    ["malformed", () => "not-a-token"],
  ])("a %s link is refused with a 410 and changes nothing", async (_, token) => {
    const { id } = await booked();
    const before = await rowOf(id);
    const gone = { ok: false, reason: "gone", error: CHANGE_TEXTS.linkGone };
    expect(
      await moveBooking(services(), { kind: "booker", token: token() }, WEDNESDAY_10, NOW, ZONE),
    ).toEqual(gone);
    expect(
      await cancelBooking(services(), { kind: "booker", token: token() }, "", NOW, ZONE),
    ).toEqual(gone);
    expect(await rowOf(id)).toEqual(before);
    expect(before).toMatchObject({ status: "booked", calendar_sequence: 0 });
    expect(await mail.queued()).toEqual([]);
  });

  it("a link stops working when the meeting starts", async () => {
    const { id, token } = await booked();
    const before = await rowOf(id);
    const started = new Date(Date.parse(TUESDAY_10) + 60_000);
    expect(await cancelBooking(services(), { kind: "booker", token }, "", started, ZONE)).toEqual({
      ok: false,
      reason: "gone",
      error: CHANGE_TEXTS.linkGone,
    });
    expect(await rowOf(id)).toEqual(before);
    expect(await mail.queued()).toEqual([]);
  });

  it("a move to a time that is not free, or not a time, is refused and changes nothing", async () => {
    const { id, token } = await booked();
    const before = await rowOf(id);
    expect(
      await moveBooking(
        services(),
        { kind: "booker", token },
        "2027-03-02T18:10:00.000Z",
        NOW,
        ZONE,
      ),
    ).toMatchObject({ reason: "invalid" });
    expect(
      await moveBooking(services(), { kind: "booker", token }, TUESDAY_10, NOW, ZONE),
    ).toMatchObject({ reason: "invalid", error: CHANGE_TEXTS.sameTime });
    expect(await rowOf(id)).toEqual(before);
    expect(await mail.queued()).toEqual([]);
    // Half an hour later overlaps only itself: allowed.
    expect(
      await moveBooking(
        services(),
        { kind: "booker", token },
        "2027-03-02T16:30:00.000Z",
        NOW,
        ZONE,
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("staff", () => {
  it("another rep's consultation is not found for reading or changing; a manager may", async () => {
    const { id } = await booked();
    const before = await rowOf(id);
    const notFound = { ok: false, reason: "not-found", error: CHANGE_TEXTS.notFound };
    expect(
      await cancelBooking(services(), { kind: "staff", actor: actor(other), id }, "", NOW, ZONE),
    ).toEqual(notFound);
    expect(
      await moveBooking(
        services(),
        { kind: "staff", actor: actor(other), id },
        WEDNESDAY_10,
        NOW,
        ZONE,
      ),
    ).toEqual(notFound);
    expect(await rowOf(id)).toEqual(before);
    expect(await mail.queued()).toEqual([]);
    expect((await consultationsFor(database.db, other, NOW)).upcoming).toEqual([]);
    expect((await consultationsFor(database.db, rep, NOW)).upcoming.map((b) => b.id)).toEqual([id]);
    expect((await consultationsFor(database.db, manager, NOW)).upcoming.map((b) => b.id)).toEqual([
      id,
    ]);
    expect(
      await cancelBooking(
        services(),
        { kind: "staff", actor: actor(manager), id },
        "Rep is ill",
        NOW,
        ZONE,
      ),
    ).toMatchObject({ ok: true });
    const [toBooker] = await invitations();
    expect(toBooker?.calendar.method).toBe("CANCEL");
    expect(toBooker?.text).toContain("Reason: Rep is ill");
  });

  it("marks it held or a no-show once it started: held moves a New record forward, no-shows are counted", async () => {
    const { id } = await booked();
    expect(await setOutcome(database.db, actor(rep), id, "held", NOW, ZONE)).toMatchObject({
      reason: "conflict",
      error: CHANGE_TEXTS.notStarted,
    });
    const after = new Date(Date.parse(TUESDAY_10) + 40 * 60_000);
    expect(await setOutcome(database.db, actor(other), id, "held", after, ZONE)).toMatchObject({
      reason: "not-found",
    });
    expect((await consultationsFor(database.db, rep, after)).toMark.map((b) => b.id)).toEqual([id]);
    expect(await setOutcome(database.db, actor(rep), id, "held", after, ZONE)).toEqual({
      ok: true,
    });
    const [lead] = await query(database, "select phase from leads");
    expect(lead?.phase).toBe("Free MVP");
    expect(await setOutcome(database.db, actor(rep), id, "no_show", after, ZONE)).toEqual({
      ok: true,
    });
    expect((await consultationsFor(database.db, rep, after)).noShows).toBe(1);
    expect(
      await query(database, "select id from audit_log where action = 'booking_outcome_set'"),
    ).toHaveLength(2);
  });
});

describe("reminders", () => {
  it("go 24 hours and 1 hour before, to both sides, once however often the job runs", async () => {
    await booked();
    const at = (hoursBefore: number) => new Date(Date.parse(TUESDAY_10) - hoursBefore * 3_600_000);
    expect((await runBookingJobs(database.db, mail.mail, at(25))).consultationReminders).toBe(0);
    const dayBefore = await Promise.all([
      runBookingJobs(database.db, mail.mail, at(23.9)),
      runBookingJobs(database.db, mail.mail, at(23.8)),
    ]);
    expect(dayBefore.map((r) => r.consultationReminders).sort()).toEqual([0, 1]);
    const first = await invitations();
    expect(first.map((m) => m.template)).toEqual([
      "consultation-reminder",
      "consultation-reminder-staff",
    ]);
    expect(first[0]?.calendar.method).toBe("REQUEST");
    mail.clear();
    expect((await runBookingJobs(database.db, mail.mail, at(2))).consultationReminders).toBe(0);
    expect((await runBookingJobs(database.db, mail.mail, at(0.9))).consultationReminders).toBe(1);
    expect((await runBookingJobs(database.db, mail.mail, at(0.5))).consultationReminders).toBe(0);
    expect((await mail.queued()).map((m) => m.subject)).toEqual([
      "Reminder: your consultation in 1 hour - Sigma Technology Partners",
      expect.stringMatching(/^Consultation coming up: Pat Visitor/),
    ]);
  });
});
