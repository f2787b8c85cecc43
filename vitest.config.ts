import { defineConfig } from "vitest/config";

// Unit and integration tests (no React Router plugin: they test modules, not the bundle).
// `*.db.test.ts` files touch the database; `npm run test:db` re-runs just those, against
// PostgreSQL when TEST_DATABASE_URL is set.

export default defineConfig({
  test: {
    environment: "node",
    // Tests that start the built server (and three files at once on two cores) take seconds each;
    // under full load a start has taken more than 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Many tests wait on child servers, timers and sockets, so three overlap that waiting.
    maxWorkers: 3,
    // A focused test (it.only) fails the run in CI (.ci/run sets CI=true).
    allowOnly: !process.env.CI,
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
        },
      },
      {
        // The `.db` files share their workers (no isolation): PGlite compiles its WebAssembly
        // once per worker instead of once per file, and the templates (database-templates.ts)
        // are made once per run. No file needs a fresh worker: each opens its own databases and
        // closes them, restores real timers, and leaves no module state that another depends on
        // (checked by running them in several random orders, `--sequence.shuffle.files`). A file
        // that comes to need one goes in a project of its own, with isolate left on.
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts", "tests/unit/**/*.db.test.ts"],
          isolate: false,
          globalSetup: ["tests/support/database-templates.ts"],
          setupFiles: ["tests/support/content-kinds.ts"],
        },
      },
    ],
  },
});
