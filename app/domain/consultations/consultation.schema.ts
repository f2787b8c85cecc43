// The booking form's rules (contact fields as every public form has them), shared by the
// browser and the server.
import * as z from "zod/mini";
import { contactFieldSchemas } from "#app/domain/leads/leads.schema.ts";
import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
// zod set up for the browser (no code generation), by leads.schema.ts before any schema here.
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";

const topics = INQUIRY_TYPES.map((t) => t.value) as [
  (typeof INQUIRY_TYPES)[number]["value"],
  ...(typeof INQUIRY_TYPES)[number]["value"][],
];

export const bookingFormSchema = z.object({
  name: contactFieldSchemas.name,
  email: contactFieldSchemas.email,
  phone: contactFieldSchemas.phone,
  company: contactFieldSchemas.optionalCompany,
  topic: z.enum(topics, { error: "Please choose what you would like to talk about." }),
  message: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(5000, { error: "Please keep your message under 5,000 characters." }),
      ),
    "",
  ),
});

/** The booking form's messages by field, as the page's action answers them; null when none. */
export function bookingFormErrors(values: Record<string, unknown>): FieldErrors | null {
  const parsed = bookingFormSchema.safeParse(values);
  return parsed.success ? null : firstErrors(parsed.error.issues);
}
