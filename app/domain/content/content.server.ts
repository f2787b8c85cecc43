import { asc, eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { heroSlides, homepageSections } from "#app/platform/db/schema.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { previewed, withPreviewed } from "#app/platform/preview-scope.server.ts";
import { listPortfolioProjects } from "../portfolio/portfolio.server.ts";
import { getSiteSettings } from "../settings/settings.server.ts";
import { formatAddress } from "../settings/settings.ts";
import {
  type HeroSlide,
  type HomepageContent,
  type PortfolioCard,
  type PortfolioSectionView,
  sectionIds,
  sectionSchemas,
} from "./content.schema.ts";
import { seedHomepage } from "./content.seed.ts";
import { slideColumns } from "./slides.server.ts";

/** The homepage sections; a missing or invalid section is null (the page then uses its defaults). */
export async function getHomepageContent(db: Db): Promise<HomepageContent> {
  const rows = await db.select().from(homepageSections);
  const byId = new Map<string, unknown>(rows.map((r) => [r.id, r.data]));
  const preview = previewed("homepage_section");
  if (preview) byId.set(preview.id, preview.data);
  const content: Record<string, unknown> = {};
  for (const id of sectionIds) {
    const parsed = sectionSchemas[id].safeParse(byId.get(id));
    content[id] = parsed.success ? parsed.data : null;
  }
  return content as HomepageContent;
}

/** The section's project references as cards read from the project records (missing ones dropped). */
export async function resolvePortfolioSection(
  db: Db,
  section: NonNullable<HomepageContent["portfolio"]>,
): Promise<PortfolioSectionView> {
  const projects = await listPortfolioProjects(db);
  const byId = new Map(projects.map((p) => [p.project_id, p]));
  const cards: PortfolioCard[] = section.projects.flatMap((ref) => {
    const p = byId.get(ref.id);
    return p
      ? [
          {
            id: p.project_id,
            title: p.title,
            client: p.client,
            category: p.category,
            description: p.description,
            image: p.image,
          },
        ]
      : [];
  });
  return { ...section, projects: cards };
}

/** Slides visitors see: active only, in sortOrder (ties by creation). */
export async function listActiveSlides(db: Db): Promise<HeroSlide[]> {
  // A preview link of a slide shows it even while it is switched off.
  const preview = previewed("hero_slide");
  const slides = await db
    .select(slideColumns)
    .from(heroSlides)
    .where(preview ? undefined : eq(heroSlides.isActive, true))
    .orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id));
  return preview ? withPreviewed("hero_slide", slides).filter((s) => s.isActive) : slides;
}

/**
 * What the home page shows. A failed read never breaks the page: slides fall back to the
 * welcome hero ("Failed to load slides"), content to the standard texts with a quiet notice
 * ("Failed to fetch homepage content"). Sections staff have not configured fall back alike,
 * except testimonials, which show only when configured.
 */
export async function getHomepageView(db: Db, logger: Pick<Logger, "error">) {
  let slidesFailed = false;
  const [content, slides] = await Promise.all([
    getHomepageContent(db)
      .then(async (c) => ({
        ...c,
        portfolio: await resolvePortfolioSection(db, c.portfolio ?? seedHomepage.portfolio),
      }))
      .catch((err) => {
        logger.error({ err }, "Failed to fetch homepage content");
        return null;
      }),
    listActiveSlides(db).catch((err) => {
      logger.error({ err }, "Failed to load slides");
      slidesFailed = true;
      return [] as HeroSlide[];
    }),
  ]);
  return {
    content: {
      hero: content?.hero ?? seedHomepage.hero,
      services: content?.services ?? seedHomepage.services,
      about: content?.about ?? seedHomepage.about,
      portfolio: content?.portfolio ?? { ...seedHomepage.portfolio, projects: [] },
      testimonials: content ? content.testimonials : null,
      contact: content?.contact ?? seedHomepage.contact,
    },
    slides,
    contentUnavailable: content === null,
    /** A read failed: the page shows fallbacks and must not be kept in a cache. */
    degraded: content === null || slidesFailed,
  };
}

/** The homepage content as the public API serves it: the contact section carries the brand settings. */
export async function getPublicHomepageContent(db: Db) {
  const [content, settings] = await Promise.all([getHomepageContent(db), getSiteSettings(db)]);
  const portfolio = content.portfolio && (await resolvePortfolioSection(db, content.portfolio));
  const contact = content.contact && {
    ...content.contact,
    address: formatAddress(settings.address),
    phone: settings.phone,
    email: settings.email,
  };
  return { ...content, portfolio, contact };
}
