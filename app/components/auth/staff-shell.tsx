import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { ThemeToggle } from "#app/components/layout/theme-toggle.tsx";
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
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-300">
              {area}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-200">{welcome}</p>
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Link to="/account" className="btn-secondary" title="Your account">
              <Icon name="user-round" className="size-4" aria-hidden="true" />
              {/* The word from 640 px; on a phone the icon alone keeps the header on one line. */}
              <span className="sr-only sm:not-sr-only">Account</span>
            </Link>
            <SignOutButton redirectTo={signOutTo} />
          </div>
        </div>
      </header>
      <div className="container-page flex flex-1 flex-col gap-8 py-8 lg:flex-row">
        {nav && (
          <nav aria-label={`${area} sections`} className="lg:w-56 lg:shrink-0">
            <ul className="flex flex-wrap gap-1 lg:flex-col">
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
          </nav>
        )}
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
