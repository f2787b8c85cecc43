// The pieces every form schema shares (client-safe: the browser checks with the same schemas).
// Every module that builds a schema imports this one, so zod is set up before any schema exists.
import * as z from "zod/mini";
import type { Failure } from "./result.ts";

// The browser parses with the schemas too: no code generation (zod's JIT would trip the CSP).
// Set once for the whole app (zod's setting is global), before a schema is built.
z.config({ jitless: true });

/** Messages by field name, the first one of each field; "form" for the whole input. */
export type FieldErrors = Record<string, string>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message of each top-level field ("results" covers every part of results). */
export function firstErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** Input that does not hold, refused with a message on each field that caused it. */
export interface Invalid extends Failure {
  fieldErrors: FieldErrors;
}

/** The refusal of a checked input: the first field's message says it, each field has its own. */
export const invalidFields = (fieldErrors: FieldErrors): Invalid => ({
  ok: false,
  reason: "invalid",
  error: Object.values(fieldErrors)[0] ?? "This input is not valid.",
  fieldErrors,
});

/** The first message of each nested field, named as its form field ("services.0.title"). */
export function nestedErrors(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = [...prefix, ...issue.path].map(String).join(".") || "form";
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Optional text: trimmed, at most `max` characters, "" when left out. */
export const optionalText = (max: number, label: string) =>
  z._default(
    z.string({ error: `${label} must be text.` }).check(
      z.trim(),
      z.maxLength(max, {
        error: `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
      }),
    ),
    "",
  );
