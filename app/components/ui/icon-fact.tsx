import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons.tsx";

/**
 * One term and its value in a <dl>, the term shown as an icon and read out as its text. The
 * icon sits inside the <dt>: a <dl>'s <div> may hold only <dt> and <dd> elements.
 */
export function IconFact({
  icon,
  term,
  iconClassName = "size-4",
  children,
}: {
  icon: IconName;
  term: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt className="flex shrink-0">
        <Icon name={icon} className={iconClassName} />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
