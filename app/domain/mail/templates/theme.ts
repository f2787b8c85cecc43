// The site's colours (app/app.css: the brand and accent scales, Tailwind's slate) as e-mail can
// use them: plain values in inline styles, since mail clients drop stylesheets and variables.
// Dark mode is a small <style> of class overrides that clients honouring prefers-color-scheme
// apply (Apple Mail, iOS, Outlook for Mac, Thunderbird); the others keep the light colours,
// which read well on any background they paint around the card.

export const colors = {
  brand300: "#8ebdff",
  brand500: "#3371fb",
  brand600: "#1d51f0",
  brand700: "#163ddc",
  accent500: "#06b6d4",
  white: "#ffffff",
  slate50: "#f8fafc",
  slate100: "#f1f5f9",
  slate200: "#e2e8f0",
  slate300: "#cbd5e1",
  slate400: "#94a3b8",
  slate600: "#475569",
  slate700: "#334155",
  slate800: "#1e293b",
  slate900: "#0f172a",
  slate950: "#020617",
} as const;

/** The site's font stack without the web font: a mail client loads no font from us. */
export const fontFamily =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Class names the dark-mode overrides target (the light colours are inline). */
export const dark = {
  page: "em-page",
  card: "em-card",
  strong: "em-strong",
  body: "em-body",
  muted: "em-muted",
  line: "em-line",
  link: "em-link",
  button: "em-button",
  quote: "em-quote",
} as const;

/** Colours as the site's dark theme has them: slate-950 page, slate-900 cards, brand-500 buttons. */
export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; background-color: ${colors.slate100}; }
@media (prefers-color-scheme: dark) {
  body { background-color: ${colors.slate950} !important; }
  .${dark.page} { background-color: ${colors.slate950} !important; }
  .${dark.card} { background-color: ${colors.slate900} !important; border-color: ${colors.slate800} !important; }
  .${dark.strong} { color: ${colors.white} !important; }
  .${dark.body} { color: ${colors.slate200} !important; }
  .${dark.muted} { color: ${colors.slate400} !important; }
  .${dark.line} { border-color: ${colors.slate800} !important; }
  .${dark.link} { color: ${colors.brand300} !important; }
  .${dark.button} { background-color: ${colors.brand500} !important; color: ${colors.slate950} !important; }
  .${dark.quote} { background-color: ${colors.slate800} !important; border-color: ${colors.brand500} !important; }
}
`;
