// The HTML of the account e-mails (account-mail.server.ts writes their text and queues them).
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { EmailLayout } from "#app/domain/mail/templates/layout.tsx";
import {
  EmailButton,
  EmailHeading,
  FactsTable,
  Paragraph,
} from "#app/domain/mail/templates/parts.tsx";

export function AccountLinkEmail(props: {
  brand: MailBrand;
  preview: string;
  heading: string;
  lines: string[];
  button: string;
  link: string;
  facts: [string, string][];
  footnote: string;
}) {
  return (
    <EmailLayout brand={props.brand} preview={props.preview} footnote={props.footnote}>
      <EmailHeading>{props.heading}</EmailHeading>
      {props.lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <EmailButton href={props.link}>{props.button}</EmailButton>
      <FactsTable facts={props.facts} />
    </EmailLayout>
  );
}

export function AccountNoticeEmail(props: {
  brand: MailBrand;
  heading: string;
  lines: string[];
  facts: [string, string][];
  footnote: string;
}) {
  return (
    <EmailLayout brand={props.brand} preview={props.heading} footnote={props.footnote}>
      <EmailHeading>{props.heading}</EmailHeading>
      {props.lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <FactsTable facts={props.facts} />
    </EmailLayout>
  );
}
