import type { ReactNode } from "react";
import { FeatureCard } from "#app/components/marketing/cards.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import type { IconName } from "#app/components/ui/icons.tsx";

export interface Feature {
  icon: IconName;
  title: string;
  subtitle?: string;
  description: string;
}

/**
 * A service page's grid of what it offers: the section's h2 and introduction, then a card per
 * feature (icon, h3, description). `details` adds to a card (a check list), `action` makes the
 * whole card a link; `children` follow the grid. Each page keeps its own words and features.
 */
export function FeatureSection<T extends Feature>({
  id,
  headingId,
  title,
  intro,
  features,
  gridClassName = "mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3",
  cardClassName,
  details,
  action,
  children,
}: {
  /** The anchor a hero's button jumps to, if any. */
  id?: string;
  headingId: string;
  title: string;
  intro: string;
  features: readonly T[];
  gridClassName?: string;
  /** The cards' padding and elevation (FeatureCard's own by default). */
  cardClassName?: string;
  details?: (feature: T) => ReactNode;
  action?: (feature: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <PageSection id={id} labelledBy={headingId}>
      <SectionHeading id={headingId} title={title} intro={intro} />
      <ul className={gridClassName}>
        {features.map((feature) => (
          <FeatureCard
            key={feature.title}
            icon={feature.icon}
            title={feature.title}
            subtitle={feature.subtitle}
            description={feature.description}
            className={cardClassName}
            action={action?.(feature)}
          >
            {details?.(feature)}
          </FeatureCard>
        ))}
      </ul>
      {children}
    </PageSection>
  );
}
