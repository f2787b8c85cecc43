import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { createOutbox, type Outbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import {
  action as registrationAction,
  loader as registrationLoader,
} from "#app/routes/site/training/register.tsx";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { checkIcs, readIcs } from "#tests/support/ics.ts";
import { coursePage } from "./course-detail.server.ts";
import { purgeExpiredRegistrationTokens } from "./registration-links.server.ts";
import { getRegistration } from "./registration-queries.server.ts";
import { registrationReceipt } from "./registration-receipt.server.ts";
import { submitWizardStep, type WizardPost } from "./registration-wizard.server.ts";
import {
  ALREADY_REGISTERED,
  CARD_PAYMENT_NOTE,
  COHORT_FULL,
  COURSE_NOT_FOUND,
  PAYMENT_NOTES,
} from "./training.ts";

// The clock is frozen: today is April 20, 2026 in Alabama; CCNA's next start is May 5, 2026.
const NOW = "2026-04-20T15:00:00Z";

let database: Database;
let outbox: Outbox;
let dataDir: string;
let services: RequestServices;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase({ seed: false });
  await seedDatabase(database.db, { now: new Date(NOW) });
  dataDir = mkdtempSync(join(tmpdir(), "registrations-"));
  outbox = createOutbox({
    database,
    logger: { ...logger, child: () => logger } as never,
    from: "Site <no-reply@example.com>",
    retryLimit: 2,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
  });
  await outbox.start();
  services = {
    db: database.db,
    outbox,
    storage: createLocalStorage(join(dataDir, "uploads")),
    env: parseEnv({ DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000", FROZEN_NOW: NOW }),
    logger: logger as never,
    invalidatePages: vi.fn(async () => {}),
    nonce: "",
    clientIp: "203.0.113.9",
  };
});

afterEach(async () => {
  await outbox.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const complete = {
  step: "3",
  intent: "submit",
  certificationInterest: "ccna",
  name: "Jordan Reyes",
  email: "jordan@example.org",
  phone: "(205) 555-0188",
  company: "Vulcan Freight",
  experience: "1-3",
  startDate: "2026-05-05",
  classSchedule: "morning",
  comments: "Prefers the downtown lab.",
  paymentMethod: "company-invoice",
  billingCompany: "Vulcan Freight LLC",
  billingAddress: "Accounts Payable\r\n1200 Industrial Pkwy\r\nBirmingham, AL 35203",
  billingEmail: "ap@vulcan-freight.example.com",
  poNumber: "PO-7731",
};

/** Step 3's company invoice details as stored. */
const BILLING = {
  company: "Vulcan Freight LLC",
  address: "Accounts Payable\n1200 Industrial Pkwy\nBirmingham, AL 35203",
  email: "ap@vulcan-freight.example.com",
  poNumber: "PO-7731",
};

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, services);
  return provider;
}

async function post(fields: Record<string, string>, courseId = "ccna") {
  const request = new Request(`http://localhost/certification-training/${courseId}/register`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  let result: { data: Record<string, unknown>; init?: ResponseInit };
  try {
    result = (await registrationAction({
      request,
      params: { courseId },
      context: context(),
    } as never)) as unknown as typeof result;
  } catch (thrown) {
    // A redirect: to another course's page (307), or to the confirmation page (303).
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: {} as Record<string, unknown>, headers: thrown.headers };
  }
  return {
    status: result.init?.status ?? 200,
    body: result.data,
    headers: new Headers(result.init?.headers),
  };
}

/** The confirmation page a stored registration leads to. */
const CONFIRMATION =
  /^\/certification-training\/[a-z0-9-]+\/register\/confirmation\?token=[A-Za-z0-9_-]{43}$/;

async function counts() {
  const [row] = await query<{ leads: number; registrations: number; mails: number }>(
    database,
    "select (select count(*)::int from leads where kind <> 'manual') as leads, (select count(*)::int from registrations) as registrations, (select count(*)::int from mail_messages) as mails",
  );
  return row;
}

async function cohort(slug: string, startDate: string, schedule: string) {
  const [row] = await query<{ id: number; capacity: number; seats_taken: number }>(
    database,
    `select c.id, c.capacity, c.seats_taken from cohorts c join courses k on k.id = c.course_id where k.slug = '${slug}' and c.start_date = '${startDate}' and c.class_schedule = '${schedule}'`,
  );
  if (!row) throw new Error("no such cohort");
  return row;
}

describe("the registration wizard's action", () => {
  it("walks the steps: each Continue checks its step, Back keeps the values", async () => {
    const empty = await post({ step: "1", intent: "continue", certificationInterest: "ccna" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, step: 1 });
    expect(Object.keys(empty.body.fieldErrors as object).sort()).toEqual([
      "email",
      "name",
      "phone",
    ]);

    const step1 = { ...complete, step: "1", intent: "continue" };
    const toStep2 = await post(step1);
    expect(toStep2.body).toMatchObject({ ok: false, step: 2, values: { name: "Jordan Reyes" } });
    const dates = (toStep2.body.selection as { startDates: { date: string }[] }).startDates;
    expect(dates.map((d) => d.date)).toEqual([
      "2026-05-05",
      "2026-06-16",
      "2026-07-28",
      "2026-09-08",
    ]);

    const noDate = await post({ ...complete, step: "2", intent: "continue", startDate: "" });
    expect(noDate.status).toBe(400);
    expect(noDate.body).toMatchObject({
      step: 2,
      fieldErrors: { startDate: "Please select a start date." },
    });

    const back = await post({ ...complete, step: "2", intent: "back", experience: "" });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ step: 1, values: { email: "jordan@example.org" } });

    const toStep3 = await post({ ...complete, step: "2", intent: "continue" });
    expect(toStep3.body).toMatchObject({
      step: 3,
      selection: {
        course: { title: "Cisco Certified Network Associate (CCNA)", priceCents: 499_500 },
      },
    });
    const noPayment = await post({ ...complete, paymentMethod: "" });
    expect(noPayment.status).toBe(400);
    expect(noPayment.body).toMatchObject({
      step: 3,
      fieldErrors: { paymentMethod: expect.any(String) },
    });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
  });

  it("stores the lead, the registration, one seat and both e-mails; the student's has a valid .ics", async () => {
    const before = await cohort("ccna", "2026-05-05", "morning");
    const { status, headers } = await post(complete);
    expect(status).toBe(303);
    expect(headers.get("Location")).toMatch(CONFIRMATION);
    // The cached course pages show the seats: they are rendered afresh.
    expect(services.invalidatePages).toHaveBeenCalled();

    const [lead] = await query(database, "select * from leads where kind <> 'manual'");
    expect(lead).toMatchObject({
      kind: "registration",
      form: "registration",
      inquiry_type: "training",
      name: "Jordan Reyes",
      email: "jordan@example.org",
      company: "Vulcan Freight",
    });
    expect(lead?.message).toContain("Course: Cisco Certified Network Associate (CCNA)");
    expect(lead?.message).toContain(
      "Class Schedule: Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
    );
    const [registration] = await query(database, "select * from registrations");
    expect(registration).toMatchObject({
      lead_id: lead?.id,
      cohort_id: before.id,
      certification_interest: "Cisco Certified Network Associate (CCNA)",
      class_schedule: "morning",
      start_date: expect.anything(),
      experience: "1-3",
      payment_method: "company-invoice",
      comments: "Prefers the downtown lab.",
      price_cents: 499_500,
    });
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(
      before.seats_taken + 1,
    );

    const mails = await query<{
      template: string;
      to_address: string;
      text_body: string;
      attachments: { filename: string; contentType: string; content: string }[];
    }>(database, "select * from mail_messages order by id");
    expect(mails.map((m) => [m.template, m.to_address])).toEqual([
      ["registration-notification", "sales@example.com"],
      ["registration-confirmation", "jordan@example.org"],
    ]);
    expect(mails[0]?.text_body).toContain(
      "Certification Interest: Cisco Certified Network Associate (CCNA)",
    );
    expect(mails[0]?.text_body).toContain("Payment Method: Company Invoice");
    expect(mails[0]?.text_body).toContain("Additional Comments: Prefers the downtown lab.");
    const [ics] = mails[1]?.attachments ?? [];
    expect(ics?.filename).toBe("course-start.ics");
    const { problems, lines } = checkIcs(ics?.content ?? "");
    expect(problems).toEqual([]);
    // 8:00 AM Central (daylight time) on May 5, 2026, in the zone's wall clock.
    expect(lines).toContain("DTSTART;TZID=America/Chicago:20260505T080000");
    expect(readIcs(ics?.content ?? "").events[0]?.start.toISOString()).toBe(
      "2026-05-05T13:00:00.000Z",
    );
  });

  it("leads to a confirmation page of its own: course, date, schedule, price, reference; the same form twice leads there too", async () => {
    const first = await post(complete);
    const token = new URL(`http://x${first.headers.get("Location")}`).searchParams.get("token");
    const receipt = await registrationReceipt(
      database.db,
      token,
      new Date(NOW),
      "Sigma Technology",
    );
    expect(receipt).toEqual({
      status: "pending",
      startDate: "2026-05-05",
      classSchedule: "morning",
      priceCents: 499_500,
      paymentMethod: "company-invoice",
      billing: BILLING,
      email: complete.email,
      course: {
        slug: "ccna",
        kind: "certification",
        title: "Cisco Certified Network Associate (CCNA)",
        duration: "96 Hours (6 Weeks)",
      },
      reference: expect.stringMatching(/^SIG-\d{6}$/),
      holdExpiresAt: "2026-04-21T15:00:00.000Z",
    });
    // Sent again (a double click, a reload): one registration, and its page again.
    const again = await post(complete);
    expect(again.status).toBe(303);
    const second = new URL(`http://x${again.headers.get("Location")}`).searchParams.get("token");
    expect(second).not.toBe(token);
    expect(await registrationReceipt(database.db, second, new Date(NOW), "Sigma")).toMatchObject({
      reference: receipt?.reference,
    });
    expect(await counts()).toEqual({ leads: 1, registrations: 1, mails: 2 });
    // A made-up or expired link shows nothing.
    expect(await registrationReceipt(database.db, "x".repeat(43), new Date(NOW), "S")).toBeNull();
    expect(await registrationReceipt(database.db, "not a token", new Date(NOW), "S")).toBeNull();
    const later = new Date(Date.parse(NOW) + 91 * 86_400_000);
    expect(await registrationReceipt(database.db, token, later, "S")).toBeNull();
    // The registrations job deletes the expired links: both receipts and the address link.
    expect(await purgeExpiredRegistrationTokens(database.db, later)).toBe(3);
    expect(await query(database, "select * from registration_tokens")).toEqual([]);
  });

  it("ignores a tampered price or cohort id and refuses a date that is not an open cohort", async () => {
    const other = await cohort("ccnp-enterprise", "2026-05-05", "morning");
    const tampered = await post({
      ...complete,
      price: "1",
      priceCents: "100",
      cohortId: String(other.id),
    });
    expect(tampered.status).toBe(303);
    const [registration] = await query<{ price_cents: number; cohort_id: number }>(
      database,
      "select price_cents, cohort_id from registrations",
    );
    expect(registration?.price_cents).toBe(499_500);
    expect(registration?.cohort_id).toBe((await cohort("ccna", "2026-05-05", "morning")).id);
    expect((await cohort("ccnp-enterprise", "2026-05-05", "morning")).seats_taken).toBe(0);

    for (const [field, value] of [
      ["startDate", "2025-09-08"], // a past cohort
      ["startDate", "2026-07-08"], // another course's date
      ["startDate", "2026-13-01"],
      ["classSchedule", "weeknight-lab"], // not offered for CCNA
      ["certificationInterest", "ccie"],
    ] as const) {
      const refused = await post({ ...complete, email: `${value}@example.org`, [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body.ok).toBe(false);
    }
    expect((await counts())?.registrations).toBe(1);
  });

  it("a full cohort takes a waitlist only when the visitor was told, and keeps no seat", async () => {
    const full = await cohort("ccna", "2026-05-05", "morning");
    await query(database, `update cohorts set seats_taken = capacity where id = ${full.id}`);
    // Step 2 goes on to step 3, which says the date is full (the wizard shows the waitlist).
    const atStep2 = await post({ ...complete, step: "2", intent: "continue" });
    expect(atStep2.status).toBe(200);
    expect(atStep2.body).toMatchObject({ step: 3 });
    // Submitted without knowing (the date filled since): refused, nothing kept.
    const unaware = await post(complete);
    expect(unaware.status).toBe(409);
    expect(unaware.body).toMatchObject({ step: 2, fieldErrors: { startDate: COHORT_FULL } });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
    // Joining the waitlist: a waitlisted registration and a lead, no seat, the two e-mails. Nothing
    // is charged, so no payment method is asked for.
    const { paymentMethod: _none, ...withoutPayment } = complete;
    const joined = await post({ ...withoutPayment, waitlist: "1" });
    expect(joined.status).toBe(303);
    expect(await counts()).toEqual({ leads: 1, registrations: 1, mails: 2 });
    const [row] = await query(database, "select status, hold_expires_at from registrations");
    // A place in line is kept once the address is confirmed, within 24 hours.
    expect(row).toMatchObject({ status: "waitlisted" });
    expect(new Date(String(row?.hold_expires_at)).toISOString()).toBe("2026-04-21T15:00:00.000Z");
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(full.capacity);
    const templates = await query<{ template: string; text_body: string }>(
      database,
      "select template, text_body from mail_messages order by id",
    );
    expect(templates.map((t) => t.template)).toEqual([
      "registration-notification",
      "registration-waitlisted",
    ]);
    expect(templates[0]?.text_body).toContain("Payment Method: Not chosen yet (waitlist)");
    // The evening cohort of the same day still has seats: a plain registration, held 24 hours;
    // claiming the waitlist there does not spare the payment method.
    const evening = { ...withoutPayment, classSchedule: "evening", email: "eve@example.org" };
    const unpaid = await post({ ...evening, waitlist: "1" });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toMatchObject({
      step: 3,
      fieldErrors: { paymentMethod: expect.any(String) },
    });
    expect((await post({ ...evening, paymentMethod: "credit-card" })).status).toBe(303);
  });

  it("a new registration's seat is held 24 hours for its address; the e-mail carries the link", async () => {
    expect((await post(complete)).status).toBe(303);
    const [row] = await query(database, "select status, hold_expires_at from registrations");
    expect(row?.status).toBe("pending");
    expect(new Date(String(row?.hold_expires_at)).toISOString()).toBe("2026-04-21T15:00:00.000Z");
    const [confirmation] = await query(
      database,
      "select text_body, secret from mail_messages where template = 'registration-confirmation'",
    );
    expect(confirmation?.text_body).toContain(
      "/registrations/confirm?token={{one-time-link-token}}",
    );
    expect(String(confirmation?.secret)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("one active registration per address and date: a second one is refused", async () => {
    expect((await post(complete)).status).toBe(303);
    // Not a retry (another comment): the rule refuses it.
    const again = await post({
      ...complete,
      email: "JORDAN@example.org",
      comments: "Registering again.",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ step: 2, fieldErrors: { startDate: ALREADY_REGISTERED } });
    // The answer tells nothing the address's owner is not told: they get their registration's
    // page (a one-time receipt link, kept out of the mail log).
    expect(await counts()).toEqual({ leads: 1, registrations: 1, mails: 3 });
    const [told] = await query<{ to_address: string; text_body: string; secret: string }>(
      database,
      "select to_address, text_body, secret from mail_messages where template = 'registration-already'",
    );
    expect(told?.to_address).toBe("jordan@example.org");
    expect(told?.text_body).toContain("/register/confirmation?token={{one-time-link-token}}");
    expect(told?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(again.body)).not.toMatch(/Pending|SIG-|reference/i);
  });

  it("the last seat: of concurrent submissions exactly one wins, the others are told it is full", async () => {
    const last = await cohort("ccna", "2026-06-16", "evening");
    await query(database, `update cohorts set seats_taken = capacity - 1 where id = ${last.id}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post({
          ...complete,
          startDate: "2026-06-16",
          classSchedule: "evening",
          email: `racer${i}@example.org`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409, 409, 409, 409, 409]);
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body).toMatchObject({ step: 2, fieldErrors: { startDate: COHORT_FULL } });
    }
    const after = await cohort("ccna", "2026-06-16", "evening");
    expect(after.seats_taken).toBe(after.capacity);
    expect(await counts()).toEqual({ leads: 1, registrations: 1, mails: 2 });
  });

  it("the same registration sent again is one registration and one seat; a key shared by a cached page merges nothing", async () => {
    // A key that came with a cached page is the same for every visitor: it decides nothing.
    const cached = { ...complete, idempotencyKey: "baked-into-cached-html" };
    const answers = await Promise.all([post(cached), post(cached), post(cached)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => a.headers.get("Location"))).size).toBe(3);
    expect(await counts()).toEqual({ leads: 1, registrations: 1, mails: 2 });
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(1);

    // Someone else from the same cached page, and the same person for another date: stored.
    const other = await post({ ...cached, name: "Casey Morgan", email: "casey@example.org" });
    const later = await post({ ...cached, startDate: "2026-06-16" });
    expect([other.status, later.status]).toEqual([303, 303]);
    expect(await counts()).toEqual({ leads: 3, registrations: 3, mails: 6 });

    // A retry of a registration that was cancelled meanwhile is a new registration.
    await query(
      database,
      "update registrations set status = 'cancelled' where lead_id = (select min(id) from leads where kind = 'registration')",
    );
    expect((await post(cached)).status).toBe(303);
    expect(await counts()).toEqual({ leads: 4, registrations: 4, mails: 8 });
  });

  it("an AI course: Friday and Saturday cohorts, $495, chosen from another course's page", async () => {
    const aiFriday = {
      ...complete,
      certificationInterest: "ai-fundamentals",
      startDate: "2026-05-01",
      classSchedule: "friday",
    };
    // Chosen on CCNA's page: the same post goes to the AI course's own page, nothing is kept.
    const moved = await post(aiFriday);
    expect(moved.status).toBe(307);
    expect(moved.headers.get("Location")).toBe("/certification-training/ai-fundamentals/register");
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
    const { status } = await post(aiFriday, "ai-fundamentals");
    expect(status).toBe(303);
    const [registration] = await query(database, "select * from registrations");
    expect(registration).toMatchObject({
      certification_interest: "AI Fundamentals for Business",
      class_schedule: "friday",
      price_cents: 49_500,
    });
    const saturdayOnFriday = await post(
      { ...aiFriday, email: "x@example.org", classSchedule: "saturday" },
      "ai-fundamentals",
    );
    expect(saturdayOnFriday.status).toBe(400);
  });

  it("a filled honeypot is thanked and forgotten; too many posts get a 429", async () => {
    const bot = await post({ ...complete, company_website: "http://spam.example" });
    expect(bot.body).toMatchObject({ ok: true });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });

    services.env = { ...services.env, FORM_RATE_LIMIT: 1 };
    expect((await post(complete)).status).toBe(303);
    const limited = await post({ ...complete, email: "again@example.org" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many messages/);
  });

  it("a failing store answers 503 with the spec's text and keeps nothing", async () => {
    services.outbox = { ...outbox, enqueue: () => Promise.reject(new Error("database went away")) };
    const { status, body } = await post(complete);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      step: 3,
      error:
        "There was an error submitting your registration. Please try again or contact us directly.",
    });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(0);
  });

  it("an unknown courseId is 'Course not found' with status 404", async () => {
    const page = (await registrationLoader({
      request: new Request("http://localhost/certification-training/ccie/register"),
      params: { courseId: "ccie" },
      context: context(),
    } as never)) as unknown as { data: unknown; init?: ResponseInit };
    expect(page.init?.status).toBe(404);
    expect(page.data).toMatchObject({ found: false, message: COURSE_NOT_FOUND });
    const posted = await post(complete, "ccie");
    expect(posted.status).toBe(404);
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
  });
});

describe("the wizard and the course page take typed input (the routes read the request)", () => {
  const typed = (values: Record<string, string>, extra: Partial<WizardPost> = {}): WizardPost => ({
    course: { slug: "ccna" },
    step: 3,
    intent: "submit",
    values,
    waitlist: false,
    refused: null,
    source: "Direct",
    sourcePage: "/certification-training/ccna/register",
    ...extra,
  });

  it("a refused field, another course and a stored registration, from plain objects", async () => {
    const refused = await submitWizardStep(services, typed(complete, { refused: "company" }));
    expect(refused).toMatchObject({
      reason: "invalid",
      state: { ok: false, step: 3, fieldErrors: { company: REFUSED_TEXT } },
    });
    const other = await submitWizardStep(
      services,
      typed({ ...complete, certificationInterest: "ccnp-enterprise" }, { intent: "continue" }),
    );
    expect(other).toEqual({ otherCourse: "ccnp-enterprise" });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });

    const stored = await submitWizardStep(services, typed(complete));
    expect("confirmation" in stored && stored.confirmation).toMatch(CONFIRMATION);
    expect(await counts()).toMatchObject({ leads: 1, registrations: 1 });
  });

  it("the course page opens on the asked month when it is among the months shown", async () => {
    const page = await coursePage(services, "ccna", "");
    expect(page?.detail.month).toBe("2026-05");
    const later = page?.detail.startDates.find((d) => !d.date.startsWith("2026-05"));
    const month = later?.date.slice(0, 7) ?? "";
    expect(month > "2026-05").toBe(true);
    expect((await coursePage(services, "ccna", month))?.detail.month).toBe(month);
    for (const asked of ["2026-03", "2026-13", "2099-01", "may"]) {
      expect((await coursePage(services, "ccna", asked))?.detail.month).toBe("2026-05");
    }
    expect(await coursePage(services, "no-such-course", "")).toBeNull();
  });
});

describe("step 3's company invoice details", () => {
  const mailsTo = (address: string) =>
    query<{ text_body: string; html_body: string }>(
      database,
      `select text_body, html_body from mail_messages where to_address = '${address}' order by id`,
    );
  const billingOf = (email: string) =>
    query<{ payment_method: string; billing: unknown }>(
      database,
      `select r.payment_method, r.billing from registrations r join leads l on l.id = r.lead_id where l.email = '${email}'`,
    );

  it("a company invoice keeps them: stored, in the staff notification and on the confirmation page; another method keeps none", async () => {
    const stored = await post(complete);
    expect(stored.status).toBe(303);
    expect(await billingOf(complete.email)).toEqual([
      { payment_method: "company-invoice", billing: BILLING },
    ]);
    const token = new URL(`http://x${stored.headers.get("Location")}`).searchParams.get("token");
    expect(await registrationReceipt(database.db, token, new Date(NOW), "S")).toMatchObject({
      paymentMethod: "company-invoice",
      billing: BILLING,
    });
    // Staff read them on the registration's detail.
    const [made] = await query<{ id: number }>(
      database,
      `select r.id from registrations r join leads l on l.id = r.lead_id where l.email = '${complete.email}'`,
    );
    expect(await getRegistration(database.db, made?.id ?? 0, "2026-01-01")).toMatchObject({
      billing: BILLING,
    });
    const [notification] = await mailsTo("sales@example.com");
    for (const line of [
      "Billing Company: Vulcan Freight LLC",
      "Billing Address: Accounts Payable, 1200 Industrial Pkwy, Birmingham, AL 35203",
      "Billing Email: ap@vulcan-freight.example.com",
      "PO Number: PO-7731",
    ]) {
      expect(notification?.text_body).toContain(line);
    }
    expect(notification?.html_body).toContain("PO-7731");
    // The student's e-mail says what happens about paying, never what the visitor typed.
    const [confirmation] = await mailsTo(complete.email);
    expect(confirmation?.text_body).toContain(PAYMENT_NOTES["company-invoice"]);
    expect(confirmation?.html_body).toContain("The invoice is e-mailed to you and to the billing");
    for (const typed of ["PO-7731", "Accounts Payable", "ap@vulcan-freight"]) {
      expect(confirmation?.text_body).not.toContain(typed);
      expect(confirmation?.html_body).not.toContain(typed);
    }

    // Bank transfer and card: the billing fields posted with them are ignored, whatever they hold.
    for (const [method, email] of [
      ["bank-transfer", "bank@example.org"],
      ["credit-card", "card@example.org"],
    ] as const) {
      const other = await post({
        ...complete,
        email,
        paymentMethod: method,
        billingEmail: "not an address",
        poNumber: "P".repeat(4000),
      });
      expect(other.status, method).toBe(303);
      expect(await billingOf(email)).toEqual([{ payment_method: method, billing: null }]);
      const [mail] = await mailsTo(email);
      expect(mail?.text_body).toContain(PAYMENT_NOTES[method]);
    }
    expect(PAYMENT_NOTES["credit-card"]).toBe(CARD_PAYMENT_NOTE);
    const [notification2] = (await mailsTo("sales@example.com")).slice(1);
    expect(notification2?.text_body).not.toContain("PO Number");
  });

  it("a company invoice without them is refused with a message on each field, and nothing is stored", async () => {
    const missing = await post({
      ...complete,
      billingCompany: " ",
      billingAddress: "",
      billingEmail: "",
      poNumber: "",
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      step: 3,
      error: "Please correct the highlighted fields.",
    });
    expect(missing.body.fieldErrors).toEqual({
      billingCompany: "Please enter the company to invoice.",
      billingAddress: "Please enter the billing address.",
      billingEmail: "Please enter the billing email address.",
    });
    // What was typed comes back, to correct.
    expect(missing.body.values).toMatchObject({ billingCompany: " ", poNumber: "" });
    for (const [field, value, message] of [
      ["billingEmail", "accounts@", "Please enter a valid billing email address."],
      ["billingAddress", "1\n2\n3\n4\n5\n6", "Please keep the billing address to 5 lines."],
      ["billingAddress", "A".repeat(501), "Please keep the billing address under 500 characters."],
      ["billingCompany", "C".repeat(201), "Please keep the company name under 200 characters."],
    ] as const) {
      const refused = await post({ ...complete, [field]: value });
      expect(refused.status, `${field}=${value.slice(0, 20)}`).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ [field]: message });
    }
    // A waitlist place paying by company invoice needs them too.
    const full = await cohort("ccna", "2026-05-05", "morning");
    await query(database, `update cohorts set seats_taken = capacity where id = ${full.id}`);
    const waitlisted = await post({ ...complete, waitlist: "1", billingEmail: "" });
    expect(waitlisted.status).toBe(400);
    expect(waitlisted.body.fieldErrors).toEqual({
      billingEmail: "Please enter the billing email address.",
    });
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
  });

  it("a PO number of 10,000 characters or with control characters is refused with 400, and nothing is stored", async () => {
    const tooLong = "Please keep the PO number to 100 characters.";
    const oneLine = "The PO number must be one line, without tabs or control characters.";
    for (const [poNumber, message] of [
      ["P".repeat(10_000), tooLong],
      ["P".repeat(101), tooLong],
      ["PO\u0007 7731", REFUSED_TEXT], // refused as the request is read
      ["PO\u0000", REFUSED_TEXT],
      ["PO\t7731", oneLine],
      ["PO\n7731", oneLine],
      ["PO\u00857731", oneLine], // a C1 control character
    ] as const) {
      const refused = await post({ ...complete, poNumber });
      expect(refused.status, JSON.stringify(poNumber.slice(0, 12))).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ poNumber: message });
    }
    // The domain refuses them from typed input too (the route's checks aside).
    for (const poNumber of ["P".repeat(10_000), "PO\u0000", "PO\u001b[31m", "PO\r\n7731"]) {
      const refused = await submitWizardStep(services, {
        course: { slug: "ccna" },
        step: 3,
        intent: "submit",
        values: { ...complete, poNumber },
        waitlist: false,
        refused: null,
        source: "Direct",
        sourcePage: "/certification-training/ccna/register",
      });
      expect(refused).toMatchObject({
        reason: "invalid",
        state: { step: 3, fieldErrors: { poNumber: expect.any(String) } },
      });
    }
    expect(await counts()).toEqual({ leads: 0, registrations: 0, mails: 0 });
    // 100 characters on one line are a PO number.
    const longest = await post({ ...complete, poNumber: ` ${"9".repeat(100)} ` });
    expect(longest.status).toBe(303);
    expect(await billingOf(complete.email)).toEqual([
      { payment_method: "company-invoice", billing: { ...BILLING, poNumber: "9".repeat(100) } },
    ]);
  });
});

describe("seats go to people who can be reached", () => {
  const person = (n: number) => ({
    ...complete,
    name: `Student ${n}`,
    email: `student${n}@catch-all.example`,
  });
  const tokenOf = (location: string | null) =>
    new URL(`http://x${location}`).searchParams.get("token");
  /** The address-confirmation token e-mailed to `email` (kept out of the body, in `secret`). */
  async function confirmTokenOf(email: string) {
    const [row] = await query<{ secret: string }>(
      database,
      `select secret from mail_messages where to_address = '${email}' and template in ('registration-confirmation', 'registration-waitlisted') order by id desc limit 1`,
    );
    return row?.secret ?? "";
  }

  it("three registrations from one network for one date: the third holds no seat until its address is confirmed, and says so", async () => {
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(await post(person(n)));
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(2);
    const statuses = await query<{ status: string }>(
      database,
      "select status from registrations order by id",
    );
    expect(statuses.map((r) => r.status)).toEqual(["pending", "pending", "unconfirmed"]);
    // A registration with no seat is no deal yet: its record counts no value until it is seated.
    const values = async () =>
      (
        await query<{ v: number }>(
          database,
          "select l.deal_value_cents as v from leads l join registrations r on r.lead_id = l.id order by r.id",
        )
      ).map((r) => r.v);
    const [price] = await values();
    expect(price).toBeGreaterThan(0);
    expect(await values()).toEqual([price, price, 0]);
    // The third's page and e-mail say so; it is stored and e-mailed like any other.
    const receipt = await registrationReceipt(
      database.db,
      tokenOf(answers[2]?.headers.get("Location") ?? null),
      new Date(NOW),
      "Sigma",
    );
    expect(receipt).toMatchObject({ status: "unconfirmed" });
    const [mail] = await query<{ text_body: string }>(
      database,
      "select text_body from mail_messages where to_address = 'student3@catch-all.example' and template = 'registration-confirmation'",
    );
    expect(mail?.text_body).toContain("takes its seat when you confirm your e-mail address");

    // Confirmed: first confirmed, first seated.
    const { confirmEmailHold } = await import("./waitlist.server.ts");
    const { registrationMailOf } = await import("./registration-mail.server.ts");
    const mailOf = await registrationMailOf(services);
    expect(
      await confirmEmailHold(
        database.db,
        mailOf,
        await confirmTokenOf("student3@catch-all.example"),
        new Date(NOW),
        NOW.slice(0, 10),
      ),
    ).toMatchObject({
      ok: true,
      value: {
        message: expect.stringContaining("a seat in"),
        next: expect.stringContaining("your invoice is on its way"),
      },
    });
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(3);
    expect(await values()).toEqual([price, price, price]);

    // A fourth, confirmed after the date filled: it joins the waitlist, with no seat.
    await post(person(4));
    const date = await cohort("ccna", "2026-05-05", "morning");
    await query(database, `update cohorts set capacity = seats_taken where id = ${date.id}`);
    expect(
      await confirmEmailHold(
        database.db,
        mailOf,
        await confirmTokenOf("student4@catch-all.example"),
        new Date(NOW),
        NOW.slice(0, 10),
      ),
    ).toMatchObject({
      ok: true,
      value: {
        message: expect.stringContaining("on its waitlist"),
        next: expect.stringContaining("Once you have taken a seat"),
      },
    });
    const [fourth] = await query<{ status: string }>(
      database,
      "select r.status from registrations r join leads l on l.id = r.lead_id where l.email = 'student4@catch-all.example'",
    );
    expect(fourth?.status).toBe("waitlisted");
  });

  it("twenty registrations at once from one network hold two seats, whatever the addresses", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(person(i))));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(2);
    const [unseated] = await query<{ n: number }>(
      database,
      "select count(*)::int as n from registrations where status = 'unconfirmed'",
    );
    expect(unseated?.n).toBe(18);
    // Another network is not affected.
    services.clientIp = "198.51.100.77";
    await post(person(99));
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(3);
  });

  it("an unconfirmed waitlist place leaves the line after 24 hours and is never offered a seat", async () => {
    const date = await cohort("ccna", "2026-05-05", "morning");
    await query(database, `update cohorts set seats_taken = capacity where id = ${date.id}`);
    services.clientIp = "198.51.100.1";
    await post({ ...person(1), waitlist: "1" });
    // A seat frees: the unconfirmed place is not offered it.
    await query(database, `update cohorts set seats_taken = capacity - 1 where id = ${date.id}`);
    const { expireHolds, offerOpenSeats } = await import("./waitlist.server.ts");
    const { registrationMailOf } = await import("./registration-mail.server.ts");
    const mailOf = await registrationMailOf(services);
    expect(await offerOpenSeats(database.db, mailOf, new Date(NOW))).toBe(0);
    const later = new Date(new Date(NOW).getTime() + 25 * 3_600_000);
    expect(await expireHolds(database.db, mailOf, later, "2026-04-21")).toMatchObject({
      holdsReleased: 1,
    });
    const [row] = await query<{ status: string }>(database, "select status from registrations");
    expect(row?.status).toBe("cancelled");
    // The seat it never had stays free.
    expect((await cohort("ccna", "2026-05-05", "morning")).seats_taken).toBe(date.capacity - 1);
  });

  it("a date filling with unconfirmed seats faster than the setting allows alerts the admins, once", async () => {
    await query(
      database,
      `insert into staff_settings (key, value) values ('hold_alert_per_hour', '"3"')`,
    );
    for (let n = 1; n <= 5; n++) {
      services.clientIp = `198.51.100.${n}`;
      await post(person(n));
    }
    const alerts = await query<{ to_address: string; subject: string }>(
      database,
      "select to_address, subject from mail_messages where template = 'registration-hold-alert'",
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts.map((a) => a.to_address)).size).toBe(alerts.length);
    expect(alerts[0]?.subject).toMatch(/^3 unconfirmed seats in an hour: /);
  });
});
