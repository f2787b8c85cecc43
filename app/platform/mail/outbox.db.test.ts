import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailMessages } from "#app/platform/db/schema.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import {
  createOutbox,
  MAIL_QUEUE,
  MAX_RETRY_DELAY_SECONDS,
  type Outbox,
  type OutboxOptions,
  type OutgoingMail,
  SECRET_PLACEHOLDER,
} from "./outbox.server.ts";

const FROM = "Sigma Technology Partners <no-reply@example.com>";

let database: Database;
let catcher: MailCatcher;
let outboxes: Outbox[];
let logs: Record<string, unknown>[];
let logger: Logger;

beforeEach(async () => {
  database = await createTestDatabase();
  catcher = await startMailCatcher();
  outboxes = [];
  logs = [];
  logger = pino(
    { level: "debug", base: undefined },
    { write: (line: string) => void logs.push(JSON.parse(line)) },
  );
});

afterEach(async () => {
  for (const outbox of outboxes) await outbox.stop();
  await catcher.stop();
  await database.close();
});

function outbox(overrides: Partial<OutboxOptions> = {}): Outbox {
  const created = createOutbox({
    database,
    logger,
    smtpUrl: catcher.url,
    from: FROM,
    retryLimit: 10,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
    ...overrides,
  });
  outboxes.push(created);
  return created;
}

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    template: "inquiry-notification",
    to: "sales@example.com",
    replyTo: "ada@example.org",
    subject: "New inquiry from Ada",
    text: "Name: Ada Lovelace\nMessage: hello there",
    ...overrides,
  };
}

async function enqueue(target: Outbox, messages: OutgoingMail[]): Promise<number[]> {
  return database.db.transaction((tx) => target.enqueue(tx, messages));
}

async function row(id: number) {
  const [found] = await database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!found) throw new Error(`no mail_messages row ${id}`);
  return found;
}

/** Polls until `check` returns a value (not undefined/false), or fails after timeoutMs. */
async function waitUntil<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobsFor(id: number) {
  const [schema] = await query<{ installed: boolean }>(
    database,
    "select to_regclass('pgboss.job') is not null as installed",
  );
  if (!schema?.installed) return [];
  return query<{ state: string }>(
    database,
    `select state from pgboss.job where name = '${MAIL_QUEUE}' and singleton_key = '${id}'`,
  );
}

function mailLogs() {
  return logs.filter((l) => l.component === "mail" && typeof l.outcome === "string");
}

describe("mail outbox", () => {
  it("delivers a message enqueued in a committed transaction, once", async () => {
    const box = outbox();
    await box.start();
    const [id] = await enqueue(box, [
      mail({
        attachments: [
          {
            filename: "meeting.ics",
            contentType: "text/calendar; method=REQUEST",
            content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR",
          },
        ],
      }),
    ]);
    if (id === undefined) throw new Error("no id");
    expect((await row(id)).status).toMatch(/pending|sent/);

    const caught = await catcher.waitFor((m) => m.subject === "New inquiry from Ada");
    expect(caught.from).toBe(FROM);
    expect(caught.to).toEqual(["sales@example.com"]);
    expect(caught.headers.get("to")).toBe("sales@example.com");
    expect(caught.headers.get("reply-to")).toBe("ada@example.org");
    expect(caught.text).toBe("Name: Ada Lovelace\nMessage: hello there");
    expect(caught.raw).toContain("filename=meeting.ics");
    expect(caught.raw).toContain("text/calendar");

    const sent = await waitUntil(async () => {
      const r = await row(id);
      return r.status === "sent" && r;
    }, "status sent");
    expect(sent.attempts).toBe(1);
    expect(sent.lastError).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(catcher.messages).toHaveLength(1);

    // One JSON line for the job, with the ids and outcome, and never the body or the addresses.
    const lines = mailLogs();
    expect(lines).toEqual([
      expect.objectContaining({
        messageId: id,
        template: "inquiry-notification",
        outcome: "sent",
        attempt: 1,
      }),
    ]);
    const logged = JSON.stringify(logs);
    expect(logged).not.toContain("hello there");
    expect(logged).not.toContain("sales@example.com");
  });

  it("records and sends nothing when the transaction rolls back", async () => {
    const box = outbox();
    await box.start();
    let ids: number[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        ids = await box.enqueue(tx, [mail({ subject: "rolled back" })]);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(ids).toHaveLength(1);
    expect(await database.db.select().from(mailMessages)).toEqual([]);
    expect(await query(database, `select id from pgboss.job where name = '${MAIL_QUEUE}'`)).toEqual(
      [],
    );

    // A later message goes through, and it is the only one that does.
    await enqueue(box, [mail({ subject: "committed" })]);
    await catcher.waitFor((m) => m.subject === "committed");
    expect(catcher.messages.map((m) => m.subject)).toEqual(["committed"]);
  });

  it("retries while the server refuses, then delivers exactly once", async () => {
    catcher.setMode("refuse");
    const box = outbox();
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");

    const failed = await waitUntil(async () => {
      const r = await row(id);
      return r.attempts >= 1 && r;
    }, "a refused attempt");
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toMatch(/451/);
    expect(catcher.messages).toHaveLength(0);
    expect(mailLogs()[0]).toMatchObject({ messageId: id, outcome: "retry", attempt: 1 });

    catcher.setMode("accept");
    await catcher.waitFor(() => true);
    const sent = await waitUntil(async () => {
      const r = await row(id);
      return r.status === "sent" && r;
    }, "status sent");
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    await waitUntil(
      async () => (await jobsFor(id)).every((j) => j.state === "completed"),
      "job completed",
    );
    expect(catcher.messages).toHaveLength(1);
  });

  it("waits at most an hour between attempts, however long the outage", async () => {
    catcher.setMode("refuse");
    const box = outbox({ retryLimit: 30, retryDelaySeconds: 60 });
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");
    const [job] = await waitUntil(async () => {
      const jobs = await query<{ backoff: boolean; delay: number; max: number }>(
        database,
        `select retry_backoff as backoff, retry_delay as delay, retry_delay_max as max
           from pgboss.job where name = '${MAIL_QUEUE}' and singleton_key = '${id}'`,
      );
      return jobs.length > 0 && jobs;
    }, "the message's job");
    expect(MAX_RETRY_DELAY_SECONDS).toBe(3600);
    expect(job).toEqual({ backoff: true, delay: 60, max: 3600 });

    const configured = outbox({ retryDelaySeconds: 1, retryDelayMaxSeconds: 15 });
    await configured.start();
    const [other] = await enqueue(configured, [mail({ subject: "Second" })]);
    const [capped] = await query<{ max: number }>(
      database,
      `select retry_delay_max as max from pgboss.job
         where name = '${MAIL_QUEUE}' and singleton_key = '${other}'`,
    );
    expect(capped).toEqual({ max: 15 });
  });

  it("gives up on a server that never answers (timeout), then delivers", async () => {
    catcher.setMode("hang");
    const box = outbox({ timeoutMs: 1000 });
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");

    const failed = await waitUntil(async () => {
      const r = await row(id);
      return r.attempts >= 1 && r;
    }, "a timed-out attempt");
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toMatch(/greeting|timeout/i);

    catcher.setMode("accept");
    await catcher.waitFor(() => true);
    await waitUntil(async () => (await row(id)).status === "sent", "status sent");
    expect(catcher.messages).toHaveLength(1);
  });

  it("retries when the server drops the connection before accepting, then delivers once", async () => {
    catcher.setMode("drop");
    const box = outbox();
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");

    const failed = await waitUntil(async () => {
      const r = await row(id);
      return r.attempts >= 1 && r;
    }, "a dropped attempt");
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toBeTruthy();
    expect(catcher.messages).toHaveLength(0);

    catcher.setMode("accept");
    await catcher.waitFor(() => true);
    await waitUntil(async () => (await row(id)).status === "sent", "status sent");
    expect(catcher.messages).toHaveLength(1);
  });

  it("delivers once after a restart", async () => {
    catcher.setMode("refuse");
    const first = outbox();
    await first.start();
    const [id] = await enqueue(first, [mail()]);
    if (id === undefined) throw new Error("no id");
    await waitUntil(async () => (await row(id)).attempts >= 1, "a refused attempt");
    await first.stop();
    await first.stop(); // safe twice

    catcher.setMode("accept");
    const second = outbox();
    await second.start();
    await catcher.waitFor(() => true);
    await waitUntil(async () => (await row(id)).status === "sent", "status sent");
    await waitUntil(
      async () => (await jobsFor(id)).every((j) => j.state === "completed"),
      "job completed",
    );
    expect(catcher.messages).toHaveLength(1);
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it("lets a delivery in progress finish when it stops", async () => {
    catcher.setMode("hang");
    const box = outbox({ timeoutMs: 1000 });
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");
    await waitUntil(
      async () => (await jobsFor(id)).some((j) => j.state === "active"),
      "delivery started",
    );
    await box.stop();
    // The attempt ran to its end (the greeting timeout) and was recorded before stop() returned.
    const after = await row(id);
    expect(after).toMatchObject({ status: "pending", attempts: 1 });
    expect(after.lastError).toMatch(/greeting|timeout/i);
    expect(await jobsFor(id)).toEqual([{ state: "retry" }]);
  });

  it("keeps mail in the outbox without SMTP, and a later outbox with SMTP delivers it", async () => {
    const offline = outbox({ smtpUrl: undefined });
    await offline.start();
    const warnings = logs.filter((l) => String(l.msg).includes("SMTP_URL is not set"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });

    const [id] = await enqueue(offline, [mail()]);
    if (id === undefined) throw new Error("no id");
    // No worker: the job waits in the queue and the row stays pending.
    expect(await jobsFor(id)).toEqual([{ state: "created" }]);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(catcher.messages).toHaveLength(0);
    await offline.stop();
    expect(logs.filter((l) => String(l.msg).includes("SMTP_URL is not set"))).toHaveLength(1);

    const online = outbox();
    await online.start();
    await catcher.waitFor(() => true);
    await waitUntil(async () => (await row(id)).status === "sent", "status sent");
    expect(catcher.messages).toHaveLength(1);
  });

  it("schedules mail enqueued before start() when it starts, with one job per message", async () => {
    const box = outbox({ smtpUrl: undefined });
    const [id] = await enqueue(box, [mail()]); // not started: recorded, kept pending
    if (id === undefined) throw new Error("no id");
    expect(await jobsFor(id)).toHaveLength(0);

    await box.start();
    expect(await jobsFor(id)).toHaveLength(1);
    // Another instance starting on the same database finds the job and adds none.
    const other = outbox({ smtpUrl: undefined });
    await other.start();
    expect(await jobsFor(id)).toHaveLength(1);
    await box.stop();
    await other.stop();

    const online = outbox();
    await online.start();
    await catcher.waitFor(() => true);
    await waitUntil(async () => (await row(id)).status === "sent", "status sent");
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it("delivers each message once with several workers on one database", async () => {
    const a = outbox();
    const b = outbox();
    if (database.driver === "postgres") {
      // Separate connections: pg-boss serializes concurrent starts with advisory locks.
      await Promise.all([a.start(), b.start()]);
    } else {
      // One embedded connection per process: its session-level locks cannot separate two
      // instances starting at once (the app only ever runs one outbox per process).
      await a.start();
      await b.start();
    }
    const ids = await enqueue(
      a,
      [1, 2, 3, 4, 5, 6].map((n) => mail({ subject: `message ${n}` })),
    );
    await waitUntil(async () => {
      const rows = await database.db.select().from(mailMessages);
      return rows.length === 6 && rows.every((r) => r.status === "sent");
    }, "all sent");
    expect(catcher.messages.map((m) => m.subject).sort()).toEqual(
      ids.map((_, i) => `message ${i + 1}`),
    );
  });

  it("drains a backlog without waiting a polling interval between deliveries", async () => {
    // 60 messages waiting when the worker starts (e.g. after an outage or a burst of posts).
    const offline = outbox({ smtpUrl: undefined });
    const ids = await enqueue(
      offline,
      Array.from({ length: 60 }, (_, n) => mail({ subject: `backlog ${n}` })),
    );
    const box = outbox();
    const started = Date.now();
    await box.start();
    await waitUntil(
      async () => {
        const rows = await database.db.select().from(mailMessages);
        return rows.filter((r) => r.status === "sent").length === ids.length;
      },
      "all sent",
      30_000,
    );
    // Fetching only every 0.5 s per worker, two workers took 15 s for these; with burst fetching
    // it is the time of the deliveries themselves (about 3 s here, on a busy machine more).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(catcher.messages).toHaveLength(60);
  }, 40_000);

  it("settles each message of a batch on its own: one retries, the other is sent", async () => {
    catcher.refuseRecipients(["busy@example.org"]);
    const offline = outbox({ smtpUrl: undefined });
    const [busy, free] = await enqueue(offline, [
      mail({ to: "busy@example.org", subject: "to busy" }),
      mail({ to: "free@example.org", subject: "to free" }),
    ]);
    if (busy === undefined || free === undefined) throw new Error("no ids");
    const box = outbox({ retryDelaySeconds: 60 });
    await box.start();
    await waitUntil(async () => (await row(busy)).attempts >= 1, "a refused attempt");
    await waitUntil(async () => (await row(free)).status === "sent", "the other sent");
    await waitUntil(
      async () => (await jobsFor(free)).every((j) => j.state === "completed"),
      "its job completed",
    );
    expect(await row(busy)).toMatchObject({ status: "pending", attempts: 1 });
    // The attempt is counted before its job is handed back for a retry.
    await waitUntil(
      async () => (await jobsFor(busy)).every((j) => j.state === "retry"),
      "its job waiting to retry",
    );
    expect(await jobsFor(busy)).toEqual([{ state: "retry" }]);
    expect(catcher.messages.map((m) => m.subject)).toEqual(["to free"]);
  });

  it("stores no secret address: its own link's token as the placeholder, any other redacted", async () => {
    const box = outbox();
    await box.start();
    const token = "tOk3n-one_time-LINK-abcdefghijklmnopqrstuvwx";
    const preview = "17.1790000000.Zk3_9aQ-bcDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab";
    const link = `https://site.example/consultation/manage?token=${token}`;
    const [id] = await enqueue(box, [
      mail({
        template: "consultation-booked",
        text: `Change it: ${link}\nA draft: https://site.example/preview/${preview}`,
        html: `<a href="${link}">Change it</a> <a href="/?preview=${preview}">draft</a>`,
        secret: token,
      }),
    ]);
    if (id === undefined) throw new Error("no id");
    const stored = await row(id);
    for (const body of [stored.textBody, stored.htmlBody ?? ""]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(preview);
      expect(body).toContain(`/consultation/manage?token=${SECRET_PLACEHOLDER}`);
    }
    expect(stored.textBody).toContain("https://site.example/preview/[redacted]");
    expect(stored.htmlBody).toContain('href="/?preview=[redacted]"');
    // The undeclared one is named by its message: it was sent without its link.
    expect(logs).toContainEqual(
      expect.objectContaining({
        component: "mail",
        template: "consultation-booked",
        msg: "a message carried a secret address it did not declare: stored and sent redacted",
      }),
    );
    // The recipient gets the message's own link whole.
    const caught = await catcher.waitFor((m) => m.subject === "New inquiry from Ada");
    expect(caught.text).toContain(link);
    expect(caught.text).not.toContain(preview);
  });

  it("makes header injection through the subject impossible", async () => {
    const box = outbox();
    await box.start();
    await enqueue(box, [mail({ subject: "Hello\r\nBcc: victim@example.com" })]);
    const caught = await catcher.waitFor(() => true);
    const head = caught.raw.slice(0, caught.raw.search(/\r?\n\r?\n/));
    const names = head
      .split(/\r?\n/)
      .filter((line) => !/^[ \t]/.test(line))
      .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(names.filter((n) => n === "subject")).toHaveLength(1);
    expect(names).not.toContain("bcc");
    expect(caught.headers.has("bcc")).toBe(false);
    expect(caught.subject).toBe("Hello Bcc: victim@example.com");
    expect(caught.to).toEqual(["sales@example.com"]);
  });

  it("refuses an address with a line break without retrying", async () => {
    const box = outbox();
    await box.start();
    const [id] = await enqueue(box, [mail({ to: "sales@example.com\r\nBcc: victim@example.com" })]);
    if (id === undefined) throw new Error("no id");
    const failed = await waitUntil(async () => {
      const r = await row(id);
      return r.status === "failed" && r;
    }, "status failed");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/invalid recipient/);
    await waitUntil(
      async () => (await jobsFor(id)).every((j) => j.state === "completed"),
      "job completed",
    );
    expect(catcher.messages).toHaveLength(0);
  });

  it("marks the message failed when the retry limit is exhausted", async () => {
    catcher.setMode("refuse");
    const box = outbox({ retryLimit: 1 });
    await box.start();
    const [id] = await enqueue(box, [mail()]);
    if (id === undefined) throw new Error("no id");
    const failed = await waitUntil(async () => {
      const r = await row(id);
      return r.status === "failed" && r;
    }, "status failed");
    expect(failed.attempts).toBe(2);
    expect(failed.lastError).toMatch(/451/);
    await waitUntil(
      async () => (await jobsFor(id)).every((j) => j.state === "failed"),
      "job failed",
    );
    expect(mailLogs().map((l) => l.outcome)).toEqual(["retry", "failed"]);
    expect(catcher.messages).toHaveLength(0);
  });
});
