import { NavLink } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { type SiteSettings, telHref } from "#app/domain/settings/settings.ts";
import { LinkList } from "./link-list.tsx";
import { Logo } from "./logo.tsx";
import { type NavLinkItem, primaryNav, servicesAndTraining } from "./nav.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "text-brand-700 dark:text-brand-300"
      : "text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300"
  }`;

/** `loading`: a page or form answer is on its way; the bar sits in the banner landmark. */
export function SiteHeader({ settings, loading }: { settings: SiteSettings; loading?: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white dark:border-slate-800 dark:bg-slate-950">
      {loading && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="absolute inset-x-0 top-0 h-1 animate-pulse bg-gradient-to-r from-brand-500 to-accent-500"
        />
      )}
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo siteName={settings.siteName} logoUrl={settings.logoUrl} />
        <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
          {primaryNav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
          <ServicesMenu />
        </nav>
        <div className="flex items-center gap-1">
          <a
            href={telHref(settings.phone)}
            aria-label={`Call ${settings.phone}`}
            className="inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
          >
            <Icon name="phone" className="size-4" />
            <span className="hidden sm:inline xl:hidden 2xl:inline">{settings.phone}</span>
          </a>
          <ThemeToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The "Services & Training" disclosure: a native <details>, so it works without script; the
 * site's inline script closes it on Escape, a click outside and a chosen link (`data-menu`).
 */
function ServicesMenu() {
  return (
    <details data-menu className="group relative">
      <summary className="flex cursor-pointer items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300">
        Services &amp; Training
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <LinkList
        items={servicesAndTraining}
        markCurrent
        className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        linkClassName="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-brand-300"
      />
    </details>
  );
}

/** Small screens: a full-height panel; the page behind does not scroll while it is open (CSS). */
function MobileMenu() {
  return (
    <details data-menu data-mobile-menu className="group xl:hidden">
      <summary
        className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label="Menu"
      >
        <Icon name="menu" className="size-6 group-open:hidden" />
        <Icon name="x" className="hidden size-6 group-open:block" />
      </summary>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto border-t border-slate-200 bg-white px-4 pt-4 pb-10 dark:border-slate-800 dark:bg-slate-950"
      >
        <MobileLinks items={primaryNav} className="space-y-1" />
        <p className="mt-6 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
          Services &amp; Training
        </p>
        <MobileLinks items={servicesAndTraining} className="mt-2 space-y-1" />
      </nav>
    </details>
  );
}

function MobileLinks({ items, className }: { items: readonly NavLinkItem[]; className: string }) {
  return (
    <LinkList
      items={items}
      markCurrent
      className={className}
      linkClassName="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
    />
  );
}
