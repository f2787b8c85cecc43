// The HTML of the account e-mails (account-mail.server.ts writes their text and queues them):
// a heading, a few lines, a button when the message carries a link, and the account's facts.
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { EmailLayout } from "#app/domain/mail/templates/layout.tsx";
import {
  EmailButton,
  EmailHeading,
  FactsTable,
  Paragraph,
} from "#app/domain/mail/templates/parts.tsx";

export function AccountEmail(props: {
  brand: MailBrand;
  heading: string;
  lines: string[];
  /** The one-time link and the words on its button. */
  button?: { label: string; link: string };
  facts: [string, string][];
  footnote: string;
}) {
  return (
    <EmailLayout brand={props.brand} preview={props.heading} footnote={props.footnote}>
      <EmailHeading>{props.heading}</EmailHeading>
      {props.lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {props.button && <EmailButton href={props.button.link}>{props.button.label}</EmailButton>}
      <FactsTable facts={props.facts} />
    </EmailLayout>
  );
}
