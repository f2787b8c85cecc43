import type { ReactNode } from "react";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";

const cardClass =
  "rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/** An icon on a rounded brand-tinted tile. */
export function IconTile({
  icon,
  size = "lg",
  className,
}: {
  icon: IconName;
  size?: "lg" | "md";
  /** Extra classes for the tile (shrink-0 in a row, for instance). */
  className?: string;
}) {
  const tileSize = size === "lg" ? "size-12" : "size-11";
  return (
    <span
      className={`inline-flex ${tileSize} ${className ? `${className} ` : ""}items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300`}
    >
      <Icon name={icon} className={size === "lg" ? "size-6" : "size-5"} />
    </span>
  );
}

/** Classes of the "Get Started" / "Learn more" link that makes a whole FeatureCard clickable. */
export const cardLinkClass =
  "mt-6 inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:underline dark:text-brand-300";

/** The arrow at the end of a card link, nudged when the card is hovered. */
export function CardLinkArrow() {
  return <Icon name="arrow-right" className="size-4 transition group-hover:translate-x-0.5" />;
}

/**
 * A list item card for a service or capability: icon tile, h3, description, then anything
 * else (a check list). With an `action` (a link styled with cardLinkClass) the whole card is
 * clickable and lifts on hover. `className` sets the padding and shadow.
 */
export function FeatureCard({
  icon,
  title,
  subtitle,
  description,
  size = "lg",
  action,
  className = action
    ? "group relative flex flex-col p-8 shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
    : "p-6 shadow-sm sm:p-8",
  children,
}: {
  icon: IconName;
  title: string;
  subtitle?: string;
  description: ReactNode;
  size?: "lg" | "md";
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const large = size === "lg";
  return (
    <li className={`${cardClass} ${className}`}>
      <IconTile icon={icon} size={size} />
      <h3
        className={`${large ? "mt-6 text-xl" : "mt-5 text-lg"} font-semibold text-slate-900 dark:text-white`}
      >
        {title}
      </h3>
      {subtitle && (
        <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-300">{subtitle}</p>
      )}
      <p
        className={`${large ? "mt-3" : "mt-2"}${action ? " flex-1" : ""} text-slate-600 dark:text-slate-300`}
      >
        {description}
      </p>
      {children}
      {action}
    </li>
  );
}

/**
 * A plain list item card for a reason, principle or feature: an optional small icon, h3 and a
 * short description.
 */
export function PointCard({
  icon,
  iconClassName = "size-6 text-accent-600 dark:text-accent-400",
  title,
  description,
  small = false,
}: {
  icon?: IconName;
  iconClassName?: string;
  title: string;
  description: string;
  /** Smaller description text, for narrow columns. */
  small?: boolean;
}) {
  return (
    <li className={`${cardClass} p-6`}>
      {icon && <Icon name={icon} className={iconClassName} />}
      <h3 className={`${icon ? "mt-4 " : ""}text-lg font-semibold text-slate-900 dark:text-white`}>
        {title}
      </h3>
      <p className={`mt-2 ${small ? "text-sm " : ""}text-slate-600 dark:text-slate-300`}>
        {description}
      </p>
    </li>
  );
}

/**
 * A list of PointCards. Each point may bring its own icon; `icon` gives them all one (a check
 * mark). `className` sets the list's grid.
 */
export function PointCards({
  points,
  icon,
  className,
}: {
  points: readonly { title: string; description: string; icon?: IconName }[];
  icon?: IconName;
  className: string;
}) {
  return (
    <ul className={className}>
      {points.map((point) => (
        <PointCard
          key={point.title}
          icon={icon ?? point.icon}
          title={point.title}
          description={point.description}
        />
      ))}
    </ul>
  );
}

/** A list of short statements, each after a check mark. `className` sets margin and spacing. */
export function CheckList({
  items,
  className = "mt-5 space-y-3",
  small = false,
}: {
  items: readonly string[];
  className?: string;
  small?: boolean;
}) {
  return (
    <ul className={small ? `${className} text-sm` : className}>
      {items.map((item) => (
        <li
          key={item}
          className={`flex ${small ? "gap-2" : "gap-3"} text-slate-700 dark:text-slate-200`}
        >
          <Icon
            name="check"
            className={`mt-0.5 ${small ? "size-4" : "size-5"} shrink-0 text-accent-600 dark:text-accent-400`}
          />
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * A brand-tinted panel with a heading and a check list, beside a section's main text. With a
 * headingId it is a complementary landmark (aside) labelled by its h2; without, a plain box
 * whose h3 sits under the section's own h2.
 */
export function CheckListPanel({
  title,
  items,
  headingId,
}: {
  title: string;
  items: readonly string[];
  headingId?: string;
}) {
  const className =
    "rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-brand-900 dark:bg-brand-950/60";
  const headingClass = "text-xl font-semibold text-slate-900 dark:text-white";
  const list = <CheckList items={items} className="mt-4 space-y-3" />;
  if (!headingId) {
    return (
      <div className={className}>
        <h3 className={headingClass}>{title}</h3>
        {list}
      </div>
    );
  }
  return (
    <aside aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClass}>
        {title}
      </h2>
      {list}
    </aside>
  );
}
