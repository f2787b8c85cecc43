// Everything the sales dashboard shows, read for one signed-in user and scoped to them:
// a manager gets the team's figures, every customer and the New leads queue, a rep their own.
// Customers are the customer records of app/domain/leads (docs/decisions/0016-one-pipeline.md).

import { and, asc, count, desc, eq, gte, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { auditChange } from "#app/domain/audit/audit.server.ts";
import { displayName, type PublicUser } from "#app/domain/auth/roles.ts";
import {
  bookedWith,
  consultationsFor,
  consultationsOfRecord,
} from "#app/domain/consultations/consultation-changes.server.ts";
import { listBlocksFor } from "#app/domain/content/blocks.server.ts";
import { getCustomer } from "#app/domain/leads/customer-detail.server.ts";
import {
  countCustomers,
  listCustomers,
  listSalesReps,
  type SalesRep,
} from "#app/domain/leads/customers.server.ts";
import { PAGE_SIZE } from "#app/domain/leads/customers.ts";
import type { PipelineActor } from "#app/domain/leads/pipeline.server.ts";
import { recordScope } from "#app/domain/leads/pipeline.server.ts";
import { CLOSED_PHASES, formatMoney, isClosedPhase } from "#app/domain/leads/records.schema.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { addMonthsToMonth } from "#app/domain/training/training.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  leads,
  salesActivities,
  salesTargets,
  trainingModules,
  trainingProgress,
} from "#app/platform/db/schema.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { bookingTotals } from "./earnings.server.ts";
import { computeEarnings, computeStats, pipelineCounts, relativeTime } from "./figures.ts";
import { DASHBOARD_LOAD_ERROR, type TargetValues } from "./sales.schema.ts";
import { seesAllSales } from "./scope.server.ts";

type Viewer = Pick<PublicUser, "id" | "role">;

/** This year's targets that `user` may see: the team's and every rep's for a manager. */
async function targetRows(db: Db, user: Viewer, today: string) {
  const year = today.slice(0, 4);
  return db
    .select({
      repId: salesTargets.repId,
      month: salesTargets.month,
      cents: salesTargets.amountCents,
    })
    .from(salesTargets)
    .where(
      and(
        seesAllSales(user) ? undefined : eq(salesTargets.repId, user.id),
        gte(salesTargets.month, `${year}-01-01`),
        lte(salesTargets.month, `${year}-12-01`),
      ),
    );
}

/**
 * From this year's targets: the month's target and the year's (the sum of its months) that the
 * earnings compare with (the team's for a manager, a rep's own), and for a manager this month's
 * target of the team and of each rep (the target panel).
 */
function shapeTargets(
  rows: Awaited<ReturnType<typeof targetRows>>,
  user: Viewer,
  today: string,
  staff: SalesRep[],
) {
  const manager = seesAllSales(user);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const ofMonth = (repId: number | null) =>
    rows.find((r) => r.repId === repId && r.month === thisMonth)?.cents ?? null;
  const own = rows.filter((r) => r.repId === (manager ? null : user.id));
  return {
    compared: {
      monthTargetCents: ofMonth(manager ? null : user.id),
      yearTargetCents: own.length > 0 ? own.reduce((a, r) => a + r.cents, 0) : null,
    },
    panel: manager
      ? [
          { scope: "team", label: "Team", cents: ofMonth(null) },
          ...staff.map((s) => ({ scope: String(s.id), label: s.name, cents: ofMonth(s.id) })),
        ]
      : [],
  };
}

/** A manager sets the monthly target of a rep or of the team (replacing any earlier one). */
export async function setTarget(
  db: Db,
  actor: PipelineActor,
  values: TargetValues,
): Promise<Result> {
  return db.transaction(async (tx) => {
    if (values.repId !== null) {
      const staff = await listSalesReps(tx);
      if (!staff.some((s) => s.id === values.repId)) {
        return failure("invalid", "Choose the team or a sales rep from the list.");
      }
    }
    await tx
      .insert(salesTargets)
      .values({ repId: values.repId, month: `${values.month}-01`, amountCents: values.amountCents })
      .onConflictDoUpdate({
        target: [salesTargets.repId, salesTargets.month],
        set: { amountCents: values.amountCents, updatedAt: new Date() },
      });
    await auditChange(
      tx,
      actor,
      "sales_target_set",
      values.repId === null ? "sales_target:team" : `sales_target:user:${values.repId}`,
      { month: values.month, amount: formatMoney(values.amountCents) },
    );
    return success();
  });
}

export interface TrainingCard {
  id: number;
  title: string;
  duration: string;
  description: string;
  videoUrl: string;
  posterUrl: string;
  percent: number;
}

export async function listTraining(db: Db, userId: number): Promise<TrainingCard[]> {
  const rows = await db
    .select({
      id: trainingModules.id,
      title: trainingModules.title,
      duration: trainingModules.duration,
      description: trainingModules.description,
      videoUrl: trainingModules.videoUrl,
      posterUrl: trainingModules.posterUrl,
      percent: trainingProgress.percent,
    })
    .from(trainingModules)
    .leftJoin(
      trainingProgress,
      and(eq(trainingProgress.moduleId, trainingModules.id), eq(trainingProgress.userId, userId)),
    )
    .orderBy(asc(trainingModules.sortOrder), asc(trainingModules.id));
  return rows.map((r) => ({ ...r, percent: r.percent ?? 0 }));
}

/** Opening a module marks it started (at least 10%); completing it sets 100%. */
export const STARTED_PERCENT = 10;

export async function recordProgress(
  db: Db,
  userId: number,
  moduleId: number,
  step: "start" | "complete",
): Promise<boolean> {
  const [module] = await db
    .select({ id: trainingModules.id })
    .from(trainingModules)
    .where(eq(trainingModules.id, moduleId));
  if (!module) return false;
  const percent = step === "complete" ? 100 : STARTED_PERCENT;
  await db
    .insert(trainingProgress)
    .values({ userId, moduleId, percent })
    .onConflictDoUpdate({
      target: [trainingProgress.userId, trainingProgress.moduleId],
      set: {
        percent: sql`greatest(${trainingProgress.percent}, ${percent})`,
        updatedAt: new Date(),
      },
    });
  return true;
}

/**
 * The latest activity lines `user` may see: a manager every line; a rep the lines of the records
 * they own now (and of their deleted ones).
 */
export async function recentActivity(db: Db, user: Viewer, now: Date, limit = 8) {
  const owner = sql`case when ${leads.id} is null then ${salesActivities.repId} else ${leads.assignedTo} end`;
  const rows = await db
    .select({ id: salesActivities.id, message: salesActivities.message, at: salesActivities.at })
    .from(salesActivities)
    .leftJoin(leads, eq(leads.id, salesActivities.customerId))
    .where(seesAllSales(user) ? undefined : sql`${owner} = ${user.id}`)
    .orderBy(desc(salesActivities.at), desc(salesActivities.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    at: r.at.toISOString(),
    when: relativeTime(r.at, now),
  }));
}

/**
 * How many records `user` may see have an owner, in each phase (the Customers table's records:
 * the stat cards and the pipeline count these alike, so they add up), and how many without one
 * wait in the New leads queue: one pass over the records.
 */
async function recordCounts(db: Db, user: Viewer) {
  const unassigned = sql<boolean>`${leads.assignedTo} is null`;
  const rows = await db
    .select({ phase: leads.phase, unassigned, n: count() })
    .from(leads)
    .where(recordScope(user))
    .groupBy(leads.phase, unassigned);
  const ownedPhases: Record<string, number> = {};
  let owned = 0;
  let queued = 0;
  for (const r of rows) {
    if (!r.unassigned) {
      owned += r.n;
      ownedPhases[r.phase] = (ownedPhases[r.phase] ?? 0) + r.n;
    } else if (!isClosedPhase(r.phase)) queued += r.n;
  }
  return { ownedPhases, owned, queued };
}

/** The returning contacts `user` may see that wait in New leads (a partial index holds them). */
async function returningCount(db: Db, user: Viewer) {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        recordScope(user),
        isNotNull(leads.returnedAt),
        isNotNull(leads.assignedTo),
        notInArray(leads.phase, CLOSED_PHASES),
      ),
    );
  return row?.n ?? 0;
}

/** What the address asks the dashboard to show: search, pages, an open record. */
export interface DashboardView {
  search: string;
  page: number;
  newPage: number;
  customerId: number | null;
}

const slice = (page: number) => ({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });

/** The record the dashboard shows, with its consultations (newest first), if `user` may see it. */
async function selectedRecord(db: Db, user: Viewer, id: number) {
  const customer = await getCustomer(db, user, id);
  return customer && { ...customer, consultations: await consultationsOfRecord(db, [id]) };
}

/** All the dashboard's data for `user` at `now`; `view.search` filters the customers table only. */
export async function readDashboard(db: Db, user: PublicUser, now: Date, view: DashboardView) {
  const today = dayIn(now);
  const manager = seesAllSales(user);
  // The table lists the records with an owner; a search looks through every record the user may
  // see, New leads included (a rep sees only their own).
  const searching = view.search.trim() !== "";
  const owned = searching
    ? { q: view.search, openFirst: true }
    : { owner: "assigned" as const, openFirst: true };
  const queue = { owner: "none" as const };
  const [
    counts,
    customers,
    searched,
    newLeads,
    selected,
    totals,
    targetList,
    activity,
    news,
    training,
    staff,
    timeZone,
    returning,
    consultations,
  ] = await Promise.all([
    recordCounts(db, user),
    // The dashboard's tables show no e-mail status: its reads are left out.
    listCustomers(db, user, owned, slice(view.page), { withMail: false }),
    // The owned records are counted with the rest; a search needs its own count.
    searching ? countCustomers(db, user, owned) : null,
    manager ? listCustomers(db, user, queue, slice(view.newPage), { withMail: false }) : [],
    // The selected record with its consultations (sales sits above both areas).
    view.customerId ? selectedRecord(db, user, view.customerId) : null,
    bookingTotals(db, user, today),
    targetRows(db, user, today),
    recentActivity(db, user, now),
    listBlocksFor(db, { page: "sales-dashboard", section: "latest-news" }),
    listTraining(db, user.id),
    manager ? listSalesReps(db) : Promise.resolve([]),
    getTimeZone(db),
    manager ? returningCount(db, user) : 0,
    consultationsFor(db, user, now),
  ]);
  const targets = shapeTargets(targetList, user, today, staff);
  const booked = await bookedWith(
    db,
    newLeads.map((l) => l.id),
    now,
  );
  const month = today.slice(0, 7);
  return {
    // The company's time zone: the page's dates and times are shown in it.
    timeZone,
    viewer: { id: user.id, name: displayName(user), manager },
    today,
    month,
    nextMonth: addMonthsToMonth(month, 1),
    stats: computeStats(counts.ownedPhases),
    earnings: computeEarnings({ today, totals, ...targets.compared }),
    pipeline: pipelineCounts(counts.ownedPhases),
    activity,
    news: news.map((b) => ({ id: b.id, title: b.title, content: b.content, imageUrl: b.imageUrl })),
    training,
    customers: customers.map(tableRow),
    customerCount: searched?.total ?? counts.owned,
    newLeads: newLeads.map((l) => ({ ...tableRow(l), bookedWith: booked.get(l.id) ?? null })),
    newLeadCount: manager ? counts.queued + returning : 0,
    selected,
    missing: Boolean(view.customerId) && !selected,
    staff,
    targets: targets.panel,
    consultations,
  };
}

function tableRow(c: Awaited<ReturnType<typeof listCustomers>>[number]) {
  return {
    id: c.id,
    repId: c.assignedTo,
    repName: c.assignedName,
    name: c.name,
    email: c.email,
    company: c.company,
    phone: c.phone,
    form: c.form,
    status: c.status,
    phase: c.phase,
    dealValueCents: c.dealValueCents,
    returnedAt: c.returnedAt,
    createdAt: c.createdAt,
  };
}

export type DashboardData = Awaited<ReturnType<typeof readDashboard>>;

/**
 * The dashboard, or the spec's "Failed to load dashboard data" (unavailable) when a read fails
 * (logged): the page then shows the message in its error box instead of failing as a whole.
 */
export async function loadDashboard(
  services: { db: Db; logger: Pick<Logger, "error"> },
  user: PublicUser,
  now: Date,
  view: DashboardView,
): Promise<Result<DashboardData>> {
  try {
    return success(await readDashboard(services.db, user, now, view));
  } catch (error) {
    services.logger.error({ err: error, userId: user.id }, "sales dashboard read failed");
    return failure("unavailable", DASHBOARD_LOAD_ERROR);
  }
}
