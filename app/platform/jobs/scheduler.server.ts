// Recurring background jobs on pg-boss (the same queue the mail outbox uses): each job has a cron
// schedule stored in the database, so with several app instances it still runs once per tick,
// on whichever instance fetches it.
import type pg from "pg";
import { type Db as BossDb, fromPglite, PgBoss } from "pg-boss";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";

export interface RecurringJob {
  /** The pg-boss queue name, e.g. "cleanup". */
  name: string;
  /** Five-field cron, UTC, e.g. "*\/15 * * * *". */
  cron: string;
  /** Returns what to log about the run (counts, never secrets). */
  run(): Promise<Record<string, unknown>>;
  /** A run that takes longer is given up on (and retried at the next tick). */
  expireInSeconds?: number;
}

export interface Scheduler {
  start(): Promise<void>;
  /** Queues a run now (operators, tests); the schedule carries on as before. */
  trigger(name: string): Promise<void>;
  stop(): Promise<void>;
}

function fromPool(pool: pg.Pool): BossDb {
  return { executeSql: (text, values) => pool.query(text, values) };
}

export function createScheduler(options: {
  database: Database;
  logger: Logger;
  jobs: RecurringJob[];
  /** How often an idle worker looks for a due job. */
  pollingIntervalSeconds?: number;
}): Scheduler {
  const { database, logger, jobs } = options;
  let boss: PgBoss | undefined;

  function newBoss(): PgBoss {
    const db =
      database.driver === "pglite"
        ? fromPglite(database.pglite as NonNullable<Database["pglite"]>)
        : fromPool(database.pool as pg.Pool);
    const instance = new PgBoss({
      db,
      ...(database.driver === "pglite" ? { backend: "pglite" as const } : {}),
      schedule: true,
    });
    instance.on("error", (error) => {
      logger.error({ component: "jobs", err: error }, "pg-boss error");
    });
    instance.on("warning", (warning) => {
      logger.warn({ component: "jobs", warning: warning.message }, "pg-boss warning");
    });
    return instance;
  }

  let starting: Promise<void> | undefined;

  async function doStart(): Promise<void> {
    const instance = newBoss();
    try {
      await instance.start({ attempts: 3 });
      for (const job of jobs) {
        const expireInSeconds = job.expireInSeconds ?? 15 * 60;
        // One run queued or active at a time: a slow run is never doubled by the next tick.
        await instance.createQueue(job.name, {
          policy: "exclusive",
          retryLimit: 0,
          expireInSeconds,
        });
        await instance.schedule(job.name, job.cron, {}, { tz: "UTC" });
        await instance.work(
          job.name,
          { localConcurrency: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
          async ([queued]) => {
            const started = performance.now();
            try {
              const result = await job.run();
              const ms = Math.round(performance.now() - started);
              logger.info(
                { component: "jobs", job: job.name, jobId: queued?.id, ms, ...result },
                "job done",
              );
            } catch (err) {
              logger.error(
                { component: "jobs", job: job.name, jobId: queued?.id, err },
                "job failed",
              );
              throw err;
            }
          },
        );
      }
      boss = instance;
    } catch (error) {
      await instance.stop({ graceful: false }).catch(() => {});
      throw error;
    }
  }

  return {
    start() {
      if (boss) return Promise.resolve();
      starting ??= doStart().finally(() => {
        starting = undefined;
      });
      return starting;
    },

    async trigger(name) {
      if (!boss) throw new Error("the scheduler is not started");
      await boss.send(name, {});
    },

    async stop() {
      // A stop during the start waits for it, so nothing keeps running after the stop.
      await starting?.catch(() => {});
      const instance = boss;
      boss = undefined;
      await instance?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
