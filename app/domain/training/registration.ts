// The registration wizard's fields and the cohort check: what the browser needs to draw the
// wizard. The rules of each step (zod) are in registration.schema.ts, which the browser loads
// only when the visitor starts on the form.
import type { FieldErrors } from "#app/platform/validation.ts";

/** The wizard's fields by step: each visible on its step, carried hidden on the others. */
export const STEP_FIELDS = {
  1: ["certificationInterest", "name", "email", "phone", "company"],
  2: ["experience", "startDate", "classSchedule", "comments"],
  // With step 3's company invoice details (registration.schema.ts checks them for one).
  3: ["paymentMethod", "billingCompany", "billingAddress", "billingEmail", "poNumber"],
} as const;

/** Every field the wizard carries from step to step. */
export const WIZARD_FIELDS = [...STEP_FIELDS[1], ...STEP_FIELDS[2], ...STEP_FIELDS[3]] as const;

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

export const CHOOSE_LISTED_DATE = "Please select a start date from the list.";
export const SCHEDULE_NOT_OFFERED =
  "This class schedule is not offered on that start date. Please select another.";

/**
 * The start date and class schedule must be one of the course's upcoming cohorts; a full one is
 * chosen for its waitlist (`full`). The browser checks against the dates it was given, the
 * server against the database.
 */
export function cohortChoiceErrors(
  values: WizardValues,
  startDates: readonly { date: string; schedules: readonly { value: string; full: boolean }[] }[],
): { fieldErrors: FieldErrors | null; full: boolean } {
  const day = startDates.find((d) => d.date === values.startDate);
  if (!day) return { fieldErrors: { startDate: CHOOSE_LISTED_DATE }, full: false };
  const schedule = day.schedules.find((s) => s.value === values.classSchedule);
  if (!schedule) return { fieldErrors: { classSchedule: SCHEDULE_NOT_OFFERED }, full: false };
  return { fieldErrors: null, full: schedule.full };
}
