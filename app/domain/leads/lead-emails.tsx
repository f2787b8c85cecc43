// The HTML of an inquiry's two e-mails (lead-mail.server.ts writes their text and queues them).
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { EmailLayout } from "#app/domain/mail/templates/layout.tsx";
import {
  EmailButton,
  EmailHeading,
  FactsTable,
  Paragraph,
  Quote,
} from "#app/domain/mail/templates/parts.tsx";

export function InquiryNotificationEmail(props: {
  brand: MailBrand;
  title: string;
  facts: [string, string][];
  message: string;
  reference: string;
  leadId: number;
  adminUrl: string;
  sentFrom: string;
  hasFiles: boolean;
}) {
  const { brand, facts } = props;
  const name = facts.find(([label]) => label === "Name")?.[1] ?? "";
  return (
    <EmailLayout
      brand={brand}
      preview={`New ${props.title} from ${name}`}
      footnote={`Sent to the address for new leads in the site's settings. Reply to this e-mail to answer ${name}.`}
    >
      <EmailHeading>New {props.title}</EmailHeading>
      <Paragraph muted>
        Lead #{props.leadId} · reference {props.reference} · sent from {props.sentFrom}
      </Paragraph>
      <FactsTable facts={facts} />
      <Quote label="Message">{props.message}</Quote>
      <EmailButton href={props.adminUrl}>
        {props.hasFiles ? "Open the lead and its files" : "Open the lead"}
      </EmailButton>
    </EmailLayout>
  );
}

export function InquiryAcknowledgementEmail(props: {
  brand: MailBrand;
  title: string;
  /** What it is about: a service the site offers, or the inquiry type (our words, not theirs). */
  about: string | undefined;
  reference: string;
  footnote: string;
}) {
  const { brand } = props;
  const facts: [string, string][] = [["Your reference", props.reference]];
  if (props.about) facts.push(["About", props.about]);
  return (
    <EmailLayout
      brand={brand}
      preview={`Thank you for contacting ${brand.siteName}. Your reference is ${props.reference}.`}
      footnote={props.footnote}
    >
      <EmailHeading>We received your {props.title}</EmailHeading>
      <Paragraph>
        Thank you for contacting {brand.siteName}. A member of our team will get back to you{" "}
        {REPLY_PROMISE}.
      </Paragraph>
      <FactsTable facts={facts} />
      <Paragraph>If it is urgent, call us at {brand.phone} and give your reference.</Paragraph>
      <EmailButton href={brand.siteUrl}>Visit our website</EmailButton>
    </EmailLayout>
  );
}
