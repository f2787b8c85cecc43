// The admin screens' dialog pattern (as the hero slide editor): the address says what is open
// (`?user=new`, `?block=7`, `?delete=7`); with script it is a modal, without script the same
// content renders in the page, so every form works without JavaScript.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useBusy } from "./admin-form.tsx";
import { adminButton, adminDanger, adminPrimary } from "./buttons.ts";

export function AdminDialog({
  open,
  title,
  closeTo,
  description,
  children,
}: {
  open: boolean;
  title: string;
  /** Where closing goes (the screen without the dialog's search parameter). */
  closeTo: string;
  /** A line under the title. */
  description?: string;
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
      description={description}
    >
      {children}
    </Modal>
  );
}

interface ConfirmProps {
  title: string;
  /** Where Cancel goes (the screen's address), and where the form posts unless `action` says. */
  closeTo: string;
  action?: string;
  intent?: string;
  /** Hidden fields: the record's id, a name for the message after. */
  fields: Record<string, string | number>;
  /** The red button's label, e.g. "Delete User". */
  confirm: string;
  /** A question that deletes nothing ("Publish now?") confirms with the main action's colour. */
  tone?: "danger" | "primary";
  busy?: string;
  /** What will happen. */
  children: ReactNode;
}

/**
 * "Are you sure?" before a deletion: the dialog the address opens (`?delete=7`), a form posting
 * `intent` with the record's hidden fields, Cancel and the red button (labelled while sending).
 */
export function ConfirmDialog({ open, ...props }: ConfirmProps & { open: boolean }) {
  return (
    <AdminDialog open={open} title={props.title} closeTo={props.closeTo}>
      <ConfirmForm {...props} />
    </AdminDialog>
  );
}

/**
 * The question about one record the address names (`?delete=7`, `?reset=3`): open while there is
 * one, posting its id, its words made from the record.
 */
export function ConfirmRecord<T extends { id: number }>({
  record,
  children,
  ...props
}: Omit<ConfirmProps, "fields" | "children"> & {
  record: T | null | undefined;
  children: (record: T) => ReactNode;
}) {
  return (
    <ConfirmDialog open={Boolean(record)} fields={{ id: record?.id ?? "" }} {...props}>
      {record && children(record)}
    </ConfirmDialog>
  );
}

/**
 * The same question inside the page instead of over it (a red panel above the list, shown while
 * the address asks for it): its heading takes the focus, so the question is read first.
 */
export function ConfirmPanel(props: ConfirmProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-xl border border-red-300 bg-red-50 p-6 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mb-2 text-lg font-semibold">
        {props.title}
      </h2>
      <ConfirmForm {...props} />
    </section>
  );
}

function ConfirmForm({
  closeTo,
  action,
  intent = "delete",
  fields,
  confirm,
  tone = "danger",
  busy = "Deleting...",
  children,
}: ConfirmProps) {
  const sending = useBusy(intent);
  return (
    <Form method="post" action={action ?? closeTo} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="flex justify-end gap-3">
        <Link to={closeTo} className={adminButton} preventScrollReset>
          Cancel
        </Link>
        <button
          type="submit"
          className={tone === "danger" ? adminDanger : adminPrimary}
          disabled={sending}
        >
          {sending ? busy : confirm}
        </button>
      </div>
    </Form>
  );
}
