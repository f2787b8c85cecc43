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
import { AI_DESIGN_PAGE } from "./inquiry-page.ts";

// The dialog and its form are fetched when the modal first opens, so pages that only show the
// buttons stay light.
const loadDialog = () => import("./inquiry-dialog.tsx");
const InquiryDialog = lazy(() => loadDialog().then((m) => ({ default: m.InquiryDialog })));
/** Starts the fetch when a visitor shows intent (pointer over or focus on a button). */
const preloadDialog = () => void loadDialog().catch(() => undefined);

const InquiryModalContext = createContext<{ open: () => void } | null>(null);

/** One "Start Your AI Design" dialog for the whole site; any InquiryButton opens it. */
export function InquiryModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const value = useMemo(
    () => ({
      open: () => {
        setOpened(true);
        setIsOpen(true);
      },
    }),
    [],
  );
  return (
    <InquiryModalContext.Provider value={value}>
      {children}
      {opened && (
        <Suspense fallback={<DialogLoading />}>
          <InquiryDialog open={isOpen} onClose={close} />
        </Suspense>
      )}
    </InquiryModalContext.Provider>
  );
}

/** Shown while a dialog's code is on its way (the first time it opens). */
export function DialogLoading() {
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-1/3 z-50 mx-auto w-fit rounded-lg bg-white px-4 py-3 text-slate-900 shadow-lg dark:bg-slate-900 dark:text-white"
    >
      Loading the form...
    </p>
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
    <a
      href={AI_DESIGN_PAGE}
      onClick={onClick}
      onPointerEnter={preloadDialog}
      onFocus={preloadDialog}
      className={className}
    >
      {children}
    </a>
  );
}
