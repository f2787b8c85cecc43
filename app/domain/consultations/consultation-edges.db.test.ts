// The booking rules against a visitor (or a rep) who does not play fair (issue 43): holds that
// end, a network counted as one client, every rule checked again at booking, ownership that
// follows the pipeline, moves onto ended holds, a consultant who leaves, the same booking posted
// twice without the cookie, reminders after a move, closed days.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { addClosedDay } from "#app/domain/settings/closed-days.server.ts";
import { clientNetworkKey } from "#app/platform/client-network.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultantHours, consultantOverrides, leads, users } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { readIcs } from "#tests/support/ics.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import {
  cancelBooking,
  handOverConsultations,
  moveBooking,
  setOutcome,
} from "./consultation-changes.server.ts";
import { runBookingJobs } from "./consultation-jobs.server.ts";
import { loadBookingEmails } from "./consultation-mail.server.ts";
import {
  type BookingForm,
  bookingDays,
  bookTime,
  holdTime,
  type MeetingType,
  meetingTypeBySlug,
} from "./consultations.server.ts";
import { BOOKING_TEXTS } from "./consultations.ts";
import { bookingPage } from "./visitor-booking.server.ts";

// Monday, March 1, 2027, 8:00 AM in Chicago.
const NOW = new Date("2027-03-01T14:00:00Z");
const ZONE = "America/Chicago";
// Tuesday, March 2, 10:00 AM Chicago.
const TUESDAY_10 = "2027-03-02T16:00:00.000Z";
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

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

const form = (email = "pat@example.org", name = "Pat Visitor"): BookingForm => ({
  name,
  email,
  phone: "205-555-0100",
  company: "",
  topic: "support",
  message: "",
});

type Choice = Partial<Parameters<typeof holdTime>[1]>;
const choice = (overrides: Choice = {}) => ({
  type: free,
  start: TUESDAY_10,
  consultant: "any",
  holderKey: "visitor-1",
  clientKey: "network-1",
  timeZone: ZONE,
  companyZone: ZONE,
  now: NOW,
  ...overrides,
});
const hold = (overrides: Choice = {}) => holdTime(database.db, choice(overrides));
const book = (overrides: Choice & { form?: BookingForm } = {}) =>
  bookTime(services(), {
    ...choice(overrides),
    sourcePage: "/consultation",
    form: form(),
    ...overrides,
  });

const count = async (sql: string) => (await query(database, sql)).length;

beforeEach(async () => {
  database = await createTestDatabase();
  mail = queuedMail(database);
  await query(database, "delete from leads");
  await query(database, "delete from consultant_hours");
  free = (await meetingTypeBySlug(database.db, "free")) as MeetingType;
  rep = await userOf("rep@example.com");
  manager = await userOf("manager@example.com");
  other = await userOf("casey@example.com");
  // Monday to Friday, 9:00 to 17:00 in Chicago.
  await database.db
    .insert(consultantHours)
    .values(
      [rep.id, manager.id, other.id].flatMap((userId) =>
        [1, 2, 3, 4, 5].map((weekday) => ({ userId, weekday, startMinute: 540, endMinute: 1020 })),
      ),
    );
  await loadBookingEmails();
});
afterEach(async () => {
  await database.close();
});

describe("a hold ends", () => {
  it("choosing the same time again never renews it, and another visitor books it once it ended", async () => {
    const first = await hold({ consultant: String(rep.id) });
    if (!first.ok || !first.value) throw new Error("no hold");
    const until = first.value.holdExpiresAt.toISOString();
    expect(until).toBe(at(10).toISOString());
    // The same browser chooses it again and again (a reload resubmitting the form).
    for (const minutes of [9, 18, 27, 36, 45, 54]) {
      const again = await hold({ consultant: String(rep.id), now: at(minutes) });
      expect(again.ok).toBe(true);
      const held = again.ok ? again.value : null;
      // Within the hold: the same hold, ending when it always did; after it: none at all.
      if (minutes < 10) expect(held?.holdExpiresAt.toISOString()).toBe(until);
      else expect(held).toBeNull();
    }
    expect(
      await count(
        `select id from bookings where status = 'held' and hold_expires_at > '${at(54).toISOString()}'`,
      ),
    ).toBe(0);
    const theirs = await book({
      consultant: String(rep.id),
      holderKey: "visitor-2",
      clientKey: "network-2",
      now: at(60),
      form: form("kim@example.org", "Kim"),
    });
    expect(theirs).toMatchObject({ ok: true, value: { created: true } });
  });

  it("a page that shows a chosen time takes nothing: no hold, no cookie's worth of anything", async () => {
    const page = await bookingPage(
      database.db,
      {
        slug: undefined,
        tz: null,
        with: String(rep.id),
        topic: null,
        from: null,
        start: TUESDAY_10,
      },
      null,
      NOW,
    );
    expect(page.reason).toBe(null);
    expect(page.page?.chosen).toMatchObject({ start: TUESDAY_10, heldUntil: null });
    expect(await count("select id from bookings")).toBe(0);
    expect(await count("select key from rate_limits")).toBe(0);
  });

  it("five addresses of one IPv6 /64 are one network: it holds three times, not five", async () => {
    const results = [];
    for (let i = 1; i <= 5; i++) {
      results.push(
        await hold({
          holderKey: `tab-${i}`,
          clientKey: clientNetworkKey(`2001:db8:aa:1::${i}`),
          start: `2027-03-02T${14 + i}:00:00.000Z`,
        }),
      );
    }
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    expect(results[3]).toEqual({
      ok: false,
      reason: "too-many",
      error: BOOKING_TEXTS.tooManyHolds,
    });
    // Another network is another client.
    expect(
      await hold({ holderKey: "tab-6", clientKey: clientNetworkKey("2001:db8:aa:2::1") }),
    ).toMatchObject({ ok: true });
  });

  it("the staff's limit is the one counted: at 1 a network holds one time", async () => {
    await query(
      database,
      `insert into staff_settings (key, value) values ('consultation_holds_per_network', '"1"')`,
    );
    expect(await hold({ holderKey: "a" })).toMatchObject({ ok: true });
    expect(await hold({ holderKey: "b", start: "2027-03-02T17:00:00.000Z" })).toMatchObject({
      reason: "too-many",
    });
  });
});

describe("booking checks every rule again", () => {
  async function expiredHold() {
    await hold({ consultant: String(rep.id) });
    return at(11);
  }

  it("a hold, live or ended, does not book a day the consultant has since marked off", async () => {
    await hold({ consultant: String(rep.id) });
    await database.db
      .insert(consultantOverrides)
      .values({ userId: rep.id, day: "2027-03-02", startMinute: null, endMinute: null });
    for (const now of [at(5), at(11)]) {
      expect(await book({ consultant: String(rep.id), now })).toMatchObject({
        ok: false,
        reason: "invalid",
        error: BOOKING_TEXTS.notASlot,
      });
    }
    expect(await count("select id from bookings where status = 'booked'")).toBe(0);
    expect(await count("select id from leads")).toBe(0);
    expect(await mail.queued()).toEqual([]);
  });

  it("an ended hold books nothing inside the notice, nor after the start", async () => {
    await expiredHold();
    const soon = new Date(Date.parse(TUESDAY_10) - 2 * 3_600_000);
    const started = new Date(Date.parse(TUESDAY_10) + 6 * MINUTE);
    expect(await book({ consultant: String(rep.id), now: soon })).toMatchObject({
      reason: "invalid",
      error: BOOKING_TEXTS.tooSoon(4),
    });
    expect(await book({ consultant: String(rep.id), now: started })).toMatchObject({
      reason: "invalid",
      error: BOOKING_TEXTS.past,
    });
    expect(await count("select id from bookings where status = 'booked'")).toBe(0);
    expect(await mail.queued()).toEqual([]);
  });

  it("an ended hold books the time when it is still free, with the consultant the page named", async () => {
    const held = await hold();
    const named = held.ok ? held.value?.consultantId : undefined;
    const result = await book({ now: at(11) });
    expect(result).toMatchObject({ ok: true });
    const [row] = await query<{ consultant_id: number }>(
      database,
      "select consultant_id from bookings where status = 'booked'",
    );
    expect(row?.consultant_id).toBe(named);
    const sent = await mail.queued();
    const consultant = await database.db
      .select()
      .from(users)
      .where(eq(users.id, named as number));
    expect(sent.map((m) => m.to)).toEqual(["pat@example.org", consultant[0]?.email]);
  });

  it("the same booking posted again without the cookie books nothing and says the address has it", async () => {
    expect(await book({ consultant: "any", holderKey: "" })).toMatchObject({ ok: true });
    mail.clear();
    const again = await book({ consultant: "any", holderKey: "another-browser", clientKey: "n2" });
    expect(again).toEqual({ ok: false, reason: "conflict", error: BOOKING_TEXTS.alreadyBooked });
    expect(await count("select id from bookings where status = 'booked'")).toBe(1);
    expect(await count("select id from bookings")).toBe(1);
    expect(await count("select id from leads")).toBe(1);
    expect(await mail.queued()).toEqual([]);
  });
});

describe("ownership follows the pipeline", () => {
  async function unownedInquiry() {
    const [row] = await database.db
      .insert(leads)
      .values({
        kind: "inquiry",
        form: "contact",
        name: "Priya Raman",
        email: "priya@example.org",
        phone: "205-555-0199",
        company: "",
        message: "Hello",
        status: "New",
        source: "Website",
      })
      .returning({ id: leads.id });
    return (row as { id: number }).id;
  }

  it("a rep booking themselves for an unowned prospect does not take the record", async () => {
    const id = await unownedInquiry();
    const booked = await book({
      consultant: String(rep.id),
      form: form("priya@example.org", "Priya Raman"),
    });
    expect(booked).toMatchObject({ ok: true });
    const owner = async () =>
      (
        await query<{ assigned_to: number | null }>(
          database,
          `select assigned_to from leads where id = ${id}`,
        )
      )[0]?.assigned_to;
    expect(await owner()).toBeNull();
    // Cancelling changes nothing of that: the record waits for a manager.
    const bookingId = (booked as { value: { bookingId: number } }).value.bookingId;
    await cancelBooking(
      services(),
      { kind: "staff", actor: actor(rep), id: bookingId },
      "",
      NOW,
      ZONE,
    );
    expect(await owner()).toBeNull();
    expect(await count("select id from leads")).toBe(1);
  });

  it("a new person's record goes to the consultant who meets them", async () => {
    await book({ consultant: String(rep.id), form: form("new@example.org", "New Person") });
    const [lead] = await query<{ assigned_to: number }>(database, "select assigned_to from leads");
    expect(lead?.assigned_to).toBe(rep.id);
  });

  it("marking it held moves someone else's record no further: its owner reads that it was held", async () => {
    const id = await unownedInquiry();
    await query(database, `update leads set assigned_to = ${other.id} where id = ${id}`);
    const booked = await book({
      consultant: String(rep.id),
      form: form("priya@example.org", "Priya Raman"),
    });
    const bookingId = (booked as { value: { bookingId: number } }).value.bookingId;
    const after = new Date(Date.parse(TUESDAY_10) + 40 * MINUTE);
    expect(await setOutcome(database.db, actor(rep), bookingId, "held", after, ZONE)).toEqual({
      ok: true,
    });
    const [lead] = await query(database, `select phase, assigned_to from leads where id = ${id}`);
    expect(lead).toMatchObject({ phase: "New", assigned_to: other.id });
    const lines = await query<{ message: string; rep_id: number }>(
      database,
      `select message, rep_id from sales_activities where customer_id = ${id} and kind = 'consultation' order by id`,
    );
    expect(lines.every((l) => l.rep_id === other.id)).toBe(true);
    expect(lines.at(-1)?.message).toMatch(/still in New, for its owner to move on/);
    // Its owner (or a manager) moves it on.
    expect(await setOutcome(database.db, actor(manager), bookingId, "held", after, ZONE)).toEqual({
      ok: true,
    });
    const [moved] = await query(database, `select phase from leads where id = ${id}`);
    expect(moved?.phase).toBe("Free MVP");
  });

  it("held takes notes and a follow-up day, refused before the start", async () => {
    const booked = await book({ consultant: String(rep.id) });
    const id = (booked as { value: { bookingId: number } }).value.bookingId;
    const notes = { notes: "Wants a firewall quote.", followUpOn: "2027-03-09" };
    expect(await setOutcome(database.db, actor(rep), id, "held", NOW, ZONE, notes)).toMatchObject({
      reason: "conflict",
    });
    const after = new Date(Date.parse(TUESDAY_10) + 40 * MINUTE);
    await setOutcome(database.db, actor(rep), id, "held", after, ZONE, notes);
    const [row] = await query(
      database,
      `select outcome_notes, follow_up_on::text as follow_up_on from bookings where id = ${id}`,
    );
    expect(row).toEqual({ outcome_notes: notes.notes, follow_up_on: notes.followUpOn });
  });
});

describe("moves", () => {
  async function booked() {
    const result = await book({ consultant: String(rep.id), holderKey: "pat" });
    if (!result.ok) throw new Error(result.error);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await mail.queued())[0]?.text ?? "")?.[1];
    mail.clear();
    return { id: result.value.bookingId, token: token as string };
  }

  it("a move onto a time an ended hold still occupies moves (never a 500); onto a live hold, 409 with the next times", async () => {
    const { id, token } = await booked();
    const wednesday = "2027-03-03T16:00:00.000Z";
    const kim = await hold({
      consultant: String(rep.id),
      holderKey: "kim",
      clientKey: "kim",
      start: wednesday,
    });
    expect(kim).toMatchObject({ ok: true, value: { consultantId: rep.id } });
    const live = await moveBooking(services(), { kind: "booker", token }, wednesday, at(5), ZONE);
    expect(live).toMatchObject({ ok: false, reason: "conflict", error: BOOKING_TEXTS.taken });
    expect((live as { next: unknown[] }).next.length).toBeGreaterThan(0);
    expect(await mail.queued()).toEqual([]);
    const moved = await moveBooking(services(), { kind: "booker", token }, wednesday, at(11), ZONE);
    expect(moved).toMatchObject({ ok: true, value: { bookingId: id } });
    expect(await count(`select id from bookings where status = 'held'`)).toBe(0);
  });

  it("the consultant is told who moved it: staff by name, never as the booker", async () => {
    const { id } = await booked();
    await moveBooking(
      services(),
      { kind: "staff", actor: actor(manager), id },
      "2027-03-03T16:00:00.000Z",
      NOW,
      ZONE,
    );
    const staffMail = (await mail.queued()).find((m) => m.to === rep.email);
    expect(staffMail?.text).toMatch(/moved your free consultation with Pat Visitor to/);
    expect(staffMail?.text).not.toMatch(/Pat Visitor moved your/);
  });

  it("a moved consultation gets both reminders for its new time", async () => {
    const { token } = await booked();
    const tuesday = Date.parse(TUESDAY_10);
    const ahead = (start: number, hours: number) => new Date(start - hours * 3_600_000);
    await runBookingJobs(database.db, mail.mail, ahead(tuesday, 23));
    await runBookingJobs(database.db, mail.mail, ahead(tuesday, 0.9));
    expect(await count("select booking_id from booking_reminders")).toBe(2);
    // Moved, with half an hour to go, to Friday: the new time is reminded of again.
    const friday = Date.parse("2027-03-05T16:00:00.000Z");
    const movedAt = ahead(tuesday, 0.5);
    const result = await moveBooking(
      services(),
      { kind: "booker", token },
      new Date(friday).toISOString(),
      movedAt,
      ZONE,
    );
    expect(result).toMatchObject({ ok: true });
    mail.clear();
    expect(
      (await runBookingJobs(database.db, mail.mail, ahead(friday, 23))).consultationReminders,
    ).toBe(1);
    expect(
      (await runBookingJobs(database.db, mail.mail, ahead(friday, 0.9))).consultationReminders,
    ).toBe(1);
    expect((await mail.queued()).map((m) => m.template)).toEqual([
      "consultation-reminder",
      "consultation-reminder-staff",
      "consultation-reminder",
      "consultation-reminder-staff",
    ]);
  });
});

describe("a consultant who leaves", () => {
  async function bookWithRep(email: string, start = TUESDAY_10) {
    const result = await book({
      consultant: String(rep.id),
      holderKey: email,
      start,
      form: form(email, email),
    });
    if (!result.ok) throw new Error(result.error);
    return result.value.bookingId;
  }

  it("hands each upcoming consultation to a free colleague (same event, SEQUENCE + 1) or cancels it; each booker is told, the leaver is not", async () => {
    const kept = await bookWithRep("a@example.org");
    // The manager and Casey are busy at Wednesday 10:00: nobody can take that one.
    const wednesday = "2027-03-03T16:00:00.000Z";
    await book({
      consultant: String(manager.id),
      holderKey: "m",
      start: wednesday,
      form: form("m@example.org"),
    });
    await book({
      consultant: String(other.id),
      holderKey: "o",
      start: wednesday,
      form: form("o@example.org"),
    });
    const dropped = await bookWithRep("b@example.org", wednesday);
    mail.clear();
    const counts = await database.db.transaction((tx) =>
      handOverConsultations(tx, mail.mail, actor(manager), rep.id, "reassign", NOW, ZONE),
    );
    expect(counts).toEqual({ reassigned: 1, cancelled: 1 });
    const rows = await query<{
      id: number;
      status: string;
      consultant_id: number;
      calendar_sequence: number;
    }>(
      database,
      `select id, status, consultant_id, calendar_sequence from bookings where id in (${kept}, ${dropped}) order by id`,
    );
    expect(rows[0]).toMatchObject({ status: "booked", calendar_sequence: 1 });
    expect(rows[0]?.consultant_id).not.toBe(rep.id);
    expect(rows[1]).toMatchObject({ status: "cancelled", consultant_id: rep.id });
    const sent = await mail.queued();
    expect(sent.map((m) => m.to)).not.toContain(rep.email);
    const toA = sent.find((m) => m.to === "a@example.org");
    const calendar = readIcs(
      toA?.attachments?.find((a) => a.filename === "consultation.ics")?.content ?? "",
    );
    expect(calendar.method).toBe("REQUEST");
    expect(calendar.events[0]?.sequence).toBe(1);
    expect(calendar.events[0]?.attendees).not.toContain(`mailto:${rep.email}`);
    expect(toA?.text).toMatch(/is no longer with us/);
    const toB = sent.find((m) => m.to === "b@example.org");
    expect(
      readIcs(toB?.attachments?.find((a) => a.filename === "consultation.ics")?.content ?? "")
        .method,
    ).toBe("CANCEL");
  });

  it("a disabled consultant's consultation cannot be moved through the booker's link", async () => {
    await bookWithRep("a@example.org");
    const token = /token=([A-Za-z0-9_-]{43})/.exec(
      (await mail.queued())[0]?.text ?? "",
    )?.[1] as string;
    await query(database, `update users set disabled = true where id = ${rep.id}`);
    mail.clear();
    expect(
      await moveBooking(
        services(),
        { kind: "booker", token },
        "2027-03-03T16:00:00.000Z",
        NOW,
        ZONE,
      ),
    ).toMatchObject({ ok: false, reason: "conflict" });
    expect(await mail.queued()).toEqual([]);
  });
});

describe("closed days", () => {
  it("a closed day offers no consultation and books none", async () => {
    const admin = await userOf("admin@example.com");
    await addClosedDay(database.db, actor(admin), {
      day: "2027-03-02",
      name: "Founders' Day",
      yearly: false,
    });
    const page = await bookingDays(database.db, {
      type: free,
      consultant: "any",
      timeZone: ZONE,
      companyZone: ZONE,
      now: NOW,
    });
    expect(page?.days.map((d) => d.day)).not.toContain("2027-03-02");
    expect(page?.days.map((d) => d.day)).toContain("2027-03-03");
    expect(await book()).toMatchObject({ reason: "invalid", error: BOOKING_TEXTS.notASlot });
    expect(await count("select id from bookings")).toBe(0);
  });

  it("a yearly closed day closes its date every year; the seed closes Christmas and New Year's Day", async () => {
    const seeded = await query<{ name: string; yearly: boolean }>(
      database,
      "select name, yearly from closed_days order by day",
    );
    expect(seeded.map((d) => d.name).sort()).toEqual(["Christmas Day", "New Year's Day"]);
    // Monday, December 21, 2026: Christmas Day and New Year's Day are Fridays.
    const input = { type: free, consultant: "any", timeZone: ZONE, companyZone: ZONE };
    const now = new Date("2026-12-21T14:00:00Z");
    const week = (await bookingDays(database.db, { ...input, now }))?.days.map((d) => d.day);
    expect(week).toContain("2026-12-24");
    expect(week).not.toContain("2026-12-25");
    const turn = (await bookingDays(database.db, { ...input, now, from: "2026-12-31" }))?.days.map(
      (d) => d.day,
    );
    expect(turn?.slice(0, 2)).toEqual(["2026-12-31", "2027-01-04"]);
  });
});
