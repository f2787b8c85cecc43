// The forms of the admin registrations screen: Mark paid, Cancel, Move (decision 0017).
import { z } from "zod";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import { PAYMENT_METHODS } from "./training.ts";

const PAYMENT_KEYS = PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]];

const money = z
  .string()
  .trim()
  .regex(/^\$?\d{1,3}(,?\d{3})*(\.\d{1,2})?$/, {
    error: "Enter an amount in dollars, like 4995.00.",
  })
  .transform((value) => Math.round(Number(value.replace(/[$,]/g, "")) * 100))
  .refine((cents) => cents <= 100_000_000, { error: "Enter an amount of at most $1,000,000." });

const day = z
  .string()
  .refine(isCalendarDate, { error: "Enter a date of the calendar, as YYYY-MM-DD." });

/** Mark paid: the amount (the stored price unless changed), how, and on which day. */
export const paymentSchema = z.object({
  amount: money,
  method: z.enum(PAYMENT_KEYS, { error: "Choose how it was paid." }),
  paidOn: day,
});

/**
 * Cancel: why, for the history and the student's e-mail; for a paid or invoiced registration the
 * credit when staff set another than the cancellation policy's (empty: the policy's), and why.
 */
export const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: "Say why the registration is cancelled." })
    .max(500, { error: "Keep the reason under 500 characters." }),
  creditAmount: z.union([z.literal("").transform(() => null), money]).optional(),
  overrideReason: z
    .string()
    .trim()
    .max(500, { error: "Keep the reason under 500 characters." })
    .optional(),
});

/** Move: the cohort of the same course to move to. */
export const moveSchema = z.object({
  cohortId: z.coerce
    .number({ error: "Choose the date to move to." })
    .int({ error: "Choose the date to move to." })
    .positive({ error: "Choose the date to move to." }),
});
