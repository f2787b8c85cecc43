// The public inquiry forms' options and messages: what the browser needs to draw
// a form. Their validation rules (zod) are in leads.schema.ts, which the browser loads only once
// a visitor focuses or sends a form.

export const INQUIRY_TYPES = [
  { value: "training", label: "Training" },
  { value: "ai-solutions", label: "AI Solutions" },
  { value: "ai-training", label: "AI Training" },
  { value: "enterprise-security", label: "Enterprise Security" },
  { value: "support", label: "IT Support" },
] as const;

export type InquiryType = (typeof INQUIRY_TYPES)[number]["value"];

/** The AI design page's service: its consultation form and the AI design inquiry file under it. */
export const AI_WEB_DESIGN_SERVICE = "AI-Powered Web Design";

/** The type the AI design inquiry (and the AI design page's consultations) file under. */
export const AI_DESIGN_INQUIRY_TYPE: InquiryType = "ai-solutions";

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

/** The form's message when the errors are said beside their fields (for the components). */
export { CORRECT_FIELDS } from "#app/platform/form-data.ts";
