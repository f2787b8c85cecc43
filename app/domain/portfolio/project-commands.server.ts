// The project commands of the staff screens and of the JSON API (/api/project-details): each
// change is audited and refreshes the cached pages that show projects; a command's value is the
// project's id.
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { failure, type Result, type Success, success } from "#app/platform/result.ts";
import { firstErrors, invalidFields } from "#app/platform/validation.ts";
import { type ProjectInput, quickProjectSchema } from "./project.schema.ts";
import {
  createProject,
  deleteProject,
  moveProject,
  updateProject,
} from "./projects-admin.server.ts";

type Services = Pick<AppServices, "db" | "invalidatePages">;

/** Audit entry plus page refresh after a successful change. */
async function changed(
  services: Services,
  actor: Actor,
  action: "project_created" | "project_updated" | "project_deleted" | "project_moved",
  id: number,
  details: Record<string, unknown> = {},
) {
  await services.invalidatePages();
  await auditChange(services.db, actor, action, `project:${id}`, details);
}

const notFound = failure("not-found", "Project not found");

export async function commandCreate(
  services: Services,
  actor: Actor,
  input: Partial<ProjectInput>,
): Promise<Success<number>> {
  const id = await createProject(services.db, input, actor);
  await changed(services, actor, "project_created", id, { title: input.title ?? "New Project" });
  return success(id);
}

/** Every field of the project replaced (the JSON API's PUT). */
export async function commandUpdate(
  services: Services,
  actor: Actor,
  id: number,
  input: ProjectInput,
): Promise<Result<number>> {
  if (!(await updateProject(services.db, id, input, actor))) return notFound;
  await changed(services, actor, "project_updated", id, { title: input.title });
  return success(id);
}

/**
 * The "Add Project" form of the Portfolio Projects tab (its posted title, client, category and
 * description): title required, a few more fields.
 */
export async function commandQuickCreate(
  services: Services,
  actor: Actor,
  posted: Readonly<Record<string, unknown>>,
): Promise<Result<number>> {
  const parsed = quickProjectSchema.safeParse({
    title: posted.title ?? "",
    client: posted.client ?? "",
    category: posted.category ?? "",
    description: posted.description ?? "",
  });
  if (!parsed.success) return invalidFields(firstErrors(parsed.error.issues));
  return commandCreate(services, actor, parsed.data);
}

export async function commandDelete(
  services: Services,
  actor: Actor,
  id: number,
): Promise<Result<number>> {
  if (!(await deleteProject(services.db, id, actor))) return notFound;
  await changed(services, actor, "project_deleted", id);
  return success(id);
}

export async function commandMove(
  services: Services,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<Result<number>> {
  if (!(await moveProject(services.db, id, direction))) return notFound;
  await changed(services, actor, "project_moved", id, { direction });
  return success(id);
}
