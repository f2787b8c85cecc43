// Content history (issue 33): drafts, publish, conflicts, restore, old schemas, releases, preview
// links and retention, on the seeded database.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { getHomepageContent } from "#app/domain/content/content.server.ts";
import { updateHomepageSection } from "#app/domain/content/homepage-editor.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  auditLog,
  contentHeads,
  contentReleases,
  contentVersions,
  courses,
  heroSlides,
  siteSettings,
  users,
} from "#app/platform/db/schema.ts";
import { withPreview } from "#app/platform/preview-scope.server.ts";
import { listAudit } from "#app/web/audit-log.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { findCourse } from "../training/courses.server.ts";
import { CONTENT_TYPES } from "./history.ts";
import { itemState } from "./item-state.server.ts";
import { kindOf } from "./kinds.server.ts";
import { createPreviewLink, resolvePreview, revokePreviewLink } from "./preview-links.server.ts";
import {
  cancelRelease,
  listReleases,
  publishDueReleases,
  publishRelease,
  scheduleSteps,
  unscheduleStep,
} from "./releases.server.ts";
import {
  type ContentKind,
  discardDraft,
  getVersion,
  listVersions,
  liveAndDraft,
  pruneDrafts,
  publishVersion,
  restoreVersion,
  saveDraft,
} from "./versions.server.ts";

let database: Database;
let actor: Actor;
let other: Actor;
const context = { today: "2026-11-28" };
const env = { PREVIEW_SECRET: undefined };
const hero = kindOf("homepage_section");
const course = kindOf("course");

beforeEach(async () => {
  database = await createTestDatabase();
  const [admin] = await database.db.select().from(users).where(eq(users.username, "admin"));
  actor = {
    user: { id: (admin as { id: number }).id, email: "admin@example.com" },
    ip: "127.0.0.1",
  };
  const [manager] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, "manager@example.com"));
  other = {
    user: { id: (manager as { id: number }).id, email: "manager@example.com" },
    ip: "10.0.0.2",
  };
});
afterEach(async () => {
  await database?.close().catch(() => {});
});

async function heroDraft(heading: string, by = actor, baseVersionId?: number) {
  const live = await hero.read(database.db, "hero");
  const result = await saveDraft(database.db, hero, "hero", { ...live, heading }, by, {
    baseVersionId,
  });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** The seeded security+ course's id and its live record. */
async function securityPlus() {
  const [row] = await database.db
    .select()
    .from(courses)
    .where(eq(courses.slug, "comptia-security-plus"));
  const id = String((row as { id: number }).id);
  return { id, live: (await course.read(database.db, id)) as Record<string, unknown> };
}

describe("drafts and publishing", () => {
  it("history begins for every item at the seed, so every form knows the version it started from", async () => {
    const heads = await database.db
      .select({ type: contentHeads.contentType, n: sql<number>`count(*)::int` })
      .from(contentHeads)
      .groupBy(contentHeads.contentType);
    const byType = Object.fromEntries(heads.map((h) => [h.type, h.n]));
    for (const type of CONTENT_TYPES) expect(byType[type], type).toBeGreaterThan(0);
    expect(byType.homepage_section).toBe(6);
    expect(byType.brand_settings).toBe(1);
  });

  it("a draft is not live; publishing makes it live and keeps the old version in the history", async () => {
    const before = (await getHomepageContent(database.db)).hero?.heading;
    const draft = await heroDraft("A new hero heading");
    expect((await getHomepageContent(database.db)).hero?.heading).toBe(before);
    const state = await liveAndDraft(database.db, "homepage_section", "hero");
    expect(state.draft?.id).toBe(draft.version.id);
    expect(state.live?.note).toBe("As it was when history began");

    const published = await publishVersion(database.db, hero, draft.version.id, actor, context);
    expect(published.ok).toBe(true);
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("A new hero heading");
    const { versions } = await listVersions(database.db, "homepage_section", "hero", { limit: 10 });
    expect(versions.map((v) => [v.status, v.live])).toEqual([
      ["published", true],
      ["published", false],
    ]);
    expect((versions[1] as { id: number }).id).toBe(state.live?.id);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_published"));
    expect(audit).toHaveLength(1);
    expect((await liveAndDraft(database.db, "homepage_section", "hero")).draft).toBeNull();
  });

  it("a write through the JSON API publishes and is recorded, the state before it kept", async () => {
    await updateHomepageSection(
      database.db,
      "hero",
      { heading: "From the API" },
      {
        actorId: actor.user.id,
        actorLabel: actor.user.email,
        ip: "127.0.0.1",
      },
    );
    const { versions } = await listVersions(database.db, "homepage_section", "hero", { limit: 10 });
    expect(versions).toHaveLength(2);
    const newest = await getVersion(database.db, (versions[0] as { id: number }).id);
    expect(newest?.data.heading).toBe("From the API");
    expect(newest?.live).toBe(true);
    expect(newest?.authorLabel).not.toBe("System");
  });

  it("a draft saved on top of a version someone else published is kept, flagged and not published silently", async () => {
    const mine = await heroDraft("Mine");
    const theirs = await heroDraft("Theirs", other);
    expect((await publishVersion(database.db, hero, theirs.version.id, other, context)).ok).toBe(
      true,
    );

    // Saving again from the form I opened before their publish: kept, and I am told.
    const again = await heroDraft("Mine, again", actor, mine.version.baseVersionId ?? undefined);
    expect(again.conflict).toBe(true);
    const refused = await publishVersion(database.db, hero, again.version.id, actor, context);
    expect(refused).toMatchObject({
      ok: false,
      reason: "conflict",
      liveVersionId: theirs.version.id,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Theirs");
    expect((await liveAndDraft(database.db, "homepage_section", "hero")).draft?.id).toBe(
      again.version.id,
    );

    // Having compared, I publish over theirs, naming the version I saw.
    const over = await publishVersion(
      database.db,
      hero,
      again.version.id,
      actor,
      context,
      theirs.version.id,
    );
    expect(over.ok).toBe(true);
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Mine, again");
  });

  it("twenty publishes of one draft at once: exactly one wins, the rest are told", async () => {
    const draft = await heroDraft("Raced");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        publishVersion(database.db, hero, draft.version.id, actor, context),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ reason: "conflict" });
  });

  it("two admins publishing two drafts of one item at once: one wins, the other is told and keeps the draft", async () => {
    const a = await heroDraft("Admin A");
    const b = await heroDraft("Admin B", other);
    const [ra, rb] = await Promise.all([
      publishVersion(database.db, hero, a.version.id, actor, context),
      publishVersion(database.db, hero, b.version.id, other, context),
    ]);
    expect([ra.ok, rb.ok].filter(Boolean)).toHaveLength(1);
    const loser = ra.ok ? rb : ra;
    expect(loser).toMatchObject({ ok: false, reason: "conflict" });
    const lost = ra.ok ? b : a;
    const row = await getVersion(database.db, lost.version.id);
    expect(row?.status).toBe("draft");
  });

  it("a publish closes its author's earlier drafts, never another admin's", async () => {
    const mine = await heroDraft("Mine, first save");
    const theirs = await heroDraft("Theirs", other);
    const mineAgain = await heroDraft("Mine, second save");
    const published = await publishVersion(database.db, hero, mineAgain.version.id, actor, context);
    expect(published.ok).toBe(true);
    expect((await getVersion(database.db, mine.version.id))?.status).toBe("discarded");
    // Their draft is still theirs to publish, and its Publish says that mine went out since.
    expect((await getVersion(database.db, theirs.version.id))?.status).toBe("draft");
    expect((await liveAndDraft(database.db, "homepage_section", "hero")).draft?.id).toBe(
      theirs.version.id,
    );
    const refused = await publishVersion(database.db, hero, theirs.version.id, other, context);
    expect(refused).toMatchObject({ ok: false, reason: "conflict" });
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Mine, second save");
  });

  it("a draft that fails today's rules is not published, and nothing changes", async () => {
    const { id, live } = await securityPlus();
    const draft = await saveDraft(database.db, course, id, { ...live, priceCents: 123_400 }, actor);
    if (!draft.ok) throw new Error(draft.error);
    // Meanwhile the course's instructor leaves: the draft names nobody who can teach it.
    await database.db
      .update(users)
      .set({ disabled: true })
      .where(eq(users.id, Number(live.instructorId)));
    const refused = await publishVersion(
      database.db,
      course,
      draft.value.version.id,
      actor,
      context,
    );
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect((await getVersion(database.db, draft.value.version.id))?.status).toBe("draft");
    const after = await course.read(database.db, id);
    expect(after?.priceCents).toBe(live.priceCents);
  });

  it("a draft with bad data is refused before it is saved", async () => {
    const live = await hero.read(database.db, "hero");
    const result = await saveDraft(database.db, hero, "hero", { ...live, heading: "" }, actor);
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    // Only the first version, made when history began (the seed), is there.
    const { versions } = await listVersions(database.db, "homepage_section", "hero", { limit: 5 });
    expect(versions.map((v) => v.note)).toEqual(["As it was when history began"]);
  });

  it("discard drops the draft; the version stays in the history as discarded", async () => {
    const draft = await heroDraft("Dropped");
    expect((await discardDraft(database.db, hero, "hero", actor)).ok).toBe(true);
    expect((await liveAndDraft(database.db, "homepage_section", "hero")).draft).toBeNull();
    expect((await getVersion(database.db, draft.version.id))?.status).toBe("discarded");
    expect(await discardDraft(database.db, hero, "hero", actor)).toMatchObject({
      reason: "conflict",
    });
  });
});

describe("what the screens say of drafts (issue 43)", () => {
  it("an item is named by its live title while a draft renames it", async () => {
    const slide = kindOf("hero_slide");
    const [row] = await database.db.select().from(heroSlides).limit(1);
    const id = String((row as { id: number }).id);
    const live = (await slide.read(database.db, id)) as Record<string, unknown>;
    const draft = await saveDraft(database.db, slide, id, { ...live, title: "Renamed" }, actor);
    expect(draft.ok).toBe(true);
    const state = await itemState(database.db, slide, id);
    expect(state?.title).toBe(live.title);
    expect(state?.draft?.id).toBe(draft.ok ? draft.value.version.id : 0);
  });

  it("saving a draft is in the audit log, and release times read in the company's zone", async () => {
    const draft = await heroDraft("Audited");
    const conflicted = await heroDraft("Audited again", actor, draft.version.id);
    const saved = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_draft_saved"));
    expect(saved.map((a) => [a.target, a.details, a.actorId])).toEqual([
      ["homepage_section:hero", { version: draft.version.id }, actor.user.id],
      ["homepage_section:hero", { version: conflicted.version.id, conflict: true }, actor.user.id],
    ]);
    await scheduleSteps(
      database.db,
      { name: "Morning launch", publishAt: new Date("2026-11-29T14:00:00Z") },
      [{ type: "homepage_section", id: "hero", action: "publish", versionId: draft.version.id }],
      actor,
      new Date("2026-11-28T12:00:00Z"),
    );
    const summaries = async () => (await listAudit(database.db, 10)).map((e) => e.summary);
    expect(await summaries()).toEqual(
      expect.arrayContaining([
        'Scheduled the release "Morning launch" for November 29, 2026, 8:00 AM CST',
        `Saved a draft (version ${draft.version.id}) of homepage section hero`,
        `Saved a draft (version ${conflicted.version.id}) of homepage section hero on top of an older version than the live one`,
      ]),
    );
    await database.db
      .update(siteSettings)
      .set({ value: "America/New_York" })
      .where(eq(siteSettings.key, "time_zone"));
    expect(await summaries()).toContain(
      'Scheduled the release "Morning launch" for November 29, 2026, 9:00 AM EST',
    );
  });
});

describe("restore", () => {
  it("makes a draft of an old version and never publishes it; the live version stays", async () => {
    const first = await heroDraft("First");
    await publishVersion(database.db, hero, first.version.id, actor, context);
    const second = await heroDraft("Second");
    await publishVersion(database.db, hero, second.version.id, actor, context);

    const restored = await restoreVersion(database.db, hero, first.version.id, actor);
    if (!restored.ok) throw new Error(restored.error);
    expect(restored.value.version.status).toBe("draft");
    expect(restored.value.version.restoredFromId).toBe(first.version.id);
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Second");
    expect((await getVersion(database.db, second.version.id))?.live).toBe(true);
  });

  it("refuses a version of another type", async () => {
    const draft = await heroDraft("Hero");
    const result = await restoreVersion(database.db, course, draft.version.id, actor);
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("reads a version written by an older schema through the kind's upgrade", async () => {
    const old = await heroDraft("Old shape");
    // The version as an older release wrote it: the heading was called "title" then.
    await database.db
      .update(contentVersions)
      .set({
        schemaVersion: 1,
        data: { title: "Old shape", subheading: "", buttonText: "", backgroundImage: "" },
      })
      .where(eq(contentVersions.id, old.version.id));
    const migrated: ContentKind = {
      ...hero,
      schemaVersion: 2,
      upgrades: { 1: ({ title, ...rest }) => ({ ...rest, heading: title }) },
    };
    const restored = await restoreVersion(database.db, migrated, old.version.id, actor);
    if (!restored.ok) throw new Error(restored.error);
    expect(restored.value.version.data).toMatchObject({ heading: "Old shape" });
    expect(restored.value.version.schemaVersion).toBe(2);

    // Without a way to read it, or written by a newer release: refused with the reason.
    expect(
      await restoreVersion(database.db, { ...hero, schemaVersion: 2 }, old.version.id, actor),
    ).toMatchObject({
      reason: "unprocessable",
    });
    await database.db
      .update(contentVersions)
      .set({ schemaVersion: 9 })
      .where(eq(contentVersions.id, old.version.id));
    expect(await restoreVersion(database.db, hero, old.version.id, actor)).toMatchObject({
      reason: "unprocessable",
      error: expect.stringContaining("newer release"),
    });
  });
});

describe("scheduled releases", () => {
  it("publishes several drafts together when due, and not before", async () => {
    const heading = await heroDraft("Launch day");
    const { id, live } = await securityPlus();
    const price = await saveDraft(database.db, course, id, { ...live, priceCents: 299_500 }, actor);
    if (!price.ok) throw new Error(price.error);
    const now = new Date("2026-11-28T12:00:00Z");
    const at = new Date("2026-11-29T14:00:00Z");
    const scheduled = await scheduleSteps(
      database.db,
      { name: "Launch", publishAt: at },
      [
        { type: "homepage_section", id: "hero", action: "publish", versionId: heading.version.id },
        { type: "course", id, action: "publish", versionId: price.value.version.id },
      ],
      actor,
      now,
    );
    expect(scheduled.ok).toBe(true);

    expect(await publishDueReleases(database.db, now, context)).toEqual({
      releasesPublished: 0,
      releasesFailed: 0,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).not.toBe("Launch day");
    // The server was down at 14:00; the start-up run at 16:00 publishes what is overdue.
    expect(
      await publishDueReleases(database.db, new Date("2026-11-29T16:00:00Z"), context),
    ).toEqual({
      releasesPublished: 1,
      releasesFailed: 0,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Launch day");
    expect((await course.read(database.db, id))?.priceCents).toBe(299_500);
  });

  it("a release with one step that cannot go publishes nothing and is marked failed", async () => {
    const heading = await heroDraft("Not alone");
    const { id, live } = await securityPlus();
    const price = await saveDraft(database.db, course, id, { ...live, priceCents: 100_000 }, actor);
    if (!price.ok) throw new Error(price.error);
    await scheduleSteps(
      database.db,
      { name: "Doomed", publishAt: new Date("2026-11-29T14:00:00Z") },
      [
        { type: "homepage_section", id: "hero", action: "publish", versionId: heading.version.id },
        { type: "course", id, action: "publish", versionId: price.value.version.id },
      ],
      actor,
      new Date("2026-11-28T12:00:00Z"),
    );
    // Someone publishes the course over the pinned draft's base meanwhile.
    const theirs = await saveDraft(
      database.db,
      course,
      id,
      { ...live, priceCents: 111_100 },
      other,
    );
    if (!theirs.ok) throw new Error(theirs.error);
    await publishVersion(database.db, course, theirs.value.version.id, other, context);

    expect(
      await publishDueReleases(database.db, new Date("2026-11-29T14:01:00Z"), context),
    ).toEqual({
      releasesPublished: 0,
      releasesFailed: 1,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).not.toBe("Not alone");
    expect((await getVersion(database.db, heading.version.id))?.status).toBe("draft");
    const failed = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_release_failed"));
    expect(failed).toHaveLength(1);
  });

  it("refuses a time in the past, a step without a draft, and a cancelled release never goes", async () => {
    const heading = await heroDraft("Later");
    const now = new Date("2026-11-28T12:00:00Z");
    const step = { type: "homepage_section" as const, id: "hero", action: "publish" as const };
    expect(
      await scheduleSteps(
        database.db,
        { name: "Past", publishAt: new Date("2026-11-28T11:59:00Z") },
        [{ ...step, versionId: heading.version.id }],
        actor,
        now,
      ),
    ).toMatchObject({ ok: false, reason: "invalid" });
    expect(
      await scheduleSteps(
        database.db,
        { name: "None", publishAt: new Date("2026-11-29T00:00:00Z") },
        [{ ...step, versionId: 999_999 }],
        actor,
        now,
      ),
    ).toMatchObject({ ok: false, reason: "conflict" });
    const release = await scheduleSteps(
      database.db,
      { name: "Cancelled", publishAt: new Date("2026-11-29T00:00:00Z") },
      [{ ...step, versionId: heading.version.id }],
      actor,
      now,
    );
    if (!release.ok) throw new Error(release.error);
    expect((await cancelRelease(database.db, release.value, actor)).ok).toBe(true);
    expect(
      (await publishDueReleases(database.db, new Date("2026-11-30T00:00:00Z"), context))
        .releasesPublished,
    ).toBe(0);
    expect((await getHomepageContent(database.db)).hero?.heading).not.toBe("Later");
  });

  it("takes a slide off the site at its time", async () => {
    const slide = kindOf("hero_slide");
    const [first] = await database.db
      .select({ id: heroSlides.id })
      .from(heroSlides)
      .where(eq(heroSlides.isActive, true));
    const id = String((first as { id: number }).id);
    await scheduleSteps(
      database.db,
      { name: "Promotion ends", publishAt: new Date("2026-11-29T00:00:00Z") },
      [{ type: "hero_slide", id, action: "unpublish" }],
      actor,
      new Date("2026-11-28T12:00:00Z"),
    );
    await publishDueReleases(database.db, new Date("2026-11-29T00:00:30Z"), context);
    expect((await slide.read(database.db, id))?.isActive).toBe(false);
    const state = await liveAndDraft(database.db, "hero_slide", id);
    expect(state.live?.note).toBe("Taken off the site");
  });
});

describe("a release goes out whole or not at all (issue 43)", () => {
  const DAY = 86_400_000;
  const now = new Date();
  const publishAt = new Date(now.getTime() + 91.5 * DAY);
  const due = new Date(now.getTime() + 92 * DAY);

  /** A hero heading and a course price, drafted today and scheduled together in 91.5 days. */
  async function launch() {
    const heading = await heroDraft("Launch day, 91 days on");
    const { id, live } = await securityPlus();
    const price = await saveDraft(database.db, course, id, { ...live, priceCents: 299_500 }, actor);
    if (!price.ok) throw new Error(price.error);
    const scheduled = await scheduleSteps(
      database.db,
      { name: "Launch", publishAt },
      [
        { type: "homepage_section", id: "hero", action: "publish", versionId: heading.version.id },
        { type: "course", id, action: "publish", versionId: price.value.version.id },
      ],
      actor,
      now,
    );
    if (!scheduled.ok) throw new Error(scheduled.error);
    return {
      releaseId: scheduled.value,
      heading,
      price: price.value,
      courseId: id,
      livePrice: live.priceCents,
    };
  }

  async function release(id: number) {
    const [row] = await database.db
      .select()
      .from(contentReleases)
      .where(eq(contentReleases.id, id));
    return row as typeof contentReleases.$inferSelect;
  }

  /** Nothing of the release is live: the old heading and price, both drafts still drafts. */
  async function expectNothingLive(l: Awaited<ReturnType<typeof launch>>) {
    expect((await getHomepageContent(database.db)).hero?.heading).not.toBe(
      "Launch day, 91 days on",
    );
    expect((await course.read(database.db, l.courseId))?.priceCents).toBe(l.livePrice);
    const remaining = [l.heading.version.id, l.price.version.id];
    for (const id of remaining) {
      const version = await getVersion(database.db, id);
      if (version) expect(version.status).toBe("draft");
    }
  }

  it("a release whose drafts are aged past retention is not pruned and still publishes whole", async () => {
    const l = await launch();
    expect((await release(l.releaseId)).itemCount).toBe(2);
    // A draft of another item, never scheduled, is pruned as before.
    const [slide] = await database.db.select().from(heroSlides).limit(1);
    const slideId = String((slide as { id: number }).id);
    const slideLive = await kindOf("hero_slide").read(database.db, slideId);
    const loose = await saveDraft(
      database.db,
      kindOf("hero_slide"),
      slideId,
      { ...slideLive, title: "Nobody scheduled me" },
      actor,
    );
    if (!loose.ok) throw new Error(loose.error);

    // The clean-up runs 91 days later, before the release's time.
    expect(await pruneDrafts(database.db, new Date(now.getTime() + 91 * DAY))).toBe(1);
    expect(await getVersion(database.db, loose.value.version.id)).toBeNull();
    expect(await getVersion(database.db, l.heading.version.id)).not.toBeNull();
    expect(await getVersion(database.db, l.price.version.id)).not.toBeNull();
    expect((await release(l.releaseId)).status).toBe("scheduled");

    expect(await publishDueReleases(database.db, due, context)).toEqual({
      releasesPublished: 1,
      releasesFailed: 0,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Launch day, 91 days on");
    expect((await course.read(database.db, l.courseId))?.priceCents).toBe(299_500);
    expect((await release(l.releaseId)).status).toBe("published");
  });

  it("a pinned draft deleted by SQL fails the release with the reason, and nothing of it goes live", async () => {
    const l = await launch();
    await database.db.execute(sql`delete from content_versions where id = ${l.heading.version.id}`);

    const failed = await release(l.releaseId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("homepage_section hero");
    expect(await publishDueReleases(database.db, due, context)).toEqual({
      releasesPublished: 0,
      releasesFailed: 0,
    });
    await expectNothingLive(l);
    // The screen names the item as editors know it; "Publish now" is refused with the reason.
    const [shown] = (await listReleases(database.db)).filter((r) => r.id === l.releaseId);
    expect(shown?.error).toBe(
      'The homepage section "Hero section" was taken out of it before it went out (its draft or its place in the release was deleted outside the editor), so nothing in it was published.',
    );
    expect(shown?.steps.map((s) => s.type)).toEqual(["course"]);
    expect(await publishRelease(database.db, l.releaseId, actor, context)).toMatchObject({
      ok: false,
      reason: "conflict",
      error: expect.stringMatching(
        /^That release has failed\. The homepage section "Hero section"/,
      ),
    });
    await expectNothingLive(l);
  });

  it("a release item deleted by SQL fails the release the same way", async () => {
    const l = await launch();
    await database.db.execute(
      sql`delete from content_release_items where release_id = ${l.releaseId} and content_type = 'course'`,
    );
    expect((await release(l.releaseId)).status).toBe("failed");
    expect((await publishDueReleases(database.db, due, context)).releasesPublished).toBe(0);
    await expectNothingLive(l);
    const [shown] = (await listReleases(database.db)).filter((r) => r.id === l.releaseId);
    expect(shown?.error).toMatch(/^The course "CompTIA Security\+[^"]*" was taken out of it/);
  });

  it("taking one step of two out on purpose still publishes the other", async () => {
    const l = await launch();
    // Scheduling the heading again into the same release replaces its step: still two items.
    const again = await heroDraft("Launch day, 91 days on");
    expect(
      (
        await scheduleSteps(
          database.db,
          { releaseId: l.releaseId },
          [
            {
              type: "homepage_section",
              id: "hero",
              action: "publish",
              versionId: again.version.id,
            },
          ],
          actor,
          now,
        )
      ).ok,
    ).toBe(true);
    expect((await release(l.releaseId)).itemCount).toBe(2);

    expect((await unscheduleStep(database.db, l.releaseId, "course", l.courseId, actor)).ok).toBe(
      true,
    );
    const left = await release(l.releaseId);
    expect([left.status, left.itemCount, left.error]).toEqual(["scheduled", 1, null]);

    expect(await publishDueReleases(database.db, due, context)).toEqual({
      releasesPublished: 1,
      releasesFailed: 0,
    });
    expect((await getHomepageContent(database.db)).hero?.heading).toBe("Launch day, 91 days on");
    expect((await course.read(database.db, l.courseId))?.priceCents).toBe(l.livePrice);
    expect((await getVersion(database.db, l.price.version.id))?.status).toBe("draft");
  });

  it("a release whose steps no longer match its count, or whose step lost its draft, is refused and marked failed", async () => {
    const l = await launch();
    // A step taken out where the trigger did not see it (the flag set by hand).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.unscheduling', 'on', true)`);
      await tx.execute(
        sql`delete from content_release_items where release_id = ${l.releaseId} and content_type = 'course'`,
      );
    });
    expect((await release(l.releaseId)).status).toBe("scheduled");
    expect(await publishDueReleases(database.db, due, context)).toEqual({
      releasesPublished: 0,
      releasesFailed: 1,
    });
    await expectNothingLive(l);
    const failed = await release(l.releaseId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(
      "It was scheduled with 2 items and has 1 item now (changed outside the editor), so nothing in it was published.",
    );
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content_release_failed"));
    expect(audited.map((a) => a.details)).toEqual([
      { release: l.releaseId, name: "Launch", error: failed.error },
    ]);

    // A publish step whose pinned draft is unset: refused, never taken for something else.
    const other = await launch();
    await database.db.execute(
      sql`update content_release_items set version_id = null where release_id = ${other.releaseId} and content_type = 'homepage_section'`,
    );
    const refused = await publishRelease(database.db, other.releaseId, actor, context);
    expect(refused).toMatchObject({
      ok: false,
      error:
        'The draft of the homepage section "Hero section" it was to publish is gone, so nothing in it was published.',
    });
    expect((await release(other.releaseId)).status).toBe("failed");
    await expectNothingLive(other);
  });
});

describe("preview links", () => {
  it("shows the pinned version to anyone with the link; forged, expired and revoked links do not work", async () => {
    const { id, live } = await securityPlus();
    const draft = await saveDraft(database.db, course, id, { ...live, priceCents: 199_900 }, actor);
    if (!draft.ok) throw new Error(draft.error);
    const now = new Date();
    const link = await createPreviewLink(database.db, env, draft.value.version.id, actor, {
      shared: true,
    });
    if (!link.ok) throw new Error(link.error);
    const found = await resolvePreview(database.db, env, link.value.token, now);
    if (!found.ok) throw new Error(found.error);
    expect(found.value).toMatchObject({ type: "course", id, versionId: draft.value.version.id });
    expect(found.value.path).toBe("/certification-training/comptia-security-plus");

    // The course reads show the draft inside the preview, the live record outside it.
    const previewed = await withPreview(found, () =>
      findCourse(database.db, "comptia-security-plus"),
    );
    expect(previewed?.priceCents).toBe(199_900);
    expect((await findCourse(database.db, "comptia-security-plus"))?.priceCents).toBe(
      live.priceCents,
    );

    const [linkId, expires, signature] = link.value.token.split(".") as [string, string, string];
    const forged = `${linkId}.${expires}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(await resolvePreview(database.db, env, forged, now)).toMatchObject({
      reason: "not-found",
    });
    const longer = `${linkId}.${Number(expires) + 3600}.${signature}`;
    expect(await resolvePreview(database.db, env, longer, now)).toMatchObject({
      reason: "not-found",
    });
    expect(await resolvePreview(database.db, env, "not-a-token", now)).toMatchObject({
      reason: "not-found",
    });
    const later = new Date(now.getTime() + 73 * 3_600_000);
    expect(await resolvePreview(database.db, env, link.value.token, later)).toMatchObject({
      reason: "gone",
    });
    // Another secret (another installation) does not accept it.
    expect(
      await resolvePreview(database.db, { PREVIEW_SECRET: "x".repeat(40) }, link.value.token, now),
    ).toMatchObject({ reason: "not-found" });

    expect(
      await revokePreviewLink(
        database.db,
        link.value.linkId,
        { type: "homepage_section", id: "hero" },
        actor,
      ),
    ).toMatchObject({ reason: "not-found" });
    expect(
      (await revokePreviewLink(database.db, link.value.linkId, { type: "course", id }, actor)).ok,
    ).toBe(true);
    expect(await resolvePreview(database.db, env, link.value.token, now)).toMatchObject({
      reason: "gone",
    });
    const audited = await database.db.select({ action: auditLog.action }).from(auditLog);
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["content_preview_shared", "content_preview_revoked"]),
    );
  });
});

describe("retention", () => {
  it("prunes drafts never published after 90 days, and keeps published versions", async () => {
    const old = await heroDraft("Old draft");
    const published = await heroDraft("Published");
    await publishVersion(database.db, hero, published.version.id, actor, context);
    const kept = await heroDraft("Recent draft");
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    await database.db
      .update(contentVersions)
      .set({ createdAt: longAgo })
      .where(eq(contentVersions.contentId, "hero"));
    await database.db
      .update(contentVersions)
      .set({ createdAt: new Date() })
      .where(eq(contentVersions.id, kept.version.id));
    expect(await pruneDrafts(database.db, new Date())).toBe(1);
    expect(await getVersion(database.db, old.version.id)).toBeNull();
    expect(await getVersion(database.db, published.version.id)).not.toBeNull();
    expect(await getVersion(database.db, kept.version.id)).not.toBeNull();
  });
});
