// Starts the production server (the built app) on a fresh embedded database in a temp folder,
// on a free port, for end-to-end tests. `prepare` may change the database before the server
// opens it (PGlite allows one process at a time).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { type Database, migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { seedDatabase } from "#app/seed.server.ts";
import { copyMigratedDatabase } from "./db-template.ts";

/** A free port: for a server whose own address (SITE_URL) must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /**
   * Everything the server wrote, one line each: its JSON log lines (stdout) and whatever reached
   * stderr (a crash, a warning of Node's), so that a search of the log misses nothing.
   */
  logs: string[];
  /**
   * Stops the server (SIGTERM) and keeps its data folder, e.g. to inspect the database. Throws
   * when it exits other than with 0 (its database may not have closed); a server that had ended
   * already is the concern of whoever ended it.
   */
  halt(): Promise<void>;
  /** Stops the server as `halt` does and removes its data folder. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data folder (e.g. to restart a server on the same database). */
  dataDir?: string;
  prepare?: (database: Database) => Promise<void>;
  env?: Record<string, string>;
}

const root = resolve(import.meta.dirname, "../..");

export async function startAppServer(options: StartOptions = {}): Promise<AppServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "site-e2e-"));
  // A new embedded database starts as a copy of a migrated one (the server still migrates and
  // seeds it as on any first start); a server on PostgreSQL has none.
  if (!options.env?.DATABASE_URL && !existsSync(join(dataDir, "db"))) {
    await copyMigratedDatabase(join(dataDir, "db"));
  }
  if (options.prepare) {
    const database = await openDatabase({ dataDir: join(dataDir, "db") });
    await migrateDatabase(database);
    // The server's own clock (FROZEN_NOW) dates the seeded cohorts, as it would at its start.
    const frozen = options.env?.FROZEN_NOW;
    await seedDatabase(database.db, {
      now: frozen ? new Date(frozen) : undefined,
      adminPassword: options.env?.ADMIN_PASSWORD,
      demoPassword: options.env?.DEMO_PASSWORD,
    });
    await options.prepare(database);
    await database.close();
  }

  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The tests sign in with the demo accounts and check their hints (opt-in in production).
      DEMO_MODE: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
    logs.push(line);
  });

  const url = await new Promise<string>((resolveUrl, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      // A server that never said "listening" must not outlive the test. It stops as on any
      // SIGTERM, its database closed (once its start-up is done); only one that does not stop
      // even then is killed, as a database killed mid-write may not open again.
      late = true;
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 60_000).unref();
    }, 60_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const how = late ? "did not start in 60 s; stopped with" : "exited with";
      reject(new Error(`server ${how} ${code ?? signal}\n${stderr}`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      logs.push(line);
      try {
        const entry = JSON.parse(line);
        if (entry.msg === "listening") {
          clearTimeout(timer);
          resolveUrl(`http://127.0.0.1:${entry.port}`);
        }
      } catch {
        // not a log line
      }
    });
  });

  async function halt() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<number | null>((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const code = await exited;
    if (code !== 0) {
      throw new Error(
        `the server exited with ${code ?? child.signalCode} on SIGTERM\n${logs.slice(-20).join("\n")}`,
      );
    }
  }

  return {
    url,
    dataDir,
    process: child,
    logs,
    halt,
    stop: async () => {
      try {
        await halt();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
