import {
  createContext,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { Modal, useCloseAfterSuccess } from "../ui/modal.tsx";

/** The inquiry page: where the buttons lead without JavaScript. */
export const AI_DESIGN_PAGE = "/start-your-ai-design";

// The form (and its validation library) is fetched when the modal first opens, so pages that
// only show the buttons stay light.
const AiDesignInquiryForm = lazy(() =>
  import("./ai-design-form.tsx").then((m) => ({ default: m.AiDesignInquiryForm })),
);

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
        <Suspense fallback={<p role="status">Loading the form...</p>}>
          <AiDesignInquiryForm onSuccess={closeSoon} />
        </Suspense>
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
