// The public inquiry forms' options, messages and result shapes: what the browser needs to draw
// a form. Their validation rules (zod) are in leads.schema.ts, which the browser loads only once
// a visitor focuses or sends a form.

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

export function labelOf(options: readonly { value: string; label: string }[], value: string) {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The hidden field bots fill and people never see. */
export const HONEYPOT_FIELD = "company_website";

/**
 * When we answer an inquiry: the spec's promise on the inquiry modal, said in the same words by
 * every form's page, the modals and the e-mails that acknowledge an inquiry.
 */
export const REPLY_PROMISE = "within 24 hours";

export const INQUIRY_SUCCESS = `Your AI design inquiry has been sent! We'll contact you ${REPLY_PROMISE}.`;
export const INQUIRY_FAILURE = "Failed to send message. Please try again or contact us directly.";
export const MESSAGE_SUCCESS = "Message sent successfully! We'll get back to you soon.";
export const MESSAGE_FAILURE =
  "Your message could not be sent. Please try again, or call or e-mail us directly.";

/** The inquiry forms, by the name their posts carry. */
export type InquiryForm = "ai-design" | "service" | "general";

/** What a visitor's form gives every lead: contact, project and where they came from. */
export interface LeadFields {
  name: string;
  email: string;
  phone: string;
  company: string;
  inquiryType: string;
  websiteType?: string;
  budget?: string;
  timeline?: string;
  aiFeatures?: string[];
  message: string;
  sourcePage: string;
}

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

/** What every inquiry post answers, to the browser (JSON or action data) alike. */
export type InquiryResult =
  | { ok: true; message: string; customerId: number }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string | string[]>;
    };
