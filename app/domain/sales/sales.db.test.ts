import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCurrentUser } from "#app/domain/auth/guard.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import { type Database, migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { auditLog, salesBookings, users } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { seedDatabase } from "#app/seed.server.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import {
  CUSTOMER_NOT_FOUND,
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  updateCustomer,
} from "./customers.server.ts";
import { loadDashboard, readDashboard, recordProgress, setTarget } from "./dashboard.server.ts";
import { dashboardLoader } from "./dashboard-action.server.ts";
import { DASHBOARD_LOAD_ERROR, validateCustomer } from "./sales.schema.ts";

/** The demo date: the seed's figures are the spec's on it. */
const DEMO_NOW = new Date("2025-10-26T17:00:00Z");
const TODAY = "2025-10-26";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const seedOptions = { now: DEMO_NOW, demoPassword: "demo-password-1" };
let template: Promise<Blob> | undefined;

/** A database seeded on the demo date (on PGlite copied from one seeded template: faster). */
async function openDemo(): Promise<Database> {
  if (usingPostgres) {
    const fresh = await createTestDatabase({ seed: false });
    await seedDatabase(fresh.db, seedOptions);
    return fresh;
  }
  template ??= (async () => {
    const seeded = await openDatabase({ memory: true });
    await migrateDatabase(seeded);
    await seedDatabase(seeded.db, seedOptions);
    const dump = await (seeded.pglite as PGlite).dumpDataDir("none");
    await seeded.close();
    return dump;
  })();
  return openDatabase({ memory: true, loadDataDir: await template });
}

async function demoDatabase() {
  database = await openDemo();
  const rows = await database.db.select().from(users);
  const user = (email: string): PublicUser => {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`no ${email}`);
    return { ...row, role: row.role as PublicUser["role"] };
  };
  return {
    db: database.db,
    manager: user("manager@example.com"),
    rep: user("rep@example.com"),
    casey: user("casey@example.com"),
  };
}

const actor = (user: PublicUser) => ({ user, ip: "192.0.2.1" });
const customer = (fields: Record<string, string>) => {
  const parsed = validateCustomer({
    name: "Nia Brooks",
    email: "nia@brooks.example.com",
    phase: "Free MVP",
    dealValue: "10000",
    ...fields,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

describe("the sales dashboard's data", () => {
  it("the seed shows the spec's figures to the demo manager on the demo date", async () => {
    const { db, manager } = await demoDatabase();
    const d = await readDashboard(db, manager, DEMO_NOW);
    expect(d.viewer).toEqual({ name: "Morgan Blake", manager: true });
    expect(d.stats).toEqual({ totalCustomers: 3, activeDeals: 3, wonDeals: 0, conversionRate: 0 });
    expect(d.pipeline.map((p) => p.count)).toEqual([1, 1, 1, 0, 0]);
    expect(d.earnings).toEqual({
      currentMonthCents: 1_250_000,
      monthTargetCents: 1_500_000,
      monthPercent: 83,
      lastMonthCents: 1_420_000,
      monthlyAverageCents: 1_380_000,
      ytdCents: 14_500_000,
      yearTargetCents: 17_000_000,
      ytdPercent: 85,
      previousYtdCents: 13_200_000,
      growthPercent: 9.8,
      projectedYearEndCents: 17_500_000,
      projectedPercent: 103,
    });
    expect(d.news).toHaveLength(3);
    expect(d.training.map((t) => t.percent)).toEqual([100, 60, 0]);
    expect(d.customers.map((c) => [c.name, c.repName])).toEqual([
      ["Sarah Johnson", "Jordan Reed"],
      ["Michael Chen", "Jordan Reed"],
      ["Emily Rodriguez", "Casey Lin"],
    ]);
    expect(d.activity[0]).toMatchObject({
      message: "Michael Chen: phase changed from Free MVP to Demo Scheduled",
      when: "5 hours ago",
    });
    expect(d.staff.map((s) => s.name)).toEqual(["Casey Lin", "Jordan Reed", "Morgan Blake"]);
    expect(d.targets.find((t) => t.scope === "team")?.cents).toBe(1_500_000);
  });

  it("a rep sees only their own customers, activity and figures", async () => {
    const { db, rep } = await demoDatabase();
    const d = await readDashboard(db, rep, DEMO_NOW);
    expect(d.viewer.manager).toBe(false);
    expect(d.customers.map((c) => c.name)).toEqual(["Sarah Johnson", "Michael Chen"]);
    expect(d.stats).toEqual({ totalCustomers: 2, activeDeals: 2, wonDeals: 0, conversionRate: 0 });
    expect(d.pipeline.map((p) => p.count)).toEqual([1, 1, 0, 0, 0]);
    expect(d.activity.map((a) => a.message).join(" ")).not.toContain("Emily");
    // Jordan's share of the team's bookings, against Jordan's own $9,000 target.
    expect(d.earnings.currentMonthCents).toBe(750_000);
    expect(d.earnings.monthTargetCents).toBe(900_000);
    expect(d.earnings.monthPercent).toBe(83);
    expect(d.earnings.yearTargetCents).toBe(10_800_000);
    expect(d.staff).toEqual([]);
    expect(d.targets).toEqual([]);
  });

  it("search filters the table only, within the rep's scope", async () => {
    const { db, rep, manager } = await demoDatabase();
    const mine = await readDashboard(db, rep, DEMO_NOW, "greenleaf");
    expect(mine.customers).toEqual([]);
    expect(mine.stats.totalCustomers).toBe(2);
    const all = await readDashboard(db, manager, DEMO_NOW, "GreenLeaf");
    expect(all.customers.map((c) => c.name)).toEqual(["Emily Rodriguez"]);
    expect((await listCustomers(db, manager, "555-0178")).map((c) => c.name)).toEqual([
      "Michael Chen",
    ]);
    // Wildcards are text, not patterns.
    expect(await listCustomers(db, manager, "%")).toEqual([]);
  });

  it("closing a deal as Closed Won books it this month; reopening or deleting takes it back", async () => {
    const { db, manager, rep } = await demoDatabase();
    const [sarah] = await listCustomers(db, rep, "Sarah");
    const id = sarah?.id as number;
    const won = await updateCustomer(
      db,
      actor(rep),
      id,
      customer({
        name: "Sarah Johnson",
        email: "sarah.johnson@techflow.example.com",
        company: "TechFlow Solutions",
        phone: "(205) 555-0142",
        phase: "Closed Won",
        dealValue: "8500",
      }),
      TODAY,
    );
    expect(won.ok).toBe(true);
    let d = await readDashboard(db, manager, DEMO_NOW);
    expect(d.stats).toEqual({ totalCustomers: 3, activeDeals: 2, wonDeals: 1, conversionRate: 33 });
    expect(d.pipeline.map((p) => p.count)).toEqual([0, 1, 1, 1, 0]);
    expect(d.earnings.currentMonthCents).toBe(1_250_000 + 850_000);
    expect(d.activity[0]?.message).toBe("Sarah Johnson: phase changed from Free MVP to Closed Won");

    // Still won, a new value: the booking follows.
    await updateCustomer(
      db,
      actor(manager),
      id,
      customer({ name: "Sarah Johnson", phase: "Closed Won", dealValue: "9000" }),
      TODAY,
    );
    d = await readDashboard(db, manager, DEMO_NOW);
    expect(d.earnings.currentMonthCents).toBe(1_250_000 + 900_000);
    expect(d.activity.map((a) => a.message)).toContain(
      "Sarah Johnson: deal value changed from $8,500 to $9,000",
    );

    await deleteCustomer(db, actor(rep), id);
    d = await readDashboard(db, manager, DEMO_NOW);
    expect(d.earnings.currentMonthCents).toBe(1_250_000);
    expect(d.stats.totalCustomers).toBe(2);
    expect(d.activity[0]?.message).toBe("Customer deleted: Sarah Johnson");
    expect(await db.select().from(salesBookings).where(eq(salesBookings.customerId, id))).toEqual(
      [],
    );
    const audits = await query<{ action: string }>(
      database,
      "select action from audit_log where action like 'sales_customer_%' order by id",
    );
    expect(audits.map((a) => a.action)).toEqual([
      "sales_customer_updated",
      "sales_customer_updated",
      "sales_customer_deleted",
    ]);
  });

  it("a rep cannot read, change or delete another rep's customer, nor give one away", async () => {
    const { db, rep, manager, casey } = await demoDatabase();
    const [emily] = await listCustomers(db, manager, "Emily");
    const id = emily?.id as number;
    expect(await getCustomer(db, rep, id)).toBeNull();
    const update = await updateCustomer(
      db,
      actor(rep),
      id,
      customer({ phase: "Closed Lost" }),
      TODAY,
    );
    expect(update).toEqual({ ok: false, status: 404, error: CUSTOMER_NOT_FOUND });
    expect(await deleteCustomer(db, actor(rep), id)).toMatchObject({ ok: false, status: 404 });
    expect(await getCustomer(db, manager, id)).toMatchObject({
      name: "Emily Rodriguez",
      phase: "Negotiation",
    });

    // A rep's new customer is the rep's, whatever repId is posted.
    const made = await createCustomer(db, actor(rep), customer({ repId: String(casey.id) }), TODAY);
    expect(made).toMatchObject({ ok: true, customer: { repId: rep.id, repName: "Jordan Reed" } });
  });

  it("a manager assigns customers to sales staff only", async () => {
    const { db, manager, casey } = await demoDatabase();
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    const refused = await createCustomer(
      db,
      actor(manager),
      customer({ repId: String(admin?.id) }),
      TODAY,
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      errors: { repId: expect.any(String) },
    });
    const made = await createCustomer(
      db,
      actor(manager),
      customer({ repId: String(casey.id), phase: "Closed Won", note: "Signed today" }),
      TODAY,
    );
    expect(made).toMatchObject({ ok: true, customer: { repName: "Casey Lin" } });
    const d = await readDashboard(db, casey, DEMO_NOW);
    expect(d.customers.map((c) => c.name)).toContain("Nia Brooks");
    expect(d.activity.slice(0, 2).map((a) => a.message)).toEqual(
      expect.arrayContaining([
        "New customer added: Nia Brooks",
        "Note on Nia Brooks: Signed today",
      ]),
    );
    expect(d.stats.wonDeals).toBe(1);
  });

  it("targets: a manager sets them, replacing the month's earlier value", async () => {
    const { db, manager, rep } = await demoDatabase();
    expect(
      await setTarget(db, actor(manager), {
        repId: null,
        month: "2025-10",
        amountCents: 2_000_000,
      }),
    ).toEqual({ ok: true });
    let d = await readDashboard(db, manager, DEMO_NOW);
    expect(d.earnings.monthTargetCents).toBe(2_000_000);
    expect(d.earnings.monthPercent).toBe(63);
    expect(d.earnings.yearTargetCents).toBe(17_500_000);
    await setTarget(db, actor(manager), { repId: rep.id, month: "2025-10", amountCents: 750_000 });
    d = await readDashboard(db, rep, DEMO_NOW);
    expect(d.earnings.monthPercent).toBe(100);
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    expect(
      await setTarget(db, actor(manager), {
        repId: admin?.id as number,
        month: "2025-10",
        amountCents: 1,
      }),
    ).toMatchObject({ ok: false });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "sales_target_set"));
    expect(audits).toHaveLength(2);
  });

  it("training progress: opening starts a module, completing it makes 100%", async () => {
    const { db, rep } = await demoDatabase();
    const before = (await readDashboard(db, rep, DEMO_NOW)).training;
    const untouched = before[2]?.id as number;
    expect(await recordProgress(db, rep.id, untouched, "start")).toBe(true);
    // Starting never lowers progress.
    expect(await recordProgress(db, rep.id, before[1]?.id as number, "start")).toBe(true);
    let after = (await readDashboard(db, rep, DEMO_NOW)).training;
    expect(after.map((t) => t.percent)).toEqual([100, 60, 10]);
    await recordProgress(db, rep.id, untouched, "complete");
    after = (await readDashboard(db, rep, DEMO_NOW)).training;
    expect(after.map((t) => t.percent)).toEqual([100, 60, 100]);
    expect(await recordProgress(db, rep.id, 999_999, "complete")).toBe(false);
  });

  it("a failed read gives 'Failed to load dashboard data', logged, not a crash", async () => {
    const { db, manager } = await demoDatabase();
    await database.close();
    const logger = { error: vi.fn() };
    const result = await loadDashboard({ db, logger }, manager, DEMO_NOW);
    expect(result).toEqual({ ok: false, error: DASHBOARD_LOAD_ERROR });
    expect(result).toEqual({ ok: false, error: "Failed to load dashboard data" });
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it("the page's loader answers 503 with the message in the page when a read fails", async () => {
    const { db, manager } = await demoDatabase();
    const env = parseEnv({ FROZEN_NOW: "2025-10-26T17:00:00Z" });
    const { token } = await createSession(db, manager.id, sessionSettings(env));
    const logger = { error: vi.fn() };
    const provider = new RouterContextProvider();
    provider.set(appContext, {
      db,
      env,
      logger,
      clientIp: "192.0.2.1",
    } as unknown as RequestServices);
    const request = new Request("http://localhost/sales-dashboard", {
      headers: { cookie: `sid=${token}` },
    });
    // Signed in, and then the database goes away before the dashboard's reads.
    expect((await getCurrentUser(request, provider))?.email).toBe("manager@example.com");
    const ok = (await dashboardLoader(new Request(request), provider)) as { ok?: boolean };
    expect(ok.ok).toBe(true);
    await database.close();
    const failed = (await dashboardLoader(request, provider)) as unknown as {
      data: Record<string, unknown>;
      init?: ResponseInit;
    };
    expect(failed.init?.status).toBe(503);
    expect(failed.data).toMatchObject({ ok: false, error: "Failed to load dashboard data" });
    expect(logger.error).toHaveBeenCalledOnce();
  });
});
