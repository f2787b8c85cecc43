import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { kindOf } from "#app/domain/history/kinds.server.ts";
import { scheduleSteps } from "#app/domain/history/releases.server.ts";
import { saveDraft } from "#app/domain/history/versions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { images, rateLimits } from "#app/platform/db/schema.ts";
import { createScheduler } from "#app/platform/jobs/scheduler.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { storeLeadWithFile } from "#tests/support/leads.ts";
import { type CleanupDeps, runCleanup } from "./cleanup.server.ts";

const NOW = new Date("2026-04-20T15:00:00Z");
const TWO_HOURS_AGO = new Date(NOW.getTime() - 2 * 3600_000);
const TEN_MINUTES_AGO = new Date(NOW.getTime() - 10 * 60_000);
const settings = sessionSettings({ SESSION_IDLE_MINUTES: 480, SESSION_MAX_DAYS: 7 });
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };

let database: Database;
let dataDir: string;
let storage: Storage;
let deps: CleanupDeps;

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "cleanup-"));
  storage = createLocalStorage(join(dataDir, "uploads"));
  deps = {
    db: database.db,
    storage,
    sessions: settings,
    tempDirs: [join(dataDir, "tmp"), join(dataDir, "uploads", ".tmp")],
    logger,
  };
});

afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stores an object and dates its file. */
async function stored(key: string, at: Date) {
  await storage.put(key, Readable.from([`content of ${key}`]));
  utimesSync(join(dataDir, "uploads", key), at, at);
}

async function keys(): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(object.key);
  return found.sort();
}

const K = {
  leadFile: "leads/2026/04/11111111-1111-1111-1111-111111111111.pdf",
  oldOrphanLead: "leads/2026/04/22222222-2222-2222-2222-222222222222.pdf",
  freshOrphanLead: "leads/2026/04/33333333-3333-3333-3333-333333333333.png",
  image: "media/2026/04/44444444-4444-4444-4444-444444444444.png",
  imageVariant: "media/2026/04/44444444-4444-4444-4444-444444444444-480w.webp",
  oldOrphanImage: "media/2026/04/55555555-5555-5555-5555-555555555555.jpg",
  oldOrphanVariant: "media/2026/04/55555555-5555-5555-5555-555555555555-480w.webp",
  freshOrphanImage: "media/2026/04/66666666-6666-6666-6666-666666666666.png",
  // Not a prefix the clean-up knows: never touched.
  other: "exports/2026/report.csv",
};

describe("runCleanup", () => {
  it("removes old unreferenced uploads and temp files; keeps referenced and fresh ones", async () => {
    for (const key of [
      K.leadFile,
      K.oldOrphanLead,
      K.image,
      K.imageVariant,
      K.oldOrphanImage,
      K.oldOrphanVariant,
      K.other,
    ]) {
      await stored(key, TWO_HOURS_AGO);
    }
    await stored(K.freshOrphanLead, TEN_MINUTES_AGO);
    await stored(K.freshOrphanImage, TEN_MINUTES_AGO);
    await storeLeadWithFile(database, { objectKey: K.leadFile, size: 10 });
    await database.db.insert(images).values({
      objectKey: K.image,
      originalName: "team.png",
      altText: "",
      mimeType: "image/png",
      size: 10,
      width: 960,
      height: 480,
      variants: [{ width: 480, height: 240, key: K.imageVariant, size: 5 }],
    });
    mkdirSync(join(dataDir, "tmp"));
    for (const [name, at] of [
      ["old.upload", TWO_HOURS_AGO],
      ["fresh.upload", TEN_MINUTES_AGO],
    ] as const) {
      writeFileSync(join(dataDir, "tmp", name), "partial");
      utimesSync(join(dataDir, "tmp", name), at, at);
    }

    const report = await runCleanup(deps, { now: NOW });

    expect(report.orphansDeleted.sort()).toEqual(
      [K.oldOrphanLead, K.oldOrphanImage, K.oldOrphanVariant].sort(),
    );
    expect(report.tempFilesDeleted).toBe(1);
    expect(await keys()).toEqual(
      [K.leadFile, K.freshOrphanLead, K.image, K.imageVariant, K.freshOrphanImage, K.other].sort(),
    );
    expect(readdirSync(join(dataDir, "tmp"))).toEqual(["fresh.upload"]);
    // A second run finds nothing more.
    expect((await runCleanup(deps, { now: NOW })).orphansDeleted).toEqual([]);
  });

  it("purges sessions past their end and rate-limit windows older than a day", async () => {
    const [admin] = await query<{ id: number }>(
      database,
      "select id from users order by id limit 1",
    );
    const userId = admin?.id as number;
    await createSession(database.db, userId, settings, {}, NOW); // live
    await createSession(
      database.db,
      userId,
      settings,
      {},
      new Date(NOW.getTime() - 8 * 86_400_000),
    ); // past max
    await createSession(database.db, userId, settings, {}, new Date(NOW.getTime() - 9 * 3600_000)); // idle
    await database.db.insert(rateLimits).values([
      {
        key: "inquiry:203.0.113.1",
        windowStart: new Date(NOW.getTime() - 2 * 86_400_000),
        hits: 3,
      },
      { key: "inquiry:203.0.113.1", windowStart: new Date(NOW.getTime() - 600_000), hits: 1 },
    ]);
    const before = await query<{ n: number }>(database, "select count(*)::int as n from sessions");

    const report = await runCleanup(deps, { now: NOW });

    const after = await query<{ n: number }>(database, "select count(*)::int as n from sessions");
    expect(before[0]?.n).toBeGreaterThanOrEqual(3);
    expect((before[0]?.n ?? 0) - (after[0]?.n ?? 0)).toBe(2);
    expect(report.rateLimitRowsDeleted).toBe(1);
    const windows = await query<{ hits: number }>(database, "select hits from rate_limits");
    expect(windows).toEqual([{ hits: 1 }]);
  });
});

describe("content drafts (decision 0021)", () => {
  it("91 days later, prunes drafts never published but keeps one a scheduled release pins", async () => {
    const [admin] = await query<{ id: number }>(
      database,
      "select id from users where username = 'admin'",
    );
    const actor = { user: { id: admin?.id as number, email: "admin@example.com" }, ip: "" };
    const hero = kindOf("homepage_section");
    const live = await hero.read(database.db, "hero");
    const draft = async (heading: string) => {
      const saved = await saveDraft(database.db, hero, "hero", { ...live, heading }, actor);
      if (!saved.ok) throw new Error(saved.error);
      return saved.value.version.id;
    };
    const loose = await draft("Nobody scheduled this");
    const pinned = await draft("Goes out in a quarter");
    const now = new Date();
    const scheduled = await scheduleSteps(
      database.db,
      { name: "Next quarter", publishAt: new Date(now.getTime() + 100 * 86_400_000) },
      [{ type: "homepage_section", id: "hero", action: "publish", versionId: pinned }],
      actor,
      now,
    );
    expect(scheduled.ok).toBe(true);

    const report = await runCleanup(deps, { now: new Date(now.getTime() + 91 * 86_400_000) });

    expect(report.draftsPruned).toBe(1);
    const left = await query<{ id: number }>(
      database,
      `select id from content_versions where id in (${loose}, ${pinned})`,
    );
    expect(left).toEqual([{ id: pinned }]);
    const releases = await query<{ status: string; item_count: number }>(
      database,
      "select status, item_count from content_releases",
    );
    expect(releases).toEqual([{ status: "scheduled", item_count: 1 }]);
  });
});

describe("the scheduled clean-up job", () => {
  it("is scheduled in pg-boss and, when run, removes an old orphan", async () => {
    await stored(K.oldOrphanLead, new Date(Date.now() - 2 * 3600_000));
    await stored(K.freshOrphanLead, new Date());
    const scheduler = createScheduler({
      database,
      logger: logger as unknown as Logger,
      jobs: [{ name: "cleanup", cron: "*/15 * * * *", run: () => runCleanup(deps) as never }],
      pollingIntervalSeconds: 0.5,
    });
    await scheduler.start();
    try {
      const schedules = await query<{ name: string; cron: string }>(
        database,
        "select name, cron from pgboss.schedule",
      );
      expect(schedules).toEqual([{ name: "cleanup", cron: "*/15 * * * *" }]);
      await scheduler.trigger("cleanup");
      await vi.waitFor(
        async () => {
          expect(await keys()).toEqual([K.freshOrphanLead]);
        },
        { timeout: 10_000, interval: 100 },
      );
      await vi.waitFor(() =>
        expect(logger.info).toHaveBeenCalledWith(
          expect.objectContaining({ job: "cleanup", orphansDeleted: [K.oldOrphanLead] }),
          "job done",
        ),
      );
    } finally {
      await scheduler.stop();
    }
  });
});
