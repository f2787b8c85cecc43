// A page of the Training Portal below its home (a class's attendance, a cohort's table): the way
// back, the heading, and the page.
import type { ReactNode } from "react";
import { BackLink } from "#app/components/ui/back-link.tsx";

export function PortalPage({
  title,
  narrow,
  children,
}: {
  title: ReactNode;
  /** A page made for a phone first (a column of buttons). */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-900/60">
      <div className={narrow ? "container-page max-w-2xl" : "container-page"}>
        <BackLink to="/portal">Training Portal</BackLink>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
