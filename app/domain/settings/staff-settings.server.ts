// Reading and saving the staff settings (staff_settings): validated by their zod schema, audited
// when changed, never read for a public page.
import { eq, inArray } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { staffSettings } from "#app/platform/db/schema.ts";
import type { Env } from "#app/platform/env.server.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { nestedErrors } from "#app/platform/validation.ts";
import {
  STAFF_SETTING_KEYS,
  type StaffSettingKey,
  type StaffSettings,
  staffSettingsSchema,
} from "./staff-settings.ts";

/** What a setting is when nobody has set it (from the environment where it has a variable). */
export function staffSettingDefaults(env: Pick<Env, "SALES_EMAIL">): StaffSettings {
  return {
    sales_email: env.SALES_EMAIL,
    require_admin_two_factor: "",
    assign_leads_automatically: "",
    student_cancel_days: String(STUDENT_CANCEL_DAYS),
    unconfirmed_holds_per_client: String(UNCONFIRMED_HOLDS_PER_CLIENT),
    hold_alert_per_hour: String(HOLD_ALERT_PER_HOUR),
    consultation_holds_per_network: String(CONSULTATION_HOLDS_PER_NETWORK),
    consultation_holds_per_hour: String(CONSULTATION_HOLDS_PER_HOUR),
    company_invoice_days: String(COMPANY_INVOICE_DAYS),
    bank_transfer_days: String(BANK_TRANSFER_DAYS),
    invoice_bank_details: "",
    invoice_tax_details: "",
    refund_full_days: String(REFUND_FULL_DAYS),
    refund_half_days: String(REFUND_HALF_DAYS),
    checkout_minutes: String(CHECKOUT_MINUTES),
  };
}

/** Until how many days before the start a student may cancel a registration in the portal. */
export const STUDENT_CANCEL_DAYS = 7;
/** Seats of one date a client address may hold unconfirmed. */
export const UNCONFIRMED_HOLDS_PER_CLIENT = 2;
/** Unconfirmed seats of one date in an hour that alert the admins. */
export const HOLD_ALERT_PER_HOUR = 5;
/** Consultation times one network holds at once (an office may book for several people). */
export const CONSULTATION_HOLDS_PER_NETWORK = 3;
/** Consultation times one network, or one browser, holds in an hour (each choice holds one). */
export const CONSULTATION_HOLDS_PER_HOUR = 30;
/** A company invoice is due this many days after issue (net 30). */
export const COMPANY_INVOICE_DAYS = 30;
/** A bank transfer's invoice is due this many days after issue. */
export const BANK_TRANSFER_DAYS = 7;
/** A cancellation until this many days before the start is credited in full. */
export const REFUND_FULL_DAYS = 14;
/** A cancellation until this many days before the start (and after the full days) is credited half. */
export const REFUND_HALF_DAYS = 7;
/** A card checkout stays open this many minutes (its seat is held as long). */
export const CHECKOUT_MINUTES = 60;

type NumberSetting =
  | "student_cancel_days"
  | "unconfirmed_holds_per_client"
  | "hold_alert_per_hour"
  | "consultation_holds_per_network"
  | "consultation_holds_per_hour"
  | "company_invoice_days"
  | "bank_transfer_days"
  | "refund_full_days"
  | "refund_half_days"
  | "checkout_minutes";

const NUMBER_DEFAULTS: Record<NumberSetting, number> = {
  student_cancel_days: STUDENT_CANCEL_DAYS,
  unconfirmed_holds_per_client: UNCONFIRMED_HOLDS_PER_CLIENT,
  hold_alert_per_hour: HOLD_ALERT_PER_HOUR,
  consultation_holds_per_network: CONSULTATION_HOLDS_PER_NETWORK,
  consultation_holds_per_hour: CONSULTATION_HOLDS_PER_HOUR,
  company_invoice_days: COMPANY_INVOICE_DAYS,
  bank_transfer_days: BANK_TRANSFER_DAYS,
  refund_full_days: REFUND_FULL_DAYS,
  refund_half_days: REFUND_HALF_DAYS,
  checkout_minutes: CHECKOUT_MINUTES,
};

/** A number setting in force (read inside the caller's transaction), else its default. */
export async function staffNumber(db: Pick<Db, "select">, key: NumberSetting): Promise<number> {
  const [row] = await db
    .select({ value: staffSettings.value })
    .from(staffSettings)
    .where(eq(staffSettings.key, key));
  const parsed = staffSettingsSchema.shape[key].safeParse(row?.value).data;
  return parsed ? Number(parsed) : NUMBER_DEFAULTS[key];
}

/** A text setting in force (read inside the caller's transaction); "" when unset. */
export async function staffText(
  db: Pick<Db, "select">,
  key: "invoice_bank_details" | "invoice_tax_details",
): Promise<string> {
  const [row] = await db
    .select({ value: staffSettings.value })
    .from(staffSettings)
    .where(eq(staffSettings.key, key));
  return staffSettingsSchema.shape[key].safeParse(row?.value).data ?? "";
}

/** The student cancellation setting in force, in days. */
export const studentCancelDays = (db: Pick<Db, "select">) => staffNumber(db, "student_cancel_days");

/** The stored values only (a key nobody set, or one that no longer validates, is ""). */
export async function getStoredStaffSettings(db: Db): Promise<StaffSettings> {
  const rows = await db.select().from(staffSettings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const values = {} as Record<StaffSettingKey, unknown>;
  for (const key of STAFF_SETTING_KEYS) {
    const parsed = staffSettingsSchema.shape[key].safeParse(stored.get(key));
    values[key] = parsed.success ? parsed.data : "";
  }
  return values as StaffSettings;
}

/** Whether a switch setting ("on" or "") is on, read inside the caller's transaction. */
export async function staffSwitchOn(
  db: Pick<Db, "select">,
  key: "require_admin_two_factor" | "assign_leads_automatically",
): Promise<boolean> {
  const [row] = await db
    .select({ value: staffSettings.value })
    .from(staffSettings)
    .where(eq(staffSettings.key, key));
  return staffSettingsSchema.shape[key].safeParse(row?.value).data === "on";
}

/** The settings in force: each stored value, else its default. */
export async function getStaffSettings(
  db: Db,
  env: Pick<Env, "SALES_EMAIL">,
): Promise<StaffSettings> {
  const stored = await getStoredStaffSettings(db);
  const defaults = staffSettingDefaults(env);
  const values = {} as Record<StaffSettingKey, unknown>;
  for (const key of STAFF_SETTING_KEYS) values[key] = stored[key] || defaults[key];
  return values as StaffSettings;
}

/** Where inquiry and registration notifications go: the setting, else the SALES_EMAIL default. */
export async function salesEmailAddress(db: Db, fallback: string): Promise<string> {
  return (await getStaffSettings(db, { SALES_EMAIL: fallback })).sales_email;
}

/**
 * Saves every staff setting at once; an empty value removes the stored one (its default applies).
 * The value is the keys that changed.
 */
export async function saveStaffSettings(
  db: Db,
  input: unknown,
  actor: Actor,
): Promise<Result<StaffSettingKey[]>> {
  const parsed = staffSettingsSchema.safeParse(input);
  if (!parsed.success) {
    return failure("invalid", CORRECT_FIELDS, nestedErrors(parsed.error.issues));
  }
  const before = await getStoredStaffSettings(db);
  const changed = STAFF_SETTING_KEYS.filter((key) => before[key] !== parsed.data[key]);
  if (changed.length === 0) return success(changed);
  await db.transaction(async (tx) => {
    const now = new Date();
    const cleared = changed.filter((key) => parsed.data[key] === "");
    if (cleared.length) await tx.delete(staffSettings).where(inArray(staffSettings.key, cleared));
    for (const key of changed) {
      const value = parsed.data[key];
      if (value === "") continue;
      await tx
        .insert(staffSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: staffSettings.key, set: { value, updatedAt: now } });
    }
    const details = Object.fromEntries(
      changed.map((key) => [key, parsed.data[key] || "(default)"]),
    );
    await auditChange(tx, actor, "staff_settings_updated", "staff_settings", details);
  });
  return success(changed);
}
