// The pipeline's records (a customer and their deal): the phases, the forms' rules and the
// money fields, shared by the browser and the server (the admin's customers screen and the sales
// dashboard post the same forms).
import * as z from "zod/mini";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { type FieldErrors, firstErrors, optionalText } from "#app/platform/validation.ts";

export const PHASES = [
  "Free MVP",
  "Demo Scheduled",
  "Negotiation",
  "Closed Won",
  "Closed Lost",
] as const;
export type Phase = (typeof PHASES)[number];

/** A record's phase: New (a lead nobody has worked yet), then the five sales phases. */
export const DEAL_PHASES = ["New", ...PHASES] as const;
export type DealPhase = (typeof DEAL_PHASES)[number];

export const isPhase = (value: unknown): value is DealPhase =>
  typeof value === "string" && (DEAL_PHASES as readonly string[]).includes(value);

/** The phases that end a deal: such a record is no longer open. */
export const CLOSED_PHASES: string[] = ["Closed Won", "Closed Lost"];
export const isClosedPhase = (phase: string) => CLOSED_PHASES.includes(phase);

/** Deals being worked: neither New (nobody has started) nor closed. */
export const isActivePhase = (phase: string) => phase !== "New" && !isClosedPhase(phase);

export const DELETE_CUSTOMER_CONFIRM = "Are you sure you want to delete this customer?";

/** The largest amount a form takes, in dollars (fits an integer column in cents). */
export const MAX_DOLLARS = 10_000_000;

/** "12,500", "$12,500.50", "0": a non-negative dollar amount with at most two decimals. */
export const dollars = (label: string) =>
  z.string({ error: `${label} is required.` }).check(
    z.overwrite((v) => v.trim().replace(/^\$/, "").replaceAll(",", "")),
    z.minLength(1, { error: `${label} is required.` }),
    z.refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= MAX_DOLLARS, {
      error: `${label} must be an amount in dollars from 0 to ${MAX_DOLLARS.toLocaleString("en-US")} (at most two decimals).`,
    }),
  );

/** Whole dollars ("$12,500"); cents only when there are any. */
const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as people read them. */
export function formatMoney(cents: number): string {
  const dollars = cents / 100;
  return `$${(Number.isInteger(dollars) ? wholeDollars : dollarsAndCents).format(dollars)}`;
}

/** Dollars as validated above ("12500.5") to integer cents (1250050). */
export function dollarsToCents(value: string): number {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1250050 cents as "12500.50" for a form field ("12500" when whole). */
export function centsToDollarsField(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const text = optionalText;

export const customerInputSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Name is required." }),
      z.maxLength(200, { error: "Name must be at most 200 characters." }),
    ),
  email: z
    .string({ error: "Email is required." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Email is required." }),
      z.maxLength(254, { error: "Email must be at most 254 characters." }),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "Please enter a valid email address." }),
    ),
  company: text(200, "Company"),
  phone: text(40, "Phone"),
  phase: z.string({ error: "Choose a phase." }).check(
    z.refine(isPhase, {
      error: `Phase must be one of: ${DEAL_PHASES.join(", ")}.`,
    }),
  ),
  dealValue: dollars("Deal value"),
  /** Managers only: whose customer it is ("" keeps it, or means "mine" on create). */
  repId: z._default(
    z.string().check(z.regex(/^(\d{1,9})?$/, { error: "Choose a sales rep from the list." })),
    "",
  ),
  /** An optional note, recorded as an activity. */
  note: text(1000, "Note"),
});

export type CustomerInput = z.infer<typeof customerInputSchema>;

/** A customer ready to store: the deal value in cents, the phase checked. */
export interface CustomerValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  phase: DealPhase;
  dealValueCents: number;
  repId: number | null;
  note: string;
}

/** A form that breaks its rules: the messages are on its fields (the sales targets' form too). */
export const invalidForm = (fieldErrors: FieldErrors) =>
  failure("invalid", CORRECT_FIELDS, fieldErrors);

export function validateCustomer(input: unknown): Result<CustomerValues> {
  const parsed = customerInputSchema.safeParse(input);
  if (!parsed.success) return invalidForm(firstErrors(parsed.error.issues));
  const { dealValue, repId, ...rest } = parsed.data;
  return success({
    ...rest,
    phase: rest.phase as DealPhase,
    email: rest.email.toLowerCase(),
    dealValueCents: dollarsToCents(dealValue),
    repId: repId === "" ? null : Number(repId),
  });
}

/** A posted field's text, or undefined when it is missing or not text. */
export const one = (fields: Record<string, unknown>, name: string) => {
  const value = fields[name];
  return typeof value === "string" ? value : undefined;
};

/** The customer form's posted fields (by name) as validateCustomer reads them. */
export function customerFromFields(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    name: one(fields, "name") ?? "",
    email: one(fields, "email") ?? "",
    company: one(fields, "company"),
    phone: one(fields, "phone"),
    phase: one(fields, "phase") ?? "",
    dealValue: one(fields, "dealValue") ?? "",
    repId: one(fields, "repId"),
    note: one(fields, "note"),
  };
}

/** Badge colours of a phase: gray New, green Closed Won, red Closed Lost, blue otherwise. */
export function phaseBadgeClass(phase: string): string {
  if (phase === "New") return "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100";
  if (phase === "Closed Won")
    return "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200";
  if (phase === "Closed Lost") return "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200";
  return "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200";
}

/** A deal's own form (on a record's detail): its phase and value. */
export interface DealValues {
  phase: DealPhase;
  dealValueCents: number;
}

const dealInputSchema = z.object({
  phase: customerInputSchema.shape.phase,
  dealValue: dollars("Deal value"),
});

export function validateDeal(input: unknown): Result<DealValues> {
  const parsed = dealInputSchema.safeParse(input);
  if (!parsed.success) return invalidForm(firstErrors(parsed.error.issues));
  return success({
    phase: parsed.data.phase as DealPhase,
    dealValueCents: dollarsToCents(parsed.data.dealValue),
  });
}
