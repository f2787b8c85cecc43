import { type ReactNode, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ThemeToggle } from "#app/components/layout/theme-toggle.tsx";
import { useDetailsDismiss } from "#app/components/layout/use-dismiss.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignOutButton } from "./sign-in-form.tsx";

export interface StaffNavItem {
  to: string;
  label: string;
}

/** The frame of the staff areas: a welcome header with Logout, an optional side menu. */
export function StaffShell({
  area,
  welcome,
  signOutTo,
  nav,
  children,
}: {
  area: string;
  welcome: string;
  signOutTo: string;
  nav?: StaffNavItem[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="container-page flex min-h-16 items-center justify-between gap-4 py-2">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-300">
              {area}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-200">{welcome}</p>
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Link to="/account" className="btn-secondary" title="Your account">
              <Icon name="user-round" className="size-4" />
              {/* The word from 640 px; on a phone the icon alone keeps the header on one line. */}
              <span className="sr-only sm:not-sr-only">Account</span>
            </Link>
            <SignOutButton redirectTo={signOutTo} />
          </div>
        </div>
      </header>
      <div className="container-page flex flex-1 flex-col gap-8 py-8 lg:flex-row">
        {nav && <StaffNav area={area} nav={nav} />}
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The area's sections: a side list from `lg`; below it a "Sections" menu naming the current one,
 * so that on a phone the screen starts at the top instead of under a wall of links.
 */
function StaffNav({ area, nav }: { area: string; nav: StaffNavItem[] }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const current = nav.find(
    (item) => pathname === item.to || pathname.startsWith(`${item.to}/`),
  )?.label;
  const links = (className: string) => (
    <ul className={className}>
      {nav.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end
            className={({ isActive }) =>
              `block rounded-lg px-3 py-2 text-sm font-medium ${
                isActive
                  ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              }`
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label={`${area} sections`} className="lg:w-56 lg:shrink-0">
      <details ref={menu} className="group lg:hidden">
        <summary className="flex cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <span>
            Sections
            {current && <span className="text-slate-600 dark:text-slate-300">: {current}</span>}
          </span>
          <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        {links("mt-2 grid gap-1 sm:grid-cols-2")}
      </details>
      {links("hidden flex-col gap-1 lg:flex")}
    </nav>
  );
}
