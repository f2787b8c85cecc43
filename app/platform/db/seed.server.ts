import { type StaffSeedOptions, seedStaffUsers } from "#app/domain/auth/staff.seed.ts";
import { seedContentBlocks } from "#app/domain/content/blocks.seed.ts";
import { seedHomepage, seedSlides } from "#app/domain/content/content.seed.ts";
import { seedProjects } from "#app/domain/portfolio/portfolio.seed.ts";
import { seedSales } from "#app/domain/sales/sales.seed.ts";
import { seedSettings } from "#app/domain/settings/settings.seed.ts";
import { seedTraining } from "#app/domain/training/courses.server.ts";
import { seedInstructors } from "#app/domain/training/instructors.seed.ts";
import type { Db } from "./client.server.ts";
import {
  contentBlocks,
  heroSlides,
  homepageSections,
  portfolioProjects,
  seedRuns,
  siteSettings,
} from "./schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What some steps need from the configuration. */
export interface SeedOptions extends StaffSeedOptions {
  /** The seed date: dated content (cohorts) is computed from it. Defaults to the real time. */
  now?: Date;
}
type SeedSettings = SeedOptions & { now: Date };

/**
 * Seed steps run once each, in order, recorded in seed_runs. A step never runs again, so
 * content that staff later edit or delete is never brought back. New areas append new steps.
 */
const steps: { name: string; run: (tx: Tx, options: SeedSettings) => Promise<void> }[] = [
  {
    name: "0001-site-settings",
    run: async (tx) => {
      await tx
        .insert(siteSettings)
        .values(Object.entries(seedSettings).map(([key, value]) => ({ key, value })))
        .onConflictDoNothing();
    },
  },
  {
    name: "0002-homepage-sections",
    run: async (tx) => {
      await tx
        .insert(homepageSections)
        .values(Object.entries(seedHomepage).map(([id, data]) => ({ id, data })))
        .onConflictDoNothing();
    },
  },
  {
    name: "0003-hero-slides",
    run: async (tx) => {
      await tx.insert(heroSlides).values(seedSlides);
    },
  },
  {
    name: "0004-portfolio-projects",
    run: async (tx) => {
      await tx.insert(portfolioProjects).values(seedProjects);
    },
  },
  {
    name: "0005-training-courses",
    run: (tx, { now }) => seedTraining(tx, now),
  },
  {
    name: "0006-staff-users",
    run: (tx, options) => seedStaffUsers(tx, options),
  },
  {
    name: "0007-content-blocks",
    run: async (tx) => {
      await tx.insert(contentBlocks).values(seedContentBlocks).onConflictDoNothing();
    },
  },
  // Course management (issue 8): demo instructors, assigned to the seeded courses.
  {
    name: "0008-course-instructors",
    run: (tx, options) => seedInstructors(tx, options),
  },
  {
    // Sales dashboard (issue 9): customers, bookings, targets, activities, training modules.
    name: "0009-sales-dashboard",
    run: (tx, { now, demoPassword }) => seedSales(tx, { now, demoPassword }),
  },
];

/** Runs the seed steps that have not run yet; returns their names. */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<string[]> {
  const settings: SeedSettings = { ...options, now: options.now ?? new Date() };
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
      await step.run(tx, settings);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
