// Test mail set-ups: an outbox that delivers to the test mail catcher at once (no retries), and
// staff e-mails queued in an outbox that is never started (for tests that only read what would
// be sent, and only what a committed transaction sent).
import { asc, inArray } from "drizzle-orm";
import pino from "pino";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailMessages } from "#app/platform/db/schema.ts";
import {
  createOutbox,
  type OutgoingMail,
  SECRET_PLACEHOLDER,
} from "#app/platform/mail/outbox.server.ts";
import type { MailCatcher } from "./mail-catcher.ts";

/** A started outbox delivering to `catcher`; stop it after the test. */
export async function outboxTo(database: Database, catcher: MailCatcher, timeoutMs = 2000) {
  const outbox = createOutbox({
    database,
    logger: pino({ level: "silent" }),
    smtpUrl: catcher.url,
    from: "Sigma <no-reply@example.com>",
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutMs,
  });
  await outbox.start();
  return outbox;
}

/**
 * Staff e-mails (accounts, the pipeline) rendered as they would be sent, through the real
 * outbox's enqueue (never started: each message stays a `pending` mail_messages row, written in
 * the caller's transaction). `queued()` reads back the messages this mail enqueued whose
 * transaction committed, oldest first, as the delivery would send them (the one-time link's
 * token put back in the bodies): a change that rolls back sent nothing. `clear()` forgets those
 * queued so far. The brand has no logo.
 */
export function queuedMail(database: Database): {
  mail: StaffMail;
  queued: () => Promise<OutgoingMail[]>;
  clear: () => void;
} {
  const outbox = createOutbox({
    database,
    logger: pino({ level: "silent" }),
    from: "Sigma <no-reply@example.com>",
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutMs: 2000,
  });
  // The ids this mail was given; a rolled-back transaction's never become rows (identities are
  // never handed out twice), so reading them back keeps exactly the committed ones.
  let ids: number[] = [];
  const mail: StaffMail = {
    outbox: {
      enqueue: async (tx, messages) => {
        const given = await outbox.enqueue(tx, messages);
        ids.push(...given);
        return given;
      },
    },
    brand: {
      siteName: "Sigma Technology Partners",
      email: "info@example.com",
      phone: "(205) 555-0142",
      address: "2100 Example Parkway, Birmingham, AL 35203",
      siteUrl: "https://www.example.com",
      logo: null,
      timeZone: "America/Chicago",
    },
  };
  async function queued(): Promise<OutgoingMail[]> {
    if (ids.length === 0) return [];
    const rows = await database.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.id, ids))
      .orderBy(asc(mailMessages.id));
    return rows.map((row) => {
      const secret = row.carriesSecret ? (row.secret ?? undefined) : undefined;
      const reveal = (body: string) =>
        secret ? body.replaceAll(SECRET_PLACEHOLDER, secret) : body;
      const message: OutgoingMail = {
        template: row.template,
        to: row.toAddress,
        subject: row.subject,
        text: reveal(row.textBody),
        attachments: row.attachments,
      };
      if (row.replyTo !== null) message.replyTo = row.replyTo;
      if (row.htmlBody !== null) message.html = reveal(row.htmlBody);
      if (row.leadId !== null) message.leadId = row.leadId;
      if (secret !== undefined) message.secret = secret;
      return message;
    });
  }
  return {
    mail,
    queued,
    clear: () => {
      ids = [];
    },
  };
}
