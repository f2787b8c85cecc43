import {
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from "react";
import { Icon } from "#app/components/ui/icons.tsx";

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
 * A modal dialog on the native <dialog>: the page behind is inert, Escape and the backdrop
 * close it, focus stays inside. Its content is mounted only while open, so each opening
 * starts fresh.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={trapFocus}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className={DIALOG_CLASS}
    >
      <div className="max-h-[90dvh] overflow-y-auto p-6 sm:p-8">
        <DialogHeader
          titleId={titleId}
          title={title}
          description={description}
          close={{ onClick: () => ref.current?.close() }}
        />
        {open && children}
      </div>
    </dialog>
  );
}

/** The look of the site's modal dialogs (this one and the script-free CommandDialog). */
export const DIALOG_CLASS =
  "m-auto w-[min(46rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200";

/** A dialog's title, description and Close button; `close` says how the button closes it. */
export function DialogHeader({
  titleId,
  title,
  description,
  close,
}: {
  titleId: string;
  title: string;
  description?: string;
  close: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <div className="mb-6 flex items-start justify-between gap-4">
      <div>
        <h2 id={titleId} className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        )}
      </div>
      <button
        type="button"
        {...close}
        aria-label="Close"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Icon name="x" className="size-5" />
      </button>
    </div>
  );
}
