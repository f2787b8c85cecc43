import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { Modal } from "../ui/modal.tsx";
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
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Schedule a Consultation"
      description={`Tell us about your project; we will call you ${REPLY_PROMISE}.`}
    >
      <ServiceInquiryForm service={service} onClose={onClose} />
    </Modal>
  );
}
