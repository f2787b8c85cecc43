import { z } from "zod";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
/** A site path ("/portfolio") or an absolute http(s) URL; empty means "none". */
export const linkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    error: "must be a path starting with / or an http(s) URL",
  });
/** An image reference: a site path or an absolute http(s) URL; empty means "no image". */
export const imageRefSchema = linkSchema;

export const heroSectionSchema = z.object({
  heading: required(200),
  subheading: text(500),
  buttonText: text(60),
  backgroundImage: imageRefSchema,
});

export const serviceCardSchema = z.object({
  title: required(120),
  description: text(600),
  icon: text(40),
  image: imageRefSchema,
  /** Where the card leads; empty opens the "Start Your AI Design" inquiry. */
  link: linkSchema,
});

export const servicesSectionSchema = z.object({
  heading: required(200),
  subheading: text(500),
  services: z.array(serviceCardSchema).max(12),
});

export const aboutSectionSchema = z.object({
  heading: required(200),
  content: text(5000),
  image: imageRefSchema,
  stats: z.array(z.object({ number: required(20), label: required(80) })).max(8),
  /** The "Why Choose" points. */
  points: z.array(z.object({ title: required(120), description: text(400) })).max(12),
});

/** A project card as pages and the API show it: read from the project record. */
export const portfolioEntrySchema = z.object({
  id: z.string().regex(/^project-\d+$/, { error: 'must look like "project-1"' }),
  title: required(200),
  client: text(200),
  category: text(100),
  description: text(1000),
  image: imageRefSchema,
});
export type PortfolioCard = z.infer<typeof portfolioEntrySchema>;

/**
 * The section stores references to portfolio projects (DESIGN.md 7), in display order; each
 * card is rendered from its project record. Older rows holding copies read as their ids.
 */
export const portfolioRefSchema = z.object({
  id: z.string().regex(/^project-\d+$/, { error: 'must look like "project-1"' }),
});

export const portfolioSectionSchema = z.object({
  heading: required(200),
  subheading: text(500),
  projects: z.array(portfolioRefSchema).max(12),
});

/** The portfolio section with its projects resolved to cards. */
export type PortfolioSectionView = Omit<z.infer<typeof portfolioSectionSchema>, "projects"> & {
  projects: PortfolioCard[];
};

export const testimonialSchema = z.object({
  content: required(2000),
  author: required(120),
  position: text(120),
  company: text(120),
  avatar: imageRefSchema,
});

export const testimonialsSectionSchema = z.object({
  heading: required(200),
  testimonials: z.array(testimonialSchema).max(20),
});

/** The contact section's own texts; its phone, e-mail and address are the brand settings. */
export const contactSectionSchema = z.object({
  heading: required(200),
  subheading: text(500),
});

export const sectionSchemas = {
  hero: heroSectionSchema,
  services: servicesSectionSchema,
  about: aboutSectionSchema,
  portfolio: portfolioSectionSchema,
  testimonials: testimonialsSectionSchema,
  contact: contactSectionSchema,
} as const;

export type SectionId = keyof typeof sectionSchemas;
export const sectionIds = Object.keys(sectionSchemas) as SectionId[];

export type HomepageContent = {
  [K in SectionId]: z.infer<(typeof sectionSchemas)[K]> | null;
};

export const heroSlideSchema = z.object({
  title: required(200),
  subtitle: text(300),
  description: text(1000),
  backgroundImage: imageRefSchema,
  buttonText: text(60),
  buttonLink: linkSchema,
  sortOrder: z.coerce.number().int().min(0).max(100_000).default(0),
  isActive: z.boolean().default(true),
});

export type HeroSlideInput = z.infer<typeof heroSlideSchema>;

export interface HeroSlide extends HeroSlideInput {
  id: number;
}
