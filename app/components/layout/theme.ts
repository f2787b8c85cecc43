export const THEME_STORAGE_KEY = "theme";

/**
 * The classes the site's inline scripts (this one and site-script.ts) set on the document: a
 * content page's stylesheet keeps their rules although the server's HTML has neither.
 */
export const SCRIPT_CLASSES = ["dark", "js"] as const;

/**
 * Runs in <head> before the page paints, so the saved (or the system's) theme is applied
 * with no flash of the other one, and marks the document `js` (what only script can drive is
 * shown then: the `js-only` class). Kept tiny and free of dependencies.
 */
export const themeScript = `(function(){var r=document.documentElement;r.classList.add("js");try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");r.classList.toggle("dark",t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))}catch(e){}})()`;
