// The transactional mail outbox. A message is a mail_messages row (the record the admin mail log
// reads) plus a pg-boss job that carries its id, both written in the caller's transaction. The
// delivery worker sends it with nodemailer over SMTP; without SMTP_URL the row simply stays
// `pending` and is delivered by the first instance that starts with SMTP configured.
// Over 400 lines because queueing, delivery, retries and the resend of a failed message share
// the row's states and one worker's settings; split, each half would re-read the other's rules.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type pg from "pg";
import {
  type Db as BossDb,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobInsert,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
} from "pg-boss";
import type { Database, DbTransaction } from "#app/platform/db/client.server.ts";
import { type MailAttachment, mailMessages } from "#app/platform/db/schema.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { redactSecrets } from "#app/platform/redact.ts";

export interface OutgoingMail {
  /** e.g. "inquiry-notification", "inquiry-acknowledgement" */
  template: string;
  /** One address. */
  to: string;
  replyTo?: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** The HTML alternative, rendered when the message is queued; without it the message is text only. */
  html?: string;
  leadId?: number;
  /** e.g. a text/calendar invitation; an inline image the HTML shows has a `cid`. */
  attachments?: MailAttachment[];
  /**
   * A one-time link's token the bodies carry. It is stored apart from them (the bodies keep
   * SECRET_PLACEHOLDER, which the mail log shows), put back only to send, and forgotten once the
   * message is delivered or given up on. Such a message is never resent.
   */
  secret?: string;
}

/** What the stored bodies of a message with a secret hold in its place. */
export const SECRET_PLACEHOLDER = "{{one-time-link-token}}";

export type { MailAttachment };

export interface OutboxOptions {
  database: Database;
  logger: Logger;
  /** smtp:// or smtps://; unset = keep mail in the outbox */
  smtpUrl?: string;
  /** e.g. "Sigma Technology Partners <no-reply@example.com>" */
  from: string;
  /** e.g. 10 */
  retryLimit: number;
  /** First retry delay; exponential backoff after. */
  retryDelaySeconds: number;
  /** The longest wait between two attempts (default an hour). */
  retryDelayMaxSeconds?: number;
  /** SMTP connection/greeting/socket timeouts. */
  timeoutMs: number;
}

export interface Outbox {
  /** Records the messages in mail_messages and schedules their delivery, inside the caller's transaction: if it rolls back, nothing is recorded or sent. Returns the message ids. */
  enqueue(tx: DbTransaction, messages: OutgoingMail[]): Promise<number[]>;
  /** Puts `failed` messages back to `pending` and schedules their delivery again, inside the caller's transaction (a staff "resend"). Attempts and the last error stay as history until the next attempt. Returns the ids re-queued; a message that is not `failed`, or carried a one-time link, is left alone. */
  requeue(tx: DbTransaction, ids: number[]): Promise<number[]>;
  /** Starts pg-boss; starts the delivery worker when smtpUrl is set, otherwise logs once (warn) that mail stays in the outbox. Also re-schedules messages still `pending` whose job is gone (e.g. queued while SMTP was unset, or older than the job retention), without ever creating a second job for the same message (pg-boss singletonKey = message id). */
  start(): Promise<void>;
  /** Stops the worker gracefully (lets a delivery in progress finish) and pg-boss. Safe to call twice. */
  stop(): Promise<void>;
}

/** A stored body with its one-time link's token put back, for the mail server only. */
const reveal = (body: string, secret: string | null) =>
  secret ? body.replaceAll(SECRET_PLACEHOLDER, secret) : body;

/**
 * A body as the mail log keeps it: the message's own one-time link's token as the placeholder
 * (put back to send), and any other secret in an address (a link a caller did not declare as
 * its `secret`) redacted like a log line: the mail log never holds one, and the error says which
 * message lost its link.
 */
function storedBody(body: string, m: OutgoingMail, logger: Logger): string {
  const parts = (m.secret ? body.replaceAll(m.secret, SECRET_PLACEHOLDER) : body).split(
    SECRET_PLACEHOLDER,
  );
  const redacted = parts.map(redactSecrets);
  if (redacted.some((part, i) => part !== parts[i])) {
    logger.error(
      { component: "mail", template: m.template },
      "a message carried a secret address it did not declare: stored and sent redacted",
    );
  }
  return redacted.join(SECRET_PLACEHOLDER);
}

/** The outbox's options from the environment (the server and the user command share them). */
export function mailOptions(env: Env): Omit<OutboxOptions, "database" | "logger"> {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    retryLimit: env.MAIL_RETRY_LIMIT,
    retryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
    retryDelayMaxSeconds: env.MAIL_RETRY_DELAY_MAX_SECONDS,
    timeoutMs: env.MAIL_TIMEOUT_MS,
  };
}

/** The pg-boss queue; its `exclusive` policy allows one queued-or-active job per singletonKey. */
export const MAIL_QUEUE = "mail-delivery";

const HEADER_MAX = 200;
const ERROR_MAX = 1000;
const RESCHEDULE_BATCH = 500;
/** Deliveries under way at once (SMTP connections), per process. */
const DELIVERY_CONCURRENCY = 2;

interface MailJob {
  messageId: number;
}

type Outcome = "sent" | "retry" | "failed" | "refused" | "skipped" | "missing";

/** Makes a value safe for a mail header: no CR/LF (header injection impossible), trimmed, at most 200 chars. */
export function headerSafe(value: string): string {
  // Every control character (CR, LF, NUL, tab...) and the Unicode line separators become a space.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  let safe = value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
  if (safe.length > HEADER_MAX) {
    safe = safe.slice(0, HEADER_MAX);
    // Never leave half of a surrogate pair behind.
    if (/[\ud800-\udbff]$/.test(safe)) safe = safe.slice(0, -1);
    safe = safe.trimEnd();
  }
  return safe;
}

/** Exactly one mailbox, or null: a list, a group or a line break is refused, never split. */
function singleMailbox(value: string): { name: string; address: string } | null {
  if (/[\r\n]/.test(value)) return null;
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1) return null;
  const [mailbox] = parsed;
  if (!mailbox?.address || /\s/.test(mailbox.address)) return null;
  return { name: headerSafe(mailbox.name), address: mailbox.address };
}

/** The SMTP URL's password (raw and decoded), to scrub from error messages. */
function secretsOf(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  try {
    const url = new URL(smtpUrl);
    const secrets = [url.password];
    try {
      secrets.push(decodeURIComponent(url.password));
    } catch {
      // A malformed escape: the raw form is scrubbed anyway.
    }
    return secrets.filter((s) => s.length >= 3);
  } catch {
    return [];
  }
}

function describeError(error: unknown, secrets: string[]): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) message = message.split(secret).join("[redacted]");
  // Credentials in any URL the message might quote, and any secret in an address.
  message = redactSecrets(message);
  return message.replace(/\s+/g, " ").trim().slice(0, ERROR_MAX) || "unknown error";
}

/** A stored part as nodemailer sends it: an inline one (with a cid) sits beside the HTML. */
function partOf(a: MailAttachment) {
  return {
    filename: headerSafe(a.filename),
    contentType: headerSafe(a.contentType),
    content: a.content,
    ...(a.encoding === "base64" ? { encoding: "base64" } : {}),
    ...(a.cid ? { cid: headerSafe(a.cid), contentDisposition: "inline" as const } : {}),
  };
}

/** pg-boss over the app's own node-postgres pool (pg-boss's `db` adapter contract). */
function fromPool(pool: pg.Pool): BossDb {
  return {
    executeSql: (text, values) => pool.query(text, values),
  };
}

/** The longest wait between two delivery attempts of a message, unless configured. */
export const MAX_RETRY_DELAY_SECONDS = 3600;

export function createOutbox(options: OutboxOptions): Outbox {
  const { database, logger, smtpUrl, from } = options;
  const db = database.db;
  const secrets = secretsOf(smtpUrl);
  const retryLimit = Math.max(0, Math.floor(options.retryLimit));
  const retryDelay = Math.max(1, Math.ceil(options.retryDelaySeconds));
  // Comfortably longer than one delivery (connect + greeting + a few idle-bounded commands), so a
  // slow delivery is never handed to a second worker while it is still running. A delivery cut
  // off by a crash on PostgreSQL is retried once this has passed (the supervisor looks as often).
  const expireInSeconds = Math.max(10, Math.ceil((options.timeoutMs * 10) / 1000));
  const jobOptions = {
    retryLimit,
    retryDelay,
    retryBackoff: true,
    // Backoff doubles each time; without a ceiling the last retries of a long outage would wait
    // many hours after the mail server is back.
    retryDelayMax: Math.max(
      retryDelay,
      Math.ceil(options.retryDelayMaxSeconds ?? MAX_RETRY_DELAY_SECONDS),
    ),
    expireInSeconds,
  };

  let boss: PgBoss | undefined;
  let transport: Mailer | undefined;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  type Mailer = ReturnType<typeof createTransport>;
  function createTransport(url: string) {
    return nodemailer.createTransport({
      url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      dnsTimeout: options.timeoutMs,
    });
  }

  function newBoss(): PgBoss {
    // Nothing here is scheduled with cron: no need for the cron poller. The supervisor, which
    // hands expired deliveries back, looks at least as often as a delivery may last.
    const common: ConstructorOptions = {
      schedule: false,
      superviseIntervalSeconds: Math.min(60, expireInSeconds),
    };
    let instance: PgBoss;
    if (database.driver === "pglite") {
      if (!database.pglite) throw new Error("outbox: the PGlite database has no raw client");
      instance = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" });
    } else {
      if (!database.pool) throw new Error("outbox: the PostgreSQL database has no pool");
      instance = new PgBoss({ ...common, db: fromPool(database.pool) });
    }
    // An EventEmitter 'error' without a listener would crash the process.
    instance.on("error", (error) => {
      logger.error({ component: "mail", error: describeError(error, secrets) }, "pg-boss error");
    });
    instance.on("warning", (warning) => {
      logger.warn({ component: "mail", warning: warning.message }, "pg-boss warning");
    });
    return instance;
  }

  /** One JSON line per job: ids, template, outcome, attempt; never the addresses or the body. */
  function logJob(
    level: "info" | "warn" | "error",
    fields: {
      jobId: string;
      messageId: number;
      template?: string;
      outcome: Outcome;
      attempt?: number;
      error?: string;
    },
  ) {
    logger[level]({ component: "mail", queue: MAIL_QUEUE, ...fields }, `mail ${fields.outcome}`);
  }

  async function deliver(job: JobWithMetadata<MailJob>, mailer: Mailer): Promise<void> {
    const jobId = job.id;
    const messageId = Number(job.data?.messageId);
    const [message] = Number.isInteger(messageId)
      ? await db.select().from(mailMessages).where(eq(mailMessages.id, messageId))
      : [];
    if (!message) {
      logJob("warn", { jobId, messageId, outcome: "missing" });
      return;
    }
    const { template } = message;
    const attempt = message.attempts + 1;
    if (message.status !== "pending") {
      // Already sent (a retried job never sends twice) or given up on.
      logJob("info", { jobId, messageId, template, outcome: "skipped", attempt: message.attempts });
      return;
    }

    const to = singleMailbox(message.toAddress);
    const replyTo = message.replyTo ? singleMailbox(message.replyTo) : undefined;
    const secretGone = message.carriesSecret && !message.secret;
    if (!to || replyTo === null || secretGone) {
      const error = secretGone
        ? "the one-time link is no longer kept: send a new one"
        : !to
          ? "invalid recipient address"
          : "invalid reply-to address";
      await db
        .update(mailMessages)
        .set({
          status: "failed",
          attempts: sql`${mailMessages.attempts} + 1`,
          lastError: error,
          updatedAt: new Date(),
          secret: null,
        })
        .where(and(eq(mailMessages.id, messageId), eq(mailMessages.status, "pending")));
      // The job completes: there is nothing to retry.
      logJob("error", { jobId, messageId, template, outcome: "refused", attempt, error });
      return;
    }

    try {
      await mailer.sendMail({
        from,
        to,
        replyTo,
        subject: headerSafe(message.subject),
        text: reveal(message.textBody, message.secret),
        // Older messages have no HTML: they go out as text, as they were queued.
        html: message.htmlBody === null ? undefined : reveal(message.htmlBody, message.secret),
        attachments: message.attachments.map(partOf),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (sendError) {
      const error = describeError(sendError, secrets);
      // pg-boss retries while retryCount < retryLimit: otherwise this was the last attempt.
      const last = job.retryCount >= job.retryLimit;
      await db
        .update(mailMessages)
        .set({
          status: last ? "failed" : "pending",
          attempts: sql`${mailMessages.attempts} + 1`,
          lastError: error,
          updatedAt: new Date(),
          // Given up on: the link is not kept for a resend (a new one is sent instead).
          ...(last ? { secret: null } : {}),
        })
        .where(and(eq(mailMessages.id, messageId), eq(mailMessages.status, "pending")));
      const outcome = last ? "failed" : "retry";
      logJob(last ? "error" : "warn", { jobId, messageId, template, outcome, attempt, error });
      // A fresh error, so what pg-boss stores on the job carries no credentials; the worker fails
      // the job on it, which makes pg-boss retry with backoff.
      throw new Error(error);
    }

    await db
      .update(mailMessages)
      .set({
        status: "sent",
        sentAt: new Date(),
        attempts: sql`${mailMessages.attempts} + 1`,
        lastError: null,
        updatedAt: new Date(),
        // Delivered: nothing readable in the database can use the link any more.
        secret: null,
      })
      .where(eq(mailMessages.id, messageId));
    logJob("info", { jobId, messageId, template, outcome: "sent", attempt });
  }

  /** One job per pending message; the exclusive queue skips those that already have one. */
  async function reschedule(instance: PgBoss): Promise<void> {
    let after = 0;
    let scheduled = 0;
    for (;;) {
      const rows = await db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(eq(mailMessages.status, "pending"), gt(mailMessages.id, after)))
        .orderBy(asc(mailMessages.id))
        .limit(RESCHEDULE_BATCH);
      const lastRow = rows.at(-1);
      if (!lastRow) break;
      const jobs: JobInsert<MailJob>[] = rows.map((row) => ({
        data: { messageId: row.id },
        singletonKey: String(row.id),
        ...jobOptions,
      }));
      const ids = await instance.insert(MAIL_QUEUE, jobs, { returnId: true });
      scheduled += ids?.length ?? 0;
      after = lastRow.id;
    }
    if (scheduled > 0) {
      logger.info({ component: "mail", scheduled }, "re-scheduled pending mail");
    }
  }

  /**
   * On the embedded database this process is the only worker, so a job still `active` at start
   * was cut off by a crash (SIGKILL, power loss) mid-delivery. It is handed back for a retry now
   * instead of after its expiry (a minute or more). Delivery is at-least-once: a message the mail
   * server accepted just before the crash, not yet marked sent, goes out again. On PostgreSQL
   * other instances may be delivering, so expiry decides there.
   */
  async function reclaimInterrupted(instance: PgBoss): Promise<void> {
    if (database.driver !== "pglite") return;
    const interrupted: string[] = [];
    let after: string | undefined;
    for (;;) {
      const jobs = await instance.findJobs<MailJob>(MAIL_QUEUE, { limit: 1000, after });
      interrupted.push(...jobs.filter((job) => job.state === "active").map((job) => job.id));
      const last = jobs.at(-1);
      if (!last || jobs.length < 1000) break;
      after = last.id;
    }
    if (interrupted.length === 0) return;
    await instance.fail(MAIL_QUEUE, interrupted, { message: "interrupted: the process stopped" });
    logger.warn(
      { component: "mail", jobs: interrupted.length },
      "re-queued deliveries interrupted by a crash",
    );
  }

  async function doStart(): Promise<void> {
    const instance = newBoss();
    try {
      // A few tries: instances booting at once on a fresh PostgreSQL database can race pg-boss's
      // schema install (the loser fails once, then finds the schema installed).
      await instance.start({ attempts: 3 });
      await instance.createQueue(MAIL_QUEUE, { policy: "exclusive", ...jobOptions });
      // createQueue keeps an existing queue as it was: bring its defaults up to date.
      await instance.updateQueue(MAIL_QUEUE, jobOptions);
      boss = instance;
      await reclaimInterrupted(instance);
      await reschedule(instance);
      if (smtpUrl) {
        const mailer = createTransport(smtpUrl);
        transport = mailer;
        // One worker fetching DELIVERY_CONCURRENCY jobs at a time and delivering them side by side:
        // at most that many SMTP connections, and a batch lasts as long as its slowest delivery
        // (bounded by the timeouts), never their sum. While fetches come back full there is a
        // backlog and the worker fetches again at once (burst); the polling interval only paces
        // an idle queue. Each job is settled on its own: one refused message does not fail the
        // others of its batch.
        await instance.work(
          MAIL_QUEUE,
          {
            includeMetadata: true,
            batchSize: DELIVERY_CONCURRENCY,
            burstWhenBatchFull: true,
            perJobResults: true,
            localConcurrency: 1,
            pollingIntervalSeconds: 0.5,
          },
          (jobs: JobWithMetadata<MailJob>[]): Promise<JobResult[]> =>
            Promise.all(
              jobs.map(async (job): Promise<JobResult> => {
                try {
                  await deliver(job, mailer);
                  return { id: job.id, status: "completed" };
                } catch (error) {
                  // pg-boss retries a failed job with backoff until its retry limit.
                  return {
                    id: job.id,
                    status: "failed",
                    output: { message: describeError(error, secrets) },
                  };
                }
              }),
            ),
        );
      } else {
        logger.warn(
          { component: "mail" },
          "SMTP_URL is not set: mail stays in the outbox (pending, readable in the admin area)",
        );
      }
    } catch (error) {
      boss = undefined;
      transport?.close();
      transport = undefined;
      await instance.stop({ graceful: false }).catch(() => {});
      throw error;
    }
  }

  async function doStop(): Promise<void> {
    if (starting) await starting.catch(() => {});
    const instance = boss;
    boss = undefined;
    if (instance) {
      // Graceful: a delivery in progress finishes (each SMTP step is bounded by timeoutMs).
      await instance.stop({ graceful: true, timeout: Math.max(5000, options.timeoutMs * 4) });
    }
    transport?.close();
    transport = undefined;
  }

  async function start(): Promise<void> {
    if (stopping) await stopping;
    if (boss) return;
    starting ??= doStart().finally(() => {
      starting = undefined;
    });
    return starting;
  }

  function stop(): Promise<void> {
    stopping ??= doStop().finally(() => {
      stopping = undefined;
    });
    return stopping;
  }

  async function enqueue(tx: DbTransaction, messages: OutgoingMail[]): Promise<number[]> {
    if (messages.length === 0) return [];
    const rows = await tx
      .insert(mailMessages)
      .values(
        messages.map((m) => {
          const hide = (body: string) => storedBody(body, m, logger);
          return {
            template: m.template,
            toAddress: m.to,
            replyTo: m.replyTo ?? null,
            subject: m.subject,
            textBody: hide(m.text),
            htmlBody: m.html === undefined ? null : hide(m.html),
            leadId: m.leadId ?? null,
            attachments: m.attachments ?? [],
            carriesSecret: Boolean(m.secret),
            secret: m.secret ?? null,
          };
        }),
      )
      .returning({ id: mailMessages.id });
    const ids = rows.map((r) => r.id);
    await schedule(tx, ids);
    return ids;
  }

  /** One delivery job per message id, in the caller's transaction. */
  async function schedule(tx: DbTransaction, ids: number[]): Promise<void> {
    const instance = boss;
    if (!instance) {
      // Not started (or stopping): the rows stay pending and the next start() schedules them.
      logger.warn({ component: "mail", messageIds: ids }, "outbox not started: mail kept pending");
      return;
    }
    // Drizzle's typed `execute` result is opaque to pg-boss's structural type; the adapter reads `rows`.
    const txDb = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    for (const id of ids) {
      await instance.send(
        MAIL_QUEUE,
        { messageId: id },
        { ...jobOptions, singletonKey: String(id), db: txDb },
      );
    }
  }

  async function requeue(tx: DbTransaction, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .update(mailMessages)
      .set({ status: "pending", updatedAt: new Date() })
      // A message with a one-time link is never resent: its link is gone (a new one is sent).
      .where(
        and(
          inArray(mailMessages.id, ids),
          eq(mailMessages.status, "failed"),
          eq(mailMessages.carriesSecret, false),
        ),
      )
      .returning({ id: mailMessages.id });
    const requeued = rows.map((r) => r.id);
    if (requeued.length > 0) await schedule(tx, requeued);
    return requeued;
  }

  return { enqueue, requeue, start, stop };
}
