// The forms of the admin registrations screen: Record a payment, Cancel, Move (decision 0017).
import { z } from "zod";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)
import { isCalendarDate } from "#app/platform/calendar-date.ts";

/** How staff record money received by hand (a card pays through Stripe Checkout). */
export const RECORDED_METHODS = [
  { value: "bank-transfer", label: "Bank transfer" },
  { value: "cheque", label: "Cheque" },
] as const;

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

/** Record a payment: the day the money came, how much, how, and the bank's or cheque's reference. */
export const paymentSchema = z.object({
  receivedOn: day,
  amount: money.refine((cents) => cents > 0, { error: "Enter an amount above $0.00." }),
  method: z.enum(["bank-transfer", "cheque"], { error: "Choose bank transfer or cheque." }),
  reference: z
    .string()
    .trim()
    .max(100, { error: "Keep the reference to 100 characters." })
    .refine((text) => !/[\r\n]/.test(text), { error: "Keep the reference on one line." }),
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
