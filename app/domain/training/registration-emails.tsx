// The HTML of a registration's two e-mails (registration-mail.server.ts writes their text and
// queues them).
import type { MailBrand } from "#app/domain/mail/brand.server.ts";
import { EmailLayout } from "#app/domain/mail/templates/layout.tsx";
import {
  EmailButton,
  EmailHeading,
  FactsTable,
  Paragraph,
  Quote,
} from "#app/domain/mail/templates/parts.tsx";

export function RegistrationNotificationEmail(props: {
  brand: MailBrand;
  facts: [string, string][];
  name: string;
  comments: string;
  reference: string;
  leadId: number;
  registrationId: number;
  adminUrl: string;
}) {
  const course = props.facts.find(([label]) => label === "Course")?.[1] ?? "";
  return (
    <EmailLayout
      brand={props.brand}
      preview={`${props.name} registered for ${course}`}
      footnote={`Sent to the address for new leads in the site's settings. Reply to this e-mail to answer ${props.name}.`}
    >
      <EmailHeading>New course registration</EmailHeading>
      <Paragraph muted>
        Lead #{props.leadId} · reference {props.reference} · registration #{props.registrationId}
      </Paragraph>
      <FactsTable facts={props.facts} />
      {props.comments && <Quote label="Additional comments">{props.comments}</Quote>}
      <EmailButton href={props.adminUrl}>Open the registration</EmailButton>
    </EmailLayout>
  );
}

export function RegistrationConfirmationEmail(props: {
  brand: MailBrand;
  course: string;
  facts: [string, string][];
  footnote: string;
  /** The one-time link that confirms the address (and keeps or takes the seat). */
  confirmUrl?: string;
  /** "held": the seat is held until `holdHours`; "on-confirmation": it is taken on confirming. */
  seat: "held" | "on-confirmation";
  holdHours: number;
  /** What happens about paying, by the payment method chosen (training.ts PAYMENT_NOTES). */
  paymentNote: string;
  /** Stripe is set up: the confirmation link's page also pays by card (issue 47). */
  payByCard?: boolean;
}) {
  const { brand } = props;
  const held = props.seat === "held";
  return (
    <EmailLayout
      brand={brand}
      preview={
        held
          ? `Your seat in ${props.course} is reserved.`
          : `Confirm your address to take your seat in ${props.course}.`
      }
      footnote={props.footnote}
    >
      <EmailHeading>{held ? "Your seat is reserved" : "Confirm your address"}</EmailHeading>
      <Paragraph>
        {props.payByCard
          ? `Thank you for registering for ${props.course}. Pay now by card: the link below confirms your address and takes you to Stripe's secure checkout page; your receipt follows by e-mail.`
          : `Thank you for registering for ${props.course}. ${props.paymentNote}`}
      </Paragraph>
      {props.confirmUrl && (
        <>
          <Paragraph>
            {held
              ? `Please confirm your e-mail address within ${props.holdHours} hours to keep the seat: until then it is held for you, and after that it goes back to the class.`
              : `Your registration takes its seat when you confirm your e-mail address: seats go to the first confirmed (if the date is full by then, you join its waitlist). Please confirm within ${props.holdHours} hours.`}
          </Paragraph>
          <EmailButton href={props.confirmUrl}>
            {props.payByCard ? "Pay now by card" : "Confirm my e-mail address"}
          </EmailButton>
        </>
      )}
      <FactsTable facts={props.facts} />
      <Paragraph>
        The first class is attached as a calendar file (course-start.ics): open it to add the class
        to your calendar. Questions? Call us at {brand.phone} and give your reference.
      </Paragraph>
      <EmailButton href={brand.siteUrl}>Visit our website</EmailButton>
    </EmailLayout>
  );
}

/** A change to a student's registration (confirmed, cancelled, moved) or staff's notice of one. */
