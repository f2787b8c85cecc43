// Staff edits of the homepage sections (the Content Management tab and PUT /api/homepage-content/{id}).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#app/domain/auth/audit.server.ts";
import { parseProjectId, publicProjectId } from "#app/domain/portfolio/portfolio.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import {
  contactSettingsSchema,
  type SaveResult,
  type SettingsActor,
  writeSettings,
} from "#app/domain/settings/settings-admin.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { homepageSections, portfolioProjects } from "#app/platform/db/schema.ts";
import { nestedErrors } from "#app/platform/validation.ts";
import {
  type HomepageContent,
  imageRefSchema,
  type SectionId,
  sectionIds,
  sectionSchemas,
} from "./content.schema.ts";
import { getHomepageContent } from "./content.server.ts";

export const isSectionId = (id: unknown): id is SectionId =>
  typeof id === "string" && (sectionIds as string[]).includes(id);

/** The fields of a project the homepage portfolio editor may change (on the project record). */
const projectEditSchema = z.object({
  id: z.string().regex(/^project-\d+$/, { error: 'must look like "project-1"' }),
  title: z.string().trim().min(1).max(200).optional(),
  client: z.string().trim().max(200).optional(),
  description: z.string().trim().max(1000).optional(),
  image: imageRefSchema.optional(),
});

/** What the editor shows: stored sections (null when not configured), the contact details, projects. */
export async function getHomepageEditorData(db: Db) {
  const [content, settings, projects] = await Promise.all([
    getHomepageContent(db),
    getSiteSettings(db),
    db
      .select({
        id: portfolioProjects.id,
        title: portfolioProjects.title,
        client: portfolioProjects.client,
        description: portfolioProjects.description,
        image: portfolioProjects.image,
      })
      .from(portfolioProjects)
      .orderBy(portfolioProjects.sortOrder, portfolioProjects.id),
  ]);
  return {
    content,
    contactDetails: { phone: settings.phone, email: settings.email, address: settings.address },
    projects: projects.map((p) => ({ ...p, id: publicProjectId(p.id) })),
  };
}

export type EditorProject = Awaited<ReturnType<typeof getHomepageEditorData>>["projects"][number];

const failed = (fields: Record<string, string>, status: 400 | 404 = 400): SaveResult => ({
  ok: false,
  status,
  error: "Failed to update section",
  fieldErrors: fields,
});

/**
 * Validates and stores one section. The input replaces the stored section field by field (fields
 * it leaves out keep their stored value). The contact section's phone, e-mail and address are the
 * brand settings; the portfolio section's projects are references whose title, client, description
 * and image are edited on the project records themselves.
 */
export async function updateHomepageSection(
  db: Db,
  sectionId: string,
  input: unknown,
  actor: SettingsActor,
): Promise<SaveResult> {
  if (!isSectionId(sectionId)) return failed({ sectionId: "Unknown section" }, 404);
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return failed({ form: "The section data must be an object" });
  }
  const body = input as Record<string, unknown>;
  const [row] = await db
    .select({ data: homepageSections.data })
    .from(homepageSections)
    .where(eq(homepageSections.id, sectionId));
  const stored = row?.data && typeof row.data === "object" ? (row.data as object) : {};

  const parsed = sectionSchemas[sectionId].safeParse({ ...stored, ...body });
  if (!parsed.success) return failed(nestedErrors(parsed.error.issues));
  const data = parsed.data;

  let settings: z.infer<typeof contactSettingsSchema> | undefined;
  if (sectionId === "contact") {
    const current = await getSiteSettings(db);
    const result = contactSettingsSchema.safeParse({
      phone: body.phone ?? current.phone,
      email: body.email ?? current.email,
      address: body.address ?? current.address,
    });
    if (!result.success) return failed(nestedErrors(result.error.issues));
    settings = result.data;
  }

  let projectEdits: z.infer<typeof projectEditSchema>[] = [];
  if (sectionId === "portfolio" && Array.isArray(body.projects)) {
    const result = z.array(projectEditSchema).safeParse(body.projects);
    if (!result.success) return failed(nestedErrors(result.error.issues, ["projects"]));
    projectEdits = result.data;
    const ids = projectEdits.map((p) => parseProjectId(p.id) ?? 0);
    if (new Set(ids).size !== ids.length) {
      return failed({ projects: "A project appears more than once" });
    }
    const found = ids.length
      ? await db
          .select({ id: portfolioProjects.id })
          .from(portfolioProjects)
          .where(inArray(portfolioProjects.id, ids))
      : [];
    const known = new Set(found.map((f) => f.id));
    const missing = ids.findIndex((id) => !known.has(id));
    if (missing >= 0) return failed({ [`projects.${missing}.id`]: "Unknown project" });
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(homepageSections)
      .values({ id: sectionId, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: homepageSections.id, set: { data, updatedAt: new Date() } });
    if (settings) await writeSettings(tx, settings);
    for (const edit of projectEdits) {
      const { id, ...fields } = edit;
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) continue;
      await tx
        .update(portfolioProjects)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(portfolioProjects.id, parseProjectId(id) ?? 0));
    }
    await recordAudit(tx, {
      ...actor,
      action: "homepage_section_updated",
      target: sectionId,
      details: { fields: Object.keys(body).join(",") },
    });
  });
  return { ok: true, changed: Object.keys(body) };
}

export type { HomepageContent };
