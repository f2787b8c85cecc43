import type { ReactNode } from "react";

/** Who said a testimonial: the author, then their position and company when given. */
export function QuoteCredit({
  author,
  position,
  company,
  className,
}: {
  author: ReactNode;
  position?: string | null;
  company?: string | null;
  className: string;
}) {
  return (
    <figcaption className={className}>
      <span className="font-semibold text-slate-900 dark:text-white">{author}</span>
      {(position || company) && (
        <span className="text-slate-500 dark:text-slate-400">
          {" "}
          · {[position, company].filter(Boolean).join(", ")}
        </span>
      )}
    </figcaption>
  );
}
