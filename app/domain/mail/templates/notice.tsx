// A notice: a heading, a few lines, the facts as a table and one button. Registrations' status
// e-mails and consultations' e-mails are all of this shape.
import type { MailBrand } from "../brand.server.ts";
import { EmailLayout } from "./layout.tsx";
import { EmailButton, EmailHeading, FactsTable, Paragraph } from "./parts.tsx";

export function NoticeEmail(props: {
  brand: MailBrand;
  preview: string;
  heading: string;
  lines: string[];
  facts: [string, string][];
  button: { label: string; href: string };
  footnote: string;
}) {
  return (
    <EmailLayout brand={props.brand} preview={props.preview} footnote={props.footnote}>
      <EmailHeading>{props.heading}</EmailHeading>
      {props.lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <FactsTable facts={props.facts} />
      <EmailButton href={props.button.href}>{props.button.label}</EmailButton>
    </EmailLayout>
  );
}
