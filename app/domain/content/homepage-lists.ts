// The repeatable lists of the homepage sections' forms, shared by the editor (which adds in
// place) and its action (which adds for a browser without script). Client-safe.
import type { SectionId } from "./content.schema.ts";

/** The list each section's form always shows (absent from a post means emptied). */
export const SECTION_LISTS = {
  services: "services",
  portfolio: "projects",
  testimonials: "testimonials",
} as const satisfies Partial<Record<SectionId, string>>;

/** What "Add" appends to a list; the portfolio adds a chosen project instead. */
export const BLANK_ITEMS: Record<string, Record<string, string>> = {
  services: { title: "", description: "", icon: "", image: "", link: "" },
  testimonials: { content: "", author: "", position: "", company: "", avatar: "" },
};
