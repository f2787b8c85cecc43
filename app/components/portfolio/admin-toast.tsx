import { useEffect, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";

export interface ToastMessage {
  kind: "success" | "error";
  text: string;
  /** A new key shows the same text again. */
  key: string | number;
}

/**
 * A toast in the corner. The live regions are always in the page, so screen readers announce
 * each new message; it stays until dismissed or replaced (no timer hides it before it is read).
 */
export function Toast({ message }: { message: ToastMessage | null }) {
  const [shown, setShown] = useState(message);
  useEffect(() => setShown(message), [message]);
  const box = (kind: "success" | "error") =>
    shown?.kind === kind ? (
      <div
        data-testid="toast"
        className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
          kind === "success"
            ? "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
            : "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        }`}
      >
        <p>{shown.text}</p>
        <button
          type="button"
          onClick={() => setShown(null)}
          className="-m-1 rounded p-1 hover:bg-black/5 dark:hover:bg-white/10"
        >
          <Icon name="x" className="size-4" aria-hidden="true" />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    ) : null;
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex max-w-sm flex-col gap-2">
      <div role="status">{box("success")}</div>
      <div role="alert">{box("error")}</div>
    </div>
  );
}
