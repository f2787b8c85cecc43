// Preview links (decision 0021): a signed link to one version of one item, for someone not
// signed in (the owner on their phone). The token is `{link id}.{expiry}.{HMAC}`; the HMAC covers
// the link, the pinned version and the expiry, keyed by PREVIEW_SECRET or by a secret made at
// first start and kept in the database so that every instance shares it. A row per link makes
// it revocable and listable; shared links are audited when made and revoked.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { appSecrets, contentPreviewLinks, contentVersions } from "#app/platform/db/schema.ts";
import type { Env } from "#app/platform/env.server.ts";
import { type Success, success } from "#app/platform/result.ts";
import { type ContentType, OWN_PREVIEW_MINUTES, SHARED_PREVIEW_HOURS } from "./history.ts";
import { kindOf } from "./kinds.server.ts";
import { audit, type Refusal, refuse, upgradeData, type VersionData } from "./versions.server.ts";

const SECRET_NAME = "preview_hmac";
let cachedSecret: { db: Db; key: Buffer } | undefined;

/** The signing key: PREVIEW_SECRET, else the one kept in the database (made once, shared). */
async function previewKey(db: Db, env: Pick<Env, "PREVIEW_SECRET">): Promise<Buffer> {
  if (env.PREVIEW_SECRET) return Buffer.from(env.PREVIEW_SECRET);
  if (cachedSecret?.db === db) return cachedSecret.key;
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  const key = Buffer.from(String(row?.value));
  cachedSecret = { db, key };
  return key;
}

const sign = (key: Buffer, linkId: number, versionId: number, expires: number) =>
  createHmac("sha256", key)
    .update(`content-preview:${linkId}:${versionId}:${expires}`)
    .digest("base64url");

/** A preview link made: the token its address carries, when it stops working, its row. */
export interface PreviewLink {
  token: string;
  expiresAt: Date;
  linkId: number;
}

/** A new link to a draft (or any version). Shared: 72 hours, audited; own: an hour. */
export async function createPreviewLink(
  db: Db,
  env: Pick<Env, "PREVIEW_SECRET">,
  versionId: number,
  actor: Actor,
  options: { shared: boolean; type?: ContentType; now?: Date },
): Promise<Success<PreviewLink> | Refusal> {
  const now = options.now ?? new Date();
  const key = await previewKey(db, env);
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(contentVersions)
      .where(eq(contentVersions.id, versionId));
    if (!version) return refuse("not-found", "Version not found.");
    if (options.type && version.contentType !== options.type) {
      return refuse("invalid", `Version ${versionId} is not a ${options.type}.`);
    }
    const ms = options.shared ? SHARED_PREVIEW_HOURS * 3_600_000 : OWN_PREVIEW_MINUTES * 60_000;
    // Whole seconds: the expiry is part of the signed text.
    const expiresAt = new Date(Math.floor((now.getTime() + ms) / 1000) * 1000);
    const [link] = await tx
      .insert(contentPreviewLinks)
      .values({
        versionId,
        shared: options.shared,
        createdBy: actor.user.id,
        createdByLabel: actor.user.email,
        expiresAt,
      })
      .returning({ id: contentPreviewLinks.id });
    const linkId = (link as { id: number }).id;
    if (options.shared) {
      await audit(tx, actor, "content_preview_shared", version, {
        link: linkId,
        expiresAt: expiresAt.toISOString(),
      });
    }
    const expires = expiresAt.getTime() / 1000;
    return success({
      token: `${linkId}.${expires}.${sign(key, linkId, versionId, expires)}`,
      expiresAt,
      linkId,
    });
  });
}

/** Revokes a shared link of the item; the link stops working at once. */
export async function revokePreviewLink(
  db: Db,
  linkId: number,
  item: { type: ContentType; id: string },
  actor: Actor,
): Promise<Success<void> | Refusal> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        versionId: contentPreviewLinks.versionId,
        contentType: contentVersions.contentType,
        contentId: contentVersions.contentId,
      })
      .from(contentPreviewLinks)
      .innerJoin(contentVersions, eq(contentVersions.id, contentPreviewLinks.versionId))
      .where(and(eq(contentPreviewLinks.id, linkId), isNull(contentPreviewLinks.revokedAt)));
    if (!link || link.contentType !== item.type || link.contentId !== item.id) {
      return refuse("not-found", "That preview link does not exist or was already revoked.");
    }
    await tx
      .update(contentPreviewLinks)
      .set({ revokedAt: new Date() })
      .where(eq(contentPreviewLinks.id, linkId));
    await audit(
      tx,
      actor,
      "content_preview_revoked",
      { id: link.versionId, ...link },
      { link: linkId },
    );
    return success();
  });
}

export interface SharedLink {
  id: number;
  versionId: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** The item's shared links that still work. */
export async function sharedLinksOf(
  db: Db,
  type: ContentType,
  id: string,
  now: Date,
): Promise<SharedLink[]> {
  const versions = db
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(and(eq(contentVersions.contentType, type), eq(contentVersions.contentId, id)));
  const rows = await db
    .select()
    .from(contentPreviewLinks)
    .where(
      and(
        inArray(contentPreviewLinks.versionId, versions),
        eq(contentPreviewLinks.shared, true),
        isNull(contentPreviewLinks.revokedAt),
        gt(contentPreviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(contentPreviewLinks.id));
  return rows.map((r) => ({
    id: r.id,
    versionId: r.versionId,
    createdBy: r.createdByLabel,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** What a valid preview link shows: one version of one item, and the page that shows it. */
export interface ResolvedPreview {
  type: ContentType;
  id: string;
  versionId: number;
  title: string;
  data: VersionData;
  /** The public page of the item, or null: the preview page shows the fields. */
  path: string | null;
  authorLabel: string;
  createdAt: string;
}

const GONE = "This preview link has expired or been revoked. Ask for a new one.";

/** Checks a token; every failure is "not-found" (forged) or "gone" (expired, revoked). */
export async function resolvePreview(
  db: Db,
  env: Pick<Env, "PREVIEW_SECRET">,
  token: string,
  now: Date,
): Promise<Success<ResolvedPreview> | Refusal> {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return refuse("not-found", "This preview link is not valid.");
  const [, rawLink, rawExpires, signature] = match;
  const linkId = Number(rawLink);
  const expires = Number(rawExpires);
  if (linkId > 2_147_483_647) return refuse("not-found", "This preview link is not valid.");
  const [link] = await db
    .select({ link: contentPreviewLinks, version: contentVersions })
    .from(contentPreviewLinks)
    .innerJoin(contentVersions, eq(contentVersions.id, contentPreviewLinks.versionId))
    .where(eq(contentPreviewLinks.id, linkId));
  const key = await previewKey(db, env);
  const expected = Buffer.from(sign(key, linkId, link?.version.id ?? 0, expires));
  const given = Buffer.from(String(signature));
  if (!link || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse("not-found", "This preview link is not valid.");
  }
  if (link.link.expiresAt.getTime() / 1000 !== expires) {
    return refuse("not-found", "This preview link is not valid.");
  }
  if (link.link.revokedAt || link.link.expiresAt <= now) return refuse("gone", GONE);
  const kind = kindOf(link.version.contentType as ContentType);
  const data = upgradeData(kind, link.version);
  if (!data.ok) return refuse("gone", "This version can no longer be shown.");
  const id = link.version.contentId;
  return success({
    type: kind.type,
    id,
    versionId: link.version.id,
    title: kind.title(data.value, id),
    data: data.value,
    path: kind.previewPath(data.value, id),
    authorLabel: link.version.authorLabel,
    createdAt: link.version.createdAt.toISOString(),
  });
}
