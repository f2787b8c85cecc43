// "← All courses": the link above a screen's heading back to the page it belongs to.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "./icons.tsx";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300"
    >
      <Icon name="arrow-left" className="size-4" />
      {children}
    </Link>
  );
}
