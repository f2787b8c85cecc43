import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Closes an open <details> disclosure on Escape (returning focus to its summary), on a click
 * outside it, and on navigation.
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusSummary: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.open) {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!details.contains(e.target as Node)) close(false);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget && !details.contains(e.relatedTarget as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
}
