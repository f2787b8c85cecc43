import type { ReactNode } from "react";

/** A wide table's sideways-scrolling frame on small screens, reachable by keyboard (axe). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus
    <section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto">
      {children}
    </section>
  );
}
