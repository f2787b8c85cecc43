/** Who said a testimonial: the author, then their position and company when given (none: nothing). */
export function QuoteCredit({
  testimonial: t,
  className,
}: {
  testimonial: { author: string; position?: string | null; company?: string | null };
  className: string;
}) {
  if (!t.author) return null;
  return (
    <figcaption className={className}>
      <span className="font-semibold text-slate-900 dark:text-white">{t.author}</span>
      {(t.position || t.company) && (
        <span className="text-slate-500 dark:text-slate-400">
          {" "}
          · {[t.position, t.company].filter(Boolean).join(", ")}
        </span>
      )}
    </figcaption>
  );
}
