// Every kind of content that keeps a history (decision 0021), by its type name.
import { blockKind } from "#app/domain/content/blocks.server.ts";
import { sectionKind } from "#app/domain/content/homepage-editor.server.ts";
import { slideKind } from "#app/domain/content/slides.server.ts";
import { projectKind } from "#app/domain/portfolio/projects-admin.server.ts";
import { brandKind } from "#app/domain/settings/settings-admin.server.ts";
import { courseKind } from "#app/domain/training/courses-admin.server.ts";
import { type ContentType, isContentType } from "./history.ts";
import type { ContentKind } from "./versions.server.ts";

const KINDS: Record<ContentType, ContentKind> = {
  homepage_section: sectionKind,
  hero_slide: slideKind,
  content_block: blockKind,
  portfolio_project: projectKind,
  course: courseKind,
  brand_settings: brandKind,
};

export const kindOf = (type: ContentType): ContentKind => KINDS[type];

export const allKinds = (): ContentKind[] => Object.values(KINDS);

/** The kind named by a request (an unknown name is null). */
export const kindNamed = (type: unknown): ContentKind | null =>
  isContentType(type) ? KINDS[type] : null;
