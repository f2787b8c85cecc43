// The periodic clean-up: upload files no row references (written just before a crash, or by a
// request whose transaction failed and could not delete them), upload temp files, sessions past
// their end and old rate-limit counters. Safe to run on several instances at once.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { purgeChallenges } from "#app/domain/auth/challenges.server.ts";
import { purgeDevices } from "#app/domain/auth/devices.server.ts";
import { purgeSessions, type SessionSettings } from "#app/domain/auth/sessions.server.ts";
import { purgeThrottles } from "#app/domain/auth/throttle.server.ts";
import { pruneDrafts } from "#app/domain/history/versions.server.ts";
import { leadFileKeysAmong } from "#app/domain/leads/leads.server.ts";
import { MEDIA_PREFIX, mediaKeys } from "#app/domain/media/media.server.ts";
import {
  CERTIFICATES_PREFIX,
  certificateKeysAmong,
} from "#app/domain/training/certificates.server.ts";
import { MATERIALS_PREFIX, materialKeysAmong } from "#app/domain/training/materials.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { purgeRateLimits } from "#app/platform/rate-limit.server.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";

/**
 * A file is written before the row that references it commits: anything younger than this may
 * still be on its way (an upload being processed), so it is never taken for an orphan.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Keys are checked against the database this many at a time. */
const BATCH = 500;

export interface CleanupDeps {
  db: Db;
  storage: Storage;
  sessions: SessionSettings;
  /** Folders of upload temp files (DATA_DIR/tmp, the local driver's .tmp). */
  tempDirs: string[];
  logger: { warn(obj: object, msg: string): void };
}

export interface CleanupReport {
  orphansDeleted: string[];
  tempFilesDeleted: number;
  rateLimitRowsDeleted: number;
  signInRowsDeleted: number;
  /** Content drafts never published, past the retention (decision 0021). */
  draftsPruned: number;
}

/**
 * Who owns the keys under each prefix: given candidate keys, the ones a row still references.
 * Only prefixes listed here are ever cleaned; a new kind of upload must add its owner.
 */
const OWNERS: { prefix: string; referenced(db: Db, keys: string[]): Promise<Set<string>> }[] = [
  { prefix: "leads/", referenced: leadFileKeysAmong },
  // Course materials (issue 46).
  { prefix: `${MATERIALS_PREFIX}/`, referenced: materialKeysAmong },
  // Certificates as issued: kept while their row is (an erased customer takes theirs along).
  { prefix: `${CERTIFICATES_PREFIX}/`, referenced: certificateKeysAmong },
  {
    prefix: `${MEDIA_PREFIX}/`,
    // The media library is small enough to read whole; variants are listed on their image.
    referenced: async (db) => mediaKeys(db),
  },
];

export async function runCleanup(
  deps: CleanupDeps,
  { now = new Date(), graceMs = ORPHAN_GRACE_MS } = {},
): Promise<CleanupReport> {
  const cutoff = now.getTime() - graceMs;
  const orphansDeleted: string[] = [];

  for (const owner of OWNERS) {
    let batch: string[] = [];
    const sweep = async () => {
      const referenced = await owner.referenced(deps.db, batch);
      for (const key of batch) {
        if (referenced.has(key)) continue;
        try {
          await deps.storage.delete(key);
          orphansDeleted.push(key);
        } catch (err) {
          deps.logger.warn({ err, key }, "could not delete an orphaned upload");
        }
      }
      batch = [];
    };
    for await (const object of deps.storage.list(owner.prefix)) {
      if (object.lastModified.getTime() >= cutoff) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) await sweep();
    }
    if (batch.length) await sweep();
  }

  let tempFilesDeleted = 0;
  for (const dir of deps.tempDirs) tempFilesDeleted += await removeOldFiles(dir, cutoff);

  await purgeSessions(deps.db, deps.sessions, now);
  const rateLimitRowsDeleted = await purgeRateLimits(deps.db, now);
  // Sign-in steps past their end, devices not seen for months, counters quiet for a day.
  const signInRowsDeleted =
    (await purgeChallenges(deps.db, now)) +
    (await purgeDevices(deps.db, now)) +
    (await purgeThrottles(deps.db, now));
  const draftsPruned = await pruneDrafts(deps.db, now);
  return {
    orphansDeleted,
    tempFilesDeleted,
    rateLimitRowsDeleted,
    signInRowsDeleted,
    draftsPruned,
  };
}

/** Files directly in `dir` last written before `cutoff` (ms); a missing folder is fine. */
async function removeOldFiles(dir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch {
      // Gone meanwhile (its request finished).
    }
  }
  return removed;
}
