// The status line of the Portfolio Projects and Project Details screens: a toast in the corner
// (their tests and their spec ask for toasts), fed by the address after a redirect
// (`?notice=updated`), by the actions' answers and by the row moves.
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
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
          <Icon name="x" className="size-4" />
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

/**
 * The screen's toast and a way to show a new one. A message named in the address (`param`, set
 * by a redirect) is shown in the server's render too (it works without script), then leaves the
 * address so that a reload does not repeat it. `fromAddress` must be a stable function.
 */
export function useToast(
  param: string,
  fromAddress: (value: string) => string | undefined,
  initial: ToastMessage | null = null,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(param);
  const [toast, setToast] = useState<ToastMessage | null>(() => {
    const text = value ? fromAddress(value) : undefined;
    return text ? { kind: "success", text, key: param } : initial;
  });
  const show = useCallback(
    (kind: ToastMessage["kind"], text: string) => setToast({ kind, text, key: Date.now() }),
    [],
  );

  useEffect(() => {
    if (!value) return;
    const text = fromAddress(value);
    if (text) show("success", text);
    setSearchParams(
      (params) => {
        params.delete(param);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [value, param, fromAddress, show, setSearchParams]);

  return [toast, show] as const;
}
