import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONSULTATION_HOLDS_PER_NETWORK as HOLDS_PER_CLIENT } from "#app/domain/settings/staff-settings.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultantHours, users } from "#app/platform/db/schema.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import { readIcs } from "#tests/support/ics.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import {
  type BookingForm,
  bookingDays,
  bookTime,
  holdTime,
  type MeetingType,
  meetingTypeBySlug,
} from "./consultations.server.ts";
import { BOOKING_TEXTS } from "./consultations.ts";

// Monday, March 1, 2027, 8:00 AM in Chicago.
const NOW = new Date("2027-03-01T14:00:00Z");
const ZONE = "America/Chicago";
// Tuesday, March 2, 10:00 AM Chicago.
const TUESDAY_10 = "2027-03-02T16:00:00.000Z";

let database: Database;
let mail: ReturnType<typeof queuedMail>;
let free: MeetingType;
let rep: number;
let manager: number;

const form = (email = "pat@example.org"): BookingForm => ({
  name: "Pat Visitor",
  email,
  phone: "205-555-0100",
  company: "Pat's Bakery",
  topic: "support",
  message: "Our network drops every afternoon.",
});

const idOf = async (email: string) => {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return (row as { id: number }).id;
};

beforeEach(async () => {
  database = await createTestDatabase();
  mail = queuedMail(database);
  await query(database, "delete from leads");
  free = (await meetingTypeBySlug(database.db, "free")) as MeetingType;
  rep = await idOf("rep@example.com");
  manager = await idOf("manager@example.com");
  await query(database, "delete from consultant_hours");
  // Both work Monday to Friday, 9:00 to 12:00 and 13:00 to 17:00, in Chicago.
  await database.db.insert(consultantHours).values(
    [rep, manager].flatMap((userId) =>
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        { userId, weekday, startMinute: 540, endMinute: 720 },
        { userId, weekday, startMinute: 780, endMinute: 1020 },
      ]),
    ),
  );
});
afterEach(async () => {
  await database.close();
});

const services = () => ({ db: database.db, ...mail.mail });
const book = (overrides: Partial<Parameters<typeof bookTime>[1]> & { holderKey?: string } = {}) =>
  bookTime(services(), {
    type: free,
    start: TUESDAY_10,
    consultant: "any",
    holderKey: "visitor-1",
    clientKey: "client-1",
    timeZone: "America/Los_Angeles",
    companyZone: ZONE,
    sourcePage: "/consultation",
    now: NOW,
    form: form(),
    ...overrides,
  });
const hold = (overrides: Partial<Parameters<typeof holdTime>[1]> = {}) =>
  holdTime(database.db, {
    type: free,
    start: TUESDAY_10,
    consultant: "any",
    holderKey: "visitor-1",
    clientKey: "client-1",
    timeZone: ZONE,
    companyZone: ZONE,
    now: NOW,
    ...overrides,
  });

describe("the booking page's times", () => {
  it("lists the visitor's days with free times in their zone, from the minimum notice on", async () => {
    const page = await bookingDays(database.db, {
      type: free,
      consultant: "any",
      timeZone: "America/Los_Angeles",
      companyZone: ZONE,
      now: NOW,
    });
    const [today, tomorrow] = page?.days ?? [];
    expect(today?.label).toBe("Monday, March 1");
    // Four hours' notice from 8:00 in Chicago reaches noon, the lunch hour: 1:00 PM in Chicago,
    // 11:00 AM in Los Angeles, comes first.
    expect(today?.slots[0]).toEqual({ start: "2027-03-01T19:00:00.000Z", label: "11:00 AM" });
    expect(tomorrow?.slots[0]?.label).toBe("7:00 AM");
    expect(page?.days).toHaveLength(7);
    expect(page?.later).toMatch(/^2027-03-\d{2}$/);
  });

  it("answers nothing for a consultant who does not take consultations", async () => {
    const admin = await idOf("admin@example.com");
    expect(admin).toBeGreaterThan(0);
    const input = { type: free, timeZone: ZONE, companyZone: ZONE, now: NOW };
    // The same question for a consultant is answered: the refusal is about the admin.
    expect(
      (await bookingDays(database.db, { ...input, consultant: String(rep) }))?.days.length,
    ).toBeGreaterThan(0);
    expect(await bookingDays(database.db, { ...input, consultant: String(admin) })).toBeUndefined();
    expect(await bookingDays(database.db, { ...input, consultant: "abc" })).toBeUndefined();
  });
});

describe("holding and booking a time", () => {
  it("holds the time, then books it: the record, its owner, its history, the audit entry and two invitations", async () => {
    const held = await hold();
    expect(held).toMatchObject({ ok: true });
    const booked = await book();
    expect(booked).toMatchObject({ ok: true, value: { created: true } });
    const [booking] = await query(database, "select * from bookings");
    expect(booking).toMatchObject({
      status: "booked",
      name: "Pat Visitor",
      time_zone: "America/Los_Angeles",
    });
    const [lead] = await query(database, "select * from leads");
    expect(lead).toMatchObject({
      form: "consultation",
      source: "Consultation",
      phase: "New",
      inquiry_type: "support",
      assigned_to: booking?.consultant_id,
    });
    expect(booking?.lead_id).toBe(lead?.id);
    const activity = await query<{ message: string }>(
      database,
      `select message from sales_activities where customer_id = ${lead?.id} order by id`,
    );
    expect(activity.map((a) => a.message).join("\n")).toContain(
      "Free consultation booked for Tuesday, March 2, 2027, 10:00 AM CST",
    );
    const [audit] = await query(
      database,
      "select action, actor_label from audit_log where action = 'booking_created'",
    );
    expect(audit).toMatchObject({ actor_label: "Visitor" });

    const sent = await mail.queued();
    expect(sent.map((m) => m.template)).toEqual([
      "consultation-booked",
      "consultation-booked-staff",
    ]);
    const [toVisitor, toConsultant] = sent;
    expect(toVisitor?.to).toBe("pat@example.org");
    const consultant = booking?.consultant_id === rep ? "rep@example.com" : "manager@example.com";
    expect(toConsultant?.to).toBe(consultant);
    expect(toConsultant?.replyTo).toBe("pat@example.org");
    // The visitor reads their own clock; the link to reschedule is in the message, not the log.
    expect(toVisitor?.text).toContain(
      "Tuesday, March 2, 2027, 8:00 AM PST (Pacific time (Los Angeles))",
    );
    expect(toVisitor?.text).toMatch(/consultation\/manage\?token=[A-Za-z0-9_-]{43}/);
    const [logged] = await query<{ text_body: string }>(
      database,
      "select text_body from mail_messages where template = 'consultation-booked'",
    );
    expect(logged?.text_body).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    const invitations = sent.map((m) =>
      readIcs(m.attachments?.find((a) => a.filename === "consultation.ics")?.content ?? ""),
    );
    for (const calendar of invitations) {
      expect(calendar.method).toBe("REQUEST");
      expect(calendar.events[0]?.start.toISOString()).toBe(TUESDAY_10);
      expect(calendar.events[0]?.sequence).toBe(0);
    }
    expect(invitations[0]?.events[0]?.uid).toBe(invitations[1]?.events[0]?.uid);
    expect(invitations[0]?.events[0]?.attendees).toContain("mailto:pat@example.org");
  });

  it("the same post again is the same booking: nothing more stored or sent", async () => {
    const first = await book();
    mail.clear();
    const again = await book();
    expect(again).toEqual({
      ok: true,
      value: {
        bookingId: (first as { value: { bookingId: number } }).value.bookingId,
        created: false,
      },
    });
    expect(await query(database, "select id from leads")).toHaveLength(1);
    expect(await mail.queued()).toEqual([]);
  });

  it("'any consultant' takes turns: the least recently booked first; a third at that time is taken", async () => {
    await book({ holderKey: "v1", form: form("one@example.org") });
    await book({ holderKey: "v2", form: form("two@example.org") });
    const owners = await query<{ consultant_id: number }>(
      database,
      "select consultant_id from bookings order by id",
    );
    expect(new Set(owners.map((o) => o.consultant_id))).toEqual(new Set([rep, manager]));
    mail.clear();
    const third = await book({ holderKey: "v3", form: form("three@example.org") });
    expect(third).toMatchObject({ ok: false, reason: "conflict", error: BOOKING_TEXTS.taken });
    expect((third as { next?: unknown[] }).next?.length).toBeGreaterThan(0);
    expect(await query(database, "select id from leads")).toHaveLength(2);
    expect(await query(database, "select id from bookings")).toHaveLength(2);
    expect(await mail.queued()).toEqual([]);
  });

  it("a held time is not offered to anyone else; the visitor's second hold lets the first go", async () => {
    const offered = async () =>
      (
        await bookingDays(database.db, {
          type: free,
          consultant: String(rep),
          timeZone: ZONE,
          companyZone: ZONE,
          now: NOW,
        })
      )?.days.flatMap((d) => d.slots.map((slot) => slot.start)) ?? [];
    expect(await offered()).toContain(TUESDAY_10);
    await hold({ consultant: String(rep) });
    expect(await offered()).not.toContain(TUESDAY_10);
    const other = await hold({ consultant: String(rep), holderKey: "visitor-2" });
    expect(other).toMatchObject({ ok: false, reason: "conflict" });
    await hold({ consultant: String(rep), start: "2027-03-02T17:00:00.000Z" });
    expect(await hold({ consultant: String(rep), holderKey: "visitor-2" })).toMatchObject({
      ok: true,
    });
  });

  it("an expired hold gives its time back", async () => {
    await hold({ consultant: String(rep) });
    const later = new Date(NOW.getTime() + 11 * 60_000);
    expect(
      await hold({ consultant: String(rep), holderKey: "visitor-2", now: later }),
    ).toMatchObject({ ok: true });
  });

  it("one network holds at most a few times at once", async () => {
    for (let i = 0; i < HOLDS_PER_CLIENT; i++) {
      expect(
        await hold({ holderKey: `tab-${i}`, start: `2027-03-02T${15 + i}:00:00.000Z` }),
      ).toMatchObject({ ok: true });
    }
    expect(await hold({ holderKey: "tab-x", start: "2027-03-02T20:00:00.000Z" })).toEqual({
      ok: false,
      reason: "too-many",
      error: BOOKING_TEXTS.tooManyHolds,
    });
    expect(await query(database, "select id from bookings where holder_key = 'tab-x'")).toEqual([]);
  });

  it.each([
    ["in the past", "2027-03-01T13:00:00.000Z", BOOKING_TEXTS.past],
    ["inside the minimum notice", "2027-03-01T16:00:00.000Z", BOOKING_TEXTS.tooSoon(4)],
    ["beyond the booking window", "2027-04-06T16:00:00.000Z", BOOKING_TEXTS.tooFar(30)],
    ["off a slot boundary", "2027-03-02T16:10:00.000Z", BOOKING_TEXTS.notASlot],
    ["outside the consultant's hours", "2027-03-02T18:00:00.000Z", BOOKING_TEXTS.notASlot],
    ["on a weekend", "2027-03-06T16:00:00.000Z", BOOKING_TEXTS.notASlot],
    ["not a time", "tomorrow at ten", BOOKING_TEXTS.notASlot],
  ])("a time %s is refused with a 400 and changes nothing", async (_, start, error) => {
    expect(await hold({ start })).toMatchObject({ ok: false, reason: "invalid", error });
    expect(await book({ start })).toMatchObject({ ok: false, reason: "invalid", error });
    expect(await query(database, "select id from bookings")).toEqual([]);
    expect(await query(database, "select id from leads")).toEqual([]);
    expect(await mail.queued()).toEqual([]);
  });

  it("a consultant who is not one is refused: nothing stored, nothing sent", async () => {
    for (const consultant of ["999999", "x", ""]) {
      expect(await book({ consultant })).toMatchObject({
        ok: false,
        reason: "invalid",
        error: BOOKING_TEXTS.noConsultant,
      });
    }
    expect(await query(database, "select id from bookings")).toEqual([]);
    expect(await query(database, "select id from leads")).toEqual([]);
    expect(await mail.queued()).toEqual([]);
  });

  it("a prospect whose record has an owner meets their owner when free", async () => {
    await book({
      consultant: String(manager),
      holderKey: "first",
      start: "2027-03-02T15:00:00.000Z",
    });
    const [lead] = await query<{ assigned_to: number }>(database, "select assigned_to from leads");
    expect(lead?.assigned_to).toBe(manager);
    // The rep was booked least recently, but Pat's owner is the manager.
    await book({ holderKey: "second" });
    const rows = await query<{ consultant_id: number }>(
      database,
      "select consultant_id from bookings order by id",
    );
    expect(rows.map((r) => r.consultant_id)).toEqual([manager, manager]);
    // The second booking joined Pat's open record.
    expect(await query(database, "select id from leads")).toHaveLength(1);
  });

  it("twenty visitors booking one consultant's time at once: exactly one wins, the rest hear it was taken", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({
          consultant: String(rep),
          holderKey: `racer-${i}`,
          clientKey: `c-${i}`,
          form: form(`racer${i}@example.org`),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ reason: "conflict", error: BOOKING_TEXTS.taken });
    }
    expect(await query(database, "select id from bookings where status = 'booked'")).toHaveLength(
      1,
    );
    expect(await query(database, "select id from leads")).toHaveLength(1);
  });

  it("the database itself refuses two overlapping live meetings of one consultant", async () => {
    await book({ consultant: String(rep) });
    const overlapping = `insert into bookings (meeting_type_id, consultant_id, status, starts_at, ends_at, blocked_from, blocked_until)
      values (${free.id}, ${rep}, 'booked', '2027-03-02T16:15:00Z', '2027-03-02T16:45:00Z', '2027-03-02T16:15:00Z', '2027-03-02T16:45:00Z')`;
    await expect(query(database, overlapping)).rejects.toThrow(
      usingPostgres ? /bookings_no_overlap/ : /exclusion|bookings_no_overlap/,
    );
    // A cancelled one does not count.
    await query(database, overlapping.replace("'booked'", "'cancelled'"));
  });
});
