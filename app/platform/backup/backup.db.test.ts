// Round trip: seed, a lead with a file, back up, change and delete data, restore: all back.
// On the embedded database by default; on PostgreSQL (pg_dump/pg_restore) with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  pgliteOptions,
} from "#app/platform/db/client.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import { storeLeadWithFile } from "#tests/support/leads.ts";
import { type BackupTarget, createBackup, restoreBackup } from "./backup.server.ts";

const FILE_KEY = "leads/2026/04/11111111-1111-1111-1111-111111111111.pdf";
const FILE_BODY = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

let work: string;
let storage: Storage;
let target: BackupTarget;
const cleanups: (() => Promise<void>)[] = [];

/** A database the backup reaches the way the CLI does (a folder or a URL); seeded, with a lead. */
async function newTarget(folder: string, { seeded }: { seeded: boolean }): Promise<BackupTarget> {
  if (usingPostgres) {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `backup_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const url = new URL(admin);
    url.pathname = `/${name}`;
    if (seeded) {
      const database = await openDatabase({ url: url.toString() });
      await migrateDatabase(database);
      await seedDatabase(database.db);
      await storeLeadWithFile(database, { objectKey: FILE_KEY, size: 40 });
      await database.close();
    }
    return { driver: "postgres", url: url.toString() };
  }
  const dataDir = join(folder, "db");
  if (seeded) {
    // The migrated and seeded test template plus a lead, written to a data folder.
    const memory = await createTestDatabase();
    await storeLeadWithFile(memory, { objectKey: FILE_KEY, size: 40 });
    const dump = await (memory.pglite as PGlite).dumpDataDir("none");
    await memory.close();
    mkdirSync(dataDir, { recursive: true });
    const client = new PGlite(dataDir, { ...pgliteOptions, loadDataDir: dump });
    await client.waitReady;
    await client.close();
  }
  return { driver: "pglite", dataDir };
}

async function withDatabase<T>(t: BackupTarget, fn: (database: Database) => Promise<T>) {
  const database = await (t.driver === "pglite"
    ? openDatabase({ dataDir: t.dataDir })
    : openDatabase({ url: t.url }));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

const snapshotOf = async (database: Database) => ({
  leads: await query(
    database,
    "select id, name, email, message from leads where kind <> 'manual' order by id",
  ),
  files: await query(database, "select lead_id, object_key, original_name from lead_files"),
  siteName: await query(database, "select value from site_settings where key = 'site_name'"),
  mails: (await query(database, "select count(*)::int as n from mail_messages"))[0],
});

async function storedKeys(s = storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of s.list()) keys.push(object.key);
  return keys.sort();
}

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), "backup-test-"));
  storage = createLocalStorage(join(work, "data", "uploads"));
  await storage.put(FILE_KEY, Readable.from([FILE_BODY]));
  target = await newTarget(join(work, "data"), { seeded: true });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round trip: deleted and changed rows and files come back; refusals change nothing", async () => {
    const archive = join(work, "backups", "site.tar.gz");
    const manifest = await createBackup({ target, storage, output: archive });
    expect(manifest).toMatchObject({
      format: "sigma-site-backup",
      version: 1,
      driver: target.driver,
      uploads: [{ key: FILE_KEY, size: FILE_BODY.length }],
    });
    expect(manifest.migrations).toBeGreaterThan(0);
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    await expect(createBackup({ target, storage, output: archive })).rejects.toThrow(
      /already exists/,
    );

    // Damage: the lead and its file deleted, a setting changed, a stray upload added.
    const [before, damaged] = await withDatabase(target, async (database) => {
      const saved = await snapshotOf(database);
      expect(saved.leads).toHaveLength(1);
      expect(saved.files).toHaveLength(1);
      await query(database, "delete from mail_messages");
      await query(database, "delete from leads");
      await query(database, `update site_settings set value = '"Renamed"' where key = 'site_name'`);
      return [saved, await snapshotOf(database)];
    });
    await storage.delete(FILE_KEY);
    await storage.put("media/2026/04/stray.png", Readable.from(["x"]));

    // Refused: a non-empty target without --force, a cut archive, a foreign file, no file.
    await expect(restoreBackup({ target, storage, input: archive })).rejects.toThrow(
      /Refusing to overwrite the database and the uploads storage.*--force/,
    );
    const bytes = await readFile(archive);
    const cut = join(work, "cut.tar.gz");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup({ target, storage, input: cut, force: true })).rejects.toThrow(
      /not a readable backup archive|no readable manifest/,
    );
    const foreign = join(work, "notes.tar.gz");
    writeFileSync(foreign, "just text");
    await expect(restoreBackup({ target, storage, input: foreign, force: true })).rejects.toThrow(
      /not a readable backup archive/,
    );
    await expect(
      restoreBackup({ target, storage, input: join(work, "nope.tar.gz"), force: true }),
    ).rejects.toThrow(/does not exist/);
    expect(await withDatabase(target, snapshotOf)).toEqual(damaged);
    expect(await storedKeys()).toEqual(["media/2026/04/stray.png"]);

    await restoreBackup({ target, storage, input: archive, force: true });
    expect(await storedKeys()).toEqual([FILE_KEY]);
    expect(await text(await storage.get(FILE_KEY))).toBe(FILE_BODY);
    await withDatabase(target, async (database) => {
      expect(await snapshotOf(database)).toEqual(before);
      // The restored database takes new rows (its sequences came back too).
      await migrateDatabase(database);
      await query(
        database,
        "insert into leads (kind, form, name, email, phone, company, inquiry_type, message, source, source_page) values ('inquiry', 'general', 'N', 'n@example.org', '', '', 'general', 'm', 'Direct', '/')",
      );
    });

    // Restoring into an empty target needs no --force.
    const emptyTarget = await newTarget(join(work, "other"), { seeded: false });
    const emptyStorage = createLocalStorage(join(work, "other", "uploads"));
    await restoreBackup({ target: emptyTarget, storage: emptyStorage, input: archive });
    expect(await withDatabase(emptyTarget, snapshotOf)).toEqual(before);
    expect(await storedKeys(emptyStorage)).toEqual([FILE_KEY]);
    // Each PGlite open costs about a second (far more on a loaded machine).
  }, 120_000);

  it.skipIf(usingPostgres)(
    "the embedded database is refused while the server has it open",
    async () => {
      if (target.driver !== "pglite") return;
      // The test runner's parent process stands in for a running server.
      writeFileSync(`${target.dataDir}.lock`, `${process.ppid}\n`);
      const output = join(work, "x.tar.gz");
      await expect(createBackup({ target, storage, output })).rejects.toThrow(
        /in use by process .*stop it first/,
      );
      expect(existsSync(output)).toBe(false);
      rmSync(`${target.dataDir}.lock`);
    },
  );
});
