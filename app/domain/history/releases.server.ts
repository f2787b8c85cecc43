// Scheduled publishing (decision 0021): a release is a set of drafts (and unpublish steps for
// slides and blocks) that goes live at one time in one transaction, or not at all. The
// content-releases job publishes what is due every minute and once at start, so a release due
// while the server was down goes out as soon as it is back.
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import type { Actor } from "#app/domain/auth/audit.server.ts";
import { recordAudit } from "#app/domain/auth/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { contentReleaseItems, contentReleases, contentVersions } from "#app/platform/db/schema.ts";
import type { ContentType } from "./history.ts";
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
      : refuse(400, "Only slides and content blocks can be unpublished.");
  }
  const version = step.versionId ? await versionById(db, step.versionId) : null;
  if (
    version?.status !== "draft" ||
    version.contentType !== step.type ||
    version.contentId !== step.id
  ) {
    return refuse(409, "There is no draft to schedule: save one first.");
  }
  return null;
}

/**
 * Schedules steps: into a new release at `publishAt` (named `name`), or into an existing
 * scheduled release. A step for an item already in the release replaces it.
 */
export async function scheduleSteps(
  db: Db,
  target: { releaseId: number } | { name: string; publishAt: Date },
  steps: ReleaseStep[],
  actor: Actor,
  now: Date,
): Promise<{ ok: true; releaseId: number } | Refusal> {
  if (steps.length === 0) return refuse(400, "Choose something to schedule.");
  for (const step of steps) {
    const refusal = await checkStep(db, step);
    if (refusal) return refusal;
  }
  const result = await refusable(db, async (tx) => {
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
      if (!release) throw new RefusedError(refuse(409, "That release is no longer scheduled."));
    } else {
      if (target.publishAt.getTime() <= now.getTime()) {
        throw new RefusedError(
          refuse(400, "Choose a time in the future.", {
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
    for (const step of steps) {
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
    return releaseId;
  });
  return result.ok ? { ok: true, releaseId: result.value } : result;
}

/** Takes one item out of a scheduled release (the release goes when it is empty). */
export async function unscheduleStep(
  db: Db,
  releaseId: number,
  type: ContentType,
  id: string,
  actor: Actor,
): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [release] = await tx
      .select({ name: contentReleases.name })
      .from(contentReleases)
      .where(and(eq(contentReleases.id, releaseId), eq(contentReleases.status, "scheduled")))
      .for("update");
    if (!release) return refuse(409, "That release is no longer scheduled.");
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
    if (removed.length === 0) return refuse(404, "That item is not in the release.");
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
    return { ok: true as const };
  });
}

/** Cancels a whole scheduled release; nothing of it is published. */
export async function cancelRelease(
  db: Db,
  releaseId: number,
  actor: Actor,
): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const [release] = await tx
      .update(contentReleases)
      .set({ status: "cancelled", doneAt: new Date() })
      .where(and(eq(contentReleases.id, releaseId), eq(contentReleases.status, "scheduled")))
      .returning({ name: contentReleases.name });
    if (!release) return refuse(409, "That release is no longer scheduled.");
    await recordAudit(tx, {
      action: "content_schedule_cancelled",
      actorId: actor.user.id,
      actorLabel: actor.user.email,
      ip: actor.ip,
      target: `release:${releaseId}`,
      details: { release: releaseId, name: release.name },
    });
    return { ok: true as const };
  });
}

/**
 * Publishes a release now: every step in one transaction, or none. A step that cannot go (a
 * draft that fails today's rules, someone published over it) fails the release, which is marked
 * failed with the reason; nothing of it is live.
 */
export async function publishRelease(
  db: Db,
  releaseId: number,
  actor: Actor | null,
  context: ApplyContext,
): Promise<{ ok: true } | Refusal> {
  let name = "";
  const result = await refusable(db, async (tx) => {
    const [release] = await tx
      .select()
      .from(contentReleases)
      .where(eq(contentReleases.id, releaseId))
      .for("update");
    if (!release) throw new RefusedError(refuse(404, "Release not found."));
    name = release.name;
    if (release.status !== "scheduled") {
      throw new RefusedError(refuse(409, `That release is ${release.status}, not scheduled.`));
    }
    const steps = await tx
      .select()
      .from(contentReleaseItems)
      .where(eq(contentReleaseItems.releaseId, releaseId))
      .orderBy(asc(contentReleaseItems.id));
    for (const step of steps) {
      const kind = kindOf(step.contentType as ContentType);
      if (step.action === "publish" && step.versionId) {
        await publishInTx(tx, kind, step.versionId, actor, context);
        continue;
      }
      await lockItem(tx, kind.type, step.contentId);
      await ensureHead(tx, kind, step.contentId);
      if (!(await kind.unpublish?.(tx, step.contentId))) {
        throw new RefusedError(refuse(404, `${kind.type} ${step.contentId} no longer exists.`));
      }
      await recordPublished(tx, kind, step.contentId, actor, "Taken off the site");
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
  });
  if (result.ok) return { ok: true };
  // Not scheduled any more (published by another instance, cancelled): nothing to record.
  if (result.status === 409 && result.error.startsWith("That release is")) return result;
  if (result.status === 404 && result.error === "Release not found.") return result;
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
  return result;
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
    const result = await publishRelease(db, release.id, null, context);
    if (result.ok) published += 1;
    else if (!result.error.startsWith("That release is")) failed += 1;
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
  return releases.map((r) => ({
    id: r.id,
    name: r.name,
    publishAt: r.publishAt.toISOString(),
    status: r.status,
    error: r.error,
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
