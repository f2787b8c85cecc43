// Slice colours of the pipeline pie, each at least 3:1 against white and against slate-900
// (WCAG 1.4.11); the legend's text is the page's own text colour, never drawn on a slice.
// New is gray, as its badge is: a record nobody has worked yet.
export const PHASE_COLORS: Record<string, string> = {
  New: "#64748b",
  "Free MVP": "#2563eb",
  "Demo Scheduled": "#9333ea",
  Negotiation: "#c2410c",
  "Closed Won": "#15803d",
  "Closed Lost": "#dc2626",
};
