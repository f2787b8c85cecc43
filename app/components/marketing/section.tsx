import type { ReactNode } from "react";

/** Links inside running text on a light background. */
export const inlineLinkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-300";

/**
 * A band of a marketing page, labelled by its h2. With an id it is an anchor target (and
 * keeps clear of the sticky header); `muted` gives the pale background that alternates with
 * the plain one; `compact` is the tighter spacing of the detail pages.
 */
export function PageSection({
  id,
  labelledBy,
  muted = false,
  compact = false,
  containerClassName,
  children,
}: {
  id?: string;
  labelledBy: string;
  muted?: boolean;
  compact?: boolean;
  /** Layout of the content inside the page container (a grid, for instance). */
  containerClassName?: string;
  children: ReactNode;
}) {
  const className = [
    id && "scroll-mt-20",
    muted && "bg-slate-50 dark:bg-slate-900/60",
    compact ? "py-16 sm:py-20" : "py-20 sm:py-24",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <section id={id} aria-labelledby={labelledBy} className={className}>
      <div
        className={containerClassName ? `container-page ${containerClassName}` : "container-page"}
      >
        {children}
      </div>
    </section>
  );
}

/**
 * A section's h2 and its introduction (a lead paragraph, and any further content as children).
 * Centered above the content unless given another className; `compact` is the smaller heading
 * of the detail pages.
 */
export function SectionHeading({
  id,
  title,
  intro,
  compact = false,
  className = "mx-auto max-w-3xl text-center",
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  compact?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className || undefined}>
      <h2
        id={id}
        className={
          compact
            ? "text-3xl font-bold text-slate-900 dark:text-white"
            : "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        }
      >
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p>}
      {children}
    </div>
  );
}
