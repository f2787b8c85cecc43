// Lighthouse (mobile emulation, simulated throttling: Lighthouse's defaults) in the system
// Chromium, the median of several runs per page. Used by `npm run bench`; never by the tests.
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
      const reports: { scores: Scores; blockingMs: number; failed: string[] }[] = [];
      for (let run = 0; run < runs; run++) {
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

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
