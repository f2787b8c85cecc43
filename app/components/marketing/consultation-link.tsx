import type { ReactNode } from "react";
import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { lightButtonClass } from "#app/components/marketing/page-hero.tsx";
import type { InquiryType } from "#app/domain/leads/leads.ts";

/**
 * The booking page with a page's topic chosen (issue 43): every consultation button of the
 * service and marketing pages leads there. The home page, which speaks of every service, names
 * none: the visitor chooses one when booking.
 */
export const consultationHref = (topic?: InquiryType) =>
  topic ? `/consultation?topic=${topic}` : "/consultation";

/** A call to action that books a consultation: a link, never the inquiry dialog. */
export function ConsultationLink({
  topic,
  className,
  children = "Schedule a Free Consultation",
}: {
  topic?: InquiryType;
  className: string;
  children?: ReactNode;
}) {
  return (
    <Link to={consultationHref(topic)} className={className}>
      {children}
    </Link>
  );
}

/**
 * A closing call to action's two ways in: the page's inquiry (the AI design dialog, as
 * `inquiry` says) and a consultation about `topic`.
 */
export function InquiryOrConsultation({ inquiry, topic }: { inquiry: string; topic: InquiryType }) {
  return (
    <>
      <InquiryButton className={lightButtonClass}>{inquiry}</InquiryButton>
      <ConsultationLink topic={topic} className="btn-on-dark" />
    </>
  );
}
