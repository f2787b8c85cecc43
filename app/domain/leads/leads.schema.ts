// The public inquiry forms' validation rules, shared by browser and server (options and
// messages are in leads.ts).
import * as z from "zod/mini";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)
import { AI_FEATURES, BUDGETS, TIMELINES, WEBSITE_TYPES } from "./ai-design-options.ts";
import { INQUIRY_TYPES, type InquiryForm } from "./leads.ts";

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));
const name = text("Please enter your name.", 120, "Please keep your name under 120 characters.");
const email = z.pipe(
  text("Please enter your email address.", 254, "Please enter a valid email address."),
  z.email({ error: "Please enter a valid email address." }),
);
const phone = text(
  "Please enter your phone number.",
  40,
  "Please enter a valid phone number.",
).check(
  z.regex(/^(?=(?:\D*\d){7})[0-9+().\-\s/xX#]+$/, { error: "Please enter a valid phone number." }),
);
const companyTooLong = "Please keep the company name under 200 characters.";
const optionalCompany = z._default(
  z.string().check(z.trim(), z.maxLength(200, { error: companyTooLong })),
  "",
);
const company = text("Please enter your company.", 200, companyTooLong);
const message = text(
  "Please enter a message.",
  5000,
  "Please keep your message under 5,000 characters.",
);
/** The contact fields' rules, for other forms that ask for the same (course registration). */
export const contactFieldSchemas = { name, email, phone, optionalCompany };

const optionalChoice = <T extends [string, ...string[]]>(choices: T, error: string) =>
  z._default(z.union([z.literal(""), z.enum(choices, { error })]), "");

export const aiDesignInquirySchema = z.object({
  name,
  email,
  phone,
  company: optionalCompany,
  websiteType: z.enum(values(WEBSITE_TYPES), { error: "Please choose a website type." }),
  budget: optionalChoice(values(BUDGETS), "Please choose a budget from the list."),
  timeline: optionalChoice(values(TIMELINES), "Please choose a timeline from the list."),
  aiFeatures: z._default(
    z
      .array(z.enum(values(AI_FEATURES), { error: "Please choose AI features from the list." }))
      .check(z.maxLength(AI_FEATURES.length)),
    [],
  ),
  message,
});

export const serviceInquirySchema = z.object({
  name,
  email,
  phone,
  company,
  message,
  /** Which service page the visitor asked from (e.g. "Network Infrastructure"). */
  service: z._default(z.string().check(z.trim(), z.maxLength(120)), ""),
});

export const generalInquirySchema = z.object({
  inquiryType: z.enum(values(INQUIRY_TYPES), { error: "Please choose an inquiry type." }),
  name,
  email,
  phone,
  company: optionalCompany,
  message,
});

export const inquiryForms = {
  "ai-design": aiDesignInquirySchema,
  service: serviceInquirySchema,
  general: generalInquirySchema,
} satisfies Record<InquiryForm, z.ZodMiniType>;
