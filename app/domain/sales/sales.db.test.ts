import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import {
  createManualCustomer,
  deleteCustomer,
  updateCustomerRecord,
} from "#app/domain/leads/customer-commands.server.ts";
import { getCustomer } from "#app/domain/leads/customer-detail.server.ts";
import { listCustomers } from "#app/domain/leads/customers.server.ts";
import { RECORD_NOT_FOUND } from "#app/domain/leads/pipeline.server.ts";
import { validateCustomer } from "#app/domain/leads/records.schema.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import { type Database, migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { auditLog, salesBookings, users } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { loader } from "#app/routes/sales/dashboard.tsx";
import { seedDatabase } from "#app/seed.server.ts";
import { seatGoesBack } from "#app/web/customer-deletion.server.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import { loadDashboard, readDashboard, recordProgress, setTarget } from "./dashboard.server.ts";
import { DASHBOARD_LOAD_ERROR } from "./sales.schema.ts";

/** The dashboard page's loader, as the router calls it. */
const dashboardLoader = (request: Request, context: RouterContextProvider) =>
  loader({ request, context, params: {} } as unknown as Parameters<typeof loader>[0]);

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
const view = (search = "") => ({ search, page: 1, newPage: 1, customerId: null });
/** The table's rows by name (open deals first, then the won history). */
const names = (d: { customers: { name: string }[] }) => d.customers.map((c) => c.name);
const find = async (db: Database["db"], user: PublicUser, q: string) =>
  (await listCustomers(db, user, { q }))[0]?.id as number;
const deleting = (db: Database["db"]) => ({
  db,
  storage: createLocalStorage("/nonexistent-storage"),
  logger: { error: vi.fn() },
});
const customer = (fields: Record<string, string>) => {
  const parsed = validateCustomer({
    name: "Nia Brooks",
    email: "nia@brooks.example.com",
    phase: "Free MVP",
    dealValue: "10000",
    ...fields,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.value;
};

describe("the sales dashboard's data", () => {
  it("the seed shows the spec's figures to the demo manager on the demo date", async () => {
    const { db, manager } = await demoDatabase();
    const d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.viewer).toEqual({ id: manager.id, name: "Morgan Blake", manager: true });
    // Every booked dollar is a won record: 22 months of two reps' deals, and three open ones.
    expect(d.stats).toEqual({
      totalCustomers: 47,
      activeDeals: 3,
      wonDeals: 44,
      conversionRate: 94,
    });
    expect(d.pipeline.map((p) => [p.phase, p.count])).toEqual([
      ["New", 0],
      ["Free MVP", 1],
      ["Demo Scheduled", 1],
      ["Negotiation", 1],
      ["Closed Won", 44],
      ["Closed Lost", 0],
    ]);
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
    expect(d.customers.slice(0, 4).map((c) => [c.name, c.repName, c.phase])).toEqual([
      ["Sarah Johnson", "Jordan Reed", "Free MVP"],
      ["Michael Chen", "Jordan Reed", "Demo Scheduled"],
      ["Emily Rodriguez", "Casey Lin", "Negotiation"],
      [expect.stringMatching(/\(2025-10\)$/), expect.any(String), "Closed Won"],
    ]);
    expect(d.customers).toHaveLength(47);
    expect(d.customerCount).toBe(47);
    // No website lead waits in the queue yet.
    expect(d.newLeads).toEqual([]);
    expect(d.newLeadCount).toBe(0);
    expect(d.activity[0]).toMatchObject({
      message: "Michael Chen: phase changed from Free MVP to Demo Scheduled",
      when: "5 hours ago",
    });
    expect(d.staff.map((s) => s.name)).toEqual(["Casey Lin", "Jordan Reed", "Morgan Blake"]);
    expect(d.targets.find((t) => t.scope === "team")?.cents).toBe(1_500_000);
  });

  it("a rep sees only their own customers, activity and figures", async () => {
    const { db, rep } = await demoDatabase();
    const d = await readDashboard(db, rep, DEMO_NOW, view());
    expect(d.viewer.manager).toBe(false);
    expect(names(d).slice(0, 2)).toEqual(["Sarah Johnson", "Michael Chen"]);
    expect(d.customers.every((c) => c.repName === "Jordan Reed")).toBe(true);
    expect(d.stats).toEqual({
      totalCustomers: 24,
      activeDeals: 2,
      wonDeals: 22,
      conversionRate: 92,
    });
    expect(d.pipeline.map((p) => p.count)).toEqual([0, 1, 1, 0, 22, 0]);
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
    const mine = await readDashboard(db, rep, DEMO_NOW, view("greenleaf"));
    expect(mine.customers).toEqual([]);
    expect(mine.stats.totalCustomers).toBe(24);
    const all = await readDashboard(db, manager, DEMO_NOW, view("GreenLeaf"));
    expect(names(all)).toEqual(["Emily Rodriguez"]);
    expect((await listCustomers(db, manager, { q: "555-0178" })).map((c) => c.name)).toEqual([
      "Michael Chen",
    ]);
    // Wildcards are text, not patterns.
    expect(await listCustomers(db, manager, { q: "%" })).toEqual([]);
  });

  it("a search finds New leads too; Total Customers is the table's row count, New records included", async () => {
    const { db, rep, manager } = await demoDatabase();
    // An inquiry nobody owns yet, and a new record the rep owns that nobody has worked.
    await query(
      database,
      `insert into leads (kind, form, name, email, message) values
         ('inquiry', 'general', 'Jordan Walker', 'jordan.walker@example.org', 'Our server is down.'),
         ('manual', 'manual', 'Nora Vance', 'nora@example.org', '')`,
    );
    await query(database, `update leads set assigned_to = ${rep.id} where name = 'Nora Vance'`);
    const d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.newLeads.map((l) => l.name)).toEqual(["Jordan Walker"]);
    expect(d.stats.totalCustomers).toBe(d.customerCount);
    expect(d.customerCount).toBe(48);
    const mine = await readDashboard(db, rep, DEMO_NOW, view());
    expect([mine.stats.totalCustomers, mine.customerCount, mine.customers.length]).toEqual([
      25, 25, 25,
    ]);
    // The manager's search looks through New leads; a rep's stays within their own records.
    const walker = await readDashboard(db, manager, DEMO_NOW, view("Walker"));
    expect(walker.customers.map((c) => [c.name, c.repName])).toEqual([
      ["Jordan Walker", "Unassigned"],
    ]);
    expect(walker.customerCount).toBe(1);
    expect((await readDashboard(db, rep, DEMO_NOW, view("Walker"))).customers).toEqual([]);
    expect(names(await readDashboard(db, rep, DEMO_NOW, view("nora")))).toEqual(["Nora Vance"]);
  });

  it("the pipeline table counts the records Total Customers counts: its rows add up, New included", async () => {
    const { db, rep, manager, casey } = await demoDatabase();
    // A record each rep owns that nobody has worked yet, an inquiry nobody owns, and a lost deal
    // whose owner left (closed records keep no owner then): only owned records are customers.
    await query(
      database,
      `insert into leads (kind, form, name, email, phase, assigned_to) values
         ('manual', 'manual', 'Nora Vance', 'nora@example.org', 'New', ${rep.id}),
         ('manual', 'manual', 'Cal Ortiz', 'cal@example.org', 'New', ${casey.id}),
         ('inquiry', 'general', 'Jordan Walker', 'jordan.walker@example.org', 'New', null),
         ('inquiry', 'general', 'Lee Gone', 'lee@example.org', 'Closed Lost', null)`,
    );
    const expected = { [manager.email]: 49, [rep.email]: 25, [casey.email]: 24 };
    for (const viewer of [manager, rep, casey]) {
      const d = await readDashboard(db, viewer, DEMO_NOW, view());
      const rows = Object.fromEntries(d.pipeline.map((p) => [p.phase, p.count]));
      const sum = d.pipeline.reduce((a, p) => a + p.count, 0);
      expect([sum, d.stats.totalCustomers, d.customerCount], viewer.email).toEqual([
        expected[viewer.email],
        expected[viewer.email],
        expected[viewer.email],
      ]);
      expect(rows.New, viewer.email).toBe(viewer === manager ? 2 : 1);
      expect(rows["Closed Lost"], viewer.email).toBe(0);
    }
  });

  it("a visitor's reference finds the record in the dashboard's search, within the viewer's scope", async () => {
    const { db, rep, manager, casey } = await demoDatabase();
    const emily = await find(db, manager, "Emily");
    const padded = String(emily).padStart(6, "0");
    for (const q of [`SIG-${padded}`, `sig-${emily}`, padded]) {
      expect(names(await readDashboard(db, manager, DEMO_NOW, view(q))), q).toEqual([
        "Emily Rodriguez",
      ]);
      // Casey owns her; Jordan never finds her this way.
      expect(names(await readDashboard(db, casey, DEMO_NOW, view(q))), q).toEqual([
        "Emily Rodriguez",
      ]);
      const other = await readDashboard(db, rep, DEMO_NOW, view(q));
      expect([other.customers, other.customerCount], q).toEqual([[], 0]);
    }
  });

  it("a search of 10,000 characters answers a clean empty result", async () => {
    const { db, manager } = await demoDatabase();
    for (const q of ["x".repeat(10_000), "Sarah".repeat(2_000)]) {
      const d = await readDashboard(db, manager, DEMO_NOW, view(q));
      expect(d.customers).toEqual([]);
      expect(d.customerCount).toBe(0);
    }
  });

  it("closing a deal as Closed Won books it this month; reopening or deleting takes it back", async () => {
    const { db, manager, rep } = await demoDatabase();
    const id = await find(db, rep, "Sarah");
    const { mail } = queuedMail(database);
    const won = await updateCustomerRecord(
      db,
      mail,
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
    let d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.stats).toEqual({
      totalCustomers: 47,
      activeDeals: 2,
      wonDeals: 45,
      conversionRate: 96,
    });
    expect(d.pipeline.map((p) => p.count)).toEqual([0, 0, 1, 1, 45, 0]);
    expect(d.earnings.currentMonthCents).toBe(1_250_000 + 850_000);
    expect(d.activity[0]?.message).toBe("Sarah Johnson: phase changed from Free MVP to Closed Won");

    // Still won, a new value: the booking follows.
    await updateCustomerRecord(
      db,
      mail,
      actor(manager),
      id,
      customer({ name: "Sarah Johnson", phase: "Closed Won", dealValue: "9000" }),
      TODAY,
    );
    d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.earnings.currentMonthCents).toBe(1_250_000 + 900_000);
    expect(d.activity.map((a) => a.message)).toContain(
      "Sarah Johnson: deal value changed from $8,500 to $9,000",
    );

    expect(await deleteCustomer(deleting(db), actor(rep), id, seatGoesBack())).toMatchObject({
      ok: true,
    });
    d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.earnings.currentMonthCents).toBe(1_250_000);
    expect(d.stats.totalCustomers).toBe(46);
    expect(d.activity[0]?.message).toBe("Customer deleted: Sarah Johnson");
    expect(await db.select().from(salesBookings).where(eq(salesBookings.customerId, id))).toEqual(
      [],
    );
    const audits = await query<{ action: string }>(
      database,
      "select action from audit_log where action like 'sales_customer_%' or action = 'lead_deleted' order by id",
    );
    expect(audits.map((a) => a.action)).toEqual([
      "sales_customer_updated",
      "sales_customer_updated",
      "lead_deleted",
    ]);
  });

  it("a rep cannot read, change or delete another rep's customer, nor give one away", async () => {
    const { db, rep, manager, casey } = await demoDatabase();
    const id = await find(db, manager, "Emily");
    expect(await getCustomer(db, rep, id)).toBeNull();
    const { mail, queued } = queuedMail(database);
    const update = await updateCustomerRecord(
      db,
      mail,
      actor(rep),
      id,
      customer({ phase: "Closed Lost" }),
      TODAY,
    );
    expect(update).toEqual({ ok: false, reason: "not-found", error: RECORD_NOT_FOUND });
    expect(await deleteCustomer(deleting(db), actor(rep), id, seatGoesBack())).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await getCustomer(db, manager, id)).toMatchObject({
      name: "Emily Rodriguez",
      phase: "Negotiation",
    });

    // A rep's new customer is the rep's, whatever repId is posted; a rep's edit keeps the owner.
    const made = await createManualCustomer(
      db,
      actor(rep),
      customer({ repId: String(casey.id) }),
      TODAY,
    );
    expect(made).toMatchObject({ ok: true });
    const mine = await getCustomer(db, rep, (made as { value: number }).value);
    expect(mine).toMatchObject({ assignedTo: rep.id, assignedName: "Jordan Reed", form: "manual" });
    await updateCustomerRecord(
      db,
      mail,
      actor(rep),
      mine?.id as number,
      customer({ repId: String(casey.id) }),
      TODAY,
    );
    expect((await getCustomer(db, rep, mine?.id as number))?.assignedTo).toBe(rep.id);
    expect(await queued()).toEqual([]);
  });

  it("a manager assigns customers to sales staff only", async () => {
    const { db, manager, casey } = await demoDatabase();
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    const refused = await createManualCustomer(
      db,
      actor(manager),
      customer({ repId: String(admin?.id) }),
      TODAY,
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { repId: expect.any(String) },
    });
    const made = await createManualCustomer(
      db,
      actor(manager),
      customer({ repId: String(casey.id), phase: "Closed Won", note: "Signed today" }),
      TODAY,
    );
    expect(made).toMatchObject({ ok: true });
    const d = await readDashboard(db, casey, DEMO_NOW, view());
    expect(names(d)).toContain("Nia Brooks");
    expect(d.activity.slice(0, 2).map((a) => a.message)).toEqual(
      expect.arrayContaining([
        "New customer added: Nia Brooks",
        "Note on Nia Brooks: Signed today",
      ]),
    );
    expect(d.stats.wonDeals).toBe(23);
    // The note is a note on the record too, the same list Customer Management shows.
    const nia = await getCustomer(db, manager, (made as { value: number }).value);
    expect(nia?.notes.map((n) => n.body)).toEqual(["Signed today"]);
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
    let d = await readDashboard(db, manager, DEMO_NOW, view());
    expect(d.earnings.monthTargetCents).toBe(2_000_000);
    expect(d.earnings.monthPercent).toBe(63);
    expect(d.earnings.yearTargetCents).toBe(17_500_000);
    await setTarget(db, actor(manager), { repId: rep.id, month: "2025-10", amountCents: 750_000 });
    d = await readDashboard(db, rep, DEMO_NOW, view());
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
    const before = (await readDashboard(db, rep, DEMO_NOW, view())).training;
    const untouched = before[2]?.id as number;
    expect(await recordProgress(db, rep.id, untouched, "start")).toBe(true);
    // Starting never lowers progress.
    expect(await recordProgress(db, rep.id, before[1]?.id as number, "start")).toBe(true);
    let after = (await readDashboard(db, rep, DEMO_NOW, view())).training;
    expect(after.map((t) => t.percent)).toEqual([100, 60, 10]);
    await recordProgress(db, rep.id, untouched, "complete");
    after = (await readDashboard(db, rep, DEMO_NOW, view())).training;
    expect(after.map((t) => t.percent)).toEqual([100, 60, 100]);
    expect(await recordProgress(db, rep.id, 999_999, "complete")).toBe(false);
  });

  it("a failed read gives 'Failed to load dashboard data', logged, not a crash", async () => {
    const { db, manager } = await demoDatabase();
    await database.close();
    const logger = { error: vi.fn() };
    const result = await loadDashboard({ db, logger }, manager, DEMO_NOW, view());
    expect(result).toEqual({ ok: false, reason: "unavailable", error: DASHBOARD_LOAD_ERROR });
    expect(result).toEqual({
      ok: false,
      reason: "unavailable",
      error: "Failed to load dashboard data",
    });
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
