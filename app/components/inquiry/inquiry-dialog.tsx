import { Modal, useCloseAfterSuccess } from "../ui/modal.tsx";
import { AiDesignInquiryForm } from "./ai-design-form.tsx";

/** The "Start Your AI Design" dialog with its form; fetched when it first opens. */
export function InquiryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeSoon = useCloseAfterSuccess(onClose);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Start Your AI Design"
      description="Tell us about your project and we will contact you within 24 hours."
    >
      <AiDesignInquiryForm onSuccess={closeSoon} />
    </Modal>
  );
}
