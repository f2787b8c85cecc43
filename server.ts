// The Node entry: validates the configuration, opens and migrates the database, seeds it on
// first start, serves the app, and shuts down gracefully on SIGTERM/SIGINT.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RequestHandler } from "express";
import { sessionSettings } from "./app/domain/auth/sessions.server.ts";
import { runCleanup } from "./app/domain/maintenance/cleanup.server.ts";
import { DEFAULT_TIME_ZONE } from "./app/domain/settings/settings.ts";
import { currentTime } from "./app/platform/clock.server.ts";
import { migrateDatabase } from "./app/platform/db/client.server.ts";
import { openConfiguredDatabase } from "./app/platform/db/connect.server.ts";
import { ConfigError, type Env, parseEnv } from "./app/platform/env.server.ts";
import { createScheduler } from "./app/platform/jobs/scheduler.server.ts";
import { createLogger } from "./app/platform/logger.server.ts";
import { createOutbox, mailOptions } from "./app/platform/mail/outbox.server.ts";
import { openConfiguredStorage } from "./app/platform/storage/connect.server.ts";
import { seedDatabase } from "./app/seed.server.ts";
import { createCacheInvalidation, invalidateEveryMidnight } from "./server/cache-invalidation.ts";
import { createHttpApp } from "./server/http.ts";
import { createPageCache } from "./server/page-cache.ts";

const dev = process.argv.includes("--dev");

let env: Env;
try {
  env = parseEnv({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(env.LOG_LEVEL);
const started = performance.now();
// A stop signal during start-up is kept, and the stop begins once start-up is done (below): an
// embedded database cut off in the middle of a migration or the seed may not open again.
let signalDuringStart: NodeJS.Signals | undefined;
const keepSignal = (signal: NodeJS.Signals) => {
  logger.info({ signal }, "stopping once start-up is done");
  signalDuringStart ??= signal;
};
process.on("SIGTERM", keepSignal);
process.on("SIGINT", keepSignal);
const database = await openConfiguredDatabase(env);
await migrateDatabase(database);
const seeded = await seedDatabase(database.db, {
  now: currentTime(env),
  adminPassword: env.ADMIN_PASSWORD,
  demoPassword: env.DEMO_PASSWORD,
  // Plain text for the operator, outside the JSON log stream: shown once, never logged again.
  announce: (lines) => process.stdout.write(`\n${lines.join("\n")}\n\n`),
});
if (seeded.length) logger.info({ steps: seeded }, "database seeded");
if (env.DEMO_MODE && env.NODE_ENV === "production") {
  logger.warn(
    "DEMO_MODE is on: the sign-in pages show the demo accounts (and DEMO_PASSWORD when it is set) to every visitor",
  );
}
await database.ping();

const { storage, driver: storageDriver } = openConfiguredStorage(env);
const outbox = createOutbox({ ...mailOptions(env), database, logger });
await outbox.start();

/**
 * Expired holds and offers, waitlist offers and start reminders (safe on several instances). Run
 * through the app's bundle: its e-mails are React components.
 */
async function registrationWork() {
  const app = await loadApp();
  const report = await app.runRegistrationWork(services);
  // Seats changed hands: the course pages show availability.
  if (report.offersExpired + report.holdsReleased > 0) await pages.invalidate();
  return report;
}

/** E-mails each invoice 7 days overdue, once (decision 0025). */
async function invoiceReminderWork() {
  const app = await loadApp();
  return app.runInvoiceReminders(services);
}

/** Publishes the content releases that are due; the pages show them at once. */
async function releaseWork() {
  const app = await loadApp();
  const report = await app.runContentReleases(services);
  if (report.releasesPublished + report.releasesFailed > 0) await pages.invalidate();
  return report;
}

// Orphaned uploads, upload temp files, ended sessions and old rate-limit counters, every 15 minutes
// (once per tick across all instances).
const jobs = createScheduler({
  database,
  logger,
  jobs: [
    {
      name: "cleanup",
      cron: "*/15 * * * *",
      run: async () => {
        const report = await runCleanup({
          db: database.db,
          storage,
          sessions: sessionSettings(env),
          tempDirs: [join(env.DATA_DIR, "tmp"), join(env.DATA_DIR, "uploads", ".tmp")],
          logger,
        });
        return { ...report, orphansDeleted: report.orphansDeleted.length };
      },
    },
    // Expired seat holds and waitlist offers, free seats for waiting students, start reminders
    // (decision 0017), every 5 minutes (and once at start, below).
    { name: "registrations", cron: "*/5 * * * *", run: registrationWork },
    // Scheduled content releases (decision 0021), every minute (and once at start, below).
    { name: "content-releases", cron: "* * * * *", run: releaseWork },
    // Overdue invoices' reminders (decision 0025), once a day at 14:00 UTC (morning in Alabama);
    // a day missed is caught up the next (every invoice 7 or more days overdue, once).
    { name: "invoice-reminders", cron: "0 14 * * *", run: invoiceReminderWork },
  ],
});

// Development renders every page afresh so edits show at once.
const pageCache = dev ? undefined : createPageCache();
const pages = await createCacheInvalidation({
  database,
  logger,
  onInvalidate: () => pageCache?.invalidate(),
});
// "Today" moves on at midnight in Alabama, and with it the upcoming start dates pages show.
if (pageCache && !env.FROZEN_NOW)
  invalidateEveryMidnight(() => pageCache.invalidate(), DEFAULT_TIME_ZONE);

const services = {
  db: database.db,
  env,
  logger,
  outbox,
  storage,
  invalidatePages: pages.invalidate,
};
const httpServer = createServer();
/** The app's bundle (server/app.ts): built, or compiled on demand by Vite in development. */
let loadApp: () => Promise<typeof import("./server/app.ts")>;
let routerHandler: RequestHandler;
let devMiddleware: RequestHandler | undefined;

if (dev) {
  const vite = await import("vite").then((v) =>
    v.createServer({
      server: { middlewareMode: true, ws: { server: httpServer } },
      appType: "custom",
    }),
  );
  devMiddleware = vite.middlewares;
  loadApp = () => vite.ssrLoadModule("./server/app.ts") as never;
  routerHandler = async (req, res, next) => {
    try {
      const mod = await loadApp();
      return mod.createRouterHandler(services)(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  };
} else {
  // @ts-expect-error the build output exists only after `npm run build`
  const build = await import("./build/server/index.js");
  loadApp = async () => build;
  routerHandler = build.createRouterHandler(services);
}

httpServer.on(
  "request",
  createHttpApp({ env, database, logger, routerHandler, devMiddleware, pageCache }),
);
let stopping = false;
let databaseClosed: Promise<void> | undefined;
/** Closes the database once, whichever way the stop goes. */
function closeDatabase() {
  databaseClosed ??= database
    .close()
    .catch((err) => logger.error({ err }, "closing the database failed"));
  return databaseClosed;
}

/**
 * Every way out closes the database first: an embedded database whose process ends while it
 * writes can fail to open at the next start ("could not open file base/..."). Closing waits for
 * the statement in progress; queries after it fail, and so do the requests still open.
 */
async function exitAfterClosing(code: number) {
  // Only a database that never finishes its statement keeps the process past this.
  setTimeout(() => {
    logger.error("the database did not close in time; exiting without it");
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  await closeDatabase();
  logger.info({ exitCode: code }, "stopped");
  process.exit(code);
}

function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    // A second signal: the operator will not wait for the requests in flight.
    logger.warn({ signal }, "stopping now, without waiting for the requests in flight");
    void exitAfterClosing(1);
    return;
  }
  stopping = true;
  logger.info({ signal }, "shutting down");
  let answered = false;
  setTimeout(() => {
    logger.error(
      answered
        ? "the background work was still stopping at the shutdown deadline; exiting"
        : "requests still open at the shutdown deadline; exiting",
    );
    void exitAfterClosing(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  // Stop accepting, let requests in flight finish, stop the background work, close the database.
  httpServer.close(async () => {
    answered = true;
    await outbox.stop().catch((err) => logger.error({ err }, "stopping the outbox failed"));
    await jobs.stop().catch((err) => logger.error({ err }, "stopping the jobs failed"));
    await pages.stop().catch((err) => logger.error({ err }, "stopping the page cache failed"));
    await exitAfterClosing(0);
  });
  // Keep-alive connections close as soon as their request is answered.
  httpServer.closeIdleConnections();
  setInterval(() => httpServer.closeIdleConnections(), 100).unref();
}
process.off("SIGTERM", keepSignal);
process.off("SIGINT", keepSignal);
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

// Stopped during start-up: the server never listens (closing it ends at once).
if (signalDuringStart) shutdown(signalDuringStart);
else listen();

function listen() {
  httpServer.listen(env.PORT, env.HOST, () => {
    const { port } = httpServer.address() as AddressInfo;
    logger.info(
      {
        url: `http://${env.HOST}:${port}`,
        port,
        database: database.driver,
        storage: storageDriver,
        demoMode: env.DEMO_MODE,
        startupMs: Math.round(performance.now() - started),
      },
      "listening",
    );
    // Not on the start-up path: nothing waits for the clean-up, and a failure only delays it.
    jobs.start().catch((err) => logger.error({ err }, "the scheduled jobs could not start"));
    // What came due while the server was down (reminders, expired holds) is done now, not at the
    // next tick; each step is safe to run on several instances at once.
    registrationWork()
      .then((report) =>
        logger.info({ component: "jobs", job: "registrations", ...report }, "job done"),
      )
      .catch((err) => logger.error({ err }, "the registrations' start-up run failed"));
    // A release that came due while the server was down goes out now.
    releaseWork()
      .then((report) =>
        logger.info({ component: "jobs", job: "content-releases", ...report }, "job done"),
      )
      .catch((err) => logger.error({ err }, "the content releases' start-up run failed"));
  });
}
