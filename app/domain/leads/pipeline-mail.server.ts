// The pipeline's staff e-mails, queued in the outbox with the change that causes them: a lead
// assigned to a sales rep, and the managers' notice that a leaving user's leads are back in the
// queue. Each has a text part and an HTML part (pipeline-emails.tsx).
import { type MailBrand, type StaffMail, staffMailOf } from "#app/domain/mail/brand.server.ts";
import { htmlParts } from "#app/domain/mail/render.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import { FORM_LABELS } from "./customers.ts";

/** The e-mail components, loaded on the first message (see render.server.ts). */
export const pipelineEmails = () => import("./pipeline-emails.tsx");

/** The outbox and brand for the pipeline's e-mails, loaded before a transaction opens. */
export const salesMailOf = (
  services: Pick<AppServices, "db" | "storage" | "env" | "logger" | "outbox">,
): Promise<StaffMail> => staffMailOf(services, pipelineEmails);

/** Where a sales user opens a record. */
export const recordUrl = (brand: MailBrand, id: number) =>
  `${brand.siteUrl}/sales-dashboard?customer=${id}#customer-detail`;

async function pipelineMail(
  brand: MailBrand,
  message: {
    template: string;
    to: string;
    subject: string;
    heading: string;
    intro: string;
    facts: [string, string][];
    link: { label: string; href: string };
    leadId?: number;
  },
): Promise<OutgoingMail> {
  const { PipelineEmail } = await pipelineEmails();
  return {
    template: message.template,
    to: message.to,
    subject: `${message.subject} - ${brand.siteName}`,
    text: [
      message.heading,
      "",
      message.intro,
      "",
      ...message.facts.map(([label, value]) => `${label}: ${value}`),
      "",
      `${message.link.label}: ${message.link.href}`,
    ].join("\n"),
    ...(await htmlParts(PipelineEmail, { brand, ...message })),
    ...(message.leadId ? { leadId: message.leadId } : {}),
  };
}

/** "New lead assigned to you: …", with a link to the record. */
export function assignmentMail(
  brand: MailBrand,
  to: string,
  record: { id: number; name: string; company: string; form: string },
  by: string,
): Promise<OutgoingMail> {
  const facts: [string, string][] = [
    ["Lead", record.name],
    ...(record.company ? ([["Company", record.company]] as [string, string][]) : []),
    ["From", FORM_LABELS[record.form] ?? record.form],
    ["Assigned by", by],
  ];
  return pipelineMail(brand, {
    template: "lead-assigned",
    to,
    subject: `New lead assigned to you: ${record.name}`,
    heading: `New lead assigned to you: ${record.name}`,
    intro: `${by} assigned this lead to you. It is now in your customers on the sales dashboard.`,
    facts,
    link: { label: "Open the lead", href: recordUrl(brand, record.id) },
    leadId: record.id,
  });
}

/**
 * Tells a record's owner that the person wrote again through the website: the inquiry joined
 * their record (and the managers see it in New leads as a returning contact).
 */
export function returningContactMail(
  brand: MailBrand,
  to: string,
  record: { id: number; name: string; form: string },
): Promise<OutgoingMail> {
  return pipelineMail(brand, {
    template: "returning-contact",
    to,
    subject: `${record.name} wrote again`,
    heading: `${record.name} wrote again`,
    intro:
      "A new inquiry from the website joined your customer's record. Your managers see it in New leads until they keep it with you or assign it.",
    facts: [
      ["Customer", record.name],
      ["From", FORM_LABELS[record.form] ?? record.form],
    ],
    link: { label: "Open the record", href: recordUrl(brand, record.id) },
    leadId: record.id,
  });
}

/** Tells a manager that a leaving user's open leads are back in the New leads queue. */
export function requeuedMail(
  brand: MailBrand,
  to: string,
  user: string,
  count: number,
  why: "disabled" | "deleted" | "moved",
): Promise<OutgoingMail> {
  const leads = count === 1 ? "1 open lead" : `${count} open leads`;
  return pipelineMail(brand, {
    template: "leads-requeued",
    to,
    subject: `${leads} back in New leads`,
    heading: `${leads} back in New leads`,
    intro: `${user}'s account was ${why === "moved" ? "given a role outside the sales team" : why}, so the leads they were working are waiting for a new owner.`,
    facts: [
      ["User", user],
      ["Leads returned", String(count)],
    ],
    link: { label: "Open New leads", href: `${brand.siteUrl}/sales-dashboard#new-leads` },
  });
}
