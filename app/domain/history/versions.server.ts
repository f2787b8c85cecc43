// Content history (decision 0021): every save of an item a visitor sees is an immutable version;
// the main tables hold what is live and `content_heads` says which version that is. One
// mechanism for every kind of content: a kind (kinds.server.ts) says how to read its live record,
// check a version's data and write it to the main table; everything else is here.
// Over 400 lines because draft, publish, restore, discard and prune share the item lock and the
// head's rules; splitting them would scatter one state machine.
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { actorName } from "#app/domain/audit/actor-name.ts";
import {
  type Actor,
  type AuditAction,
  auditChange,
  recordAudit,
} from "#app/domain/audit/audit.server.ts";
import { nameColumns } from "#app/domain/audit/people.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import {
  contentHeads,
  contentReleaseItems,
  contentReleases,
  contentVersions,
  users,
} from "#app/platform/db/schema.ts";
import { type Failure, type Reason, type Success, success } from "#app/platform/result.ts";
import {
  type ContentType,
  DRAFT_RETENTION_DAYS,
  NOTE_MAX,
  type VersionStatus,
  type VersionSummary,
} from "./history.ts";

type Tx = Db | DbTransaction;
export type VersionData = Record<string, unknown>;

/** Another item a kind's write changed (a homepage section's projects). */
export interface TouchedItem {
  kind: ContentKind;
  id: string;
}

/** Why a history command changed nothing (the app's one failure shape). */
export interface Refusal extends Failure {
  /** On a conflict: the version live now. */
  liveVersionId?: number | null;
}

export const refuse = (
  reason: Reason,
  error: string,
  extra: Pick<Refusal, "fieldErrors" | "liveVersionId"> = {},
): Refusal => ({ ok: false, reason, error, ...extra });

/** Thrown inside a transaction so that nothing it wrote stays; caught where the command ends. */
export class RefusedError extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.error);
    this.refusal = refusal;
  }
}

export interface ApplyContext {
  /** The company's "today" (YYYY-MM-DD): a course keeps its upcoming cohorts' schedules. */
  today: string;
}

/** What one kind of content tells the history mechanism. */
export interface ContentKind {
  type: ContentType;
  /** The shape its versions are written in now; older ones are upgraded step by step. */
  schemaVersion: number;
  /** `upgrades[n]` turns data of schema n into schema n + 1. */
  upgrades?: Record<number, (data: VersionData) => VersionData>;
  /** Every item of the kind there is now (history begins for each of them at once). */
  ids(tx: Tx): Promise<string[]>;
  /** The live record as a version's data, or null when there is no such item. */
  read(tx: Tx, id: string): Promise<VersionData | null>;
  /** The data's shape (the same rules as the editor's form); no database rules. */
  check(data: unknown, id: string): Success<VersionData> | Refusal;
  /**
   * Writes the data to the main table, with every rule only the database knows; its value names
   * the other items the write changed too (each gets a published version of its own).
   */
  apply(
    tx: DbTransaction,
    id: string,
    value: VersionData,
    context: ApplyContext,
  ): Promise<Success<TouchedItem[]> | Success<void> | Refusal>;
  title(data: VersionData, id: string): string;
  editPath(id: string): string;
  /** The public page that shows the item (null: none; the preview page shows its fields). */
  previewPath(data: VersionData, id: string): string | null;
  /** Takes the item off the site without deleting it (slides, content blocks). */
  unpublish?(tx: DbTransaction, id: string): Promise<boolean>;
}

export type VersionRow = typeof contentVersions.$inferSelect;

/** One transaction at a time per item: drafts, publishes and the head move in turn. */
export async function lockItem(tx: DbTransaction, type: ContentType, id: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(7301033, hashtext(${`${type}:${id}`}))`);
}

async function headOf(tx: Tx, type: ContentType, id: string): Promise<number | null> {
  const [head] = await tx
    .select({ live: contentHeads.liveVersionId })
    .from(contentHeads)
    .where(and(eq(contentHeads.contentType, type), eq(contentHeads.contentId, id)));
  return head?.live ?? null;
}

async function setHead(tx: DbTransaction, type: ContentType, id: string, versionId: number) {
  await tx
    .insert(contentHeads)
    .values({ contentType: type, contentId: id, liveVersionId: versionId })
    .onConflictDoUpdate({
      target: [contentHeads.contentType, contentHeads.contentId],
      set: { liveVersionId: versionId, updatedAt: new Date() },
    });
}

interface Author {
  id: number | null;
  label: string;
}
const authorOf = (actor: Actor | null): Author =>
  actor ? { id: actor.user.id, label: actor.user.email } : { id: null, label: "System" };

async function insertVersion(
  tx: DbTransaction,
  kind: ContentKind,
  id: string,
  values: {
    data: VersionData;
    status: VersionStatus;
    author: Author;
    note?: string;
    baseVersionId?: number | null;
    restoredFromId?: number | null;
  },
): Promise<VersionRow> {
  const published = values.status === "published";
  const [row] = await tx
    .insert(contentVersions)
    .values({
      contentType: kind.type,
      contentId: id,
      schemaVersion: kind.schemaVersion,
      data: values.data,
      note: (values.note ?? "").slice(0, NOTE_MAX),
      status: values.status,
      baseVersionId: values.baseVersionId ?? null,
      restoredFromId: values.restoredFromId ?? null,
      authorId: values.author.id,
      authorLabel: values.author.label,
      publishedAt: published ? new Date() : null,
      publishedByLabel: published ? values.author.label : null,
    })
    .returning();
  return row as VersionRow;
}

/**
 * The live version's id, recording the live record as the first version when the item has no
 * history yet (content from before history was kept). Null when the item does not exist.
 * Call under `lockItem`.
 */
export async function ensureHead(
  tx: DbTransaction,
  kind: ContentKind,
  id: string,
): Promise<number | null> {
  const head = await headOf(tx, kind.type, id);
  if (head !== null) return head;
  const live = await kind.read(tx, id);
  if (!live) return null;
  const version = await insertVersion(tx, kind, id, {
    data: live,
    status: "published",
    author: { id: null, label: "System" },
    note: "As it was when history began",
  });
  await setHead(tx, kind.type, id, version.id);
  return version.id;
}

/**
 * History begins: every item of these kinds gets its live record as its first version (a seed
 * step, so that an editor's form always knows which version it started from).
 */
export async function recordBaselines(tx: DbTransaction, kinds: ContentKind[]) {
  for (const kind of kinds) {
    for (const id of await kind.ids(tx)) {
      await lockItem(tx, kind.type, id);
      await ensureHead(tx, kind, id);
    }
  }
}

/**
 * A change written to the main table by another door (the JSON API, a switch on a list, a
 * command that touches the item): the record as it is now becomes a published version. Call in
 * the change's transaction; `before` the write when the item may have no history yet, so the
 * state it replaces is kept too.
 */
export async function recordPublished(
  tx: DbTransaction,
  kind: ContentKind,
  id: string,
  actor: Actor | null,
  note = "",
): Promise<VersionRow | null> {
  await lockItem(tx, kind.type, id);
  const live = await kind.read(tx, id);
  if (!live) return null;
  const version = await insertVersion(tx, kind, id, {
    data: live,
    status: "published",
    author: authorOf(actor),
    note,
    baseVersionId: await headOf(tx, kind.type, id),
  });
  await setHead(tx, kind.type, id, version.id);
  return version;
}

/** Runs a write to an existing item by another door, keeping its old and new state as versions. */
export async function versionedWrite<T>(
  tx: DbTransaction,
  kind: ContentKind,
  id: string,
  actor: Actor | null,
  write: () => Promise<T>,
): Promise<T> {
  await lockItem(tx, kind.type, id);
  await ensureHead(tx, kind, id);
  const result = await write();
  await recordPublished(tx, kind, id, actor);
  return result;
}

/** Before an item is deleted: its last state is kept as a "deleted" version; drafts close. */
export async function recordDeleted(
  tx: DbTransaction,
  kind: ContentKind,
  id: string,
  actor: Actor | null,
) {
  await lockItem(tx, kind.type, id);
  const live = await kind.read(tx, id);
  if (!live) return;
  await ensureHead(tx, kind, id);
  await closeDrafts(tx, kind.type, id);
  await insertVersion(tx, kind, id, {
    data: live,
    status: "deleted",
    author: authorOf(actor),
    baseVersionId: await headOf(tx, kind.type, id),
  });
  await tx
    .delete(contentHeads)
    .where(and(eq(contentHeads.contentType, kind.type), eq(contentHeads.contentId, id)));
}

/** Open drafts of the item (all, or those older than `before`) are closed as discarded. */
/**
 * Closes an item's open drafts: all of them (a delete), or those a publish supersedes, its own
 * author's earlier saves. Another author's draft stays open: it is their work, and its Publish
 * now says that someone published since (decision 0021).
 */
async function closeDrafts(
  tx: DbTransaction,
  type: ContentType,
  id: string,
  supersededBy?: Pick<VersionRow, "id" | "authorId">,
) {
  return tx
    .update(contentVersions)
    .set({ status: "discarded" })
    .where(
      and(
        eq(contentVersions.contentType, type),
        eq(contentVersions.contentId, id),
        eq(contentVersions.status, "draft"),
        supersededBy && lt(contentVersions.id, supersededBy.id),
        supersededBy &&
          (supersededBy.authorId === null
            ? isNull(contentVersions.authorId)
            : eq(contentVersions.authorId, supersededBy.authorId)),
      ),
    )
    .returning({ id: contentVersions.id });
}

/** A version's data in the shape its kind uses now, or why it cannot be read. */
export function upgradeData(
  kind: ContentKind,
  row: Pick<VersionRow, "id" | "contentId" | "schemaVersion" | "data">,
): Success<VersionData> | Refusal {
  if (row.schemaVersion > kind.schemaVersion) {
    return refuse("unprocessable", `Version ${row.id} was written by a newer release of the site.`);
  }
  let data = (row.data ?? {}) as VersionData;
  for (let from = row.schemaVersion; from < kind.schemaVersion; from++) {
    const step = kind.upgrades?.[from];
    if (!step)
      return refuse("unprocessable", `Version ${row.id} is in a shape this site no longer reads.`);
    data = step(data);
  }
  const checked = kind.check(data, row.contentId);
  if (!checked.ok) {
    return {
      ...checked,
      reason: "unprocessable",
      error: `Version ${row.id} does not meet today's rules: ${checked.error}`,
    };
  }
  return checked;
}

/** A saved draft, whether it was started from an older live version, and the live one. */
export interface Draft {
  version: VersionRow;
  conflict: boolean;
  liveVersionId: number | null;
}

/**
 * Saves a draft of an existing item: visitors do not see it. `baseVersionId` is the live version
 * the editor started from; when another has been published since, the draft is kept and the
 * answer says so (`conflict`), so nobody's work is overwritten silently.
 */
export async function saveDraft(
  db: Db,
  kind: ContentKind,
  id: string,
  raw: unknown,
  actor: Actor,
  options: { baseVersionId?: number | null; note?: string } = {},
): Promise<Success<Draft> | Refusal> {
  const checked = kind.check(raw, id);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    await lockItem(tx, kind.type, id);
    const live = await ensureHead(tx, kind, id);
    if (live === null)
      return refuse("not-found", `That ${kind.type.replace(/_/g, " ")} no longer exists.`);
    const base = options.baseVersionId ?? live;
    const version = await insertVersion(tx, kind, id, {
      data: checked.value,
      status: "draft",
      author: authorOf(actor),
      note: options.note,
      baseVersionId: base,
    });
    const conflict = base !== live;
    await audit(tx, actor, "content_draft_saved", version, {
      ...(version.note ? { note: version.note } : {}),
      ...(conflict ? { conflict: true } : {}),
    });
    return success({ version, conflict, liveVersionId: live });
  });
}

/**
 * Publishes a draft inside the caller's transaction (a release publishes several in one). Throws
 * RefusedError so the whole transaction rolls back. `overwrite` is the live version the editor
 * saw when they chose to publish over someone else's.
 */
export async function publishInTx(
  tx: DbTransaction,
  kind: ContentKind,
  versionId: number,
  actor: Actor | null,
  context: ApplyContext,
  overwrite?: number | null,
): Promise<VersionRow> {
  const row = await versionById(tx, versionId);
  if (!row) throw new RefusedError(refuse("not-found", "Version not found."));
  if (row.contentType !== kind.type) {
    throw new RefusedError(refuse("invalid", `Version ${versionId} is not a ${kind.type}.`));
  }
  const id = row.contentId;
  await lockItem(tx, kind.type, id);
  const current = await versionById(tx, versionId);
  if (current?.status !== "draft") {
    const by = current?.publishedByLabel ? ` by ${current.publishedByLabel}` : "";
    throw new RefusedError(
      current?.status === "published"
        ? refuse("conflict", `This draft has already been published${by}.`)
        : refuse(
            "conflict",
            "Only a draft can be published: restore this version to make a draft of it.",
          ),
    );
  }
  const live = await ensureHead(tx, kind, id);
  if (live === null) throw new RefusedError(refuse("not-found", "That item no longer exists."));
  if (row.baseVersionId !== null && row.baseVersionId !== live && overwrite !== live) {
    throw new RefusedError(
      refuse(
        "conflict",
        "Someone published another version after this draft was started. Compare the two, then publish over theirs if yours should win.",
        { liveVersionId: live },
      ),
    );
  }
  const data = upgradeData(kind, row);
  if (!data.ok) throw new RefusedError(data);
  const applied = await kind.apply(tx, id, data.value, context);
  if (!applied.ok) throw new RefusedError(applied);
  const author = authorOf(actor);
  const [published] = await tx
    .update(contentVersions)
    .set({ status: "published", publishedAt: new Date(), publishedByLabel: author.label })
    .where(and(eq(contentVersions.id, versionId), eq(contentVersions.status, "draft")))
    .returning();
  if (!published)
    throw new RefusedError(refuse("conflict", "This draft has already been published."));
  await closeDrafts(tx, kind.type, id, published);
  await setHead(tx, kind.type, id, versionId);
  for (const other of applied.value ?? []) {
    await recordPublished(tx, other.kind, other.id, actor, `With ${kind.type} ${id}`);
  }
  return published;
}

/** Runs a history command in a transaction; a refusal rolls everything back. */
export async function refusable<T>(
  db: Db,
  command: (tx: DbTransaction) => Promise<T>,
): Promise<Success<T> | Refusal> {
  try {
    return success(await db.transaction(command));
  } catch (error) {
    if (error instanceof RefusedError) return error.refusal;
    // Two publishes taking the same slug or key at once: the index refuses the second.
    if (isUniqueViolation(error)) {
      return refuse(
        "conflict",
        "Another record took one of these values (a slug or key) just now.",
      );
    }
    throw error;
  }
}

export async function publishVersion(
  db: Db,
  kind: ContentKind,
  versionId: number,
  actor: Actor,
  context: ApplyContext,
  overwrite?: number | null,
): Promise<Success<VersionRow> | Refusal> {
  return refusable(db, async (tx) => {
    const version = await publishInTx(tx, kind, versionId, actor, context, overwrite);
    await audit(tx, actor, "content_published", version);
    return version;
  });
}

/** A new draft from an old version: never published by itself; the live version stays. */
export async function restoreVersion(
  db: Db,
  kind: ContentKind,
  versionId: number,
  actor: Actor,
): Promise<Success<Draft> | Refusal> {
  return db.transaction(async (tx) => {
    const row = await versionById(tx, versionId);
    if (!row) return refuse("not-found", "Version not found.");
    if (row.contentType !== kind.type) {
      return refuse("invalid", `Version ${versionId} is not a ${kind.type}.`);
    }
    const data = upgradeData(kind, row);
    if (!data.ok) return data;
    await lockItem(tx, kind.type, row.contentId);
    const live = await ensureHead(tx, kind, row.contentId);
    if (live === null) {
      return refuse(
        "conflict",
        "That item has been deleted; its history can be read but not restored.",
      );
    }
    const version = await insertVersion(tx, kind, row.contentId, {
      data: data.value,
      status: "draft",
      author: authorOf(actor),
      note: `Restored from version ${row.id}`,
      baseVersionId: live,
      restoredFromId: row.id,
    });
    await audit(tx, actor, "content_restored", version, { from: row.id });
    return success({ version, conflict: false, liveVersionId: live });
  });
}

/** Drops the item's draft (the versions stay in the history as discarded): how many closed. */
export async function discardDraft(
  db: Db,
  kind: ContentKind,
  id: string,
  actor: Actor,
): Promise<Success<number> | Refusal> {
  return db.transaction(async (tx) => {
    await lockItem(tx, kind.type, id);
    const closed = await closeDrafts(tx, kind.type, id);
    if (closed.length === 0) return refuse("conflict", "There is no draft to discard.");
    await auditChange(tx, actor, "content_draft_discarded", `${kind.type}:${id}`, {
      versions: closed.map((c) => c.id),
    });
    return success(closed.length);
  });
}

export function audit(
  tx: Pick<Db, "insert">,
  actor: Actor | null,
  action: AuditAction,
  version: Pick<VersionRow, "id" | "contentType" | "contentId">,
  details: Record<string, unknown> = {},
) {
  const target = `${version.contentType}:${version.contentId}`;
  const all = { version: version.id, ...details };
  if (actor) return auditChange(tx, actor, action, target, all);
  return recordAudit(tx, { action, actorLabel: "System", target, details: all });
}

export async function versionById(tx: Tx, id: number): Promise<VersionRow | null> {
  const [row] = await tx.select().from(contentVersions).where(eq(contentVersions.id, id));
  return row ?? null;
}

const summaryColumns = {
  version: contentVersions,
  ...nameColumns,
};

type SummaryRow = {
  version: VersionRow;
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
};

function summarize(row: SummaryRow, liveId: number | null): VersionSummary {
  const v = row.version;
  return {
    id: v.id,
    contentType: v.contentType as ContentType,
    contentId: v.contentId,
    status: v.status as VersionStatus,
    schemaVersion: v.schemaVersion,
    note: v.note,
    authorLabel: actorName(v.authorLabel, row).name,
    createdAt: v.createdAt.toISOString(),
    publishedAt: v.publishedAt?.toISOString() ?? null,
    publishedByLabel: v.publishedByLabel,
    baseVersionId: v.baseVersionId,
    restoredFromId: v.restoredFromId,
    live: v.id === liveId,
  };
}

/** An item's versions, newest first. */
export async function listVersions(
  db: Db,
  type: ContentType,
  id: string,
  page: { offset?: number; limit: number },
): Promise<{ versions: VersionSummary[]; total: number }> {
  const where = and(eq(contentVersions.contentType, type), eq(contentVersions.contentId, id));
  const [rows, [count], live] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contentVersions)
      .leftJoin(users, eq(users.id, contentVersions.authorId))
      .where(where)
      .orderBy(desc(contentVersions.id))
      .limit(page.limit)
      .offset(page.offset ?? 0),
    db.select({ n: sql<number>`count(*)::int` }).from(contentVersions).where(where),
    headOf(db, type, id),
  ]);
  return { versions: rows.map((r) => summarize(r, live)), total: count?.n ?? 0 };
}

/** One version with its data, as the API and the compare view read it. */
export async function getVersion(db: Db, versionId: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorId))
    .where(eq(contentVersions.id, versionId));
  if (!row) return null;
  const live = await headOf(db, row.version.contentType as ContentType, row.version.contentId);
  return { ...summarize(row, live), data: row.version.data as VersionData };
}

/** The live version and the open draft of an item. */
export async function liveAndDraft(db: Db, type: ContentType, id: string) {
  const liveId = await headOf(db, type, id);
  const rows = await db
    .select(summaryColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorId))
    .where(
      and(
        eq(contentVersions.contentType, type),
        eq(contentVersions.contentId, id),
        liveId === null
          ? eq(contentVersions.status, "draft")
          : sql`(${contentVersions.status} = 'draft' or ${contentVersions.id} = ${liveId})`,
      ),
    )
    .orderBy(desc(contentVersions.id));
  const draftRow = rows.find((r) => r.version.status === "draft");
  const liveRow = rows.find((r) => r.version.id === liveId);
  return {
    live: liveRow ? summarize(liveRow, liveId) : null,
    draft: draftRow ? summarize(draftRow, liveId) : null,
    draftData: (draftRow?.version.data as VersionData | undefined) ?? null,
  };
}

/**
 * Drafts never published and older than the retention are deleted (the clean-up job), unless
 * live or pinned by a scheduled release: a release goes out whole or not at all (issue 43).
 */
export async function pruneDrafts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DRAFT_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(contentVersions)
    .where(
      and(
        inArray(contentVersions.status, ["draft", "discarded"]),
        lt(contentVersions.createdAt, before),
        sql`not exists (select 1 from ${contentHeads} where ${contentHeads.liveVersionId} = ${contentVersions.id})`,
        sql`not exists (select 1 from ${contentReleaseItems} join ${contentReleases} on ${contentReleases.id} = ${contentReleaseItems.releaseId} where ${contentReleaseItems.versionId} = ${contentVersions.id} and ${contentReleases.status} = 'scheduled')`,
      ),
    )
    .returning({ id: contentVersions.id });
  return deleted.length;
}

/** A check that failed: the first message, and each field's. */
export const invalidData = (fieldErrors: Record<string, string | undefined>): Refusal => {
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return refuse("invalid", Object.values(errors)[0] ?? "This version is not valid.", {
    fieldErrors: errors,
  });
};

/** The object's own fields named in `keys`, nothing else (a version stores what the kind owns). */
export function pick(value: Record<string, unknown>, keys: readonly string[]): VersionData {
  return Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]]));
}
