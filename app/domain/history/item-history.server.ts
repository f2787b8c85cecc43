// One item's history as its screen (/admin/history/{type}/{id}) shows it: the item a history
// address names, what is live, the draft, what is scheduled, the versions a page at a time, the
// shared preview links, and two versions compared.

import type { Db } from "#app/platform/db/client.server.ts";
import { compareData } from "./compare.server.ts";
import { type FieldChange, isContentType, VERSION_PAGE_SIZE } from "./history.ts";
import { itemState } from "./item-state.server.ts";
import { kindOf } from "./kinds.server.ts";
import { sharedLinksOf } from "./preview-links.server.ts";
import { listReleases } from "./releases.server.ts";
import { type ContentKind, getVersion, listVersions } from "./versions.server.ts";

/** The item a history address names (its kind's type name and the item's id), or null. */
export function historyItemOf(address: { type?: string; id?: string }) {
  const type = address.type;
  const id = address.id ?? "";
  if (!isContentType(type) || !/^[a-z0-9_-]{1,40}$/i.test(id)) return null;
  return { kind: kindOf(type), id };
}

/**
 * An item's history: its state (null once deleted), a page of its versions, its shared preview
 * links still working at `now`, and the scheduled releases a step can join. Null when there is
 * no such item and never was (no version either).
 */
export async function itemHistory(
  db: Db,
  kind: ContentKind,
  id: string,
  options: { page: number; now: Date },
) {
  const [state, list, links, releases] = await Promise.all([
    itemState(db, kind, id),
    listVersions(db, kind.type, id, {
      limit: VERSION_PAGE_SIZE,
      offset: (options.page - 1) * VERSION_PAGE_SIZE,
    }),
    sharedLinksOf(db, kind.type, id, options.now),
    listReleases(db, 0),
  ]);
  if (!state && list.total === 0) return null;
  return {
    state,
    versions: list.versions,
    total: list.total,
    links,
    releases: releases.map((r) => ({ id: r.id, name: r.name, publishAt: r.publishAt })),
  };
}

/** Two versions of this item compared (older first); null when either is not one of its own. */
export async function compareVersions(db: Db, kind: ContentKind, id: string, a: number, b: number) {
  const [older, newer] = await Promise.all([
    getVersion(db, Math.min(a, b)),
    getVersion(db, Math.max(a, b)),
  ]);
  const mine = (v: typeof older) => v && v.contentType === kind.type && v.contentId === id;
  if (!mine(older) || !mine(newer) || !older || !newer) return null;
  const summary = ({ data: _, ...v }: NonNullable<typeof older>) => v;
  const changes: FieldChange[] = compareData(older.data, newer.data);
  return { older: summary(older), newer: summary(newer), changes };
}

export type ItemHistory = NonNullable<Awaited<ReturnType<typeof itemHistory>>>;
export type VersionComparison = NonNullable<Awaited<ReturnType<typeof compareVersions>>>;
