// `npm test`: every test. Unit and integration tests (Vitest), then a production build and the
// end-to-end tests (Playwright) in the system Chromium, which is found at CHROME_PATH or as
// Debian's chromium-headless-shell or chromium (tests/support/chromium.ts), and the HTML check, which runs the Nu HTML Checker on Java 11 or newer,
// found at JAVA, in JAVA_HOME or on PATH. Either is installed from Debian when missing and running
// as root with apt-get; otherwise the run stops and says how to get it.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { findChromium } from "../tests/support/chromium.ts";
import { JAVA_HELP, javaVersion } from "../tests/support/nu-checker.ts";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs one step and, with TEST_REPORT_DIR (.ci/run), notes its time for the run's summary. */
function step(name: string, command: string, args: string[], env = process.env) {
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (process.env.TEST_REPORT_DIR) {
    const seconds = Math.round((performance.now() - start) / 1000);
    appendFileSync(
      join(process.env.TEST_REPORT_DIR, "phases.txt"),
      `  ${name.padEnd(20)} ${String(seconds).padStart(4)} s\n`,
    );
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function findJava(): string | undefined {
  const home = process.env.JAVA_HOME;
  const candidates = [process.env.JAVA, home && `${home}/bin/java`, "java"];
  return candidates.find(
    (command): command is string => Boolean(command) && (javaVersion(command as string) ?? 0) >= 11,
  );
}

/** The tool `find` finds, or Debian's `debianPackage` installed first (as root with apt-get). */
function findOrInstall(
  what: string,
  find: () => string | undefined,
  debianPackage: string,
  help: string,
) {
  const found = find();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`${what} not found: ${help}`);
    process.exit(1);
  }
  console.log(`${what} not found: installing Debian's ${debianPackage}...`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", debianPackage], {
    ...process.env,
    DEBIAN_FRONTEND: "noninteractive",
  });
  const installed = find();
  if (!installed) {
    console.error(`${what} is still missing after apt-get install ${debianPackage}.`);
    process.exit(1);
  }
  return installed;
}

const chromium = findOrInstall(
  "Chromium",
  findChromium,
  "chromium-headless-shell",
  "install Debian's chromium-headless-shell (apt-get install -y chromium-headless-shell) or set CHROME_PATH.",
);
const java = findOrInstall(
  "Java 11 or newer (for the HTML check)",
  findJava,
  "default-jre-headless",
  JAVA_HELP,
);
const env = { ...process.env, CHROME_PATH: chromium, JAVA: java };

const bin = "node_modules/.bin";
// With TEST_REPORT_DIR (set by .ci/run) each runner also writes a JSON report there, read by
// scripts/slowest-tests.ts (Playwright's is set in playwright.config.ts).
const reports = process.env.TEST_REPORT_DIR;
const vitestReport = reports
  ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`]
  : [];
// Some integration tests start the built server, so build first.
step("build", `${bin}/react-router`, ["build"]);
step("vitest", `${bin}/vitest`, ["run", ...vitestReport], env);
step("playwright", `${bin}/playwright`, ["test", ...process.argv.slice(2)], env);
