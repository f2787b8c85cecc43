import { X } from "lucide-react";
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { AI_DESIGN_PAGE, AiDesignInquiryForm } from "./ai-design-form.tsx";

export const SUCCESS_CLOSE_DELAY_MS = 2000;

const InquiryModalContext = createContext<{ open: () => void } | null>(null);

/** One "Start Your AI Design" dialog for the whole site; any InquiryButton opens it. */
export function InquiryModalProvider({ children }: { children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const open = useCallback(() => {
    dialogRef.current?.showModal();
    setIsOpen(true);
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);
  const onClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    // The form unmounts: the next opening starts empty and idle.
    setIsOpen(false);
  }, []);
  const onSuccess = useCallback(() => {
    closeTimer.current = setTimeout(close, SUCCESS_CLOSE_DELAY_MS);
  }, [close]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const value = useMemo(() => ({ open }), [open]);
  return (
    <InquiryModalContext.Provider value={value}>
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby="inquiry-modal-title"
        onClose={onClose}
        onKeyDown={trapFocus}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (e.target === e.currentTarget) close();
        }}
        className="m-auto w-[min(46rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200"
      >
        <div className="max-h-[90dvh] overflow-y-auto p-6 sm:p-8">
          <div className="mb-6 flex items-start justify-between gap-4">
            <div>
              <h2
                id="inquiry-modal-title"
                className="text-2xl font-bold text-slate-900 dark:text-white"
              >
                Start Your AI Design
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Tell us about your project and we will contact you within 24 hours.
              </p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {isOpen && <AiDesignInquiryForm onSuccess={onSuccess} />}
        </div>
      </dialog>
    </InquiryModalContext.Provider>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the dialog (a modal <dialog> would let it reach the browser's own UI). */
function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null && !el.closest("[aria-hidden='true']"),
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A "Start Your AI Design" call to action: a link to the inquiry page, which script turns into
 * the modal.
 */
export function InquiryButton({ className, children }: { className: string; children: ReactNode }) {
  const modal = useContext(InquiryModalContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!modal || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    modal.open();
  };
  return (
    <a href={AI_DESIGN_PAGE} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
