// `npm test`: every test. Unit and integration tests (Vitest), then a production build and the
// end-to-end tests (Playwright) in the system Chromium, which is found at CHROME_PATH or
// /usr/bin/chromium, or installed from Debian when running as root with apt-get.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

let chromium = findChromium();
if (!chromium) {
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      "Chromium not found: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests...");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium"], {
    ...process.env,
    DEBIAN_FRONTEND: "noninteractive",
  });
  chromium = findChromium();
  if (!chromium) {
    console.error("Chromium is still missing after apt-get install chromium.");
    process.exit(1);
  }
}

const bin = "node_modules/.bin";
// Some integration tests start the built server, so build first.
run(`${bin}/react-router`, ["build"]);
run(`${bin}/vitest`, ["run"]);
run(`${bin}/playwright`, ["test", ...process.argv.slice(2)], {
  ...process.env,
  CHROME_PATH: chromium,
});
