import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#app/domain/auth/users.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { leads, registrations, users } from "#app/platform/db/schema.ts";
import { seatGoesBack } from "#app/web/customer-deletion.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { readIcs } from "#tests/support/ics.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import { deleteCustomer } from "../leads/customer-commands.server.ts";
import {
  cancelOwnRegistration,
  cancelRegistration,
  completeRegistration,
  confirmRegistration,
  moveRegistration,
  type RegistrationServices,
  recordRegistrationPayment,
} from "./registration-admin.server.ts";
import { cohortRoster, getRegistration, listRegistrations } from "./registration-queries.server.ts";
import { AlreadyRegisteredError } from "./registrations.server.ts";

let database: Database;
let fx: RegistrationFixture;
let queued: RegistrationFixture["queued"];
let services: RegistrationServices;
let admin: RegistrationFixture["admin"];
let course: RegistrationFixture["course"];
let april5: number;
let april19: number;
let february: number;
let otherCourseCohort: number;
let register: RegistrationFixture["register"];
let seats: RegistrationFixture["seats"];
let statusOf: RegistrationFixture["statusOf"];

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  ({
    queued,
    services,
    admin,
    course,
    april5,
    april19,
    february,
    otherCourseCohort,
    seats,
    statusOf,
  } = fx);
  register = (email, options) => fx.register(email, options);
});
afterEach(async () => {
  await database.close();
});

/** A bank transfer of the whole price ($1,200) received today: the registration is Paid. */
const payInFull = (id: number) =>
  recordRegistrationPayment(
    services,
    admin,
    id,
    { method: "bank-transfer", amountCents: 120_000, receivedOn: TODAY, reference: "" },
    NOW,
    TODAY,
  );

const audits = () =>
  query(
    database,
    "select action, target from audit_log where action like 'registration%' order by id",
  );
const dealOf = async (id: number) => {
  const [row] = await query(
    database,
    `select l.phase, l.deal_value_cents, (select sum(amount_cents) from sales_bookings b where b.customer_id = l.id) as booked
       from registrations r join leads l on l.id = r.lead_id where r.id = ${id}`,
  );
  return row;
};

describe("registration statuses", () => {
  it("a new registration is Pending, holds a seat and starts its history", async () => {
    const id = await register("jordan@example.org");
    expect(await statusOf(id)).toBe("pending");
    expect(await seats(april5)).toBe(1);
    const detail = await getRegistration(database.db, id, TODAY);
    expect(detail?.history).toEqual([
      expect.objectContaining({ from: null, to: "pending", by: "Visitor" }),
    ]);
  });

  it("staff see which students confirmed their address, in the list and the history, and who acted by name", async () => {
    const confirmed = await register("kim@example.org", { confirmed: true });
    const silent = await register("lee@example.org");
    const { rows } = await listRegistrations(database.db, {}, { offset: 0, limit: 10 });
    const row = (id: number) => rows.find((r) => r.id === id);
    expect(row(confirmed)?.addressConfirmedAt).toEqual(expect.any(String));
    expect(row(silent)?.addressConfirmedAt).toBeNull();
    const detail = await getRegistration(database.db, confirmed, TODAY);
    expect(detail?.history.map((h) => [h.from, h.to, h.note, h.by])).toEqual([
      [null, "pending", "Registered on the website", "Visitor"],
      ["pending", "pending", "Address confirmed by the student", "Student (e-mail link)"],
    ]);
    // A staff change names the staff member, with the e-mail address as a hint.
    await database.db
      .update(users)
      .set({ firstName: "Alex", lastName: "Admin" })
      .where(eq(users.id, admin.user.id));
    await confirmRegistration(services, admin, silent, NOW, TODAY);
    const staffLine = (await getRegistration(database.db, silent, TODAY))?.history.at(-1);
    expect(staffLine).toMatchObject({ by: "Alex Admin", byEmail: admin.user.email });
  });

  it("confirm e-mails the student with a portal invitation when they have no account, once", async () => {
    const id = await register("new.student@example.org", { cohortId: april5, name: "Sam Student" });
    expect(await confirmRegistration(services, admin, id, NOW, TODAY)).toMatchObject({ ok: true });
    expect(await statusOf(id)).toBe("confirmed");
    const [account] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "new.student@example.org"));
    expect(account).toMatchObject({ role: "student", firstName: "Sam", passwordHash: null });
    const sent = await queued();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: "registration-confirmed",
      to: "new.student@example.org",
      secret: expect.any(String),
    });
    expect(sent[0]?.text).toContain("/account/set-password?token=");
    expect(await confirmRegistration(services, admin, id, NOW, TODAY)).toMatchObject({
      ok: false,
      reason: "conflict",
      error: "This registration is confirmed: it cannot be confirmed.",
    });
    expect(await queued()).toEqual(sent);
    expect(await audits()).toEqual([
      { action: "registration_confirmed", target: `registration:${id}` },
    ]);
  });

  it("confirm sends a student who has an account to the portal, with no new account", async () => {
    const id = await register("rep@example.com");
    await confirmRegistration(services, admin, id, NOW, TODAY);
    const [sent] = await queued();
    expect(sent?.secret).toBeUndefined();
    expect(sent?.text).toContain("https://www.example.com/portal");
    expect(
      await query(database, "select count(*)::int as n from users where email = 'rep@example.com'"),
    ).toEqual([{ n: 1 }]);
  });

  it("cancel frees the seat, loses the deal (and its booking), e-mails the reason; twice is refused", async () => {
    const id = await register("jordan@example.org");
    await payInFull(id);
    fx.clearQueued();
    expect(await seats(april5)).toBe(1);
    expect(
      await cancelRegistration(services, admin, id, "Asked for a refund", NOW, TODAY),
    ).toMatchObject({
      ok: true,
    });
    expect(await seats(april5)).toBe(0);
    expect(await dealOf(id)).toMatchObject({ phase: "Closed Lost", booked: null });
    const sent = await queued();
    // Paid in full five weeks before the start: credited in full, with its own e-mail.
    expect(sent.map((m) => [m.template, m.to])).toEqual([
      ["credit-note-issued", "jordan@example.org"],
      ["registration-cancelled", "jordan@example.org"],
    ]);
    const cancelled = sent[1];
    expect(cancelled?.text).toContain("Reason: Asked for a refund");
    expect(cancelled?.text).toContain("Credit note CN-2027-0001");
    // It invites a reply: the reply reaches the company's address, not the sending one.
    expect(cancelled?.text).toContain("reply to this e-mail");
    expect(cancelled?.replyTo).toBe("info@example.com");
    expect(await cancelRegistration(services, admin, id, "Again", NOW, TODAY)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect(await seats(april5)).toBe(0);
  });

  it("a cancelled registration no longer blocks the address from registering again", async () => {
    const id = await register("jordan@example.org");
    await expect(register("JORDAN@example.org")).rejects.toBeInstanceOf(AlreadyRegisteredError);
    expect(await seats(april5)).toBe(1);
    await cancelRegistration(services, admin, id, "Wrong date", NOW, TODAY);
    expect(await register("jordan@example.org")).toBeGreaterThan(id);
  });

  it("move takes the new seat and frees the old in one go, and e-mails the new date", async () => {
    const id = await register("jordan@example.org");
    expect(await moveRegistration(services, admin, id, april19, NOW, TODAY)).toMatchObject({
      ok: true,
    });
    expect([await seats(april5), await seats(april19)]).toEqual([0, 1]);
    expect(await getRegistration(database.db, id, TODAY)).toMatchObject({
      cohortId: april19,
      startDate: "2027-04-19",
      status: "pending",
    });
    const [sent] = await queued();
    expect(sent).toMatchObject({ template: "registration-moved", to: "jordan@example.org" });
    expect(sent?.attachments?.[0]).toMatchObject({ filename: "course-start.ics" });
    // 8:00 AM in Alabama on April 19 (CDT), the new first class, in the zone's wall clock.
    const moved = String(sent?.attachments?.[0]?.content);
    expect(moved).toContain("DTSTART;TZID=America/Chicago:20270419T080000");
    expect(readIcs(moved).events[0]?.start.toISOString()).toBe("2027-04-19T13:00:00.000Z");
  });

  const calendarOf = async (template: string) => {
    const mail = (await queued()).find((m) => m.template === template);
    const part = mail?.attachments?.find((a) => a.filename === "course-start.ics");
    expect(part?.contentType).toMatch(/^text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)$/);
    return readIcs(part?.content ?? "");
  };
  /** The registration e-mail's invitation (register() forgets its own e-mails: the outbox's record). */
  const invitationOf = async (email: string) => {
    const [invited] = await query<{ attachments: { filename: string; content: string }[] }>(
      database,
      `select attachments from mail_messages where template = 'registration-confirmation' and to_address = '${email}'`,
    );
    return readIcs(
      invited?.attachments.find((a) => a.filename === "course-start.ics")?.content ?? "",
    );
  };

  it("the first class moves in the student's calendar and leaves it when cancelled: one UID, a rising SEQUENCE", async () => {
    const id = await register("jordan@example.org");
    const first = await invitationOf("jordan@example.org");
    expect(first.method).toBe("REQUEST");
    expect(first.events[0]).toMatchObject({
      sequence: 0,
      attendees: ["mailto:jordan@example.org"],
    });
    const uid = first.events[0]?.uid;
    expect(uid).toMatch(new RegExp(`^registration-${id}@`));
    await moveRegistration(services, admin, id, april19, NOW, TODAY);
    const moved = await calendarOf("registration-moved");
    expect(moved.method).toBe("REQUEST");
    expect(moved.events[0]).toMatchObject({ uid, sequence: 1 });
    expect(moved.events[0]?.start.toISOString()).toBe("2027-04-19T13:00:00.000Z");
    await cancelRegistration(services, admin, id, "Changed plans", NOW, TODAY);
    const cancelled = await calendarOf("registration-cancelled");
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.events[0]).toMatchObject({ uid, sequence: 2, status: "CANCELLED" });
  });

  it("a pending registration is TENTATIVE in the student's calendar; staff's confirmation makes it CONFIRMED with a new SEQUENCE", async () => {
    const id = await register("jordan@example.org");
    const first = await invitationOf("jordan@example.org");
    expect(first.events[0]).toMatchObject({ sequence: 0, status: "TENTATIVE" });
    // Moved while still pending: still tentative.
    await moveRegistration(services, admin, id, april19, NOW, TODAY);
    expect((await calendarOf("registration-moved")).events[0]).toMatchObject({
      sequence: 1,
      status: "TENTATIVE",
    });
    fx.clearQueued();
    await confirmRegistration(services, admin, id, NOW, TODAY);
    const confirmed = await calendarOf("registration-confirmed");
    expect(confirmed.method).toBe("REQUEST");
    expect(confirmed.events[0]).toMatchObject({
      uid: first.events[0]?.uid,
      sequence: 2,
      status: "CONFIRMED",
      attendees: ["mailto:jordan@example.org"],
    });
    expect(confirmed.events[0]?.start.toISOString()).toBe("2027-04-19T13:00:00.000Z");
    // Cancelling it afterwards outranks the confirmed invitation.
    await cancelRegistration(services, admin, id, "Changed plans", NOW, TODAY);
    expect((await calendarOf("registration-cancelled")).events[0]).toMatchObject({
      sequence: 3,
      status: "CANCELLED",
    });
  });

  it("paid without a confirmation first: the next calendar file says CONFIRMED, with a new SEQUENCE", async () => {
    const id = await register("jordan@example.org");
    await payInFull(id);
    await moveRegistration(services, admin, id, april19, NOW, TODAY);
    expect((await calendarOf("registration-moved")).events[0]).toMatchObject({
      sequence: 2,
      status: "CONFIRMED",
    });
  });

  it.each([
    ["a full date", () => april19, "That date is full: no seat was moved."],
    ["a past date", () => february, "Choose an upcoming date of the same course."],
    [
      "another course's date",
      () => otherCourseCohort,
      "Choose an upcoming date of the same course.",
    ],
    ["the same date", () => april5, "The student is already on that date."],
    ["a date that does not exist", () => 999_999, "Choose an upcoming date of the same course."],
  ])("move into %s changes nothing", async (_, target, error) => {
    await register("taken@example.org", { cohortId: april19 });
    const id = await register("jordan@example.org");
    const before = [await seats(april5), await seats(april19), await seats(february)];
    expect(await moveRegistration(services, admin, id, target(), NOW, TODAY)).toEqual({
      ok: false,
      reason: "conflict",
      error,
      fieldErrors: { cohortId: error },
    });
    expect([await seats(april5), await seats(april19), await seats(february)]).toEqual(before);
    expect(await getRegistration(database.db, id, TODAY)).toMatchObject({ cohortId: april5 });
    expect(await queued()).toEqual([]);
  });

  it("move refuses a date the same address is already registered for", async () => {
    const first = await register("jordan@example.org");
    await moveRegistration(services, admin, first, april19, NOW, TODAY);
    await cancelRegistration(services, admin, first, "x", NOW, TODAY);
    const again = await register("jordan@example.org", { cohortId: april19 });
    const other = await register("jordan@example.org");
    expect(again).toBeGreaterThan(0);
    expect(await moveRegistration(services, admin, other, april19, NOW, TODAY)).toMatchObject({
      ok: false,
      error: "This student already has a registration for that date.",
    });
  });

  it("completes a registration only once its class has started", async () => {
    const id = await register("jordan@example.org");
    expect(await completeRegistration(services, admin, id, NOW, TODAY)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    const later = new Date("2027-04-06T15:00:00Z");
    expect(await completeRegistration(services, admin, id, later, "2027-04-06")).toMatchObject({
      ok: true,
    });
    expect(await statusOf(id)).toBe("completed");
    expect(await cancelRegistration(services, admin, id, "x", later, "2027-04-06")).toMatchObject({
      ok: false,
      reason: "conflict",
    });
  });

  it("answers 404 for a registration that does not exist", async () => {
    expect(await confirmRegistration(services, admin, 424242, NOW, TODAY)).toMatchObject({
      ok: false,
      reason: "not-found",
    });
  });

  it("deleting the lead frees a held seat, and only a held one", async () => {
    const held = await register("jordan@example.org");
    const cancelled = await register("casey@example.org");
    await cancelRegistration(services, admin, cancelled, "x", NOW, TODAY);
    expect(await seats(april5)).toBe(1);
    const leadOf = async (id: number) =>
      (await database.db.select().from(registrations).where(eq(registrations.id, id)))[0]?.leadId ??
      0;
    const deleteServices = { db: database.db, storage: {} as never, logger: { error: () => {} } };
    await deleteCustomer(deleteServices as never, admin, await leadOf(cancelled), seatGoesBack());
    expect(await seats(april5)).toBe(1);
    await deleteCustomer(deleteServices as never, admin, await leadOf(held), seatGoesBack());
    expect(await seats(april5)).toBe(0);
  });
});

describe("a student's own cancellation", () => {
  /** A student account with this address (the portal's signed-in user). */
  async function student(email: string) {
    return { user: await createUser(database.db, { email, role: "student" }), ip: "203.0.113.9" };
  }

  it("cancels their own registration until the days before the start, and tells staff", async () => {
    const id = await register("jordan@example.org");
    const outcome = await cancelOwnRegistration(
      services,
      await student("Jordan@Example.org"),
      id,
      7,
      NOW,
      TODAY,
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(await seats(april5)).toBe(0);
    // The student gets the cancellation e-mail a staff cancellation sends; staff are told.
    const sent = await queued();
    expect(sent.map((m) => [m.template, m.to])).toEqual([
      ["registration-cancelled", "jordan@example.org"],
      ["registration-cancelled-by-student", "sales@example.com"],
    ]);
    expect(sent[0]?.text).toContain("You cancelled it in the Training Portal.");
    expect(sent[0]?.text).not.toContain("refund");
    expect(await audits()).toEqual([
      { action: "registration_cancelled_by_student", target: `registration:${id}` },
    ]);
  });

  it("a paid registration: the student is told the credit and refund, staff what to send back", async () => {
    const id = await register("jordan@example.org");
    await payInFull(id);
    fx.clearQueued();
    const jordan = await student("jordan@example.org");
    expect(await cancelOwnRegistration(services, jordan, id, 7, NOW, TODAY)).toMatchObject({
      ok: true,
    });
    const [creditNote, toStudent, toStaff] = await queued();
    expect(creditNote?.template).toBe("credit-note-issued");
    expect(toStudent?.text).toContain(
      "Credit note CN-2027-0001 (attached to its own e-mail) credits $1,200.00. $1,200.00 is paid back by bank transfer.",
    );
    expect(toStaff?.subject).toContain("(paid)");
    expect(toStaff?.text).toContain(
      "Credit note CN-2027-0001 credits $1,200.00 per the cancellation policy. $1,200.00 is recorded as paid back by bank transfer: please send it.",
    );
  });

  it("answers 404 for another student's paid registration, and changes nothing", async () => {
    const id = await register("jordan@example.org");
    await payInFull(id);
    fx.clearQueued();
    expect(
      await cancelOwnRegistration(services, await student("other@example.org"), id, 7, NOW, TODAY),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(await statusOf(id)).toBe("paid");
    expect(await queued()).toEqual([]);
  });

  it("is refused within the days before the start", async () => {
    const id = await register("jordan@example.org");
    const late = new Date("2027-03-30T15:00:00Z");
    expect(
      await cancelOwnRegistration(
        services,
        await student("jordan@example.org"),
        id,
        7,
        late,
        "2027-03-30",
      ),
    ).toMatchObject({
      ok: false,
      reason: "conflict",
      error:
        "Cancelling here was possible until March 29, 2027, 7 days before the start on April 5, 2027. Please call us to cancel.",
    });
    expect(await statusOf(id)).toBe("pending");
  });
});

describe("reading registrations", () => {
  it("lists and filters them, counts each status, and exports a cohort's roster without the cancelled", async () => {
    const a = await register("jordan@example.org", { cohortId: april5, name: "Jordan Reyes" });
    const b = await register("casey@example.org", { cohortId: april5, name: "Casey Lane" });
    await cancelRegistration(services, admin, b, "x", NOW, TODAY);
    await register("pat@example.org", { cohortId: april19, name: "Pat Doe" });
    const all = await listRegistrations(database.db, {}, { offset: 0, limit: 50 });
    expect(all.total).toBe(3);
    expect(all.byStatus).toEqual({ pending: 2, cancelled: 1 });
    const onApril5 = await listRegistrations(
      database.db,
      { courseId: course.id, cohortId: april5, status: "pending" },
      { offset: 0, limit: 50 },
    );
    expect(onApril5.rows.map((r) => r.id)).toEqual([a]);
    const searched = await listRegistrations(database.db, { q: "casey" }, { offset: 0, limit: 50 });
    expect(searched.rows.map((r) => r.name)).toEqual(["Casey Lane"]);
    const roster = await cohortRoster(database.db, april5);
    expect(roster?.rows.map((r) => r[0])).toEqual(["Jordan Reyes"]);
    expect(await cohortRoster(database.db, 424242)).toBeNull();
    // The lead is untouched by the registration's status.
    const [lead] = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "casey@example.org"));
    expect(lead?.status).toBe("New");
  });
});
