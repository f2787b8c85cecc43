import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./tests/support/chromium.ts";

// End-to-end tests drive the system Chromium (tests/support/chromium.ts; never a downloaded
// browser). Each spec file starts its own production server on a free port
// (tests/support/app-server.ts), so `npm run build` must have run first; `npm test` does that.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  // In CI (.ci/run sets CI=true) a focused test fails the run. No test is retried anywhere: a
  // test that fails once fails the run (a test that passes only on a retry is a defect).
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers on two cores, each with its browser and servers: a step that takes a second alone
  // has taken ten. The limits are for steps that never finish, not for slow ones; a worker's
  // server fixture gets the same 60 s unless it says otherwise.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // With TEST_REPORT_DIR (.ci/run) a JSON report too, for scripts/slowest-tests.ts.
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    // Recording a trace costs every test CPU; CI keeps no test-results to read one from.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // The content pages load no framework script (decision 0022): their behaviour tests run with
  // JavaScript and again with it off, so a control that needs script cannot pass unnoticed.
  projects: [
    { name: "chromium" },
    {
      name: "no-javascript",
      testMatch: /(content-pages|inquiries)\.spec\.ts$/,
      use: { javaScriptEnabled: false },
    },
  ],
});
