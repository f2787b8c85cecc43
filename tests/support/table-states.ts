// What refused requests must leave alone: every table of the app (schema public), by row count
// and a digest of its rows, taken before and after and compared. A server's embedded database
// is read while the server is stopped (PGlite serves one process at a time).
import { join } from "node:path";
import { type Database, openDatabase } from "#app/platform/db/client.server.ts";
import { query } from "./database.ts";

export interface TableState {
  rows: number;
  /** A digest of every row compared (null where only the count is). */
  digest: string | null;
}

/**
 * The tables not compared row by row, and why (each caller names its own): what is left out
 * (`where`: the rows compared), or only the count compared (`rowsOnly`), or nothing (`skip`).
 */
export type ComparedAs = Record<string, { where?: () => string; rowsOnly?: true; skip?: true }>;

/** Row count and digest of every table of the app (schema public). */
export async function tableStates(
  database: Database,
  comparedAs: ComparedAs = {},
): Promise<Map<string, TableState>> {
  const tables = await query<{ name: string }>(
    database,
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const states = new Map<string, TableState>();
  for (const { name } of tables) {
    const how = comparedAs[name] ?? {};
    if (how.skip) continue;
    const [state] = await query<{ rows: number; digest: string }>(
      database,
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text), ''))
           as digest from public."${name}" t ${how.where ? `where ${how.where()}` : ""}`,
    );
    states.set(name, {
      rows: state?.rows ?? 0,
      digest: how.rowsOnly ? null : (state?.digest ?? null),
    });
  }
  return states;
}

/** The states of a stopped server's embedded database (its data folder). */
export async function tableStatesIn(
  dataDir: string,
  comparedAs: ComparedAs = {},
): Promise<Map<string, TableState>> {
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  return tableStates(database, comparedAs).finally(() => database.close());
}

/** The tables whose state differs, with both states (empty when nothing changed). */
export function changedTables(before: Map<string, TableState>, after: Map<string, TableState>) {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => JSON.stringify(before.get(name)) !== JSON.stringify(after.get(name)))
    .map((name) => ({ name, before: before.get(name), after: after.get(name) }));
}
