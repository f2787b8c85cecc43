// The box of a form that adds a record or edits the chosen one (a cohort, a class): its heading
// takes the focus when the editor opens, so keyboard and screen-reader users land on it.
import { type ReactNode, useEffect, useRef } from "react";

export function EditorPanel({
  id,
  title,
  editing,
  children,
}: {
  /** The anchor the row's Edit link jumps to. */
  id: string;
  title: string;
  editing: boolean;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);
  return (
    <div id={id} className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        {title}
      </h3>
      {children}
    </div>
  );
}
