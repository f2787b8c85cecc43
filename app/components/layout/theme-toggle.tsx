import { Icon } from "#app/components/ui/icons.tsx";

/**
 * Light/dark switch. The site's inline script (site-script.ts) drives it on every page, hydrated
 * or not; without script it is not shown.
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      data-theme-toggle
      aria-label="Dark mode"
      title="Toggle dark mode"
      suppressHydrationWarning
      className="js-only inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Icon name="moon" className="size-5 dark:hidden" />
      <Icon name="sun" className="hidden size-5 dark:block" />
    </button>
  );
}
