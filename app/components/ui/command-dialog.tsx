import { type ReactNode, useId } from "react";
import { Icon } from "#app/components/ui/icons.tsx";

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
    <dialog
      id={id}
      aria-labelledby={titleId}
      closedby="any"
      className="m-auto w-[min(46rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200"
    >
      <div className="max-h-[90dvh] overflow-y-auto p-6 sm:p-8">
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
            commandfor={id}
            command="close"
            aria-label="Close"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <Icon name="x" className="size-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
