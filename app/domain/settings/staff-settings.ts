// Settings only staff read (where notifications go, staff-area policies), apart from the brand
// record every public page shows. Client-safe: the Settings screen shows the same rules.
// To add one: a key with its schema here (empty or missing means "use the default"), its
// default in staffSettingDefaults (staff-settings.server.ts), and its field on the Settings
// screen's staff section.
import { z } from "zod";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)

/** Days an invoice gives to pay; empty: the default. */
const daysToPay = () =>
  z
    .union([
      z.literal(""),
      z.coerce
        .string()
        .regex(/^\d{1,3}$/, { error: "must be a whole number of days from 0 to 999" }),
    ])
    .default("");

export const staffSettingsSchema = z.object({
  /** Where inquiry and registration notifications go; empty: the SALES_EMAIL default. */
  sales_email: z.union([z.literal(""), z.email({ error: "must be an e-mail address" }).max(254)]),
  /** "on": an admin without two-factor codes or a passkey must set one up before anything else. */
  require_admin_two_factor: z.union([z.literal(""), z.literal("on")]).default(""),
  /** "on": a new lead goes to the next enabled sales rep in turn as it is stored. */
  assign_leads_automatically: z.union([z.literal(""), z.literal("on")]).default(""),
  /** Until how many days before the start a student may cancel in the portal; empty: 7. */
  student_cancel_days: z
    .union([
      z.literal(""),
      // Coerced: the database may hand back a digits-only jsonb string as a number.
      z.coerce
        .string()
        .regex(/^\d{1,2}$/, { error: "must be a whole number of days from 0 to 99" }),
    ])
    .default(""),
  /**
   * How many seats of one date a client address may hold unconfirmed; a further registration
   * takes its seat once its address is confirmed. Empty: 2 (an office registering a team shares
   * one address).
   */
  unconfirmed_holds_per_client: z
    .union([
      z.literal(""),
      z.coerce.string().regex(/^\d{1,2}$/, { error: "must be a whole number from 0 to 99" }),
    ])
    .default(""),
  /**
   * The admins are e-mailed when a date gets this many unconfirmed held seats within an hour.
   * Empty: 5.
   */
  hold_alert_per_hour: z
    .union([
      z.literal(""),
      z.coerce.string().regex(/^\d{1,3}$/, { error: "must be a whole number from 1 to 999" }),
    ])
    .default(""),
  /** Consultation times one client network may hold at once while typing its details. Empty: 3. */
  consultation_holds_per_network: z
    .union([
      z.literal(""),
      z.coerce.string().regex(/^\d{1,2}$/, { error: "must be a whole number from 0 to 99" }),
    ])
    .default(""),
  /** Consultation times one client network (or one browser) may hold in an hour. Empty: 30. */
  consultation_holds_per_hour: z
    .union([
      z.literal(""),
      z.coerce.string().regex(/^\d{1,3}$/, { error: "must be a whole number from 0 to 999" }),
    ])
    .default(""),
  // Billing (issue 47): what an invoice says and when it falls due.
  /** Days a company invoice gives to pay (net). Empty: 30. */
  company_invoice_days: daysToPay(),
  /** Days a bank transfer's invoice gives to pay. Empty: 7. */
  bank_transfer_days: daysToPay(),
  /** How to pay by bank transfer, printed on every invoice (bank, account, routing number). */
  invoice_bank_details: z
    .string()
    .max(1000, { error: "must be 1,000 characters or fewer" })
    .default(""),
  /** The company's tax details printed on every billing document (EIN, tax status). */
  invoice_tax_details: z
    .string()
    .max(500, { error: "must be 500 characters or fewer" })
    .default(""),
  // The cancellation policy (issue 47): what a cancelled paid or invoiced registration gets back.
  /** Until this many days before the start, a cancellation is credited in full. Empty: 14. */
  refund_full_days: daysToPay(),
  /** Until this many days before the start (after the full days), half. Empty: 7. */
  refund_half_days: daysToPay(),
  /** Minutes a card checkout stays open (Stripe allows 30 to 1,440). Empty: 60. */
  checkout_minutes: z
    .union([
      z.literal(""),
      z.coerce
        .string()
        .regex(/^\d{2,4}$/, { error: "must be a whole number of minutes from 30 to 1440" })
        .refine((v) => Number(v) >= 30 && Number(v) <= 1440, {
          error: "must be a whole number of minutes from 30 to 1440",
        }),
    ])
    .default(""),
});

export type StaffSettings = z.infer<typeof staffSettingsSchema>;
export type StaffSettingKey = keyof StaffSettings;

export const STAFF_SETTING_KEYS = Object.keys(staffSettingsSchema.shape) as StaffSettingKey[];

/** What each staff setting is called on the Settings screen and in the Audit Log. */
export const STAFF_SETTING_LABELS: Record<StaffSettingKey, string> = {
  sales_email: "Sales notification e-mail",
  require_admin_two_factor: "Require two-factor for admins",
  assign_leads_automatically: "Assign new leads automatically",
  student_cancel_days: "Days before the start a student can still cancel",
  unconfirmed_holds_per_client: "Unconfirmed seats one client address may hold per date",
  hold_alert_per_hour: "Alert the admins when a date gets this many unconfirmed seats in an hour",
  consultation_holds_per_network: "Consultation times one network may hold at once",
  consultation_holds_per_hour: "Consultation times one network or browser may hold in an hour",
  company_invoice_days: "Days a company invoice gives to pay",
  bank_transfer_days: "Days a bank transfer invoice gives to pay",
  invoice_bank_details: "Bank details on invoices",
  invoice_tax_details: "Tax details on invoices",
  refund_full_days: "Days before the start a cancellation is credited in full",
  refund_half_days: "Days before the start a cancellation is credited half",
  checkout_minutes: "Minutes a card checkout stays open",
};
