// The registration wizard's rules, one schema per step, shared by the browser and the server.
// What a schema cannot know (which courses and cohorts exist) the server checks on each post.
import * as z from "zod/mini";
import { contactFieldSchemas, fieldErrorsOf } from "../leads/leads.schema.ts";
import type { FieldErrors } from "../leads/leads.ts";
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

export const stepSchemas = [personalInfoSchema, scheduleSchema, paymentSchema] as const;

export type Registration = z.infer<typeof personalInfoSchema> &
  z.infer<typeof scheduleSchema> &
  z.infer<typeof paymentSchema>;

/** Every field the wizard carries from step to step (visible on its step, hidden on the others). */
export const WIZARD_FIELDS = [
  "certificationInterest",
  "name",
  "email",
  "phone",
  "company",
  "experience",
  "startDate",
  "classSchedule",
  "comments",
  "paymentMethod",
] as const;

export type WizardField = (typeof WIZARD_FIELDS)[number];
export type WizardValues = Partial<Record<WizardField, string>>;
export type Step = 1 | 2 | 3;

/** The posted wizard fields (anything else is ignored: a posted price or cohort id means nothing). */
export function wizardValuesOf(get: (name: string) => unknown): WizardValues {
  const result: WizardValues = {};
  for (const field of WIZARD_FIELDS) {
    const value = get(field);
    if (typeof value === "string") result[field] = value.slice(0, 5000);
  }
  return result;
}

/** The first error per field of one step's schema, or null when the step is valid. */
export function stepErrors(step: Step, values: WizardValues): FieldErrors | null {
  const schema = step === 1 ? personalInfoSchema : step === 2 ? scheduleSchema : paymentSchema;
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

export const CHOOSE_LISTED_DATE = "Please select a start date from the list.";
export const SCHEDULE_NOT_OFFERED =
  "This class schedule is not offered on that start date. Please select another.";

/**
 * The start date and class schedule must be one of the course's upcoming cohorts with a free
 * seat. The browser checks against the dates it was given, the server against the database.
 */
export function cohortChoiceErrors(
  values: WizardValues,
  startDates: readonly { date: string; schedules: readonly { value: string; full: boolean }[] }[],
  fullMessage: string,
): { errors: FieldErrors | null; full: boolean } {
  const day = startDates.find((d) => d.date === values.startDate);
  if (!day) return { errors: { startDate: CHOOSE_LISTED_DATE }, full: false };
  const schedule = day.schedules.find((s) => s.value === values.classSchedule);
  if (!schedule) return { errors: { classSchedule: SCHEDULE_NOT_OFFERED }, full: false };
  if (schedule.full) return { errors: { startDate: fullMessage }, full: true };
  return { errors: null, full: false };
}
