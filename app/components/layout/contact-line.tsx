import type { ReactNode } from "react";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";

/**
 * One line of the company's contact details (in an `address`): an icon, then the number, the
 * e-mail link or the postal address. "sm" is the footer's smaller line; `top` aligns the icon
 * with the first line of an address that may wrap.
 */
export function ContactLine({
  icon,
  size = "md",
  top = false,
  children,
}: {
  icon: IconName;
  size?: "sm" | "md";
  top?: boolean;
  children: ReactNode;
}) {
  const small = size === "sm";
  return (
    <p className={`flex ${top ? "items-start" : "items-center"} ${small ? "gap-2" : "gap-3"}`}>
      <Icon
        name={icon}
        className={`${top ? "mt-0.5 " : ""}${small ? "size-4" : "size-5"} shrink-0 text-brand-600 dark:text-brand-400`}
      />
      {children}
    </p>
  );
}
