// The admin screens' dialog pattern (as the hero slide editor): the address says what is open
// (`?user=new`, `?block=7`, `?delete=7`); with script it is a modal, without script the same
// content renders in the page, so every form works without JavaScript.
import { type ReactNode, useRef } from "react";
import { useNavigate } from "react-router";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

export function AdminDialog({
  open,
  title,
  closeTo,
  children,
}: {
  open: boolean;
  title: string;
  /** Where closing goes (the screen without the dialog's search parameter). */
  closeTo: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // The dialog also closes when the address no longer asks for it (e.g. after its form posted
  // to the screen's own address): then there is nowhere to go, and navigating would drop the
  // answer of that post.
  const openRef = useRef(open);
  openRef.current = open;
  if (!hydrated) {
    return open ? (
      <section
        aria-labelledby="admin-dialog-title"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="admin-dialog-title"
          className="mb-4 text-2xl font-bold text-slate-900 dark:text-white"
        >
          {title}
        </h2>
        {children}
      </section>
    ) : null;
  }
  return (
    <Modal
      open={open}
      onClose={() => {
        if (openRef.current) navigate(closeTo, { preventScrollReset: true });
      }}
      title={title}
    >
      {children}
    </Modal>
  );
}

export const adminButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
export const adminPrimary =
  "inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";
export const adminDanger =
  "inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60";
