import { type MouseEvent, type ReactNode, useCallback, useState } from "react";
import { Modal, useCloseAfterSuccess } from "../ui/modal.tsx";
import { opensModal } from "./inquiry-modal.tsx";
import { ServiceInquiryForm } from "./message-forms.tsx";

/**
 * "Schedule Consultation": without JavaScript a link to the page's #consultation form; with it,
 * the same form in a modal.
 */
export function ConsultationButton({
  service,
  className,
  children,
}: {
  service: string;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const closeSoon = useCloseAfterSuccess(close);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!opensModal(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript this is a real link to the form */}
      <a href="#consultation" onClick={onClick} className={className}>
        {children}
      </a>
      <Modal
        open={open}
        onClose={close}
        title="Schedule a Consultation"
        description="Tell us about your project; we will call you within one business day."
      >
        <ServiceInquiryForm service={service} onSuccess={closeSoon} />
      </Modal>
    </>
  );
}
