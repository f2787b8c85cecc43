import { type ReactNode, useId } from "react";
import { DIALOG_CLASS, DialogHeader } from "./modal.tsx";

/**
 * A modal dialog that needs no script (decision 0022): a native <dialog> that buttons open and
 * close with invoker commands (`<button commandfor={id} command="show-modal">`). The page behind
 * is inert, Escape and a click on the backdrop close it (`closedby="any"`).
 */
export function CommandDialog({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <dialog id={id} aria-labelledby={titleId} closedby="any" className={DIALOG_CLASS}>
      <div className="max-h-[90dvh] overflow-y-auto p-6 sm:p-8">
        <DialogHeader
          titleId={titleId}
          title={title}
          description={description}
          close={{ commandfor: id, command: "close" }}
        />
        {children}
      </div>
    </dialog>
  );
}
