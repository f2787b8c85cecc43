// The HTML of the pipeline's staff e-mails (pipeline-mail.server.ts writes their text and
// queues them): a heading, what happened, the facts, and a button to the record or the queue.
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { EmailLayout } from "#app/domain/mail/templates/layout.tsx";
import {
  EmailButton,
  EmailHeading,
  FactsTable,
  Paragraph,
} from "#app/domain/mail/templates/parts.tsx";

export function PipelineEmail(props: {
  brand: MailBrand;
  heading: string;
  intro: string;
  facts: [string, string][];
  link: { label: string; href: string };
}) {
  return (
    <EmailLayout
      brand={props.brand}
      preview={props.heading}
      footnote="You receive this because you work leads on the sales dashboard."
    >
      <EmailHeading>{props.heading}</EmailHeading>
      <Paragraph>{props.intro}</Paragraph>
      <FactsTable facts={props.facts} />
      <EmailButton href={props.link.href}>{props.link.label}</EmailButton>
    </EmailLayout>
  );
}
