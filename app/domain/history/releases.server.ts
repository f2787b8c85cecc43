// Scheduled publishing (decision 0021): a release is a set of drafts (and unpublish steps for
// slides and blocks) that goes live at one time in one transaction, or not at all. The
// content-releases job publishes what is due every minute and once at start, so a release due
// while the server was down goes out as soon as it is back.
// Over 400 lines because scheduling, the due job and the all-or-nothing publish share the
// release's checks (steps, drafts, state).
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { recordAudit } from "#app/domain/audit/audit.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { contentReleaseItems, contentReleases, contentVersions } from "#app/platform/db/schema.ts";
import { type Success, success } from "#app/platform/result.ts";
import { CONTENT_LABELS, type ContentType, isContentType } from "./history.ts";
import { kindOf } from "./kinds.server.ts";
import {
  type ApplyContext,
  audit,
  ensureHead,
  lockItem,
  publishInTx,
  type Refusal,
  RefusedError,
  recordPublished,
  refusable,
  refuse,
  versionById,
} from "./versions.server.ts";

export interface ReleaseStep {
  type: ContentType;
  id: string;
  action: "publish" | "unpublish";
  /** The draft a publish step pins. */
  versionId?: number;
}

const NAME_MAX = 120;

/** A step checked: a publish pins an open draft of the item; unpublish only where it exists. */
async function checkStep(db: Db, step: ReleaseStep): Promise<Refusal | null> {
  const kind = kindOf(step.type);
  if (step.action === "unpublish") {
    return kind.unpublish
      ? null
      : refuse("invalid", "Only slides and content blocks can be unpublished.");
  }
  const version = step.versionId ? await versionById(db, step.versionId) : null;
  if (
    version?.status !== "draft" ||
    version.contentType !== step.type ||
    version.contentId !== step.id
  ) {
    return refuse("conflict", "There is no draft to schedule: save one first.");
  }
  return null;
}

/**
 * Schedules steps: into a new release at `publishAt` (named `name`), or into an existing
 * scheduled release. A step for an item already in the release replaces it. The value is the
 * release's id.
 */
export async function scheduleSteps(
  db: Db,
  target: { releaseId: number } | { name: string; publishAt: Date },
  steps: ReleaseStep[],
  actor: Actor,
  now: Date,
): Promise<Success<number> | Refusal> {
  if (steps.length === 0) return refuse("invalid", "Choose something to schedule.");
  for (const step of steps) {
    const refusal = await checkStep(db, step);
    if (refusal) return refusal;
  }
  return refusable(db, async (tx) => {
    let release: { id: number; name: string; publishAt: Date } | undefined;
    if ("releaseId" in target) {
      [release] = await tx
        .select({
          id: contentReleases.id,
          name: contentReleases.name,
          publishAt: contentReleases.publishAt,
        })
        .from(contentReleases)
        .where(
          and(eq(contentReleases.id, target.releaseId), eq(contentReleases.status, "scheduled")),
        )
        .for("update");
      if (!release)
        throw new RefusedError(refuse("conflict", "That release is no longer scheduled."));
    } else {
      if (target.publishAt.getTime() <= now.getTime()) {
        throw new RefusedError(
          refuse("invalid", "Choose a time in the future.", {
            fieldErrors: { publishAt: "Choose a time in the future." },
          }),
        );
      }
      [release] = await tx
        .insert(contentReleases)
        .values({
          name: target.name.trim().slice(0, NAME_MAX) || "Scheduled release",
          publishAt: target.publishAt,
          createdBy: actor.user.id,
          createdByLabel: actor.user.email,
        })
        .returning({
          id: contentReleases.id,
          name: contentReleases.name,
          publishAt: contentReleases.publishAt,
        });
    }
    const { id: releaseId, name, publishAt } = release as NonNullable<typeof release>;
    // The release's count of steps grows by the items new to it (a step for an item already in
    // it replaces that one): publishing checks that every one of them is still there.
    const inRelease = new Set(
      (
        await tx
          .select({ type: contentReleaseItems.contentType, id: contentReleaseItems.contentId })
          .from(contentReleaseItems)
          .where(eq(contentReleaseItems.releaseId, releaseId))
      ).map((i) => `${i.type}:${i.id}`),
    );
    let added = 0;
    for (const step of steps) {
      if (!inRelease.has(`${step.type}:${step.id}`)) {
        inRelease.add(`${step.type}:${step.id}`);
        added += 1;
      }
      await tx
        .insert(contentReleaseItems)
        .values({
          releaseId,
          action: step.action,
          contentType: step.type,
          contentId: step.id,
          versionId: step.action === "publish" ? (step.versionId ?? null) : null,
        })
        .onConflictDoUpdate({
          target: [
            contentReleaseItems.releaseId,
            contentReleaseItems.contentType,
            contentReleaseItems.contentId,
          ],
          set: {
            action: step.action,
            versionId: step.action === "publish" ? (step.versionId ?? null) : null,
          },
        });
      await audit(
        tx,
        actor,
        "content_scheduled",
        { id: step.versionId ?? 0, contentType: step.type, contentId: step.id },
        { release: releaseId, name, publishAt: publishAt.toISOString(), action: step.action },
      );
    }
    await tx
      .update(contentReleases)
      .set({ itemCount: sql`${contentReleases.itemCount} + ${added}` })
      .where(eq(contentReleases.id, releaseId));
    return releaseId;
  });
}

/** Takes one item out of a scheduled release (the release goes when it is empty). */
export async function unscheduleStep(
  db: Db,
  releaseId: number,
  type: ContentType,
  id: string,
  actor: Actor,
): Promise<Success<void> | Refusal> {
  return db.transaction(async (tx) => {
    const [release] = await tx
      .select({ name: contentReleases.name })
      .from(contentReleases)
      .where(and(eq(contentReleases.id, releaseId), eq(contentReleases.status, "scheduled")))
      .for("update");
    if (!release) return refuse("conflict", "That release is no longer scheduled.");
    // Taken out on purpose: the trigger that fails a release losing a step lets this one go.
    await tx.execute(sql`select set_config('app.unscheduling', 'on', true)`);
    const removed = await tx
      .delete(contentReleaseItems)
      .where(
        and(
          eq(contentReleaseItems.releaseId, releaseId),
          eq(contentReleaseItems.contentType, type),
          eq(contentReleaseItems.contentId, id),
        ),
      )
      .returning({ id: contentReleaseItems.id });
    if (removed.length === 0) return refuse("not-found", "That item is not in the release.");
    await tx
      .update(contentReleases)
      .set({ itemCount: sql`${contentReleases.itemCount} - ${removed.length}` })
      .where(eq(contentReleases.id, releaseId));
    const left = await tx
      .select({ id: contentReleaseItems.id })
      .from(contentReleaseItems)
      .where(eq(contentReleaseItems.releaseId, releaseId));
    if (left.length === 0) {
      await tx
        .update(contentReleases)
        .set({ status: "cancelled", doneAt: new Date() })
        .where(eq(contentReleases.id, releaseId));
    }
    await audit(
      tx,
      actor,
      "content_schedule_cancelled",
      { id: 0, contentType: type, contentId: id },
      { release: releaseId, name: release.name },
    );
    return success();
  });
}

/** Cancels a whole scheduled release; nothing of it is published. */
export async function cancelRelease(
  db: Db,
  releaseId: number,
  actor: Actor,
): Promise<Success<void> | Refusal> {
  return db.transaction(async (tx) => {
    const [release] = await tx
      .update(contentReleases)
      .set({ status: "cancelled", doneAt: new Date() })
      .where(and(eq(contentReleases.id, releaseId), eq(contentReleases.status, "scheduled")))
      .returning({ name: contentReleases.name });
    if (!release) return refuse("conflict", "That release is no longer scheduled.");
    await recordAudit(tx, {
      action: "content_schedule_cancelled",
      actorId: actor.user.id,
      actorLabel: actor.user.email,
      ip: actor.ip,
      target: `release:${releaseId}`,
      details: { release: releaseId, name: release.name },
    });
    return success();
  });
}

/** An item as editors know it: 'course "CompTIA Security+"' (live title, else its last version's). */
async function itemName(tx: Db | DbTransaction, type: ContentType, id: string): Promise<string> {
  const kind = kindOf(type);
  let data = await kind.read(tx, id);
  if (!data) {
    const [last] = await tx
      .select({ data: contentVersions.data })
      .from(contentVersions)
      .where(and(eq(contentVersions.contentType, type), eq(contentVersions.contentId, id)))
      .orderBy(desc(contentVersions.id))
      .limit(1);
    data = (last?.data as Record<string, unknown> | undefined) ?? null;
  }
  const title = data ? kind.title(data, id) : "";
  return `${CONTENT_LABELS[type].toLowerCase()} ${title ? `"${title}"` : id}`;
}

const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`;
const NOTHING = "so nothing in it was published.";

/**
 * The release is still whole: as many steps as it was scheduled with, each publish step with its
 * pinned draft. (The trigger of migration 0025 fails a release whose step is deleted; this holds
 * even where that did not run.)
 */
async function checkWhole(
  tx: DbTransaction,
  release: { itemCount: number },
  steps: { action: string; contentType: string; contentId: string; versionId: number | null }[],
) {
  for (const step of steps) {
    if (step.action !== "publish") continue;
    if (step.versionId && (await versionById(tx, step.versionId))) continue;
    const name = await itemName(tx, step.contentType as ContentType, step.contentId);
    throw new RefusedError(
      refuse("conflict", `The draft of the ${name} it was to publish is gone, ${NOTHING}`),
    );
  }
  if (steps.length !== release.itemCount) {
    throw new RefusedError(
      refuse(
        "conflict",
        `It was scheduled with ${items(release.itemCount)} and has ${items(steps.length)} now (changed outside the editor), ${NOTHING}`,
      ),
    );
  }
}

/** Why a release that is not scheduled any more does not go (published, cancelled, failed). */
async function notScheduled(
  tx: DbTransaction,
  release: { status: string; error: string | null },
): Promise<Refusal> {
  if (release.status === "published")
    return refuse("conflict", "That release was published already.");
  if (release.status === "cancelled") return refuse("conflict", "That release was cancelled.");
  const why = release.error
    ? await failureInWords(tx, release.error)
    : "Nothing in it was published.";
  return refuse("conflict", `That release has failed. ${why}`);
}

/** The trigger of migration 0025 names the step a release lost by its type and id. */
const STEP_REMOVED = /^One of its steps was removed before it went out \((\w+) ([^)\s]+)\)/;

/** A failure as an editor reads it: the trigger's step named by the item's title. */
async function failureInWords(db: Db | DbTransaction, error: string): Promise<string> {
  const [, type, id] = STEP_REMOVED.exec(error) ?? [];
  if (!isContentType(type) || !id) return error;
  return `The ${await itemName(db, type, id)} was taken out of it before it went out (its draft or its place in the release was deleted outside the editor), ${NOTHING}`;
}

/** A release that did not go: why, and whether that failed it (rather than finding it gone). */
interface NotPublished extends Refusal {
  failed: boolean;
}

/**
 * Publishes a release: every step in one transaction, or none. A release that is no longer whole,
 * or a step that cannot go (a draft that fails today's rules, someone published over it), fails
 * the release, which is marked failed with the reason; nothing of it is live.
 */
async function runRelease(
  db: Db,
  releaseId: number,
  actor: Actor | null,
  context: ApplyContext,
): Promise<Success<void> | NotPublished> {
  let name = "";
  const result = await refusable(db, async (tx): Promise<Refusal | null> => {
    const [release] = await tx
      .select()
      .from(contentReleases)
      .where(eq(contentReleases.id, releaseId))
      .for("update");
    if (!release) return refuse("not-found", "Release not found.");
    name = release.name;
    // Published by another instance, cancelled, or failed already: nothing to do or record.
    if (release.status !== "scheduled") return notScheduled(tx, release);
    const steps = await tx
      .select()
      .from(contentReleaseItems)
      .where(eq(contentReleaseItems.releaseId, releaseId))
      .orderBy(asc(contentReleaseItems.id));
    await checkWhole(tx, release, steps);
    for (const step of steps) {
      const kind = kindOf(step.contentType as ContentType);
      const named = await itemName(tx, kind.type, step.contentId);
      try {
        if (step.action === "publish") {
          await publishInTx(tx, kind, step.versionId as number, actor, context);
          continue;
        }
        await lockItem(tx, kind.type, step.contentId);
        await ensureHead(tx, kind, step.contentId);
        if (!(await kind.unpublish?.(tx, step.contentId))) {
          throw new RefusedError(refuse("not-found", "it no longer exists."));
        }
        await recordPublished(tx, kind, step.contentId, actor, "Taken off the site");
      } catch (error) {
        // The editor reads which item stopped the release.
        if (!(error instanceof RefusedError)) throw error;
        const { refusal } = error;
        throw new RefusedError({ ...refusal, error: `The ${named}: ${refusal.error}` });
      }
    }
    await tx
      .update(contentReleases)
      .set({ status: "published", doneAt: new Date() })
      .where(eq(contentReleases.id, releaseId));
    await recordAudit(tx, {
      action: "content_release_published",
      actorId: actor?.user.id ?? null,
      actorLabel: actor?.user.email ?? "System",
      ip: actor?.ip ?? "",
      target: `release:${releaseId}`,
      details: { release: releaseId, name, steps: steps.length },
    });
    return null;
  });
  if (result.ok) return result.value ? { ...result.value, failed: false } : success();
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(contentReleases)
      .set({ status: "failed", error: result.error, doneAt: new Date() })
      .where(and(eq(contentReleases.id, releaseId), eq(contentReleases.status, "scheduled")))
      .returning({ id: contentReleases.id });
    if (failed.length === 0) return;
    await recordAudit(tx, {
      action: "content_release_failed",
      actorId: actor?.user.id ?? null,
      actorLabel: actor?.user.email ?? "System",
      ip: actor?.ip ?? "",
      target: `release:${releaseId}`,
      details: { release: releaseId, name, error: result.error },
    });
  });
  return { ...result, failed: true };
}

/** "Publish now": the release at once, or why not. */
export async function publishRelease(
  db: Db,
  releaseId: number,
  actor: Actor | null,
  context: ApplyContext,
): Promise<Success<void> | Refusal> {
  const outcome = await runRelease(db, releaseId, actor, context);
  if (outcome.ok) return outcome;
  const { failed: _, ...refusal } = outcome;
  return refusal;
}

/** Every scheduled release whose time has come (the job, and once at start). */
export async function publishDueReleases(db: Db, now: Date, context: ApplyContext) {
  const due = await db
    .select({ id: contentReleases.id })
    .from(contentReleases)
    .where(and(eq(contentReleases.status, "scheduled"), lte(contentReleases.publishAt, now)))
    .orderBy(asc(contentReleases.publishAt), asc(contentReleases.id));
  let published = 0;
  let failed = 0;
  for (const release of due) {
    const outcome = await runRelease(db, release.id, null, context);
    if (outcome.ok) published += 1;
    else if (outcome.failed) failed += 1;
  }
  return { releasesPublished: published, releasesFailed: failed };
}

export interface ReleaseView {
  id: number;
  name: string;
  publishAt: string;
  status: string;
  error: string | null;
  createdBy: string;
  doneAt: string | null;
  steps: {
    type: ContentType;
    id: string;
    title: string;
    action: string;
    versionId: number | null;
  }[];
}

/** Scheduled releases (soonest first), then the last finished ones. */
export async function listReleases(db: Db, finishedLimit = 10): Promise<ReleaseView[]> {
  const [scheduled, finished] = await Promise.all([
    db
      .select()
      .from(contentReleases)
      .where(eq(contentReleases.status, "scheduled"))
      .orderBy(asc(contentReleases.publishAt)),
    db
      .select()
      .from(contentReleases)
      .where(inArray(contentReleases.status, ["published", "failed", "cancelled"]))
      .orderBy(desc(contentReleases.doneAt))
      .limit(finishedLimit),
  ]);
  const releases = [...scheduled, ...finished];
  const steps = releases.length
    ? await db
        .select({
          releaseId: contentReleaseItems.releaseId,
          type: contentReleaseItems.contentType,
          id: contentReleaseItems.contentId,
          action: contentReleaseItems.action,
          versionId: contentReleaseItems.versionId,
          data: contentVersions.data,
        })
        .from(contentReleaseItems)
        .leftJoin(contentVersions, eq(contentVersions.id, contentReleaseItems.versionId))
        .where(
          inArray(
            contentReleaseItems.releaseId,
            releases.map((r) => r.id),
          ),
        )
        .orderBy(asc(contentReleaseItems.id))
    : [];
  const errors = await Promise.all(releases.map((r) => r.error && failureInWords(db, r.error)));
  return releases.map((r, i) => ({
    id: r.id,
    name: r.name,
    publishAt: r.publishAt.toISOString(),
    status: r.status,
    error: errors[i] || null,
    createdBy: r.createdByLabel,
    doneAt: r.doneAt?.toISOString() ?? null,
    steps: steps
      .filter((s) => s.releaseId === r.id)
      .map((s) => {
        const kind = kindOf(s.type as ContentType);
        const data = (s.data ?? {}) as Record<string, unknown>;
        return {
          type: kind.type,
          id: s.id,
          title: kind.title(data, s.id) || `${kind.type} ${s.id}`,
          action: s.action,
          versionId: s.versionId,
        };
      }),
  }));
}
