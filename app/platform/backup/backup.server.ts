// Backups: one .tar.gz holding the database (a PGlite data-folder dump or a pg_dump archive),
// every stored upload, and manifest.json (format, version, date, driver, checksums) at the end.
// Restore checks the whole archive before it touches anything, and replaces a non-empty target
// only when forced. See docs/decisions/0009-backups-and-storage.md. Over 400 lines because
// writing and checking an archive share its format (entries, manifest, checksums) in one place.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
} from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import tar from "tar-stream";
import { lockDataDir, pgliteOptions } from "../db/client.server.ts";
import { isValidKey, type Storage } from "../storage/storage.server.ts";

const run = promisify(execFile);

export const BACKUP_FORMAT = "sigma-site-backup";
export const BACKUP_VERSION = 1;

export type BackupTarget =
  | { driver: "pglite"; dataDir: string }
  | { driver: "postgres"; url: string };

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: BackupTarget["driver"];
  app: { name: string; version: string };
  /** Migrations applied to the database when it was saved. */
  migrations: number;
  database: { file: string; size: number; sha256: string };
  uploads: { key: string; size: number; sha256: string }[];
}

/** A problem the operator can fix (shown as one line, exit code 1). */
export class BackupError extends Error {
  name = "BackupError";
}

const root = path.resolve(import.meta.dirname, "../../..");
const DB_FILE = { pglite: "database/pglite-datadir.tar", postgres: "database/postgres.dump" };

function appInfo(): BackupManifest["app"] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return { name: String(pkg.name), version: String(pkg.version) };
}

/** How many migrations this code knows. */
function knownMigrations(): number {
  const journal = JSON.parse(
    readFileSync(path.join(root, "app/platform/db/migrations/meta/_journal.json"), "utf8"),
  );
  return journal.entries.length;
}

// ---- PostgreSQL tools

/** pg_dump/pg_restore: on PATH, else the newest under /usr/lib/postgresql. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new BackupError(`${name} was not found: install the PostgreSQL client tools.`);
  }
  return path.join(base, versions[0], "bin", name);
}

/** The URL without its password, and the password for PGPASSWORD (never on a command line). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    url: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function runTool(name: "pg_dump" | "pg_restore", args: string[], url: string) {
  const conn = connection(url);
  try {
    await run(pgTool(name), [...args, `--dbname=${conn.url}`], {
      env: conn.env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${name} failed: ${stderr || (error as Error).message}`);
  }
}

async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function appliedMigrations(query: (sql: string) => Promise<unknown[]>): Promise<number> {
  try {
    const rows = (await query("select count(*)::int as n from drizzle.__drizzle_migrations")) as {
      n: number;
    }[];
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

// ---- Backup

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Writes the database dump into `dir`; returns its archive name and the applied migrations. */
async function dumpDatabase(target: BackupTarget, dir: string) {
  const file = path.join(dir, "database");
  if (target.driver === "postgres") {
    const migrations = await withPg(target.url, (c) =>
      appliedMigrations(async (q) => (await c.query(q)).rows),
    );
    await runTool(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`],
      target.url,
    );
    return { file, migrations };
  }
  const dataDir = path.resolve(target.dataDir);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir}.`);
  }
  // The lock refuses while the server has the database open: PGlite serves one process.
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(dataDir, pgliteOptions);
    try {
      await client.waitReady;
      const migrations = await appliedMigrations(async (q) => (await client.query(q)).rows);
      const dump = await client.dumpDataDir("none");
      await pipeline(Readable.fromWeb(dump.stream() as never), createWriteStream(file));
      return { file, migrations };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  return pipeline(createReadStream(file), pack.entry({ name, size, mode: 0o600 }));
}

/**
 * Saves the database and every stored upload into `output` (a .tar.gz). On PostgreSQL it runs
 * while the site is up (pg_dump reads one snapshot); the embedded database must be closed, i.e.
 * the server stopped. Uploads are read after the database, so every file a saved row names is
 * already stored.
 */
export async function createBackup(options: {
  target: BackupTarget;
  storage: Storage;
  output: string;
  now?: Date;
}): Promise<BackupManifest> {
  const { target, storage } = options;
  const output = path.resolve(options.output);
  if (existsSync(output)) throw new BackupError(`${output} already exists.`);
  await mkdir(path.dirname(output), { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), "site-backup-"));
  const partial = `${output}.partial`;
  try {
    const dumped = await dumpDatabase(target, work);
    const database = {
      file: DB_FILE[target.driver],
      size: (await stat(dumped.file)).size,
      sha256: await sha256File(dumped.file),
    };

    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial));
    // A failure on the way out must not leave `written` rejected and unobserved.
    written.catch(() => {});
    await addFile(pack, database.file, dumped.file, database.size);

    const uploads: BackupManifest["uploads"] = [];
    for await (const object of storage.list()) {
      const hash = createHash("sha256");
      const hashing = new Transform({
        transform(chunk, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(
          await storage.get(object.key),
          hashing,
          pack.entry({ name: `uploads/${object.key}`, size: object.size, mode: 0o600 }),
        );
      } catch (error) {
        throw new BackupError(
          `Could not save ${object.key} (changed or removed during the backup?): ${(error as Error).message}. Run the backup again.`,
        );
      }
      uploads.push({ key: object.key, size: object.size, sha256: hash.digest("hex") });
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      driver: target.driver,
      app: appInfo(),
      migrations: dumped.migrations,
      database,
      uploads,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: "manifest.json", size: json.length, mode: 0o600 }, json);
    pack.finalize();
    await written;
    await rename(partial, output);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// ---- Restore

/** Unpacks the archive into `dir`, accepting only the entries a backup writes. */
async function unpack(input: string, dir: string): Promise<void> {
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on("entry", (header, stream, next) => {
      const name = header.name;
      const allowed =
        header.type === "file" &&
        (name === "manifest.json" ||
          Object.values(DB_FILE).includes(name) ||
          (name.startsWith("uploads/") && isValidKey(name.slice("uploads/".length))));
      if (!allowed) {
        stream.resume();
        reject(
          new BackupError(`Not a backup of this site: unexpected entry ${JSON.stringify(name)}.`),
        );
        return;
      }
      const file = path.join(dir, name);
      mkdir(path.dirname(file), { recursive: true })
        .then(() => pipeline(stream, createWriteStream(file)))
        .then(() => next(), reject);
    });
    extract.on("finish", resolve);
    extract.on("error", reject);
  });
  try {
    await Promise.all([pipeline(createReadStream(input), createGunzip(), extract), done]);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${input} is not a readable backup archive: ${(error as Error).message}`);
  }
}

async function readManifest(dir: string, target: BackupTarget): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    throw new BackupError(
      "The archive has no readable manifest.json: it is not a complete backup.",
    );
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `Unknown backup format ${JSON.stringify(manifest.format)} version ${manifest.version}.`,
    );
  }
  if (manifest.driver !== target.driver) {
    const named = {
      pglite: "the embedded database (DATABASE_URL unset)",
      postgres: "PostgreSQL (DATABASE_URL set)",
    };
    throw new BackupError(
      `This backup holds ${named[manifest.driver]}; restore it with the same configuration.`,
    );
  }
  if (manifest.migrations > knownMigrations()) {
    throw new BackupError(
      `This backup was made by a newer version of the site (${manifest.migrations} migrations, this one knows ${knownMigrations()}): update the site first.`,
    );
  }
  const check = async (name: string, size: number, sha256: string) => {
    const file = path.join(dir, name);
    if (
      !existsSync(file) ||
      (await stat(file)).size !== size ||
      (await sha256File(file)) !== sha256
    ) {
      throw new BackupError(
        `The archive is damaged: ${name} is missing or does not match its checksum.`,
      );
    }
  };
  await check(manifest.database.file, manifest.database.size, manifest.database.sha256);
  for (const upload of manifest.uploads) {
    await check(`uploads/${upload.key}`, upload.size, upload.sha256);
  }
  return manifest;
}

async function databaseIsEmpty(target: BackupTarget): Promise<boolean> {
  if (target.driver === "pglite") {
    const dir = path.resolve(target.dataDir);
    return !existsSync(dir) || (await readdir(dir)).length === 0;
  }
  return withPg(target.url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n === 0;
  });
}

async function storageIsEmpty(storage: Storage): Promise<boolean> {
  for await (const _ of storage.list()) return false;
  return true;
}

async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.driver === "postgres") {
    await runTool(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        file,
      ],
      target.url,
    );
    return;
  }
  const dataDir = path.resolve(target.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataDir(dataDir);
  const previous = `${dataDir}.before-restore-${Date.now()}`;
  const hadPrevious = existsSync(dataDir);
  try {
    if (hadPrevious) await rename(dataDir, previous);
    try {
      await mkdir(dataDir, { recursive: true });
      const client = new PGlite(dataDir, {
        ...pgliteOptions,
        loadDataDir: new Blob([readFileSync(file)], { type: "application/x-tar" }),
      });
      await client.waitReady;
      await client.query("select 1");
      await client.close();
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      if (hadPrevious) await rename(previous, dataDir);
      throw new BackupError(
        `The embedded database could not be restored: ${(error as Error).message}`,
      );
    }
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } finally {
    unlock();
  }
}

/**
 * Restores an archive made by createBackup. The whole archive is unpacked and checked first
 * (format, driver, schema version, every checksum); a non-empty database or storage is replaced
 * only with `force`. Afterwards the storage holds exactly the archived uploads.
 */
export async function restoreBackup(options: {
  target: BackupTarget;
  storage: Storage;
  input: string;
  force?: boolean;
}): Promise<BackupManifest> {
  const { target, storage } = options;
  const input = path.resolve(options.input);
  if (!existsSync(input)) throw new BackupError(`${input} does not exist.`);
  const work = await mkdtemp(path.join(tmpdir(), "site-restore-"));
  try {
    await unpack(input, work);
    const manifest = await readManifest(work, target);

    if (!options.force) {
      const busy = [
        ...((await databaseIsEmpty(target)) ? [] : ["the database"]),
        ...((await storageIsEmpty(storage)) ? [] : ["the uploads storage"]),
      ];
      if (busy.length) {
        throw new BackupError(
          `Refusing to overwrite ${busy.join(" and ")}, which ${busy.length > 1 ? "are" : "is"} not empty: pass --force to replace ${busy.length > 1 ? "them" : "it"} with the backup.`,
        );
      }
    }

    await restoreDatabase(target, path.join(work, manifest.database.file));

    const kept = new Set(manifest.uploads.map((u) => u.key));
    const extra: string[] = [];
    for await (const object of storage.list()) if (!kept.has(object.key)) extra.push(object.key);
    for (const key of extra) await storage.delete(key);
    for (const upload of manifest.uploads) {
      await storage.put(upload.key, createReadStream(path.join(work, "uploads", upload.key)));
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The default archive name, e.g. backups/site-pglite-2026-04-20T15-00-00Z.tar.gz */
export function defaultBackupName(driver: BackupTarget["driver"], now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return path.join("backups", `site-${driver}-${stamp}.tar.gz`);
}
