import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { cohorts, registrations } from "#app/platform/db/schema.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
  TODAY,
} from "#tests/support/registrations.ts";
import {
  cancelRegistration,
  confirmRegistration,
  recordRegistrationPayment,
} from "./registration-admin.server.ts";
import { issueRegistrationToken } from "./registration-links.server.ts";
import { sendReminders } from "./reminders.server.ts";
import {
  answerOffer,
  confirmEmailHold,
  expireHolds,
  OFFER_TEXTS,
  offerOpenSeats,
  registrationOfLink,
} from "./waitlist.server.ts";

let database: Database;
let fx: RegistrationFixture;

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
});
afterEach(async () => {
  await database.close();
});

/** What the student is told comes next (the answer's `next`), by where the registration stands. */
const NEXT = {
  seated: expect.stringMatching(
    /^Paying by bank transfer or company invoice, your invoice is on its way/,
  ),
  confirmed: expect.stringMatching(/^Your registration is confirmed already/),
  waitlisted: expect.stringMatching(/^Once you have taken a seat/),
};
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
/** The token of the last offer e-mailed to `email`. */
const offerTokenOf = async (email: string) =>
  (await fx.queued()).findLast((m) => m.template === "registration-offer" && m.to === email)
    ?.secret ?? "";

/** April 19 (1 seat) is taken by Ann; Ben and Cy wait, in that order. */
async function fullWithTwoWaiting() {
  const ann = await fx.register("ann@example.org", { cohortId: fx.april19 });
  const waiting = { cohortId: fx.april19, waitlist: true, confirmed: true };
  const ben = await fx.register("ben@example.org", waiting);
  const cy = await fx.register("cy@example.org", waiting);
  return { ann, ben, cy };
}

describe("the waitlist", () => {
  it("a full date takes waitlisted registrations with no seat; a freed seat is offered to the first", async () => {
    const { ann, ben, cy } = await fullWithTwoWaiting();
    expect([await fx.statusOf(ben), await fx.statusOf(cy)]).toEqual(["waitlisted", "waitlisted"]);
    expect(await fx.seats(fx.april19)).toBe(1);

    await cancelRegistration(fx.services, fx.admin, ann, "Moved away", NOW, TODAY);
    expect(await fx.statusOf(ben)).toBe("offered");
    expect(await fx.statusOf(cy)).toBe("waitlisted");
    expect(await fx.seats(fx.april19)).toBe(1);
    const offer = (await fx.queued()).find((m) => m.template === "registration-offer");
    expect(offer).toMatchObject({ to: "ben@example.org", secret: expect.any(String) });
    expect(offer?.text).toContain("/registrations/offer?token=");
    const [row] = await database.db.select().from(registrations).where(eq(registrations.id, ben));
    expect(row?.offerExpiresAt?.toISOString()).toBe(hours(48).toISOString());
  });

  it("accepting the offer makes the registration Pending with the seat; the link then works no more", async () => {
    const { ann, ben } = await fullWithTwoWaiting();
    await cancelRegistration(fx.services, fx.admin, ann, "x", NOW, TODAY);
    const token = await offerTokenOf("ben@example.org");
    expect(await registrationOfLink(database.db, token, "offer", NOW)).toMatchObject({
      course: "Test Networking",
      startDate: "2027-04-19",
    });
    const later = hours(3);
    expect(await answerOffer(database.db, fx.services.mail, token, true, later, TODAY)).toEqual({
      ok: true,
      value: {
        heading: "The seat is yours",
        message: OFFER_TEXTS.accepted("Test Networking"),
        next: NEXT.seated,
      },
    });
    expect(await fx.statusOf(ben)).toBe("pending");
    expect(await fx.seats(fx.april19)).toBe(1);
    expect(
      await query(
        database,
        `select action, actor_label from audit_log where target = 'registration:${ben}' order by id`,
      ),
    ).toEqual([
      { action: "registration_email_confirmed", actor_label: "Student (e-mail link)" },
      { action: "registration_offered", actor_label: "System" },
      { action: "registration_offer_accepted", actor_label: "ben@example.org" },
    ]);
    expect(await answerOffer(database.db, fx.services.mail, token, true, later, TODAY)).toEqual({
      ok: false,
      reason: "gone",
      error: OFFER_TEXTS.gone,
    });
    const forged = "A".repeat(43);
    expect(
      await answerOffer(database.db, fx.services.mail, forged, true, later, TODAY),
    ).toMatchObject({ ok: false, reason: "gone" });
    expect(
      await answerOffer(database.db, fx.services.mail, "short", false, later, TODAY),
    ).toMatchObject({ ok: false, reason: "gone" });
  });

  it("a place on the waitlist is no deal: it counts no value, in the export too, until it holds a seat", async () => {
    const { ann, ben } = await fullWithTwoWaiting();
    const dealOf = async (registration: number) => {
      const [row] = await query<{ deal_value_cents: number; id: number }>(
        database,
        `select l.id, l.deal_value_cents from leads l join registrations r on r.lead_id = l.id where r.id = ${registration}`,
      );
      return row ?? { id: 0, deal_value_cents: -1 };
    };
    expect((await dealOf(ann)).deal_value_cents).toBe(120_000);
    expect((await dealOf(ben)).deal_value_cents).toBe(0);
    const csv = async () => {
      const { customersCsv } = await import("#app/web/customer-detail.server.ts");
      const viewer = { id: fx.admin.user.id, role: "admin" as const };
      let text = "";
      for await (const chunk of customersCsv(database.db, viewer, {}, "UTC")) text += chunk;
      return text;
    };
    const row = (text: string, email: string) =>
      text.split("\r\n").find((line) => line.includes(email)) ?? "";
    expect(row(await csv(), "ben@example.org")).toContain(",0.00,");
    expect(row(await csv(), "ann@example.org")).toContain(",1200.00,");

    // Ann cancels; Ben accepts the offered seat: his registration is worth its price now.
    await cancelRegistration(fx.services, fx.admin, ann, "x", NOW, TODAY);
    const token = await offerTokenOf("ben@example.org");
    await answerOffer(database.db, fx.services.mail, token, true, hours(1), TODAY);
    expect((await dealOf(ben)).deal_value_cents).toBe(120_000);
    expect(row(await csv(), "ben@example.org")).toContain(",1200.00,");
    const history = await query<{ message: string }>(
      database,
      `select message from sales_activities where customer_id = ${(await dealOf(ben)).id} order by id`,
    );
    expect(history.map((h) => h.message)).toContain(
      "Jordan Reyes: deal value changed from $0 to $1,200",
    );
  });

  it("declining passes the seat to the next in line", async () => {
    const { ann, ben, cy } = await fullWithTwoWaiting();
    await cancelRegistration(fx.services, fx.admin, ann, "x", NOW, TODAY);
    const token = await offerTokenOf("ben@example.org");
    expect(
      await answerOffer(database.db, fx.services.mail, token, false, NOW, TODAY),
    ).toMatchObject({
      ok: true,
      value: { heading: "You declined the seat" },
    });
    expect(await fx.statusOf(ben)).toBe("cancelled");
    expect(await fx.statusOf(cy)).toBe("offered");
    expect(await fx.seats(fx.april19)).toBe(1);
  });

  it("an offer not answered in 48 hours goes to the next; its link then says so", async () => {
    const { ann, ben, cy } = await fullWithTwoWaiting();
    await cancelRegistration(fx.services, fx.admin, ann, "x", NOW, TODAY);
    const token = await offerTokenOf("ben@example.org");
    expect(await expireHolds(database.db, fx.services.mail, hours(47), TODAY)).toEqual({
      offersExpired: 0,
      holdsReleased: 0,
    });
    expect(await expireHolds(database.db, fx.services.mail, hours(48), TODAY)).toEqual({
      offersExpired: 1,
      holdsReleased: 0,
    });
    expect(await fx.statusOf(ben)).toBe("cancelled");
    expect(await fx.statusOf(cy)).toBe("offered");
    expect(await fx.seats(fx.april19)).toBe(1);
    expect(await answerOffer(database.db, fx.services.mail, token, true, hours(49), TODAY)).toEqual(
      {
        ok: false,
        reason: "gone",
        error: OFFER_TEXTS.gone,
      },
    );
    expect(await fx.statusOf(cy)).toBe("offered");
  });

  it("two seats freed at once go to two people, never three", async () => {
    const a = await fx.register("a@example.org");
    const b = await fx.register("b@example.org");
    for (const who of ["w1", "w2", "w3"]) {
      await fx.register(`${who}@example.org`, { waitlist: true, confirmed: true });
    }
    await Promise.all([
      cancelRegistration(fx.services, fx.admin, a, "x", NOW, TODAY),
      cancelRegistration(fx.services, fx.admin, b, "y", NOW, TODAY),
    ]);
    const statuses = await query(
      database,
      "select status, count(*)::int as n from registrations group by status order by status",
    );
    expect(statuses).toEqual([
      { status: "cancelled", n: 2 },
      { status: "offered", n: 2 },
      { status: "waitlisted", n: 1 },
    ]);
    expect(await fx.seats(fx.april5)).toBe(2);
  });

  it("raising the capacity offers the new seats", async () => {
    const { cy } = await fullWithTwoWaiting();
    await database.db.update(cohorts).set({ capacity: 3 }).where(eq(cohorts.id, fx.april19));
    expect(await offerOpenSeats(database.db, fx.services.mail, NOW, fx.april19)).toBe(2);
    expect(await fx.statusOf(cy)).toBe("offered");
    expect(await fx.seats(fx.april19)).toBe(3);
  });
});

describe("seats held for an unconfirmed address", () => {
  it("are released after 24 hours and offered on; a confirmed address keeps its seat", async () => {
    const kept = await fx.register("kept@example.org");
    const lost = await fx.register("lost@example.org");
    await fx.register("waiting@example.org", { waitlist: true, confirmed: true });
    // The registration e-mail carried a link to confirm the address.
    const [tokenRow] = await query(
      database,
      `select count(*)::int as n from registration_tokens where registration_id = ${kept} and purpose = 'email'`,
    );
    expect(tokenRow).toEqual({ n: 1 });
    await confirmRegistration(fx.services, fx.admin, kept, NOW, TODAY);
    expect(await expireHolds(database.db, fx.services.mail, hours(24), TODAY)).toEqual({
      offersExpired: 0,
      holdsReleased: 1,
    });
    expect(await fx.statusOf(kept)).toBe("confirmed");
    expect(await fx.statusOf(lost)).toBe("cancelled");
    expect((await fx.queued()).map((m) => [m.template, m.to])).toEqual(
      expect.arrayContaining([
        ["registration-hold-expired", "lost@example.org"],
        ["registration-offer", "waiting@example.org"],
      ]),
    );
  });

  it("twenty held seats from one sender with different addresses all come back unconfirmed", async () => {
    await database.db.update(cohorts).set({ capacity: 20 }).where(eq(cohorts.id, fx.april5));
    for (let i = 0; i < 20; i++) await fx.register(`hoarder${i}@example.org`);
    expect(await fx.seats(fx.april5)).toBe(20);
    expect(await expireHolds(database.db, fx.services.mail, hours(25), TODAY)).toMatchObject({
      holdsReleased: 20,
    });
    expect(await fx.seats(fx.april5)).toBe(0);
  });

  it("confirming the address through its link ends the hold; the link works once", async () => {
    const id = await fx.register("jordan@example.org");
    // The e-mail's link is stored hashed: a new one (the older stops working) stands in for it.
    const known = await database.db.transaction((tx) =>
      issueRegistrationToken(tx, id, "email", hours(24)),
    );
    const forged = "B".repeat(43);
    expect(await confirmEmailHold(database.db, fx.services.mail, forged, NOW, TODAY)).toMatchObject(
      {
        ok: false,
        reason: "gone",
      },
    );
    // The answer says what comes next: staff confirm the held seat.
    expect(await confirmEmailHold(database.db, fx.services.mail, known, NOW, TODAY)).toMatchObject({
      ok: true,
      value: { next: NEXT.seated },
    });
    expect(await confirmEmailHold(database.db, fx.services.mail, known, NOW, TODAY)).toMatchObject({
      ok: false,
      reason: "gone",
    });
    expect(await expireHolds(database.db, fx.services.mail, hours(30), TODAY)).toMatchObject({
      holdsReleased: 0,
    });
    expect(await fx.statusOf(id)).toBe("pending");
  });
});

describe("what comes next after the address is confirmed", () => {
  it("depends on the registration then: held, on the waitlist, or confirmed by staff already", async () => {
    const answerFor = async (id: number) =>
      confirmEmailHold(
        database.db,
        fx.services.mail,
        await database.db.transaction((tx) => issueRegistrationToken(tx, id, "email", hours(24))),
        NOW,
        TODAY,
      );
    const held = await fx.register("held@example.org");
    expect(await answerFor(held)).toMatchObject({ value: { next: NEXT.seated } });
    const staffConfirmed = await fx.register("confirmed@example.org");
    await confirmRegistration(fx.services, fx.admin, staffConfirmed, NOW, TODAY);
    expect(await answerFor(staffConfirmed)).toMatchObject({ value: { next: NEXT.confirmed } });
    const waiting = await fx.register("waiting@example.org", { waitlist: true });
    expect(await fx.statusOf(waiting)).toBe("waitlisted");
    expect(await answerFor(waiting)).toMatchObject({ value: { next: NEXT.waitlisted } });
  });
});

describe("start reminders", () => {
  it("go out 7 days and 1 day before to Confirmed and Paid students, once each", async () => {
    await database.db.update(cohorts).set({ capacity: 5 }).where(eq(cohorts.id, fx.april5));
    const confirmed = await fx.register("confirmed@example.org");
    const paid = await fx.register("paid@example.org");
    const pending = await fx.register("pending@example.org", { cohortId: fx.april19 });
    const cancelled = await fx.register("cancelled@example.org");
    await confirmRegistration(fx.services, fx.admin, confirmed, NOW, TODAY);
    const payment = { amountCents: 120_000, method: "bank-transfer", receivedOn: TODAY } as const;
    await recordRegistrationPayment(
      fx.services,
      fx.admin,
      paid,
      { ...payment, reference: "" },
      NOW,
      TODAY,
    );
    await cancelRegistration(fx.services, fx.admin, cancelled, "x", NOW, TODAY);
    expect(pending).toBeGreaterThan(0);
    fx.clearQueued();

    const weekBefore = new Date("2027-03-29T14:00:00Z");
    expect(await sendReminders(database.db, fx.services.mail, weekBefore, "2027-03-29")).toBe(2);
    expect(await sendReminders(database.db, fx.services.mail, weekBefore, "2027-03-29")).toBe(0);
    const weekReminders = await fx.queued();
    expect(weekReminders.map((m) => [m.template, m.to]).sort()).toEqual([
      ["registration-reminder-7d", "confirmed@example.org"],
      ["registration-reminder-7d", "paid@example.org"],
    ]);
    expect(weekReminders[0]?.attachments?.[0]).toMatchObject({ filename: "course-start.ics" });
    const dayBefore = new Date("2027-04-04T14:00:00Z");
    expect(await sendReminders(database.db, fx.services.mail, dayBefore, "2027-04-04")).toBe(2);
    expect(await sendReminders(database.db, fx.services.mail, dayBefore, "2027-04-04")).toBe(0);
    expect(
      (await fx.queued()).filter((m) => m.template === "registration-reminder-1d"),
    ).toHaveLength(2);
  });
});
