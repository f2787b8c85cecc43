// Prints the ten slowest test files of each JSON report in a folder (Vitest's `vitest*.json`,
// Playwright's `playwright.json`): where a run's minutes went. `.ci/run` calls it at the end.
//   node scripts/slowest-tests.ts <folder>
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightTime(suite: PlaywrightSuite): number {
  const own = (suite.specs ?? [])
    .flatMap((spec) => spec.tests)
    .flatMap((test) => test.results)
    .reduce((sum, result) => sum + result.duration, 0);
  return own + (suite.suites ?? []).reduce((sum, inner) => sum + playwrightTime(inner), 0);
}

/** Milliseconds by test file. */
function fileTimes(path: string): Map<string, number> {
  const report = JSON.parse(readFileSync(path, "utf8"));
  const times = new Map<string, number>();
  if (Array.isArray(report.testResults)) {
    for (const file of (report as VitestReport).testResults) {
      times.set(relative(process.cwd(), file.name), file.endTime - file.startTime);
    }
  } else {
    // Playwright: one suite per file and project; the projects of a file are added up.
    for (const suite of report.suites as PlaywrightSuite[]) {
      const file = join("tests/e2e", suite.file);
      times.set(file, (times.get(file) ?? 0) + playwrightTime(suite));
    }
  }
  return times;
}

const folder = process.argv[2];
if (!folder || !existsSync(folder)) {
  console.error("usage: node scripts/slowest-tests.ts <folder of JSON reports>");
  process.exit(1);
}
for (const name of readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const times = [...fileTimes(join(folder, name))].sort((a, b) => b[1] - a[1]);
  const total = times.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `\n${name}: ${times.length} files, ${(total / 1000).toFixed(0)} s in all; the slowest:`,
  );
  for (const [file, ms] of times.slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }
}
