// A migrated, empty embedded database folder, made once per set of migrations and copied for
// each test server. Creating a PGlite database (its initdb) takes seconds of CPU; on two cores
// with several servers starting at once it pushed server starts past the tests' timeouts.
// A copy of a finished folder takes a fraction of a second.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";

const migrations = resolve(import.meta.dirname, "../../app/platform/db/migrations");
const pglitePackage = resolve(
  import.meta.dirname,
  "../../node_modules/@electric-sql/pglite/package.json",
);

/** Names the template by what makes it: the migrations' SQL and the PGlite version. */
function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(pglitePackage));
  for (const name of readdirSync(migrations)
    .filter((file) => file.endsWith(".sql"))
    .sort()) {
    hash.update(name);
    hash.update(readFileSync(join(migrations, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

let made: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const template = join(tmpdir(), `site-db-template-${templateKey()}`);
  if (existsSync(join(template, "PG_VERSION"))) return template;
  // Built aside and renamed into place: a process that finds the folder finds it complete, and
  // of two processes building at once the second one's rename fails and its copy is dropped.
  const work = mkdtempSync(join(tmpdir(), "site-db-template-work-"));
  try {
    const database = await openDatabase({ dataDir: join(work, "db") });
    await migrateDatabase(database);
    await database.close();
    try {
      renameSync(join(work, "db"), template);
    } catch (error) {
      if (!existsSync(join(template, "PG_VERSION"))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return template;
}

/** Puts a migrated, empty embedded database at `target` (a folder that does not exist yet). */
export async function copyMigratedDatabase(target: string): Promise<void> {
  made ??= makeTemplate();
  cpSync(await made, target, { recursive: true });
}
