// Staff commands on portfolio projects: create, update, delete, reorder. Each keeps the homepage
// portfolio entries that reference the project (by `project-{id}`) in step, in one transaction.
import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { tableKind } from "#app/domain/history/table-kind.server.ts";
import {
  invalidData,
  recordDeleted,
  recordPublished,
  versionedWrite,
} from "#app/domain/history/versions.server.ts";
import type { Db, DbTransaction } from "#app/platform/db/client.server.ts";
import { homepageSections, portfolioProjects } from "#app/platform/db/schema.ts";
import { success } from "#app/platform/result.ts";
import { publicProjectId } from "./portfolio.ts";
import {
  NEW_PROJECT_DEFAULTS,
  type ProjectInput,
  projectInputSchema,
  validateProject,
} from "./project.schema.ts";

export interface ProjectListItem {
  id: number;
  title: string;
  client: string;
  category: string;
  image: string;
  sortOrder: number;
}

/** The projects in display order, as the staff screens list them. */
export async function listProjectsForStaff(db: Db): Promise<ProjectListItem[]> {
  return db
    .select({
      id: portfolioProjects.id,
      title: portfolioProjects.title,
      client: portfolioProjects.client,
      category: portfolioProjects.category,
      image: portfolioProjects.image,
      sortOrder: portfolioProjects.sortOrder,
    })
    .from(portfolioProjects)
    .orderBy(asc(portfolioProjects.sortOrder), asc(portfolioProjects.id));
}

/** A new project at the end of the list; the fields not given get the spec's defaults. */
export async function createProject(
  db: Db,
  input: Partial<ProjectInput> = {},
  actor: Actor | null = null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${portfolioProjects.sortOrder}), 0)` })
      .from(portfolioProjects);
    const [row] = await tx
      .insert(portfolioProjects)
      .values({
        ...NEW_PROJECT_DEFAULTS,
        completedDate: new Date().toISOString().slice(0, 10),
        ...stripUndefined(input),
        sortOrder: Number(last?.max ?? 0) + 1,
      })
      .returning({ id: portfolioProjects.id });
    const id = (row as { id: number }).id;
    await recordPublished(tx, projectKind, String(id), actor);
    return id;
  });
}

/** Replaces every field of a project's details; false when there is no such project. */
export async function updateProject(
  db: Db,
  id: number,
  input: ProjectInput,
  actor: Actor | null = null,
): Promise<boolean> {
  return db.transaction((tx) =>
    versionedWrite(tx, projectKind, String(id), actor, async () => {
      const updated = await tx
        .update(portfolioProjects)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(portfolioProjects.id, id))
        .returning({ id: portfolioProjects.id });
      // The homepage's entries reference the project by id and show this record (DESIGN 7).
      return updated.length > 0;
    }),
  );
}

/** Deletes a project and its homepage entries; false when there is no such project. */
export async function deleteProject(
  db: Db,
  id: number,
  actor: Actor | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await recordDeleted(tx, projectKind, String(id), actor);
    const deleted = await tx
      .delete(portfolioProjects)
      .where(eq(portfolioProjects.id, id))
      .returning({ id: portfolioProjects.id });
    if (deleted.length === 0) return false;
    await editHomepageEntries(tx, (entries) =>
      entries.filter((entry) => entry.id !== publicProjectId(id)),
    );
    return true;
  });
}

/**
 * Moves a project one place up or down; the list is renumbered 1..n. False when there is no
 * such project; a move past either end changes nothing and is not an error.
 */
export async function moveProject(db: Db, id: number, direction: "up" | "down"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: portfolioProjects.id })
      .from(portfolioProjects)
      .orderBy(asc(portfolioProjects.sortOrder), asc(portfolioProjects.id))
      .for("update");
    const order = rows.map((r) => r.id);
    const from = order.indexOf(id);
    if (from === -1) return false;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return true;
    [order[from], order[to]] = [order[to] as number, order[from] as number];
    await renumber(tx, order);
    return true;
  });
}

async function renumber(tx: DbTransaction, order: number[]) {
  for (const [i, id] of order.entries()) {
    await tx
      .update(portfolioProjects)
      .set({ sortOrder: i + 1 })
      .where(eq(portfolioProjects.id, id));
  }
}

type Entry = Record<string, unknown> & { id?: unknown };

/** Rewrites the stored homepage portfolio entries, if the section exists and has a list. */
async function editHomepageEntries(tx: DbTransaction, edit: (entries: Entry[]) => Entry[]) {
  const [row] = await tx
    .select({ data: homepageSections.data })
    .from(homepageSections)
    .where(eq(homepageSections.id, "portfolio"))
    .for("update");
  const data = row?.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) return;
  const projects = (data as { projects?: unknown }).projects;
  if (!Array.isArray(projects)) return;
  const entries = projects.filter(
    (p): p is Entry => typeof p === "object" && p !== null && !Array.isArray(p),
  );
  const next = edit(entries);
  if (JSON.stringify(next) === JSON.stringify(projects)) return;
  await tx
    .update(homepageSections)
    .set({ data: { ...data, projects: next }, updatedAt: new Date() })
    .where(eq(homepageSections.id, "portfolio"));
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const PROJECT_FIELDS = Object.keys(projectInputSchema.shape);

/** Portfolio projects in the content history (decision 0021); the order is not content. */
export const projectKind = tableKind(portfolioProjects, {
  type: "portfolio_project",
  fields: PROJECT_FIELDS,
  check(data) {
    const parsed = validateProject(data);
    return parsed.ok ? success(parsed.value) : invalidData(parsed.fieldErrors);
  },
  notFound: "Project not found",
  editPath: (id) => `/admin/projects?id=${id}`,
  previewPath: (_, id) => `/portfolio/${publicProjectId(Number(id))}`,
});
