// An item at a glance (decision 0021): its live version, its draft, what is scheduled; what the
// editors' history line and the history screen show. Knows no kind of content by name, so the
// areas' editors can read it without an import circle.
import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { contentReleaseItems, contentReleases, contentVersions } from "#app/platform/db/schema.ts";
import { parseId } from "#app/platform/ids.ts";
import type { ContentType, ItemState, ScheduledStep } from "./history.ts";
import { type ContentKind, liveAndDraft, saveDraft } from "./versions.server.ts";

/** What is scheduled for one item. */
export async function scheduledFor(
  db: Db,
  type: ContentType,
  id: string,
): Promise<ScheduledStep[]> {
  const rows = await db
    .select({
      releaseId: contentReleases.id,
      releaseName: contentReleases.name,
      publishAt: contentReleases.publishAt,
      action: contentReleaseItems.action,
      versionId: contentReleaseItems.versionId,
    })
    .from(contentReleaseItems)
    .innerJoin(contentReleases, eq(contentReleases.id, contentReleaseItems.releaseId))
    .where(
      and(
        eq(contentReleases.status, "scheduled"),
        eq(contentReleaseItems.contentType, type),
        eq(contentReleaseItems.contentId, id),
      ),
    )
    .orderBy(asc(contentReleases.publishAt));
  return rows.map((r) => ({
    ...r,
    publishAt: r.publishAt.toISOString(),
    action: r.action as ScheduledStep["action"],
  }));
}

/** An item at a glance (the editors' history line); null when there is no such item. */
export async function itemState(db: Db, kind: ContentKind, id: string): Promise<ItemState | null> {
  const [live, states, scheduled] = await Promise.all([
    kind.read(db, id),
    liveAndDraft(db, kind.type, id),
    scheduledFor(db, kind.type, id),
  ]);
  if (!live) return null;
  const { draft } = states;
  return {
    type: kind.type,
    id,
    // What visitors see names the item (the history screen's title), not a draft's change.
    title: kind.title(live, id) || `${kind.type} ${id}`,
    live: states.live,
    draft,
    conflict: Boolean(
      draft &&
        states.live &&
        draft.baseVersionId !== null &&
        draft.baseVersionId !== states.live.id,
    ),
    scheduled,
    editPath: kind.editPath(id),
    canUnpublish: Boolean(kind.unpublish),
  };
}

/** The open draft's data of an item, for its editor's form (null: the form shows what is live). */
export async function draftDataOf(db: Db, type: ContentType, id: string) {
  return (await liveAndDraft(db, type, id)).draftData;
}

/** The ids of a kind's items that have an open draft (a list screen's "draft" badges). */
export async function draftedIds(db: Db, type: ContentType): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: contentVersions.contentId })
    .from(contentVersions)
    .where(and(eq(contentVersions.contentType, type), eq(contentVersions.status, "draft")));
  return rows.map((r) => Number(r.id));
}

/**
 * What a list editor needs of the history (decision 0021): the open item's history line and
 * draft (the form shows the draft), and which items have drafts.
 */
export async function editorHistory(db: Db, kind: ContentKind, editing: number | null) {
  const id = editing ? String(editing) : null;
  const state = id ? await itemState(db, kind, id) : null;
  const draft = id && state?.draft ? await draftDataOf(db, kind.type, id) : null;
  return { state, draft, drafted: await draftedIds(db, kind.type) };
}

/**
 * What an editor's form posts beside the item's own fields (by name, as posted): the live
 * version it was opened on and the version's note.
 */
export interface PostedDraft {
  baseVersionId?: unknown;
  versionNote?: unknown;
}

/** An editor's Save: a draft on top of the live version the form was opened on (`baseVersionId`). */
export const saveEditorDraft = (
  db: Db,
  kind: ContentKind,
  id: number | string,
  value: unknown,
  actor: Actor,
  posted: PostedDraft,
) =>
  saveDraft(db, kind, String(id), value, actor, {
    baseVersionId: parseId(posted.baseVersionId),
    note: String(posted.versionNote ?? "").trim(),
  });

/**
 * An editor's Save of some of the item's fields (a homepage section, the brand's details): the
 * posted fields over the open draft, else over what is live.
 */
export async function saveFieldsDraft(
  db: Db,
  kind: ContentKind,
  id: string,
  fields: Record<string, unknown>,
  actor: Actor,
  posted: PostedDraft,
) {
  const current = (await draftDataOf(db, kind.type, id)) ?? (await kind.read(db, id)) ?? {};
  return saveEditorDraft(db, kind, id, { ...current, ...fields }, actor, posted);
}
