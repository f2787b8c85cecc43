// A notice e-mail (heading, lines, facts, one button) with its text part, addressed and ready to
// queue. Replies reach the company's address, not the sending one.
import type { OutgoingMail } from "#app/platform/mail/outbox.server.ts";
import type { MailBrand } from "./brand.server.ts";
import { htmlParts } from "./render.server.ts";

/** The component, loaded on the first message (see render.server.ts). */
export const noticeEmails = () => import("./templates/notice.tsx");

export async function notice(
  brand: MailBrand,
  to: string,
  content: {
    template: string;
    subject: string;
    heading: string;
    lines: string[];
    facts: [string, string][];
    button: { label: string; href: string };
    footnote: string;
  },
): Promise<Omit<OutgoingMail, "leadId">> {
  const { NoticeEmail } = await noticeEmails();
  const html = await htmlParts(NoticeEmail, {
    brand,
    preview: content.lines[0] ?? content.heading,
    heading: content.heading,
    lines: content.lines,
    facts: content.facts,
    button: content.button,
    footnote: content.footnote,
  });
  return {
    template: content.template,
    to,
    // The footnotes invite a reply: it reaches the company, not the sending address.
    replyTo: brand.email,
    subject: `${content.subject} - ${brand.siteName}`,
    text: [
      content.heading,
      "",
      ...content.lines.flatMap((line) => [line, ""]),
      `${content.button.label}: ${content.button.href}`,
      "",
      ...content.facts.map(([label, value]) => `${label}: ${value}`),
      "",
      content.footnote,
      "",
      brand.siteName,
    ].join("\n"),
    ...html,
  };
}
