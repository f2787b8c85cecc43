// The seed mechanism: each named step runs once per database, in order, recorded in seed_runs.
// What the steps are is the app's business (app/seed.server.ts), not the platform's.
import type { Db, DbTransaction } from "./client.server.ts";
import { seedRuns } from "./schema.ts";

export interface SeedStep<Options> {
  /** Recorded in seed_runs; never renamed, so a step never runs twice. */
  name: string;
  run: (tx: DbTransaction, options: Options) => Promise<void>;
}

/**
 * Runs the steps that have not run yet, each in its own transaction; returns their names. A
 * step never runs again, so content that staff later edit or delete is never brought back.
 */
export async function runSeedSteps<Options>(
  db: Db,
  steps: readonly SeedStep<Options>[],
  options: Options,
): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const ran = await db.transaction(async (tx) => {
      // Two instances starting together: the second waits on the first's row, then skips.
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return false;
      await step.run(tx, options);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
