// The registration wizard's rules, one schema per step, shared by the browser and the server.
// What a schema cannot know (which courses and cohorts exist) the server checks on each post.
import * as z from "zod/mini";
import type { RegistrationBilling } from "#app/platform/db/schema.ts";
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";
import { contactFieldSchemas } from "../leads/leads.schema.ts";
import type { Step, WizardValues } from "./registration.ts";
import { CLASS_SCHEDULES, EXPERIENCE_LEVELS, isDay, PAYMENT_METHODS } from "./training.ts";

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

export const personalInfoSchema = z.object({
  certificationInterest: z
    .string({ error: "Please select a certification." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Please select a certification." }),
      z.maxLength(100, { error: "Please select a certification." }),
    ),
  name: contactFieldSchemas.name,
  email: contactFieldSchemas.email,
  phone: contactFieldSchemas.phone,
  company: contactFieldSchemas.optionalCompany,
});

export const scheduleSchema = z.object({
  experience: z.enum(values(EXPERIENCE_LEVELS), {
    error: "Please select your years of experience.",
  }),
  startDate: z
    .string({ error: "Please select a start date." })
    .check(z.refine(isDay, { error: "Please select a start date." })),
  classSchedule: z.enum(values(CLASS_SCHEDULES), { error: "Please select a class schedule." }),
  comments: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(2000, { error: "Please keep your comments under 2,000 characters." }),
      ),
    "",
  ),
});

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLong }));

/** The most lines a billing address may have (what fits the invoice's "Bill to"). */
export const BILLING_ADDRESS_LINES = 5;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const addressLines = (text: string) =>
  text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Step 3's company invoice details: asked, and required, only for a company invoice. */
export const companyBillingSchema = z.object({
  billingCompany: required(
    "Please enter the company to invoice.",
    200,
    "Please keep the company name under 200 characters.",
  ),
  billingAddress: z.pipe(
    required(
      "Please enter the billing address.",
      500,
      "Please keep the billing address under 500 characters.",
    ).check(
      z.refine((text) => addressLines(text).length <= BILLING_ADDRESS_LINES, {
        error: `Please keep the billing address to ${BILLING_ADDRESS_LINES} lines.`,
      }),
      z.refine((text) => !CONTROL.test(text.replace(/[\r\n]/g, "")), {
        error: "The billing address holds characters that are not allowed. Please retype it.",
      }),
    ),
    z.transform((text) => addressLines(text).join("\n")),
  ),
  billingEmail: z.pipe(
    required(
      "Please enter the billing email address.",
      254,
      "Please enter a valid billing email address.",
    ),
    z.email({ error: "Please enter a valid billing email address." }),
  ),
  poNumber: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(100, { error: "Please keep the PO number to 100 characters." }),
      z.refine((text) => !CONTROL.test(text), {
        error: "The PO number must be one line, without tabs or control characters.",
      }),
    ),
    "",
  ),
});

const COMPANY_INVOICE = "company-invoice";

/** The billing fields as posted: checked only when the payment method is a company invoice. */
const billingFields = {
  billingCompany: z.optional(z.string()),
  billingAddress: z.optional(z.string()),
  billingEmail: z.optional(z.string()),
  poNumber: z.optional(z.string()),
};

/** A company invoice's billing details must hold; for any other method they are ignored. */
const companyInvoiceNeedsBilling = z.superRefine(
  (value: { paymentMethod: string } & Record<string, unknown>, ctx) => {
    if (value.paymentMethod !== COMPANY_INVOICE) return;
    const parsed = companyBillingSchema.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: value });
    }
  },
);

export const paymentSchema = z
  .object({
    paymentMethod: z.enum(values(PAYMENT_METHODS), { error: "Please select a payment method." }),
    ...billingFields,
  })
  .check(companyInvoiceNeedsBilling);

/** Joining a waitlist charges nothing: a payment method is not asked for (one given is kept). */
export const waitlistPaymentSchema = z
  .object({
    paymentMethod: z._default(
      z.union([
        z.literal(""),
        z.enum(values(PAYMENT_METHODS), { error: "Please select a payment method." }),
      ]),
      "",
    ),
    ...billingFields,
  })
  .check(companyInvoiceNeedsBilling);

/**
 * Who a company invoice is made out to, from step 3's checked values; null for any other payment
 * method (the billing fields posted with it are ignored).
 */
export function companyBillingOf(values: {
  paymentMethod: string;
  [field: string]: unknown;
}): RegistrationBilling | null {
  if (values.paymentMethod !== COMPANY_INVOICE) return null;
  const parsed = companyBillingSchema.safeParse(values);
  if (!parsed.success) return null;
  const { billingCompany, billingAddress, billingEmail, poNumber } = parsed.data;
  return { company: billingCompany, address: billingAddress, email: billingEmail, poNumber };
}

export const stepSchemas = [personalInfoSchema, scheduleSchema, paymentSchema] as const;

export type Registration = z.infer<typeof personalInfoSchema> &
  z.infer<typeof scheduleSchema> &
  Omit<z.infer<typeof waitlistPaymentSchema>, keyof typeof billingFields>;

/**
 * The first error per field of one step's schema, or null when the step is valid. `waitlist`:
 * the chosen date is full and the form joins its waitlist (no payment method needed).
 */
export function stepErrors(step: Step, values: WizardValues, waitlist = false): FieldErrors | null {
  const payment = waitlist ? waitlistPaymentSchema : paymentSchema;
  const schema = step === 1 ? personalInfoSchema : step === 2 ? scheduleSchema : payment;
  const parsed = schema.safeParse(values);
  return parsed.success ? null : firstErrors(parsed.error.issues);
}
