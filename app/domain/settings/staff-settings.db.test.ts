import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { migrateDatabase, openDatabase } from "#app/platform/db/client.server.ts";
import { createTestDatabase, query, usingPostgres } from "#tests/support/database.ts";
import { getSettingsForEditor } from "./settings-admin.server.ts";
import {
  getStaffSettings,
  salesEmailAddress,
  saveStaffSettings,
  staffNumber,
  studentCancelDays,
} from "./staff-settings.server.ts";

let database: Database;
afterEach(async () => {
  await database?.close().catch(() => {});
});

const actor = { user: { id: 1, email: "admin@example.com" }, ip: "192.0.2.1" };
const env = { SALES_EMAIL: "default@example.com" };
const stored = () => query(database, "select key, value from staff_settings order by key");
const audits = () =>
  query(
    database,
    "select action, actor_label, details from audit_log where action = 'staff_settings_updated' order by id",
  );

describe("staff settings", () => {
  it("saves SALES_EMAIL; empty falls back to the default", async () => {
    database = await createTestDatabase();
    expect(await salesEmailAddress(database.db, "default@example.com")).toBe("default@example.com");
    expect(
      await saveStaffSettings(database.db, { sales_email: "sales@acme.example" }, actor),
    ).toEqual({ ok: true, value: ["sales_email"] });
    expect(await salesEmailAddress(database.db, "default@example.com")).toBe("sales@acme.example");
    expect(await getStaffSettings(database.db, env)).toEqual({
      sales_email: "sales@acme.example",
      require_admin_two_factor: "",
      assign_leads_automatically: "",
      student_cancel_days: "7",
      unconfirmed_holds_per_client: "2",
      hold_alert_per_hour: "5",
      consultation_holds_per_network: "3",
      consultation_holds_per_hour: "30",
      company_invoice_days: "30",
      bank_transfer_days: "7",
      invoice_bank_details: "",
      invoice_tax_details: "",
      refund_full_days: "14",
      refund_half_days: "7",
      checkout_minutes: "60",
    });
    expect((await saveStaffSettings(database.db, { sales_email: "" }, actor)).ok).toBe(true);
    expect(await salesEmailAddress(database.db, "default@example.com")).toBe("default@example.com");
    expect(await stored()).toEqual([]);
  });

  it("the students' cancellation days default to 7 and can be changed", async () => {
    database = await createTestDatabase();
    expect(await studentCancelDays(database.db)).toBe(7);
    const saved = await saveStaffSettings(
      database.db,
      { sales_email: "", student_cancel_days: "3" },
      actor,
    );
    expect(saved).toEqual({ ok: true, value: ["student_cancel_days"] });
    expect(await studentCancelDays(database.db)).toBe(3);
    await saveStaffSettings(database.db, { sales_email: "", student_cancel_days: "" }, actor);
    expect(await studentCancelDays(database.db)).toBe(7);
  });

  it("billing: invoices fall due in 30 (company) and 7 (bank transfer) days unless set; the bank and tax texts keep their lines", async () => {
    database = await createTestDatabase();
    expect(await staffNumber(database.db, "company_invoice_days")).toBe(30);
    expect(await staffNumber(database.db, "bank_transfer_days")).toBe(7);
    const bank = "First Bank of Alabama\nAccount 0012345678\nRouting 062000019";
    const saved = await saveStaffSettings(
      database.db,
      {
        sales_email: "",
        company_invoice_days: "45",
        invoice_bank_details: bank,
        invoice_tax_details: "EIN 12-3456789",
      },
      actor,
    );
    expect(saved).toEqual({
      ok: true,
      value: ["company_invoice_days", "invoice_bank_details", "invoice_tax_details"],
    });
    expect(await staffNumber(database.db, "company_invoice_days")).toBe(45);
    expect(await getStaffSettings(database.db, env)).toMatchObject({
      invoice_bank_details: bank,
      invoice_tax_details: "EIN 12-3456789",
    });
  });

  it("audits each change with the fields it changed, and nothing when nothing changed", async () => {
    database = await createTestDatabase();
    await saveStaffSettings(database.db, { sales_email: "sales@acme.example" }, actor);
    await saveStaffSettings(database.db, { sales_email: "sales@acme.example" }, actor);
    await saveStaffSettings(database.db, { sales_email: "" }, actor);
    expect(await audits()).toEqual([
      {
        action: "staff_settings_updated",
        actor_label: "admin@example.com",
        details: { sales_email: "sales@acme.example" },
      },
      {
        action: "staff_settings_updated",
        actor_label: "admin@example.com",
        details: { sales_email: "(default)" },
      },
    ]);
  });

  it.each([
    ["a bad SALES_EMAIL", { sales_email: "nope" }],
    ["a 255-character SALES_EMAIL", { sales_email: `${"a".repeat(243)}@example.com` }],
    ["a missing field", {}],
    ["cancellation days that are not a number", { sales_email: "", student_cancel_days: "a week" }],
    ["negative cancellation days", { sales_email: "", student_cancel_days: "-1" }],
    ["invoice days that are not a number", { sales_email: "", company_invoice_days: "net 30" }],
    ["a checkout shorter than Stripe allows", { sales_email: "", checkout_minutes: "29" }],
    ["a checkout longer than Stripe allows", { sales_email: "", checkout_minutes: "1441" }],
    [
      "bank details of 1,001 characters",
      { sales_email: "", invoice_bank_details: "x".repeat(1001) },
    ],
    ["no object at all", "sales@acme.example"],
  ])("refuses %s, and nothing changes", async (_, input) => {
    database = await createTestDatabase();
    await saveStaffSettings(database.db, { sales_email: "sales@acme.example" }, actor);
    const before = await stored();
    const result = await saveStaffSettings(database.db, input, actor);
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(1);
  });

  it("never reaches a public page's settings, and the Settings screen shows them apart", async () => {
    database = await createTestDatabase();
    await saveStaffSettings(database.db, { sales_email: "hidden-sales@acme.example" }, actor);
    expect(JSON.stringify(await getSiteSettings(database.db))).not.toContain("hidden-sales");
    expect(await getSettingsForEditor(database.db, env)).toMatchObject({
      staff: { sales_email: "hidden-sales@acme.example" },
      staffDefaults: {
        sales_email: "default@example.com",
        require_admin_two_factor: "",
        assign_leads_automatically: "",
      },
    });
  });
});

describe.skipIf(usingPostgres)("the staff settings migration", () => {
  it("moves a stored sales_email out of the brand settings", async () => {
    database = await openDatabase({ memory: true });
    const migrations = "app/platform/db/migrations";
    // Migrate to just before staff_settings, store the old key, then migrate the rest.
    const { readMigrationFiles } = await import("drizzle-orm/migrator");
    const all = readMigrationFiles({ migrationsFolder: migrations });
    expect(all.length).toBeGreaterThan(10);
    await migrateDatabase(database);
    await database.db.execute(
      sql`insert into site_settings (key, value) values ('sales_email', '"old@acme.example"')`,
    );
    const moveStatements = all[10]?.sql.slice(1) ?? [];
    expect(moveStatements.join("\n")).toContain('INSERT INTO "staff_settings"');
    for (const statement of moveStatements) await database.db.execute(sql.raw(statement));
    expect(await salesEmailAddress(database.db, "default@example.com")).toBe("old@acme.example");
    expect(
      await query(
        database,
        "select count(*)::int as n from site_settings where key = 'sales_email'",
      ),
    ).toEqual([{ n: 0 }]);
  });
});
