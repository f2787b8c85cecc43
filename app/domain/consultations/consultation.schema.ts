// The booking form's rules (contact fields as every public form has them), shared by the
// browser and the server.
import * as z from "zod/mini";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)
import { contactFieldSchemas } from "#app/domain/leads/leads.schema.ts";
import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";

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
