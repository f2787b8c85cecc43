import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, mailMessages } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { outboxTo } from "#tests/support/outbox.ts";
import { getMail, listMail, mailHealth, resendMail } from "./mail-log.server.ts";
import { MAIL_TEXTS, notificationsFailing } from "./mail-log.ts";

let database: Database;
let catcher: MailCatcher;
let outbox: Outbox;
const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };

beforeEach(async () => {
  database = await createTestDatabase();
  catcher = await startMailCatcher();
  outbox = await outboxTo(database, catcher, 1000);
});
afterEach(async () => {
  await outbox.stop();
  await catcher.stop();
  await database.close();
});

async function until<T>(check: () => Promise<T | false | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const message = {
  template: "inquiry-notification",
  to: "sales@example.com",
  subject: "New inquiry from Ada",
  text: "Name: Ada",
};

describe("mail log", () => {
  it("a failed message shows with its error, raises the alarm, and resend delivers it through the outbox", async () => {
    catcher.setMode("refuse");
    const [id] = await database.db.transaction((tx) => outbox.enqueue(tx, [message]));
    if (id === undefined) throw new Error("no id");
    const failed = await until(async () => {
      const m = await getMail(database.db, id);
      return m?.status === "failed" && m;
    }, "failed");
    expect(failed).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/451/) });
    expect(await listMail(database.db, { status: "failed" })).toEqual([failed]);
    expect(await mailHealth(database.db)).toEqual({ failed: 1, retrying: 0 });

    catcher.setMode("accept");
    const resent = await resendMail(database.db, outbox, id, actor);
    expect(resent).toMatchObject({ ok: true, value: { status: "pending" } });
    // On PostgreSQL with the whole suite running, the resent job's pick-up has taken over 10 s.
    await catcher.waitFor((m) => m.subject === "New inquiry from Ada", 30_000);
    const sent = await until(async () => {
      const m = await getMail(database.db, id);
      return m?.status === "sent" && m;
    }, "sent");
    // Attempts count every try, before and after the resend; a delivery clears the error.
    expect(sent).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(String) });
    expect(notificationsFailing(await mailHealth(database.db))).toBe(false);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "mail_resent"));
    expect(entry).toMatchObject({ target: `mail:${id}` });
  });

  it("only a failed message can be resent; a missing one is not found", async () => {
    const [id] = await database.db.transaction((tx) => outbox.enqueue(tx, [message]));
    if (id === undefined) throw new Error("no id");
    await until(async () => (await getMail(database.db, id))?.status === "sent", "sent");
    expect(await resendMail(database.db, outbox, id, actor)).toEqual({
      ok: false,
      reason: "conflict",
      error: MAIL_TEXTS.notFailed,
    });
    expect(await resendMail(database.db, outbox, 999_999, actor)).toEqual({
      ok: false,
      reason: "not-found",
      error: MAIL_TEXTS.notFound,
    });
    expect(catcher.messages).toHaveLength(1);
  });

  it("the alarm: failed in the last 7 days, or retrying for more than 15 minutes", async () => {
    const row = (overrides: Partial<typeof mailMessages.$inferInsert>) => ({
      template: "t",
      toAddress: "a@example.com",
      subject: "s",
      textBody: "b",
      ...overrides,
    });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await database.db
      .insert(mailMessages)
      .values([
        row({ status: "failed", attempts: 3, updatedAt: minutesAgo(8 * 24 * 60) }),
        row({ status: "pending", attempts: 1, createdAt: minutesAgo(5) }),
        row({ status: "pending", attempts: 0, createdAt: minutesAgo(60) }),
        row({ status: "sent", attempts: 1 }),
      ]);
    expect(await mailHealth(database.db)).toEqual({ failed: 0, retrying: 0 });
    await database.db
      .insert(mailMessages)
      .values(row({ status: "pending", attempts: 2, createdAt: minutesAgo(16) }));
    expect(await mailHealth(database.db)).toEqual({ failed: 0, retrying: 1 });
    await database.db
      .insert(mailMessages)
      .values(row({ status: "failed", attempts: 1, updatedAt: minutesAgo(6 * 24 * 60) }));
    expect(await mailHealth(database.db)).toEqual({ failed: 1, retrying: 1 });
  });
});
