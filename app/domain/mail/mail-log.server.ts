// The admin mail log (/admin/mail, /api/admin/mail): what the outbox sent or is still sending,
// the resend command, and the health figures behind the admin home's warning banner.
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { leads, mailMessages, users } from "#app/platform/db/schema.ts";
import { type Outbox, SECRET_PLACEHOLDER } from "#app/platform/mail/outbox.server.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import {
  HIDDEN_LINK,
  isMailStatus,
  MAIL_HEALTH_RULE,
  MAIL_LOG_LIMIT,
  MAIL_TEXTS,
  type MailContent,
  type MailHealth,
  type MailLogEntry,
  type MailStatus,
} from "./mail-log.ts";

const columns = {
  id: mailMessages.id,
  template: mailMessages.template,
  to: mailMessages.toAddress,
  subject: mailMessages.subject,
  body: mailMessages.textBody,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  createdAt: mailMessages.createdAt,
  updatedAt: mailMessages.updatedAt,
  sentAt: mailMessages.sentAt,
  oneTimeLink: mailMessages.carriesSecret,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]["_"]["notNull"] extends true
    ? (typeof columns)[K]["_"]["data"]
    : (typeof columns)[K]["_"]["data"] | null;
};

/**
 * Whether a message has an HTML part, without reading it (the list stays small); and whom it
 * went to by name: a user with that address, else its lead when the lead has that address (a
 * staff notification about a lead goes to the sales address, not to the lead).
 */
const listColumns = {
  ...columns,
  hasHtml: sql<boolean>`(${mailMessages.htmlBody} is not null)`,
  toName: sql<string>`coalesce(
    (select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') from ${users}
      where lower(${users.email}) = lower(${mailMessages.toAddress}) limit 1),
    (select ${leads.name} from ${leads} where ${leads.id} = ${mailMessages.leadId}
      and lower(${leads.email}) = lower(${mailMessages.toAddress})),
    '')`,
};

/** A stored body as staff may read it: a one-time link's place says it is hidden. */
const redacted = (body: string) => body.replaceAll(SECRET_PLACEHOLDER, HIDDEN_LINK);

function toEntry(row: Row & { hasHtml: boolean; toName: string }): MailLogEntry {
  return {
    ...row,
    body: redacted(row.body),
    status: isMailStatus(row.status) ? row.status : "pending",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The newest messages first, optionally of one status. */
export async function listMail(
  db: Db,
  filter: { status?: MailStatus; limit?: number } = {},
): Promise<MailLogEntry[]> {
  const rows = await db
    .select(listColumns)
    .from(mailMessages)
    .where(filter.status ? eq(mailMessages.status, filter.status) : undefined)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(Math.min(Math.max(filter.limit ?? MAIL_LOG_LIMIT, 1), 500));
  return rows.map(toEntry);
}

export async function getMail(db: Pick<Db, "select">, id: number): Promise<MailLogEntry | null> {
  const [row] = await db.select(listColumns).from(mailMessages).where(eq(mailMessages.id, id));
  return row ? toEntry(row) : null;
}

/**
 * A message as its recipient sees it, for "Show message": the text, and the HTML (null on
 * messages queued before HTML e-mail) with its inline images as data: URLs, since a page
 * cannot load `cid:` parts. Shown in a sandboxed frame: it runs no script either way.
 */
export async function getMailContent(db: Db, id: number): Promise<MailContent | null> {
  const [row] = await db
    .select({ ...listColumns, html: mailMessages.htmlBody, parts: mailMessages.attachments })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  if (!row) return null;
  const { html, parts, ...entry } = row;
  let shown = html && redacted(html);
  for (const part of parts) {
    if (part.cid && part.encoding === "base64" && INLINE_IMAGE.test(part.contentType)) {
      shown =
        shown?.replaceAll(
          `"cid:${part.cid}"`,
          `"data:${part.contentType};base64,${part.content}"`,
        ) ?? null;
    }
  }
  return {
    ...toEntry(entry),
    html: shown,
    attachments: parts.filter((part) => !part.cid).map((part) => part.filename),
  };
}

/** The inline parts shown in place of their cid: (the logo is always a PNG). */
const INLINE_IMAGE = /^image\/(png|jpeg|webp|gif)$/;

/**
 * Failing notifications: messages that failed for good in the last 7 days, and messages still
 * pending after at least one failed attempt that were queued more than 15 minutes ago (the
 * SMTP server has been refusing them for a while). Measured on the database's clock.
 */
export async function mailHealth(db: Db): Promise<MailHealth> {
  const count = sql<number>`count(*)::int`;
  const [failed] = await db
    .select({ n: count })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.status, "failed"),
        gt(
          mailMessages.updatedAt,
          sql`now() - make_interval(days => ${MAIL_HEALTH_RULE.failedWithinDays})`,
        ),
      ),
    );
  const [retrying] = await db
    .select({ n: count })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.status, "pending"),
        gt(mailMessages.attempts, 0),
        lt(
          mailMessages.createdAt,
          sql`now() - make_interval(mins => ${MAIL_HEALTH_RULE.retryingForMinutes})`,
        ),
      ),
    );
  return { failed: failed?.n ?? 0, retrying: retrying?.n ?? 0 };
}

/**
 * Queues a failed message again through the outbox (its pg-boss job, in this transaction):
 * status back to pending; attempts and the last error are kept as its history. The value is the
 * message as it is now.
 */
export async function resendMail(
  db: Db,
  outbox: Pick<Outbox, "requeue">,
  id: number,
  actor: Actor,
): Promise<Result<MailLogEntry>> {
  return db.transaction(async (tx) => {
    const message = await getMail(tx, id);
    if (!message) return failure("not-found", MAIL_TEXTS.notFound);
    if (message.oneTimeLink) {
      return failure("conflict", MAIL_TEXTS.oneTimeLink);
    }
    const [requeued] = await outbox.requeue(tx, [id]);
    if (requeued === undefined) {
      return failure("conflict", MAIL_TEXTS.notFailed);
    }
    await auditChange(tx, actor, "mail_resent", `mail:${id}`, {
      template: message.template,
      attempts: message.attempts,
    });
    return success({ ...message, status: "pending" as const });
  });
}
