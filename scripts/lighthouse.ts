// Lighthouse (mobile emulation, simulated throttling: Lighthouse's defaults) in the system
// Chromium, the median of several runs per page. Used by `npm run bench`; never by the tests.
// Each page is fetched once first (the server's page cache then answers every run, as it does
// for visitors), and each run waits until the machine is idle: Lighthouse derives blocking time
// from the tasks it sees in the page's trace, and on a two-core machine anything else running
// (a server still busy after a load test, a build) lengthens them.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

export interface LighthouseResult {
  path: string;
  /** The median score (0-100) per category over the runs. */
  median: Scores;
  runs: Scores[];
  /** Total Blocking Time in ms (Lighthouse's simulated figure): the median and each run's. */
  blockingMs: { median: number; runs: number[] };
  /** Failed audits of the median performance run, worst first: what to fix below 100. */
  failedAudits: string[];
}

export async function runLighthouse(
  siteUrl: string,
  paths: string[],
  runs: number,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      await fetch(new URL(path, siteUrl)).then((answer) => answer.arrayBuffer());
      const reports: { scores: Scores; blockingMs: number; failed: string[] }[] = [];
      for (let run = 0; run < runs; run++) {
        await untilIdle();
        const lhr = await auditOnce(new URL(path, siteUrl).href, chrome.port);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Scores;
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
          .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
          .map((a) => `${a.id} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)})`);
        const blockingMs = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
        reports.push({ scores, blockingMs, failed });
      }
      const byPerformance = [...reports].sort(
        (a, b) => a.scores.performance - b.scores.performance,
      );
      const median = Object.fromEntries(
        CATEGORIES.map((c) => [c, medianOf(reports.map((r) => r.scores[c]))]),
      ) as Scores;
      results.push({
        path,
        median,
        runs: reports.map((r) => r.scores),
        blockingMs: {
          median: medianOf(reports.map((r) => r.blockingMs)),
          runs: reports.map((r) => r.blockingMs),
        },
        failedAudits: byPerformance[Math.floor(byPerformance.length / 2)]?.failed ?? [],
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run. A run that fails to record the page load (Lighthouse's runtime errors
 * such as NO_NAVSTART, which it asks to simply run again) is retried twice.
 */
async function auditOnce(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const answer = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = answer.lhr;
    if (!runtimeError) return answer.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
    console.log(`Lighthouse on ${url}: ${runtimeError.code}, running it again.`);
  }
}

/**
 * Waits until the CPUs were at least 90% idle over half a second (read from /proc/stat), at most
 * 30 s; then says so and goes on. Where there is no /proc/stat it does not wait.
 */
async function untilIdle(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let before = cpuTimes();
  if (!before) return;
  while (Date.now() < deadline) {
    await sleep(500);
    const after = cpuTimes();
    if (!after) return;
    const total = after.total - before.total;
    if (total > 0 && (after.idle - before.idle) / total >= 0.9) return;
    before = after;
  }
  console.log("The machine stayed busy for 30 s: running Lighthouse anyway.");
}

/** The CPUs' idle and total time so far (clock ticks), or null where /proc/stat is missing. */
function cpuTimes(): { idle: number; total: number } | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user): idle and
    // iowait are idle time.
    return {
      idle: (ticks[3] ?? 0) + (ticks[4] ?? 0),
      total: ticks.reduce((sum, t) => sum + t, 0),
    };
  } catch {
    return null;
  }
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
