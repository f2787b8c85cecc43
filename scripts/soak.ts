// `npm run soak`: the long version of the fault tests, and the memory figures of
// docs/performance.md. Not part of `npm test` or .ci/run. It builds the app, then:
//   1. Memory and mail faults (embedded database): a steady mixed load (pages rendered afresh,
//      cached pages, public API reads, form posts) for SOAK_MINUTES while the SMTP server cycles
//      through refusing, hanging, dropping and accepting. The server's RSS is read from
//      /proc/PID/status after SOAK_WARMUP_SECONDS of warm-up and every 15 s after; growth is the
//      last samples against the first. At the end every lead matches an accepted post and every
//      mail has gone out once the SMTP server works.
//   2. Crashes: SOAK_CRASH_ROUNDS rounds of SIGKILL during uploads, restart on the same folder,
//      and the integrity checks of tests/unit/crash-recovery.test.ts.
//   3. PostgreSQL (when its binaries are in /usr/lib/postgresql/15/bin or PG_BIN): the same load
//      for SOAK_PG_MINUTES against a throwaway server, the database cut (TCP proxy) for 3 s every
//      20 s: only 503s during the cuts, never a 500, and recovery each time. Reports the app's
//      RSS on PostgreSQL and the PostgreSQL server's own RSS.
// Settings (environment): SOAK_MINUTES (5), SOAK_WARMUP_SECONDS (30), SOAK_CONCURRENCY (8),
// SOAK_CRASH_ROUNDS (3), SOAK_PG_MINUTES (1, 0 skips part 3). Ends with markdown tables, and
// stops every process it started, also on error.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { postAiDesign, postGeneral, samplePdf, samplePng } from "#tests/support/inquiry-posts.ts";
import {
  type MailCatcher,
  type MailCatcherMode,
  startMailCatcher,
} from "#tests/support/mail-catcher.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";

const root = resolve(import.meta.dirname, "..");
const MINUTES = positiveNumber("SOAK_MINUTES", 5);
const WARMUP_S = positiveNumber("SOAK_WARMUP_SECONDS", 30);
const CONCURRENCY = positiveNumber("SOAK_CONCURRENCY", 8);
const CRASH_ROUNDS = positiveNumber("SOAK_CRASH_ROUNDS", 3);
const PG_MINUTES = Number(process.env.SOAK_PG_MINUTES ?? 1);
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const SAMPLE_EVERY_MS = 15_000;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const cleanup: (() => Promise<void> | void)[] = [];
async function runCleanup() {
  for (const step of cleanup.splice(0).reverse()) {
    try {
      await step();
    } catch {
      // keep cleaning
    }
  }
}
process.on("SIGINT", () => void runCleanup().then(() => process.exit(130)));
process.on("uncaughtException", (error) => {
  console.error(error);
  void runCleanup().then(() => process.exit(1));
});

// --- Memory ---

interface MemorySample {
  atS: number;
  rssMiB: number;
  anonMiB: number;
}

/** VmRSS and RssAnon (the heap and other private memory) of a process, in MiB. */
function memoryOf(pid: number): { rssMiB: number; anonMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMiB: kib("VmRSS") / 1024, anonMiB: kib("RssAnon") / 1024 };
}

/** The RSS of a PostgreSQL server: the postmaster and all its children. */
function postgresRssMiB(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (Number(entry) === postmaster || ppid === postmaster)
        total += memoryOf(Number(entry)).rssMiB;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

function folderMiB(path: string): number {
  if (!existsSync(path)) return 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += statSync(full).size;
    }
  };
  walk(path);
  return bytes / 1024 / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const mib = (n: number) => `${n.toFixed(0)} MiB`;

// --- Load ---

interface LoadStats {
  requests: number;
  statuses: Map<number, number>;
  networkErrors: number;
  accepted: Set<string>;
}

const pages = ["/", "/portfolio", "/certification-training/ccna", "/ai-powered-web-design"];
const reads = ["/api/hero-slides", "/api/portfolio-projects"];

/** Mixed traffic until `until`: half the page views bypass the page cache (a cookie), 1 in 20 requests is a form post. */
async function steadyLoad(url: string, until: () => boolean, stats: LoadStats, tag: string) {
  let n = 0;
  const count = (status: number) =>
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  const worker = async (w: number) => {
    while (!until()) {
      const i = n++;
      try {
        if (i % 20 === 0) {
          const email = `${tag}-${w}-${i}@example.org`;
          const res = await postGeneral(url, email);
          count(res.status);
          await res.arrayBuffer();
          if (res.status === 200) stats.accepted.add(email);
        } else {
          const path = i % 5 === 0 ? reads[i % reads.length] : pages[i % pages.length];
          const res = await fetch(`${url}${path}`, {
            headers: i % 2 === 0 ? { Cookie: "soak=1" } : {},
          });
          count(res.status);
          await res.arrayBuffer();
        }
        stats.requests++;
      } catch {
        stats.networkErrors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
}

const newStats = (): LoadStats => ({
  requests: 0,
  statuses: new Map(),
  networkErrors: 0,
  accepted: new Set(),
});

function statusLine(stats: LoadStats): string {
  const parts = [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  return `${stats.requests} requests (${parts.join(", ")}; network errors: ${stats.networkErrors})`;
}

function fail(message: string): never {
  throw new Error(`soak: ${message}`);
}

/** Mail messages by status and attempts, to tell why some were not delivered. */
async function mailStatesOf(dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  try {
    const result = await database.pglite?.query(
      "select status, attempts, count(*)::int as n, max(last_error) as error from mail_messages group by status, attempts order by status, attempts",
    );
    return result?.rows ?? [];
  } finally {
    await database.close();
  }
}

async function leadsOf(dataDir: string): Promise<{ id: number; email: string }[]> {
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  try {
    return (
      (await database.pglite?.query<{ id: number; email: string }>("select id, email from leads"))
        ?.rows ?? []
    );
  } finally {
    await database.close();
  }
}

// --- Part 1: memory on the embedded database, with the mail server misbehaving ---

async function memorySoak(mail: MailCatcher) {
  const env = {
    SMTP_URL: mail.url,
    MAIL_RETRY_DELAY_SECONDS: "1",
    // Retries 1, 2, 4 ... s apart, never more than 15 s, and enough of them to outlast five
    // minutes of a mail server that fails half the time: once it works, every mail goes out
    // within 15 s.
    MAIL_RETRY_DELAY_MAX_SECONDS: "15",
    MAIL_RETRY_LIMIT: "50",
    MAIL_TIMEOUT_MS: "1000",
    FORM_RATE_LIMIT: "1000000",
    LOG_LEVEL: "info",
  };
  const server = await startAppServer({ env });
  cleanup.push(() => server.stop());
  const pid = server.process.pid as number;
  const idle = memoryOf(pid);
  const stats = newStats();
  const started = Date.now();
  const totalMs = WARMUP_S * 1000 + MINUTES * 60_000;
  const samples: MemorySample[] = [];
  const modes: MailCatcherMode[] = ["refuse", "accept", "hang", "accept", "drop", "accept"];
  let mode = 0;
  const cycler = setInterval(() => mail.setMode(modes[mode++ % modes.length] ?? "accept"), 20_000);
  const sampler = setInterval(() => {
    const atS = (Date.now() - started) / 1000;
    if (atS >= WARMUP_S) samples.push({ atS, ...memoryOf(pid) });
  }, SAMPLE_EVERY_MS);
  const firstSample = setTimeout(
    () => samples.push({ atS: WARMUP_S, ...memoryOf(pid) }),
    WARMUP_S * 1000,
  );
  await steadyLoad(server.url, () => Date.now() - started > totalMs, stats, "soak");
  clearInterval(cycler);
  clearInterval(sampler);
  clearTimeout(firstSample);
  samples.push({ atS: (Date.now() - started) / 1000, ...memoryOf(pid) });
  mail.setMode("accept");

  // Every accepted post's mails go out once the mail server works: a message that failed
  // through several fault periods waits out its backoff (1, 2, 4 ... up to 15 s) first.
  const drainStarted = Date.now();
  const deadline = drainStarted + 600_000;
  const delivered = () =>
    mail.messages.filter((m) => m.to.some((t) => t.startsWith("soak-"))).length;
  while (delivered() < stats.accepted.size && Date.now() < deadline) await sleep(1000);
  const drainS = (Date.now() - drainStarted) / 1000;
  await server.halt();
  const dataMiB = folderMiB(join(server.dataDir, "db"));
  const leads = await leadsOf(server.dataDir);

  const first = samples.slice(0, 3);
  const last = samples.slice(-3);
  const growth = (median(last.map((s) => s.rssMiB)) / median(first.map((s) => s.rssMiB)) - 1) * 100;
  // Printed before the checks, so that a failing run still reports its memory.
  console.log(
    `memory samples (s: RSS MiB): ${samples.map((s) => `${s.atS.toFixed(0)}: ${s.rssMiB.toFixed(0)}`).join(", ")}; growth ${growth.toFixed(1)}%`,
  );

  const fiveHundreds = [...stats.statuses].filter(([s]) => s >= 500);
  if (fiveHundreds.length) fail(`5xx answers under steady load: ${JSON.stringify(fiveHundreds)}`);
  if (leads.length !== stats.accepted.size) {
    fail(`${leads.length} leads stored for ${stats.accepted.size} accepted posts`);
  }
  if (delivered() < stats.accepted.size) {
    fail(
      `${delivered()} acknowledgements delivered for ${stats.accepted.size} accepted posts after ${drainS.toFixed(0)} s; mail_messages: ${JSON.stringify(await mailStatesOf(server.dataDir))}`,
    );
  }
  const acknowledgements = new Map<string, number>();
  for (const m of mail.messages) {
    for (const to of m.to) acknowledgements.set(to, (acknowledgements.get(to) ?? 0) + 1);
  }
  const twice = [...acknowledgements].filter(([to, n]) => to.startsWith("soak-") && n > 1).length;
  return { idle, samples, growth, stats, leads: leads.length, dataMiB, twice, drainS };
}

// --- Part 2: SIGKILL during uploads, restart, integrity ---

async function crashRounds() {
  const mail = await startMailCatcher();
  cleanup.push(() => mail.stop());
  const env = { SMTP_URL: mail.url, MAIL_RETRY_DELAY_SECONDS: "1", FORM_RATE_LIMIT: "1000000" };
  const dataDir = mkdtempSync(join(tmpdir(), "site-soak-crash-"));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const png = await samplePng();
  const pdf = samplePdf(512 * 1024);
  const accepted = new Map<string, number>();
  const unanswered = new Set<string>();
  for (let round = 1; round <= CRASH_ROUNDS; round++) {
    const server: AppServer = await startAppServer({ env, dataDir });
    let killed = false;
    let answered = 0;
    let next = 0;
    const worker = async () => {
      while (!killed && next < 200) {
        const email = `crash-${round}-${next++}@example.org`;
        try {
          const res = await postAiDesign(server.url, {
            email,
            files: [
              { name: "plan.png", bytes: png, type: "image/png" },
              { name: "brief.pdf", bytes: pdf, type: "application/pdf" },
            ],
          });
          const body = (await res.json()) as { customerId: number };
          if (res.status !== 200) fail(`upload answered ${res.status}`);
          accepted.set(email, body.customerId);
          if (++answered === 15 && !killed) {
            killed = true;
            server.process.kill("SIGKILL");
          }
        } catch (error) {
          if (!killed) throw error;
          unanswered.add(email);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    await new Promise((r) =>
      server.process.exitCode !== null || server.process.signalCode
        ? r(null)
        : server.process.once("exit", r),
    );
  }
  // A last start delivers what is pending, then the checks.
  const server = await startAppServer({ env, dataDir });
  const deadline = Date.now() + 120_000;
  // Until every accepted post has its mail and nothing new arrived for 5 s (posts cut off by a
  // crash may be stored too, with their mail).
  let quietSince = Date.now();
  let seen = mail.messages.length;
  while (Date.now() < deadline) {
    if (mail.messages.length !== seen) {
      seen = mail.messages.length;
      quietSince = Date.now();
    }
    const allAccepted = [...accepted.keys()].every((e) =>
      mail.messages.some((m) => m.to.includes(e)),
    );
    if (allAccepted && Date.now() - quietSince > 5000) break;
    await sleep(500);
  }
  await server.halt();
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  const storage = createLocalStorage(join(dataDir, "uploads"));
  try {
    const rows = async <T>(sql: string) => (await database.pglite?.query<T>(sql))?.rows ?? [];
    const leads = await rows<{ id: number; email: string }>("select id, email from leads");
    for (const [email, id] of accepted) {
      const found = leads.filter((l) => l.email === email).map((l) => l.id);
      if (found.length !== 1 || found[0] !== id) fail(`${email} stored ${found.length} times`);
    }
    for (const lead of leads) {
      if (!accepted.has(lead.email) && !unanswered.has(lead.email))
        fail(`unknown lead ${lead.email}`);
    }
    const files = await rows<{ object_key: string }>("select object_key from lead_files");
    for (const file of files) {
      if (!(await storage.exists(file.object_key))) fail(`missing file ${file.object_key}`);
    }
    const pending = await rows<{ n: number }>(
      "select count(*)::int as n from mail_messages where status <> 'sent'",
    );
    if ((pending[0]?.n ?? 0) > 0) fail(`${pending[0]?.n} mails not delivered after the restarts`);
    const missing = [...accepted.keys()].filter(
      (e) => !mail.messages.some((m) => m.to.includes(e)),
    );
    if (missing.length) fail(`no mail for ${missing.length} accepted posts`);
    const stored = new Set(files.map((f) => f.object_key));
    const onDisk = existsSync(join(dataDir, "uploads", "leads"))
      ? countFiles(join(dataDir, "uploads", "leads"))
      : 0;
    return {
      rounds: CRASH_ROUNDS,
      accepted: accepted.size,
      leads: leads.length,
      files: stored.size,
      orphans: onDisk - stored.size,
    };
  } finally {
    await database.close();
  }
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  }
  return n;
}

// --- Part 3: PostgreSQL, with the database cut now and then ---

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

async function postgresSoak() {
  const pgDir = mkdtempSync(join(tmpdir(), "site-soak-pg-"));
  const script = join(root, "scripts/pg-throwaway.sh");
  const url = execFileSync(script, ["start", pgDir, String(await freePort())], {
    encoding: "utf8",
  }).trim();
  cleanup.push(() => {
    spawnSync(script, ["stop", pgDir]);
  });
  const target = new URL(url);
  const proxy: TcpProxy = await startTcpProxy(target.hostname, Number(target.port));
  cleanup.push(() => proxy.close());
  const viaProxy = new URL(url);
  viaProxy.port = String(proxy.port);
  const server = await startAppServer({
    env: { DATABASE_URL: viaProxy.toString(), FORM_RATE_LIMIT: "1000000" },
  });
  cleanup.push(() => server.stop());
  const pid = server.process.pid as number;
  const stats = newStats();
  const started = Date.now();
  const totalMs = PG_MINUTES * 60_000;
  let cuts = 0;
  const cutter = setInterval(() => {
    cuts++;
    proxy.cut();
    setTimeout(() => proxy.restore(), 3000);
  }, 20_000);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(memoryOf(pid).rssMiB), SAMPLE_EVERY_MS);
  await steadyLoad(server.url, () => Date.now() - started > totalMs, stats, "pg");
  clearInterval(cutter);
  clearInterval(sampler);
  proxy.restore();
  const rss = memoryOf(pid).rssMiB;
  const postgres = postgresRssMiB(join(pgDir, "data"));
  // Recovery: ready again within 15 s of the last cut.
  const deadline = Date.now() + 15_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    ready = (await fetch(`${server.url}/readyz`).catch(() => null))?.status === 200;
    if (!ready) await sleep(200);
  }
  if (!ready) fail("the app did not become ready again after the last database cut");
  const bad = [...stats.statuses].filter(([s]) => s >= 500 && s !== 503);
  if (bad.length) fail(`answers other than 503 during database cuts: ${JSON.stringify(bad)}`);
  const dataMiB = folderMiB(join(pgDir, "data"));
  return { stats, cuts, rss: median([...samples, rss]), postgres, dataMiB };
}

// --- Main ---

async function main() {
  const build = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) fail("the build failed");
  console.log(
    `soak: ${MINUTES} min steady load after ${WARMUP_S} s warm-up, ${CONCURRENCY} connections, ${CRASH_ROUNDS} crash rounds, PostgreSQL ${PG_MINUTES || "skipped"}`,
  );

  const mail = await startMailCatcher();
  cleanup.push(() => mail.stop());
  const memory = await memorySoak(mail);
  console.log(`memory (embedded database): ${statusLine(memory.stats)}`);
  const crashes = await crashRounds();
  console.log(`crashes: ${JSON.stringify(crashes)}`);
  const postgres =
    PG_MINUTES > 0 && existsSync(join(PG_BIN, "initdb")) ? await postgresSoak() : undefined;
  if (postgres) console.log(`PostgreSQL with cuts: ${statusLine(postgres.stats)}`);

  const afterWarmup = memory.samples[0];
  const end = memory.samples.at(-1);
  console.log(`
### Memory (${MINUTES} min of steady load after ${WARMUP_S} s of warm-up, ${CONCURRENCY} connections)

| | RSS | RssAnon |
| --- | --- | --- |
| idle, after start | ${mib(memory.idle.rssMiB)} | ${mib(memory.idle.anonMiB)} |
| after warm-up | ${mib(afterWarmup?.rssMiB ?? 0)} | ${mib(afterWarmup?.anonMiB ?? 0)} |
| after ${MINUTES} min | ${mib(end?.rssMiB ?? 0)} | ${mib(end?.anonMiB ?? 0)} |
| growth (median of the last 3 samples vs the first 3) | ${memory.growth.toFixed(1)}% | |

Samples (s: RSS MiB): ${memory.samples.map((s) => `${s.atS.toFixed(0)}: ${s.rssMiB.toFixed(0)}`).join(", ")}
Load: ${statusLine(memory.stats)}; ${memory.leads} leads stored = accepted posts; mail refused/hung/dropped in turns, all delivered ${memory.drainS.toFixed(0)} s after the load (retry backoff; ${memory.twice} acknowledgements twice).
Embedded database folder after the run: ${memory.dataMiB.toFixed(1)} MiB.

### Footprint: embedded database vs PostgreSQL
${
  postgres
    ? `| | app RSS | database server RSS | data folder |
| --- | --- | --- | --- |
| PGlite (in the app process) | ${mib(median(memory.samples.map((s) => s.rssMiB)))} | - | ${memory.dataMiB.toFixed(1)} MiB |
| PostgreSQL 15 | ${mib(postgres.rss)} | ${mib(postgres.postgres)} | ${postgres.dataMiB.toFixed(1)} MiB |

PostgreSQL run: ${PG_MINUTES} min, database cut for 3 s ${postgres.cuts} times: ${statusLine(postgres.stats)}.`
    : "PostgreSQL part skipped (no binaries or SOAK_PG_MINUTES=0)."
}

### Crashes
${crashes.rounds} SIGKILL rounds during uploads: ${crashes.accepted} accepted posts all stored once with their files (${crashes.leads} leads, ${crashes.files} files), all mail delivered; ${crashes.orphans} orphan upload files left for the clean-up sweep.
`);
  if (memory.growth >= 10) fail(`RSS grew ${memory.growth.toFixed(1)}% under steady load`);
}

try {
  await main();
  await runCleanup();
} catch (error) {
  await runCleanup();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
