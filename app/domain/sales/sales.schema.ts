// The sales dashboard's own forms (the monthly targets) and texts, shared by the browser and the
// server. The records' forms and phases are the pipeline's (leads/records.schema.ts).
import * as z from "zod/mini";
import { dollars, dollarsToCents, invalidForm, one } from "#app/domain/leads/records.schema.ts";
import { type Result, success } from "#app/platform/result.ts";
import { firstErrors } from "#app/platform/validation.ts";

export const DASHBOARD_LOAD_ERROR = "Failed to load dashboard data";

export const targetInputSchema = z.object({
  /** "team" or a rep's id. */
  scope: z
    .string({ error: "Choose the team or a sales rep." })
    .check(z.regex(/^(team|\d{1,9})$/, { error: "Choose the team or a sales rep." })),
  month: z
    .string({ error: "Choose a month." })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Choose a month (YYYY-MM)." })),
  amount: dollars("Target"),
});

export interface TargetValues {
  repId: number | null;
  /** YYYY-MM */
  month: string;
  amountCents: number;
}

export function validateTarget(input: unknown): Result<TargetValues> {
  const parsed = targetInputSchema.safeParse(input);
  if (!parsed.success) return invalidForm(firstErrors(parsed.error.issues));
  const { scope, month, amount } = parsed.data;
  return success({
    repId: scope === "team" ? null : Number(scope),
    month,
    amountCents: dollarsToCents(amount),
  });
}

/** The target form's posted fields (by name) as validateTarget reads them. */
export function targetFromFields(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    scope: one(fields, "scope") ?? "",
    month: one(fields, "month") ?? "",
    amount: one(fields, "amount") ?? "",
  };
}
