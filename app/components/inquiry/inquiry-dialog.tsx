import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { Modal } from "../ui/modal.tsx";
import { AiDesignInquiryForm } from "./ai-design-form.tsx";

/** The "Start Your AI Design" dialog with its form; fetched when it first opens. */
export function InquiryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Start Your AI Design"
      description={`Tell us about your project and we will contact you ${REPLY_PROMISE}.`}
    >
      <AiDesignInquiryForm onClose={onClose} />
    </Modal>
  );
}
