import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { Modal, useCloseAfterSuccess } from "../ui/modal.tsx";
import { AI_DESIGN_PAGE, AiDesignInquiryForm } from "./ai-design-form.tsx";

const InquiryModalContext = createContext<{ open: () => void } | null>(null);

/** One "Start Your AI Design" dialog for the whole site; any InquiryButton opens it. */
export function InquiryModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const closeSoon = useCloseAfterSuccess(close);
  const value = useMemo(() => ({ open: () => setIsOpen(true) }), []);
  return (
    <InquiryModalContext.Provider value={value}>
      {children}
      <Modal
        open={isOpen}
        onClose={close}
        title="Start Your AI Design"
        description="Tell us about your project and we will contact you within 24 hours."
      >
        <AiDesignInquiryForm onSuccess={closeSoon} />
      </Modal>
    </InquiryModalContext.Provider>
  );
}

/** Opens a modal on a plain click; other clicks (new tab, keyboard modifiers) follow the link. */
export function opensModal(event: MouseEvent<HTMLAnchorElement>) {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * A "Start Your AI Design" call to action: a link to the inquiry page, which script turns into
 * the modal.
 */
export function InquiryButton({ className, children }: { className: string; children: ReactNode }) {
  const modal = useContext(InquiryModalContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!modal || !opensModal(event)) return;
    event.preventDefault();
    modal.open();
  };
  return (
    <a href={AI_DESIGN_PAGE} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
