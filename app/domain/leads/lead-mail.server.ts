// The two e-mails of every inquiry: a notification to the company with every field (the
// spec's composed message block) and a short acknowledgement to the visitor.
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import {
  AI_FEATURES,
  BUDGETS,
  INQUIRY_TYPES,
  type LeadFields,
  labelOf,
  TIMELINES,
  WEBSITE_TYPES,
} from "./leads.ts";

export interface LeadForMail extends LeadFields {
  id: number;
  form: string;
  service?: string;
  files: { originalName: string; size: number }[];
}

export interface Brand {
  siteName: string;
  phone: string;
  siteUrl: string;
}

const formTitles: Record<string, string> = {
  "ai-design": "AI design inquiry",
  service: "consultation request",
  general: "inquiry",
};

export function inquiryMails(lead: LeadForMail, salesEmail: string, brand: Brand): OutgoingMail[] {
  const title = formTitles[lead.form] ?? "inquiry";
  const lines = [
    `New ${title} from the website`,
    "",
    `Inquiry type: ${labelOf(INQUIRY_TYPES, lead.inquiryType) || "-"}`,
    lead.service ? `Service: ${lead.service}` : null,
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone || "-"}`,
    `Company: ${lead.company || "-"}`,
    lead.websiteType ? `Website type: ${labelOf(WEBSITE_TYPES, lead.websiteType)}` : null,
    lead.budget ? `Budget: ${labelOf(BUDGETS, lead.budget)}` : null,
    lead.timeline ? `Timeline: ${labelOf(TIMELINES, lead.timeline)}` : null,
    lead.aiFeatures?.length
      ? `AI features: ${lead.aiFeatures.map((f) => labelOf(AI_FEATURES, f)).join(", ")}`
      : null,
    lead.files.length
      ? `Attachments: ${lead.files.map((f) => `${f.originalName} (${(f.size / 1048576).toFixed(2)} MB)`).join(", ")} (download them in the admin area)`
      : null,
    "",
    "Message:",
    lead.message,
    "",
    `Sent from: ${brand.siteUrl}${lead.sourcePage}`,
    `Lead #${lead.id}`,
  ].filter((line) => line !== null);

  return [
    {
      template: `${lead.form}-notification`,
      to: salesEmail,
      replyTo: lead.email,
      subject: `New ${title} from ${lead.name}${lead.company ? ` (${lead.company})` : ""}`,
      text: lines.join("\n"),
      leadId: lead.id,
    },
    {
      template: "inquiry-acknowledgement",
      to: lead.email,
      subject: `We received your ${title} - ${brand.siteName}`,
      text: [
        `Hi ${lead.name},`,
        "",
        `Thank you for contacting ${brand.siteName}. We received your ${title} and a member of our team will get back to you within one business day.`,
        "",
        "Your message:",
        ...lead.message.split("\n").map((l) => `> ${l}`),
        "",
        `If it is urgent, call us at ${brand.phone}.`,
        "",
        brand.siteName,
        brand.siteUrl,
      ].join("\n"),
      leadId: lead.id,
    },
  ];
}
