// The project commands of the staff screens and of the JSON API (/api/project-details): each
// change is audited and refreshes the cached pages that show projects.
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { type Failure, failure } from "#app/platform/result.ts";
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";
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

export type CommandResult = { ok: true; id: number } | Failure;

const notFound = failure("not-found", "Project not found");

export async function commandCreate(
  services: Services,
  actor: Actor,
  input: Partial<ProjectInput>,
): Promise<{ ok: true; id: number }> {
  const id = await createProject(services.db, input, actor);
  await changed(services, actor, "project_created", id, { title: input.title ?? "New Project" });
  return { ok: true, id };
}

/** Every field of the project replaced (the JSON API's PUT). */
export async function commandUpdate(
  services: Services,
  actor: Actor,
  id: number,
  input: ProjectInput,
): Promise<CommandResult> {
  if (!(await updateProject(services.db, id, input, actor))) return notFound;
  await changed(services, actor, "project_updated", id, { title: input.title });
  return { ok: true, id };
}

/**
 * The "Add Project" form of the Portfolio Projects tab (its posted title, client, category and
 * description): title required, a few more fields.
 */
export async function commandQuickCreate(
  services: Services,
  actor: Actor,
  posted: Readonly<Record<string, unknown>>,
): Promise<CommandResult> {
  const parsed = quickProjectSchema.safeParse({
    title: posted.title ?? "",
    client: posted.client ?? "",
    category: posted.category ?? "",
    description: posted.description ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = firstErrors(parsed.error.issues);
    return failure("invalid", Object.values(fieldErrors)[0] ?? "", fieldErrors);
  }
  return commandCreate(services, actor, parsed.data);
}

export async function commandDelete(
  services: Services,
  actor: Actor,
  id: number,
): Promise<CommandResult> {
  if (!(await deleteProject(services.db, id, actor))) return notFound;
  await changed(services, actor, "project_deleted", id);
  return { ok: true, id };
}

export async function commandMove(
  services: Services,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<CommandResult> {
  if (!(await moveProject(services.db, id, direction))) return notFound;
  await changed(services, actor, "project_moved", id, { direction });
  return { ok: true, id };
}
