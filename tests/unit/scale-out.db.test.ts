// Scale-out (PostgreSQL pass): two built app instances on one PostgreSQL database and one shared
// data folder, as behind a load balancer. A slide made through A is on B's home page at once
// (B's page cache dropped by NOTIFY), a session made on A works on B, the sign-in rate limit
// counts attempts on both, each outbox message is delivered once with both workers running, and
// of fifty bookings of one consultant's time sent to both at once exactly one is made.
// (Starts the built app: run `npm run build` first; `npm test` does.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import { MAIL_QUEUE } from "#app/platform/mail/outbox.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  createEmptyPostgresDatabase,
  explainSkipWithoutPostgres,
  usingPostgres,
} from "#tests/support/database.ts";
import { postAiDesign } from "#tests/support/inquiry-posts.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";

explainSkipWithoutPostgres("two app instances on one PostgreSQL database");

const ADMIN_PASSWORD = "scale-out-admin-pass";
const SIGNIN_LIMIT = 6;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
});

describe.runIf(usingPostgres)("two app instances on one PostgreSQL database", () => {
  let a: AppServer;
  let b: AppServer;
  let mail: MailCatcher;
  let databaseUrl: string;

  async function setUp() {
    const database = await createEmptyPostgresDatabase();
    databaseUrl = database.url;
    cleanup.push(database.drop);
    mail = await startMailCatcher();
    cleanup.push(() => mail.stop());
    const dataDir = mkdtempSync(join(tmpdir(), "site-scale-"));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.url,
      ADMIN_PASSWORD,
      SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
      SMTP_URL: mail.url,
      MAIL_RETRY_DELAY_SECONDS: "1",
      FORM_RATE_LIMIT: "1000",
      // Registrations come from many networks (each racer's X-Forwarded-For).
      TRUST_PROXY: "1",
    };
    // A migrates and seeds the empty database; B then finds it ready.
    a = await startAppServer({ dataDir, env });
    cleanup.push(() => a.halt());
    b = await startAppServer({ dataDir, env });
    cleanup.push(() => b.halt());
  }

  async function signInOnA(): Promise<string> {
    const res = await fetch(`${a.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    const cookie = res.headers.get("set-cookie")?.split(";")[0];
    expect(cookie).toMatch(/^sid=.+/);
    return cookie as string;
  }

  it("share cache invalidation, sessions, rate limits and the outbox", async () => {
    await setUp();

    // B's home page is rendered and cached before the change.
    const title = `Scale-out slide ${Date.now()}`;
    expect(await (await fetch(`${b.url}/`)).text()).not.toContain(title);
    // Answered from B's page cache now (a stored page is public to a CDN; a fresh render is not).
    expect((await fetch(`${b.url}/`)).headers.get("cache-control")).toMatch(/s-maxage/);

    // A session made on A works on B.
    const cookie = await signInOnA();
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { role: "admin" } });
    const dashboard = await fetch(`${b.url}/admin/dashboard`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);

    // A slide created through A shows on B's home page at once.
    const created = await fetch(`${a.url}/api/hero-slides`, {
      method: "POST",
      headers: { Origin: a.url, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ title, isActive: true, sortOrder: 0 }),
    });
    expect(created.status).toBe(201);
    const changedAt = performance.now();
    let seen = false;
    while (!seen && performance.now() - changedAt < 2000) {
      seen = (await (await fetch(`${b.url}/`)).text()).includes(title);
    }
    expect(seen).toBe(true);
    console.info(`B showed A's slide ${Math.round(performance.now() - changedAt)} ms after`);

    // One sign-in limit for both: the admin's sign-in counted once; attempts alternate A and B.
    const answers: { on: string; status: number }[] = [];
    for (let i = 0; i < 2 * SIGNIN_LIMIT; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.org", password: "not-the-password" }),
      });
      answers.push({ on: server === a ? "A" : "B", status: res.status });
    }
    expect(answers.filter((x) => x.status !== 429)).toHaveLength(SIGNIN_LIMIT - 1);
    expect(answers.filter((x) => x.status !== 429).every((x) => x.status === 401)).toBe(true);
    expect(new Set(answers.filter((x) => x.status === 429).map((x) => x.on))).toEqual(
      new Set(["A", "B"]),
    );

    // Both instances run delivery workers; each message goes out once.
    const emails = Array.from({ length: 6 }, (_, i) => `scale-${i}@example.org`);
    for (const [i, email] of emails.entries()) {
      const res = await postAiDesign(i % 2 === 0 ? a.url : b.url, { email });
      expect(res.status).toBe(200);
    }
    for (const email of emails) {
      await mail.waitFor((m) => m.to.includes(email), 20_000);
      await mail.waitFor(
        (m) => m.to.includes("sales@example.com") && m.text.includes(email),
        20_000,
      );
    }
    // A second delivery would come from a job that is still active when it expires (pg-boss
    // hands it back to a worker): so wait until every delivery job is settled, completed or
    // failed. A settled job never runs again, so the count below is final; a job that stays
    // active fails here instead of after its expiry.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanup.push(() => db.end());
    const unsettled = async () =>
      (
        await db.query(
          `select count(*)::int as n from pgboss.job
           where name = $1 and state not in ('completed', 'failed', 'cancelled')`,
          [MAIL_QUEUE],
        )
      ).rows[0].n;
    await expect.poll(unsettled, { timeout: 30_000, interval: 250 }).toBe(0);
    for (const email of emails) {
      expect(mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
      expect(
        mail.messages.filter((m) => m.to.includes("sales@example.com") && m.text.includes(email)),
      ).toHaveLength(1);
    }
  }, 90_000);

  it("registrations on both instances never take more seats than a cohort has, nor offer them twice", async () => {
    await setUp();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanup.push(() => db.end());
    // The next CCNA cohort gets exactly 3 free seats.
    const { rows } = await db.query(
      `update cohorts set capacity = seats_taken + 3 where id = (
         select c.id from cohorts c join courses k on k.id = c.course_id
         where k.slug = 'ccna' and c.start_date > current_date + 7
         order by c.start_date, c.class_schedule limit 1)
       returning id, start_date::text as start_date, class_schedule, capacity`,
    );
    const cohort = rows[0] as {
      id: number;
      start_date: string;
      class_schedule: string;
      capacity: number;
    };
    const post = (server: AppServer, i: number, waitlist: boolean) =>
      fetch(`${server.url}/certification-training/ccna/register`, {
        method: "POST",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `10.0.0.${i + 1}`,
        },
        body: new URLSearchParams({
          step: "3",
          intent: "submit",
          certificationInterest: "ccna",
          name: `Racer ${i}`,
          email: `racer${i}@example.org`,
          phone: "(205) 555-0100",
          experience: "1-3",
          startDate: cohort.start_date,
          classSchedule: cohort.class_schedule,
          paymentMethod: "credit-card",
          ...(waitlist ? { waitlist: "1" } : {}),
        }),
      });
    // Twelve visitors at once, half on each instance; the later six would take the waitlist.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 === 0 ? a : b, i, i >= 6)),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(","),
    ).toBe(true);
    const counted = await db.query(
      `select status, count(*)::int as n from registrations where cohort_id = $1 group by status`,
      [cohort.id],
    );
    const by = Object.fromEntries(counted.rows.map((r) => [r.status, r.n]));
    expect(by.pending).toBe(3);
    const seats = await db.query("select seats_taken, capacity from cohorts where id = $1", [
      cohort.id,
    ]);
    expect(seats.rows[0].seats_taken).toBe(seats.rows[0].capacity);

    // The people waiting confirm their addresses (a place in line counts once confirmed).
    await db.query(
      "update registrations set address_confirmed_at = now(), hold_expires_at = null where cohort_id = $1 and status = 'waitlisted'",
      [cohort.id],
    );
    // Two admins cancel two students at once, on A and on B: two seats go to two people waiting.
    const cookie = await signInOnA();
    const pending = await db.query(
      "select id from registrations where cohort_id = $1 and status = 'pending' order by id limit 2",
      [cohort.id],
    );
    const waiting = Number(by.waitlisted ?? 0);
    expect(waiting).toBeGreaterThanOrEqual(2);
    const cancels = await Promise.all(
      pending.rows.map((r, i) =>
        fetch(`${(i === 0 ? a : b).url}/admin/registrations`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Origin: (i === 0 ? a : b).url,
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent: "cancel", id: String(r.id), reason: "Race test" }),
        }),
      ),
    );
    expect(cancels.map((r) => r.status)).toEqual([200, 200]);
    const after = await db.query(
      `select status, count(*)::int as n from registrations where cohort_id = $1 group by status`,
      [cohort.id],
    );
    const now = Object.fromEntries(after.rows.map((r) => [r.status, r.n]));
    expect(now).toMatchObject({ pending: 1, offered: 2, cancelled: 2, waitlisted: waiting - 2 });
    const final = await db.query("select seats_taken, capacity from cohorts where id = $1", [
      cohort.id,
    ]);
    expect(final.rows[0].seats_taken).toBe(final.rows[0].capacity);
    // Counted by their effects: once the outbox has delivered everything, exactly two offers
    // were e-mailed, to two different people.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const left = await db.query(
        "select count(*)::int as n from mail_messages where status <> 'sent'",
      );
      if (left.rows[0].n === 0) break;
      if (Date.now() > deadline) throw new Error("the outbox did not deliver everything");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const offers = mail.messages.filter((m) => m.subject.startsWith("A seat is free for you"));
    expect(offers).toHaveLength(2);
    expect(new Set(offers.map((m) => m.to.join())).size).toBe(2);
  }, 90_000);

  it("fifty visitors booking one consultant's time at once, half on each instance: exactly one booking", async () => {
    await setUp();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanup.push(() => db.end());
    const rep = await db.query("select id from users where email = 'rep@example.com'");
    // 10:00 in Chicago on a weekday three to five days ahead: one of the demo rep's times.
    const day = new Date(Date.now() + 3 * 86_400_000);
    while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    const start = wallClockInstant(day.toISOString().slice(0, 10), "10:00", "America/Chicago");
    const with_ = String(rep.rows[0].id);
    const post = (server: AppServer, i: number) =>
      fetch(`${server.url}/consultation?with=${with_}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `198.51.100.${i + 1}`,
        },
        body: new URLSearchParams({
          start: start.toISOString(),
          with: with_,
          name: `Racer ${i}`,
          email: `booker${i}@example.org`,
          phone: "(205) 555-0100",
          topic: "support",
        }),
      });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(i % 2 === 0 ? a : b, i)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const booked = await db.query(
      "select count(*)::int as n from bookings where status = 'booked' and consultant_id = $1",
      [rep.rows[0].id],
    );
    expect(booked.rows[0].n).toBe(1);
    const records = await db.query(
      "select count(*)::int as n from leads where email like 'booker%@example.org'",
    );
    expect(records.rows[0].n).toBe(1);
  }, 90_000);
});
