// Operator commands: `npm run backup [-- --output FILE]`, `npm run restore -- FILE [--force]`.
// They use the same configuration as the server (DATABASE_URL or DATA_DIR, S3_* or the uploads
// folder). See README "Backups".
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DatabaseInUseError } from "../db/client.server.ts";
import { ConfigError, parseEnv } from "../env.server.ts";
import { openConfiguredStorage } from "../storage/connect.server.ts";
import {
  BackupError,
  type BackupTarget,
  createBackup,
  defaultBackupName,
  restoreBackup,
} from "./backup.server.ts";

const usage = `usage:
  npm run backup [-- --output FILE]      save the database and uploads to one .tar.gz
  npm run restore -- FILE [--force]      restore it (--force replaces a non-empty target)`;

const [command, ...rest] = process.argv.slice(2);

try {
  const { values, positionals } = parseArgs({
    args: rest,
    options: { output: { type: "string", short: "o" }, force: { type: "boolean" } },
    allowPositionals: true,
  });
  const env = parseEnv();
  const target: BackupTarget = env.DATABASE_URL
    ? { driver: "postgres", url: env.DATABASE_URL }
    : { driver: "pglite", dataDir: join(env.DATA_DIR, "db") };
  const { storage } = openConfiguredStorage(env);

  if (command === "backup" && positionals.length === 0 && !values.force) {
    const output = values.output ?? defaultBackupName(target.driver);
    const manifest = await createBackup({ target, storage, output });
    console.log(
      `Backup written to ${output}: ${manifest.driver} database, ${manifest.uploads.length} uploaded files.`,
    );
  } else if (command === "restore" && positionals.length === 1 && !values.output) {
    const input = positionals[0] as string;
    const manifest = await restoreBackup({ target, storage, input, force: values.force });
    console.log(
      `Restored ${input} (made ${manifest.createdAt}): ${manifest.driver} database, ${manifest.uploads.length} uploaded files. Start the server to apply any newer migrations.`,
    );
  } else {
    console.error(usage);
    process.exit(2);
  }
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DatabaseInUseError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  throw error;
}
