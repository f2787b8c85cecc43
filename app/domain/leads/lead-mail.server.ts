// The two e-mails of every inquiry: a notification to the company with every field (the
// spec's composed message block) and a short acknowledgement to the visitor. The
// acknowledgement goes to whatever address was typed, so it says only what we wrote: the kind
// of inquiry and a reference, never the visitor's name or message (else anyone could send
// their text from the company's mail server). Each has a text part and an HTML part
// (lead-emails.tsx), rendered here, when the message is queued.
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { htmlParts } from "#app/domain/mail/render.server.ts";
import { formatFileSize } from "#app/platform/file-size.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { AI_FEATURES, BUDGETS, TIMELINES, WEBSITE_TYPES } from "./ai-design-options.ts";
import { INQUIRY_TYPES, type LeadFields, labelOf, REPLY_PROMISE } from "./leads.ts";
import { leadReference } from "./reference.ts";

export interface LeadForMail extends LeadFields {
  /** The customer record (staff's number). */
  id: number;
  /** The submission's own number, the visitor's reference (the record's id when it made one). */
  submissionId?: number;
  form: string;
  service?: string;
  /** The service is one the site lists (decided at the edge): the acknowledgement names it. */
  listedService?: boolean;
  files: { originalName: string; size: number }[];
}

/** At most this many acknowledgements go to one address a day; the notification always goes. */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

/** The e-mail components, loaded on the first message (see render.server.ts). */
export const leadEmails = () => import("./lead-emails.tsx");

const formTitles: Record<string, string> = {
  "ai-design": "AI design inquiry",
  service: "consultation request",
  general: "inquiry",
};

// The registration e-mails and receipt read the reference here, beside the inquiry e-mails.
export { leadReference };

/** Where staff open a lead. */
export const leadAdminUrl = (brand: MailBrand, leadId: number) =>
  `${brand.siteUrl}/admin/customers?lead=${leadId}`;

/** The staff notification's fields, for the text and the HTML alike. */
function leadFacts(lead: LeadForMail): [string, string][] {
  const facts: [string, string | null][] = [
    ["Inquiry type", labelOf(INQUIRY_TYPES, lead.inquiryType) || "-"],
    ["Service", lead.service || null],
    ["Name", lead.name],
    ["Email", lead.email],
    ["Phone", lead.phone || "-"],
    ["Company", lead.company || "-"],
    ["Website type", lead.websiteType ? labelOf(WEBSITE_TYPES, lead.websiteType) : null],
    ["Budget", lead.budget ? labelOf(BUDGETS, lead.budget) : null],
    ["Timeline", lead.timeline ? labelOf(TIMELINES, lead.timeline) : null],
    [
      "AI features",
      lead.aiFeatures?.length
        ? lead.aiFeatures.map((f) => labelOf(AI_FEATURES, f)).join(", ")
        : null,
    ],
    [
      "Attachments",
      lead.files.length
        ? lead.files.map((f) => `${f.originalName} (${formatFileSize(f.size)})`).join(", ")
        : null,
    ],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== null);
}

export async function inquiryMails(
  lead: LeadForMail,
  salesEmail: string,
  brand: MailBrand,
  { acknowledge }: { acknowledge: boolean },
): Promise<OutgoingMail[]> {
  const emails = await leadEmails();
  const title = formTitles[lead.form] ?? "inquiry";
  // The visitor's reference is their submission's own number, never another record's.
  const reference = leadReference(lead.submissionId ?? lead.id, brand.siteName);
  const facts = leadFacts(lead);
  const sentFrom = `${brand.siteUrl}${lead.sourcePage}`;
  const notification: OutgoingMail = {
    template: `${lead.form}-notification`,
    to: salesEmail,
    replyTo: lead.email,
    subject: `New ${title} from ${lead.name}${lead.company ? ` (${lead.company})` : ""}`,
    text: [
      `New ${title} from the website`,
      "",
      ...facts.map(([label, value]) =>
        label === "Attachments"
          ? `${label}: ${value} (download them in the admin area)`
          : `${label}: ${value}`,
      ),
      "",
      "Message:",
      lead.message,
      "",
      `Sent from: ${sentFrom}`,
      `Lead #${lead.id} (reference ${reference}): ${leadAdminUrl(brand, lead.id)}`,
    ].join("\n"),
    ...(await htmlParts(emails.InquiryNotificationEmail, {
      brand,
      title,
      facts,
      message: lead.message,
      reference,
      leadId: lead.id,
      adminUrl: leadAdminUrl(brand, lead.id),
      sentFrom,
      hasFiles: lead.files.length > 0,
    })),
    leadId: lead.id,
  };
  if (!acknowledge) return [notification];

  // Only what we chose: the form's title and what it is about from our own lists (a service
  // the site offers, else the inquiry type; the AI design inquiry's title says it).
  const about = acknowledgedTopic(lead);
  const acknowledgement: OutgoingMail = {
    template: "inquiry-acknowledgement",
    to: lead.email,
    replyTo: brand.email,
    subject: `We received your ${title} (${reference}) - ${brand.siteName}`,
    text: [
      `Thank you for contacting ${brand.siteName}.`,
      "",
      `We received your ${title}${about ? ` about ${about}` : ""} and a member of our team will get back to you ${REPLY_PROMISE}.`,
      "",
      `Your reference: ${reference}`,
      "",
      `If it is urgent, call us at ${brand.phone} and give your reference.`,
      "",
      ACKNOWLEDGEMENT_FOOTNOTE,
      "",
      brand.siteName,
    ].join("\n"),
    ...(await htmlParts(emails.InquiryAcknowledgementEmail, {
      brand,
      title,
      about,
      reference,
      footnote: ACKNOWLEDGEMENT_FOOTNOTE,
    })),
    leadId: lead.id,
  };
  return [notification, acknowledgement];
}

/** What the acknowledgement says an inquiry is about: a listed service, else its type. */
function acknowledgedTopic(lead: LeadForMail): string | undefined {
  if (lead.form === "ai-design") return undefined;
  if (lead.service && lead.listedService) return lead.service;
  return INQUIRY_TYPES.find((t) => t.value === lead.inquiryType)?.label;
}

export const ACKNOWLEDGEMENT_FOOTNOTE =
  "You receive this e-mail because your address was entered on our website. If that was not you, no action is needed: we will not add you to any list.";
