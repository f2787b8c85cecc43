// The public inquiry forms: their options and validation rules, shared by browser and server.
import * as z from "zod/mini";

// The browser parses with these too: no code generation (zod's JIT would trip the CSP).
z.config({ jitless: true });

export const WEBSITE_TYPES = [
  { value: "ecommerce", label: "E-commerce" },
  { value: "business", label: "Business Website" },
  { value: "portfolio", label: "Portfolio" },
  { value: "blog", label: "Blog" },
  { value: "saas", label: "SaaS Platform" },
  { value: "other", label: "Other" },
] as const;

export const BUDGETS = [
  { value: "under-5k", label: "Under $5,000" },
  { value: "5k-10k", label: "$5,000 - $10,000" },
  { value: "10k-25k", label: "$10,000 - $25,000" },
  { value: "25k-50k", label: "$25,000 - $50,000" },
  { value: "50k-plus", label: "$50,000+" },
] as const;

export const TIMELINES = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-2-months", label: "1-2 months" },
  { value: "3-4-months", label: "3-4 months" },
  { value: "6-months", label: "6 months" },
  { value: "flexible", label: "Flexible" },
] as const;

export const AI_FEATURES = [
  { value: "layout-generation", label: "AI Layout Generation" },
  { value: "adaptive-colors", label: "Adaptive Color Schemes" },
  { value: "content-optimization", label: "Content Optimization" },
  { value: "smart-ux", label: "Smart User Experience" },
  { value: "chatbot", label: "AI Chatbot" },
  { value: "predictive-analytics", label: "Predictive Analytics" },
  { value: "ab-testing", label: "Automated A/B Testing" },
  { value: "personalization", label: "Dynamic Personalization" },
] as const;

export const INQUIRY_TYPES = [
  { value: "training", label: "Training" },
  { value: "ai-solutions", label: "AI Solutions" },
  { value: "ai-training", label: "AI Training" },
  { value: "enterprise-security", label: "Enterprise Security" },
  { value: "support", label: "IT Support" },
] as const;

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

export function labelOf(options: readonly { value: string; label: string }[], value: string) {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The hidden field bots fill and people never see. */
export const HONEYPOT_FIELD = "company_website";

export const INQUIRY_SUCCESS =
  "Your AI design inquiry has been sent! We'll contact you within 24 hours.";
export const INQUIRY_FAILURE = "Failed to send message. Please try again or contact us directly.";
export const MESSAGE_SUCCESS = "Message sent successfully! We'll get back to you soon.";
export const MESSAGE_FAILURE =
  "Your message could not be sent. Please try again, or call or e-mail us directly.";

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
} as const;
export type InquiryForm = keyof typeof inquiryForms;

/** Form field names as the spec and the HTML forms name them. */
const fieldNames: Record<string, string> = {
  "website-type": "websiteType",
  "ai-features": "aiFeatures",
  inquiry_type: "inquiryType",
};

/** Turns posted fields into the shape the schemas read (repeated fields become arrays). */
export function formFields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [rawName, value] of entries) {
    const key = fieldNames[rawName] ?? rawName;
    if (key === "aiFeatures") {
      result.aiFeatures = [...((result.aiFeatures as string[] | undefined) ?? []), value];
    } else if (!(key in result)) {
      result[key] = value;
    }
  }
  return result;
}

export type FieldErrors = Record<string, string>;

/** First error per field, keyed by the schema's field name. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** What every inquiry post answers, to the browser (JSON or action data) alike. */
export type InquiryResult =
  | { ok: true; message: string; customerId: number }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string | string[]>;
    };
