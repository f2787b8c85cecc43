import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useState } from "react";
import { DialogLoading, opensModal } from "./inquiry-modal.tsx";

// The dialog is fetched when it first opens (or on intent), so the page itself stays light.
const loadDialog = () => import("./consultation-dialog.tsx");
const ConsultationDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ConsultationDialog })),
);
const preloadDialog = () => void loadDialog().catch(() => undefined);

/**
 * "Schedule Consultation": without JavaScript a link to the page's #consultation form; with it,
 * the same form in a modal.
 */
export function ConsultationButton({
  service,
  className,
  children,
}: {
  service: string;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!opensModal(event)) return;
    event.preventDefault();
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript this is a real link to the form */}
      <a
        href="#consultation"
        onClick={onClick}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        className={className}
      >
        {children}
      </a>
      {opened && (
        <Suspense fallback={<DialogLoading />}>
          <ConsultationDialog service={service} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
