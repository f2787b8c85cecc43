import { Modal, useCloseAfterSuccess } from "../ui/modal.tsx";
import { ServiceInquiryForm } from "./message-forms.tsx";

/** The "Schedule a Consultation" dialog with the service inquiry form; fetched when first opened. */
export function ConsultationDialog({
  service,
  open,
  onClose,
}: {
  service: string;
  open: boolean;
  onClose: () => void;
}) {
  const closeSoon = useCloseAfterSuccess(onClose);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Schedule a Consultation"
      description="Tell us about your project; we will call you within one business day."
    >
      <ServiceInquiryForm service={service} onSuccess={closeSoon} />
    </Modal>
  );
}
