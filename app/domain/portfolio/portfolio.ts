// Portfolio rules shared by the pages and the server (no zod: this reaches the browser).

export interface ResultMetric {
  label: string;
  value: string;
}

export interface Testimonial {
  content: string;
  author: string;
  position: string;
  company: string;
}

/** A project as the list and the API show it. */
export interface PortfolioProject {
  id: number;
  project_id: string;
  title: string;
  description: string;
  category: string;
  image: string;
  technologies: string[];
  client: string;
  projectUrl: string;
}

export interface ProjectDetails {
  id: number;
  title: string;
  description: string;
  image: string;
  client: string;
  category: string;
  clientIndustry: string;
  clientSize: string;
  completedDate: string;
  challenge: string;
  solution: string;
  technologies: string[];
  timeline: string;
  teamSize: string;
  projectUrl: string;
  results: { metrics: ResultMetric[] };
  testimonial: Testimonial;
}

export const publicProjectId = (id: number) => `project-${id}`;

/** "project-3" or "3" -> 3; a missing id means 1; anything else is not a project. */
export function parseProjectId(raw: string | undefined): number | null {
  const id = (raw ?? "").replace(/^project-/, "") || "1";
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}

/** Visit links: https:// is added when the stored URL has no scheme. */
export function externalUrl(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return "";
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** An empty image or a placeholder path shows the gradient instead. */
export function hasRealImage(image: string): boolean {
  return image.trim() !== "" && !/placeholder/i.test(image);
}

/** Value stored as an object or as JSON text; anything malformed reads as undefined. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export function parseResults(value: unknown): { metrics: ResultMetric[] } {
  const parsed = jsonValue(value);
  const metrics = isRecord(parsed) && Array.isArray(parsed.metrics) ? parsed.metrics : [];
  return {
    metrics: metrics
      .filter(isRecord)
      .map((m) => ({ label: str(m.label), value: str(m.value) }))
      .filter((m) => m.label || m.value),
  };
}

export function parseTestimonial(value: unknown): Testimonial {
  const parsed = jsonValue(value);
  const t = isRecord(parsed) ? parsed : {};
  return {
    content: str(t.content),
    author: str(t.author),
    position: str(t.position),
    company: str(t.company),
  };
}

export type CategoryKind = "ecommerce" | "ai" | "web";

/** Icons by category: e-commerce; AI (ai solutions, ai); web (web development, website, default). */
export function categoryKind(category: string): CategoryKind {
  const c = category.trim().toLowerCase();
  if (c === "e-commerce" || c === "ecommerce") return "ecommerce";
  if (c === "ai solutions" || c === "ai") return "ai";
  return "web";
}

/** Colour themes for project ids 1 to 6; others use theme 1. */
export const projectThemes = [
  {
    hero: "from-brand-900 via-brand-800 to-slate-950",
    accent: "text-brand-600 dark:text-brand-300",
    chip: "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200",
  },
  {
    hero: "from-emerald-900 via-emerald-800 to-slate-950",
    accent: "text-emerald-700 dark:text-emerald-300",
    chip: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  },
  {
    hero: "from-orange-900 via-orange-800 to-slate-950",
    accent: "text-orange-700 dark:text-orange-300",
    chip: "bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  },
  {
    hero: "from-violet-900 via-violet-800 to-slate-950",
    accent: "text-violet-700 dark:text-violet-300",
    chip: "bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  },
  {
    hero: "from-cyan-900 via-cyan-800 to-slate-950",
    accent: "text-cyan-700 dark:text-cyan-300",
    chip: "bg-cyan-50 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-200",
  },
  {
    hero: "from-rose-900 via-rose-800 to-slate-950",
    accent: "text-rose-700 dark:text-rose-300",
    chip: "bg-rose-50 text-rose-800 dark:bg-rose-950 dark:text-rose-200",
  },
] as const;

export function themeFor(id: number) {
  return projectThemes[id - 1] ?? projectThemes[0];
}
