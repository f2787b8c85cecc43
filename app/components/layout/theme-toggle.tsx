import { useEffect, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { applyTheme, storedTheme, systemTheme, THEME_STORAGE_KEY, type Theme } from "./theme.ts";

/** Light/dark switch. The choice is saved; until a choice is made the system preference rules. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    setTheme(storedTheme() ?? systemTheme());
    // Follow the system while the visitor has not chosen.
    const media = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (storedTheme()) return;
      const next = systemTheme();
      applyTheme(next);
      setTheme(next);
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const toggle = () => {
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the switch still works for this page.
    }
    setTheme(next);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={theme === null ? undefined : theme === "dark"}
      aria-label="Dark mode"
      title="Toggle dark mode"
      className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Icon name="moon" className="size-5 dark:hidden" aria-hidden="true" />
      <Icon name="sun" className="hidden size-5 dark:block" aria-hidden="true" />
    </button>
  );
}
