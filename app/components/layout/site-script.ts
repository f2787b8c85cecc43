import { SLIDE_INTERVAL_MS } from "#app/components/home/hero-slider.tsx";
import { THEME_STORAGE_KEY } from "./theme.ts";

/**
 * The site's only script on a content page (decision 0022), inline at the end of every page's
 * body and allowed by the response's CSP nonce (or, from the page cache, its hash). Written as
 * a function so the type checker reads it; the server sends its text. Everything it drives
 * works or is hidden without it: the theme switch and the slider's buttons are `js-only`, the
 * dialogs open by invoker commands, the menus are <details>, the slider's dots are links.
 */
function siteBehaviour(themeKey: string, slideInterval: number) {
  const root = document.documentElement;
  const on = (type: string, listener: (event: Event) => void) =>
    document.addEventListener(type, listener);
  const closest = (event: Event, selector: string) =>
    event.target instanceof Element ? event.target.closest(selector) : null;

  // The light/dark switch: the choice is kept; until one is made the system's rules.
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const showTheme = () => {
    for (const toggle of document.querySelectorAll("[data-theme-toggle]"))
      toggle.setAttribute("aria-pressed", String(root.classList.contains("dark")));
  };
  const stored = () => {
    try {
      return localStorage.getItem(themeKey);
    } catch {
      return null;
    }
  };
  showTheme();
  dark.addEventListener("change", () => {
    if (stored()) return;
    root.classList.toggle("dark", dark.matches);
    showTheme();
  });
  on("click", (event) => {
    if (!closest(event, "[data-theme-toggle]")) return;
    const next = root.classList.toggle("dark") ? "dark" : "light";
    try {
      localStorage.setItem(themeKey, next);
    } catch {
      // Private mode: the switch still works for this page.
    }
    showTheme();
  });

  // Browsers without invoker commands: a dialog's button leads to the form's own page.
  if (!("commandForElement" in HTMLButtonElement.prototype)) {
    on("click", (event) => {
      const button = closest(event, "button[commandfor]");
      if (!button) return;
      const href = button.getAttribute("data-href");
      const target = document.getElementById(button.getAttribute("commandfor") ?? "");
      if (href) location.assign(href);
      else if (target instanceof HTMLDialogElement) target.close();
    });
  }

  // The header's menus (<details data-menu>): Escape, a click outside, focus leaving and a
  // chosen link close them.
  const menus = () => document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]");
  on("keydown", (event) => {
    if ((event as KeyboardEvent).key !== "Escape") return;
    for (const menu of menus()) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  on("pointerdown", (event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  on("focusout", (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null;
    for (const menu of menus()) if (next && !menu.contains(next)) menu.open = false;
  });
  on("click", (event) => {
    const menu = closest(event, "details[data-menu] a")?.closest("details");
    if (menu) menu.open = false;
  });

  // A course's start-date calendar: arrows move between its start dates (a day, a week),
  // Home and End to the month's first and last, Page Up and Page Down follow the month links.
  on("keydown", (event) => {
    const key = (event as KeyboardEvent).key;
    const from = closest(event, "[data-calendar] [data-day]");
    const calendar = from?.closest("[data-calendar]");
    if (!from || !calendar) return;
    const links = [...calendar.querySelectorAll<HTMLElement>("[data-day]")];
    const day = (link: Element) => Date.parse(link.getAttribute("data-day") ?? "");
    const at = day(from);
    const week = 7 * 864e5;
    const pick: Record<string, () => Element | null | undefined> = {
      ArrowRight: () => links.find((l) => day(l) > at),
      ArrowDown: () => links.find((l) => day(l) >= at + week),
      ArrowLeft: () => links.findLast((l) => day(l) < at),
      ArrowUp: () => links.findLast((l) => day(l) <= at - week),
      Home: () => links[0],
      End: () => links.at(-1),
      PageUp: () => calendar.querySelector("a[data-month=previous]"),
      PageDown: () => calendar.querySelector("a[data-month=next]"),
    };
    const target = pick[key]?.();
    if (!pick[key]) return;
    event.preventDefault();
    if (target instanceof HTMLAnchorElement && target.hasAttribute("data-month")) target.click();
    else if (target instanceof HTMLElement) target.focus();
  });

  // The hero slider: a scroll-snapping track; this moves it every few seconds (not while
  // pointed at, focused, paused or under reduced motion) and drives its buttons and dots.
  const reduce = matchMedia("(prefers-reduced-motion: reduce)");
  for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
    const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
    const slides = track ? ([...track.children] as HTMLElement[]) : [];
    const dots = [...carousel.querySelectorAll("[data-carousel-dot]")];
    const play = carousel.querySelector("[data-carousel-play]");
    if (!track || slides.length < 2) continue;
    let index = 0;
    // Reduced motion starts paused; Play still plays.
    let stopped = reduce.matches;
    let hovered = false;
    let focused = false;
    const show = () => {
      slides.forEach((slide, i) => {
        slide.inert = i !== index;
        slide.setAttribute("aria-hidden", String(i !== index));
      });
      dots.forEach((dot, i) => {
        if (i === index) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
      carousel.toggleAttribute("data-paused", stopped);
      track.setAttribute("aria-live", stopped ? "polite" : "off");
      play?.setAttribute("aria-label", stopped ? "Play slides" : "Pause slides");
    };
    const go = (next: number) => {
      index = (next + slides.length) % slides.length;
      track.scrollTo({
        left: (slides[index] as HTMLElement).offsetLeft,
        behavior: reduce.matches ? "auto" : "smooth",
      });
      show();
    };
    // Swiped or scrolled by hand (or by a dot's link): the slide in view is the current one,
    // once the scroll has settled (where a browser cannot tell, at each step).
    track.addEventListener(
      "onscrollend" in window ? "scrollend" : "scroll",
      () => {
        const at = Math.round(track.scrollLeft / track.clientWidth);
        if (at !== index && at >= 0 && at < slides.length) {
          index = at;
          show();
        }
      },
      { passive: true },
    );
    carousel.addEventListener("click", (event) => {
      const dot = closest(event, "[data-carousel-dot]");
      if (dot) {
        event.preventDefault();
        go(dots.indexOf(dot));
      } else if (closest(event, "[data-carousel-next]")) go(index + 1);
      else if (closest(event, "[data-carousel-prev]")) go(index - 1);
      else if (closest(event, "[data-carousel-play]")) {
        stopped = !stopped;
        show();
      }
    });
    carousel.addEventListener("pointerenter", () => {
      hovered = true;
    });
    carousel.addEventListener("pointerleave", () => {
      hovered = false;
    });
    carousel.addEventListener("focusin", () => {
      focused = true;
    });
    carousel.addEventListener("focusout", (event) => {
      if (!carousel.contains(event.relatedTarget as Node | null)) focused = false;
    });
    reduce.addEventListener("change", () => {
      stopped = reduce.matches;
      show();
    });
    setInterval(() => {
      if (!(stopped || hovered || focused)) go(index + 1);
    }, slideInterval);
    show();
  }
}

export const siteScript = `(${siteBehaviour.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${SLIDE_INTERVAL_MS})`;

/**
 * Speculation Rules: a content page's links to other pages of the site are prerendered when a
 * visitor shows intent (pointer over, or press), so they open at once. Never the staff areas,
 * the sign-in and account pages, the forms that hold or book something, one-time links, files,
 * or any address with a query (it may change something).
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/*\\?*",
                "/admin",
                "/admin/*",
                "/sales-dashboard*",
                "/api/*",
                "/login",
                "/logout",
                "/account/*",
                "/portal*",
                "/consultation*",
                "/registrations/*",
                "/preview/*",
                "/media/*",
                "/assets/*",
                "/certification-training/*/register*",
                "/*.*",
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [download], [target]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
