import { join } from "node:path";
import type { Env } from "../env.server.ts";
import { type Database, openDatabase } from "./client.server.ts";

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else embedded. */
export function openConfiguredDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL })
    : openDatabase({ dataDir: join(env.DATA_DIR, "db") });
}
