// Staff edits of the homepage sections (the Content Management tab and PUT /api/homepage-content/{id}).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#app/domain/audit/audit.server.ts";
import { draftDataOf, itemState } from "#app/domain/history/item-state.server.ts";
import {
  type ContentKind,
  invalidData,
  recordPublished,
  refuse,
  versionedWrite,
} from "#app/domain/history/versions.server.ts";
import { parseProjectId, publicProjectId } from "#app/domain/portfolio/portfolio.ts";
import { projectKind } from "#app/domain/portfolio/projects-admin.server.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import {
  actorOf,
  BRAND_ID,
  brandKind,
  contactSettingsSchema,
  type SaveResult,
  type SettingsActor,
  writeSettings,
} from "#app/domain/settings/settings-admin.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { homepageSections, portfolioProjects } from "#app/platform/db/schema.ts";
import { type Failure as AnyFailure, type Reason, success } from "#app/platform/result.ts";
import { type FieldErrors, nestedErrors } from "#app/platform/validation.ts";
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

/** A refused section: the message on each field that caused it. */
type Failure = AnyFailure & { fieldErrors: FieldErrors };

/** The fields of a project the homepage portfolio editor may change (on the project record). */
const projectEditSchema = z.object({
  id: z.string().regex(/^project-\d+$/, { error: 'must look like "project-1"' }),
  title: z.string().trim().min(1).max(200).optional(),
  client: z.string().trim().max(200).optional(),
  description: z.string().trim().max(1000).optional(),
  image: imageRefSchema.optional(),
});

/** A project as the homepage's portfolio cards show it (and the editor changes it). */
const projectCardColumns = {
  id: portfolioProjects.id,
  title: portfolioProjects.title,
  client: portfolioProjects.client,
  description: portfolioProjects.description,
  image: portfolioProjects.image,
};

/** What the editor shows: stored sections (null when not configured), the contact details, projects. */
export async function getHomepageEditorData(db: Db) {
  const [content, settings, projects] = await Promise.all([
    getHomepageContent(db),
    getSiteSettings(db),
    db
      .select(projectCardColumns)
      .from(portfolioProjects)
      .orderBy(portfolioProjects.sortOrder, portfolioProjects.id),
  ]);
  const drafts = await Promise.all(
    sectionIds.map(async (id) => {
      const state = await itemState(db, sectionKind, id);
      return {
        id,
        state,
        draft: state?.draft ? await draftDataOf(db, "homepage_section", id) : null,
      };
    }),
  );
  const shown: Record<string, unknown> = { ...content };
  for (const { id, draft } of drafts) if (draft) shown[id] = draft;
  return {
    content: shown as HomepageContent,
    states: Object.fromEntries(drafts.flatMap(({ id, state }) => (state ? [[id, state]] : []))),
    contactDetails: { phone: settings.phone, email: settings.email, address: settings.address },
    projects: projects.map((p) => ({ ...p, id: publicProjectId(p.id) })),
  };
}

export type EditorProject = Awaited<ReturnType<typeof getHomepageEditorData>>["projects"][number];

/**
 * The project the portfolio section's "Add project" appends: the one chosen (`wanted`), else the
 * first not shown yet; null when every project is shown.
 */
export async function projectToAdd(db: Db, shown: unknown, wanted: string) {
  const { projects } = await getHomepageEditorData(db);
  const taken = new Set((Array.isArray(shown) ? shown : []).map((p) => p?.id));
  const free = projects.filter((p) => !taken.has(p.id));
  const project = free.find((p) => p.id === wanted) ?? free[0];
  return project ? { ...project } : null;
}

const failed = (fields: FieldErrors, reason: Reason = "invalid"): Failure => ({
  ok: false,
  reason,
  error: "Failed to update section",
  fieldErrors: fields,
});

type ProjectEdit = z.infer<typeof projectEditSchema>;

/** A section's data checked: what the section stores, the brand contact fields, project edits. */
interface CheckedSection {
  ok: true;
  data: Record<string, unknown>;
  settings?: z.infer<typeof contactSettingsSchema>;
  projectEdits: ProjectEdit[];
}

/**
 * The rules of a whole section, without the database: the section's schema; for the contact
 * section the brand phone, e-mail and address when given; for the portfolio section the project
 * fields edited from the homepage.
 */
function checkSection(
  sectionId: SectionId,
  body: Record<string, unknown>,
): CheckedSection | Failure {
  const parsed = sectionSchemas[sectionId].safeParse(body);
  if (!parsed.success) return failed(nestedErrors(parsed.error.issues));
  let settings: CheckedSection["settings"];
  if (sectionId === "contact" && ["phone", "email", "address"].some((k) => k in body)) {
    const result = contactSettingsSchema.safeParse(body);
    if (!result.success) return failed(nestedErrors(result.error.issues));
    settings = result.data;
  }
  let projectEdits: ProjectEdit[] = [];
  if (sectionId === "portfolio" && Array.isArray(body.projects)) {
    const result = z.array(projectEditSchema).safeParse(body.projects);
    if (!result.success) return failed(nestedErrors(result.error.issues, ["projects"]));
    projectEdits = result.data;
  }
  return { ok: true, data: parsed.data, settings, projectEdits };
}

/** The section checked, and its project references found in the database. */
async function planSection(
  tx: Db | DbTransaction,
  sectionId: SectionId,
  body: Record<string, unknown>,
): Promise<CheckedSection | Failure> {
  const checked = checkSection(sectionId, body);
  if (!checked.ok) return checked;
  const ids = checked.projectEdits.map((p) => parseProjectId(p.id) ?? 0);
  if (new Set(ids).size !== ids.length) {
    return failed({ projects: "A project appears more than once" });
  }
  const found = ids.length
    ? await tx
        .select({ id: portfolioProjects.id })
        .from(portfolioProjects)
        .where(inArray(portfolioProjects.id, ids))
    : [];
  const known = new Set(found.map((f) => f.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) return failed({ [`projects.${missing}.id`]: "Unknown project" });
  return checked;
}

/** Writes a planned section; the brand settings and projects it changed are named for history. */
async function writeSection(tx: DbTransaction, sectionId: SectionId, plan: CheckedSection) {
  const { data, settings, projectEdits } = plan;
  await tx
    .insert(homepageSections)
    .values({ id: sectionId, data, updatedAt: new Date() })
    .onConflictDoUpdate({ target: homepageSections.id, set: { data, updatedAt: new Date() } });
  const touched: { kind: ContentKind; id: string }[] = [];
  if (settings) {
    await writeSettings(tx, settings);
    touched.push({ kind: brandKind, id: BRAND_ID });
  }
  for (const edit of projectEdits) {
    const { id, ...fields } = edit;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) continue;
    await tx
      .update(portfolioProjects)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(portfolioProjects.id, parseProjectId(id) ?? 0));
    touched.push({ kind: projectKind, id: String(parseProjectId(id)) });
  }
  return touched;
}

/**
 * Validates and stores one section (the JSON API: it publishes). The input replaces the stored
 * section field by field (fields it leaves out keep their stored value). The contact section's
 * phone, e-mail and address are the brand settings; the portfolio section's projects are
 * references whose title, client, description and image are edited on the project records.
 */
export async function updateHomepageSection(
  db: Db,
  sectionId: string,
  input: unknown,
  actor: SettingsActor,
): Promise<SaveResult> {
  if (!isSectionId(sectionId)) return failed({ sectionId: "Unknown section" }, "not-found");
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return failed({ form: "The section data must be an object" });
  }
  const body = input as Record<string, unknown>;
  const [row] = await db
    .select({ data: homepageSections.data })
    .from(homepageSections)
    .where(eq(homepageSections.id, sectionId));
  const stored = row?.data && typeof row.data === "object" ? (row.data as object) : {};
  const plan = await planSection(db, sectionId, { ...stored, ...body });
  if (!plan.ok) return plan;
  const by = actorOf(actor);
  await db.transaction((tx) =>
    versionedWrite(tx, sectionKind, sectionId, by, async () => {
      for (const other of await writeSection(tx, sectionId, plan)) {
        await recordPublished(tx, other.kind, other.id, by, `With homepage section ${sectionId}`);
      }
      await recordAudit(tx, {
        ...actor,
        action: "homepage_section_updated",
        target: sectionId,
        details: { fields: Object.keys(body).join(",") },
      });
    }),
  );
  return success(Object.keys(body));
}

/**
 * A section as its versions hold it: what it stores, plus for the contact section the brand
 * contact details and for the portfolio section each project's card fields (both edited with it).
 */
async function readSection(tx: Db | DbTransaction, id: SectionId) {
  const [row] = await tx
    .select({ data: homepageSections.data })
    .from(homepageSections)
    .where(eq(homepageSections.id, id));
  const data = (row?.data && typeof row.data === "object" ? row.data : {}) as Record<
    string,
    unknown
  >;
  if (id === "contact") {
    const settings = await getSiteSettings(tx as Db);
    return { ...data, phone: settings.phone, email: settings.email, address: settings.address };
  }
  if (id === "portfolio" && Array.isArray(data.projects)) {
    const cards = await tx.select(projectCardColumns).from(portfolioProjects);
    const byId = new Map(cards.map((c) => [publicProjectId(c.id), c]));
    const projects = data.projects.flatMap((ref: { id?: unknown }) => {
      const card = byId.get(String(ref?.id));
      return card ? [{ ...card, id: publicProjectId(card.id) }] : [];
    });
    return { ...data, projects };
  }
  return data;
}

/** The homepage sections in the content history (decision 0021); the id is the section's. */
export const sectionKind: ContentKind = {
  type: "homepage_section",
  schemaVersion: 1,
  ids: async () => [...sectionIds],
  read: (tx, id) => (isSectionId(id) ? readSection(tx, id) : Promise.resolve(null)),
  check(data, id) {
    if (!isSectionId(id)) return refuse("not-found", "Unknown section");
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      return refuse("invalid", "The section data must be an object");
    }
    const checked = checkSection(id, data as Record<string, unknown>);
    if (!checked.ok) return invalidData(checked.fieldErrors);
    return {
      ok: true,
      value: {
        ...checked.data,
        ...checked.settings,
        ...(id === "portfolio" ? { projects: checked.projectEdits } : {}),
      },
    };
  },
  async apply(tx, id, value) {
    if (!isSectionId(id)) return refuse("not-found", "Unknown section");
    const plan = await planSection(tx, id, value);
    if (!plan.ok) return invalidData(plan.fieldErrors);
    return { ok: true, touched: await writeSection(tx, id, plan) };
  },
  title: (_, id) => `${id.charAt(0).toUpperCase()}${id.slice(1)} section`,
  editPath: (id) => `/admin/homepage?edit=${id}#section-${id}`,
  previewPath: () => "/",
};

export type { HomepageContent };
