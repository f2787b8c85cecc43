// The seed plan: which demo content a new database gets, step by step. It sits above the
// layers (it knows every area), so infrastructure never imports the business.
import { type StaffSeedOptions, seedStaffUsers } from "#app/domain/auth/staff.seed.ts";
import { seedConsultantHours } from "#app/domain/consultations/consultations.seed.ts";
import { seedContentBlocks } from "#app/domain/content/blocks.seed.ts";
import { seedHomepage, seedSlides } from "#app/domain/content/content.seed.ts";
import "./content-kinds.server.ts";
import { allKinds } from "#app/domain/history/kinds.server.ts";
import { recordBaselines } from "#app/domain/history/versions.server.ts";
import { seedProjects } from "#app/domain/portfolio/portfolio.seed.ts";
import { seedSales } from "#app/domain/sales/sales.seed.ts";
import { seedClosedDays } from "#app/domain/settings/closed-days.server.ts";
import { seedSettings } from "#app/domain/settings/settings.seed.ts";
import { planCohortSessions } from "#app/domain/training/class-sessions.server.ts";
import { currentSecurityPlusExam, SECURITY_PLUS_SLUG } from "#app/domain/training/courses.seed.ts";
import { seedTraining } from "#app/domain/training/courses.server.ts";
import { correctSeededCourse } from "#app/domain/training/courses-admin.server.ts";
import { seedInstructors } from "#app/domain/training/instructors.seed.ts";
import { carryEarlierPayments } from "#app/domain/training/registration-invoices.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  contentBlocks,
  heroSlides,
  homepageSections,
  portfolioProjects,
  siteSettings,
} from "#app/platform/db/schema.ts";
import { runSeedSteps, type SeedStep } from "#app/platform/db/seed-runs.server.ts";

/** What some steps need from the configuration. */
export interface SeedOptions extends StaffSeedOptions {
  /** The seed date: dated content (cohorts) is computed from it. Defaults to the real time. */
  now?: Date;
}
type SeedSettings = SeedOptions & { now: Date };

/**
 * The seed plan: every area's demo content, in order (app/platform/db/seed-runs.server.ts runs
 * each step once). New areas append new steps; a step's name never changes.
 */
const steps: SeedStep<SeedSettings>[] = [
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
  // Consultations (issue 32): the demo reps' and managers' weekly hours.
  {
    name: "0010-consultant-hours",
    run: (tx) => seedConsultantHours(tx),
  },
  // Content history (issue 33): every item's live record becomes its first version.
  {
    name: "0011-content-history",
    run: (tx) => recordBaselines(tx, allKinds()),
  },
  // Closed days (issue 43): Christmas Day and New Year's Day, every year.
  {
    name: "0012-closed-days",
    run: (tx, { now }) => seedClosedDays(tx, now),
  },
  // Issue 43: the Security+ course names the current exam, SY0-701, on databases seeded before
  // (a new one seeds it already); published as a version, so its history says why.
  {
    name: "0013-security-plus-exam",
    run: (tx) =>
      correctSeededCourse(
        tx,
        SECURITY_PLUS_SLUG,
        currentSecurityPlusExam,
        "Content fix: the current Security+ exam is SY0-701",
      ),
  },
  // Issue 46: class sessions are records. Every cohort made before (seeded or by staff) gets
  // its plan, around the closed days above; a cohort made after gets its own when it is made.
  {
    name: "0014-class-sessions",
    run: async (tx) => {
      await planCohortSessions(tx);
    },
  },
  // Issue 47: a registration's earnings are its payments less refunds. A payment Mark paid
  // recorded before is carried into the payments, and registrations' bookings go.
  {
    name: "0015-registration-payments",
    run: async (tx, { now }) => {
      await carryEarlierPayments(tx, now);
    },
  },
];

/** Runs the seed steps that have not run yet; returns their names. */
export function seedDatabase(db: Db, options: SeedOptions = {}): Promise<string[]> {
  return runSeedSteps(db, steps, { ...options, now: options.now ?? new Date() });
}
