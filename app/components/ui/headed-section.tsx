// A section named by its own heading (`aria-labelledby` pointing at the heading's id): the card
// or band that pages kept writing out by hand. The look stays each place's own (className,
// titleClassName); the naming of the region is written once.
import type { ReactNode } from "react";

export function HeadedSection({
  id,
  title,
  level = 2,
  className,
  titleClassName,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  titleClassName: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
