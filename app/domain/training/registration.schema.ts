// The registration wizard's rules, one schema per step, shared by the browser and the server.
// What a schema cannot know (which courses and cohorts exist) the server checks on each post.
import * as z from "zod/mini";
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

export const paymentSchema = z.object({
  paymentMethod: z.enum(values(PAYMENT_METHODS), { error: "Please select a payment method." }),
});

/** Joining a waitlist charges nothing: a payment method is not asked for (one given is kept). */
export const waitlistPaymentSchema = z.object({
  paymentMethod: z._default(
    z.union([
      z.literal(""),
      z.enum(values(PAYMENT_METHODS), { error: "Please select a payment method." }),
    ]),
    "",
  ),
});

export const stepSchemas = [personalInfoSchema, scheduleSchema, paymentSchema] as const;

export type Registration = z.infer<typeof personalInfoSchema> &
  z.infer<typeof scheduleSchema> &
  z.infer<typeof waitlistPaymentSchema>;

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
