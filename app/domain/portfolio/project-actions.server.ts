// The doors to the project commands: the staff pages' form posts and the JSON API
// (PUT /api/project-details/{id}, POST /api/project-details). Both check the admin session,
// validate with the same schema, and after a change refresh the cached pages and audit it.
import type { RouterContextProvider } from "react-router";
import { type Actor, auditChange } from "#app/domain/auth/audit.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { firstErrors } from "#app/platform/validation.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { isJsonObject, json, methodNotAllowed, readJson } from "#app/web/http.server.ts";
import { getProjectDetails } from "./portfolio.server.ts";
import { parseProjectId } from "./portfolio.ts";
import {
  type ProjectFieldErrors,
  type ProjectInput,
  projectFromJson,
  quickProjectSchema,
} from "./project.schema.ts";
import {
  createProject,
  deleteProject,
  moveProject,
  updateProject,
} from "./projects-admin.server.ts";

type Context = Readonly<RouterContextProvider>;
type Services = Pick<AppServices, "db" | "invalidatePages">;

const MAX_BODY_BYTES = 256 * 1024;

/** A JSON object body, or a message saying why it cannot be read. */
async function readProjectBody(
  request: Request,
): Promise<{ body: Record<string, unknown> } | { error: string; status: number }> {
  const read = await readJson(request, MAX_BODY_BYTES);
  if (read.ok && isJsonObject(read.value)) return { body: read.value };
  if (!read.ok && read.reason === "content-type") {
    return { error: "Send the project as JSON (Content-Type: application/json).", status: 415 };
  }
  if (!read.ok && read.reason === "too-large") {
    return { error: "The request is too large.", status: 413 };
  }
  if (!read.ok && read.reason === "refused-text") {
    return { error: `${read.field}: ${REFUSED_TEXT}`, status: 400 };
  }
  return { error: "The request body must be a JSON object.", status: 400 };
}

const invalid = (errors: ProjectFieldErrors) =>
  json({ error: Object.values(errors)[0] ?? "Invalid project.", fieldErrors: errors }, 400);

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

// ---- JSON API ----------------------------------------------------------------------------

/** PUT /api/project-details/{id}: every field; results and testimonial may be JSON strings. */
export async function apiUpdateProject(request: Request, context: Context, rawId: string) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const id = parseProjectId(rawId);
  const { db } = services;
  if (!id || !(await getProjectDetails(db, id))) return json({ error: "Project not found" }, 404);
  const read = await readProjectBody(request);
  if ("error" in read) return json({ error: read.error }, read.status);
  const parsed = projectFromJson(read.body);
  if (!parsed.ok) return invalid(parsed.errors);
  if (!(await updateProject(db, id, parsed.data, actor)))
    return json({ error: "Project not found" }, 404);
  await changed(services, actor, "project_updated", id, { title: parsed.data.title });
  return json({ success: true, project: await getProjectDetails(db, id) });
}

/** POST /api/project-details: a new project; the answer carries its projectId. */
export async function apiCreateProject(request: Request, context: Context) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readProjectBody(request);
  if ("error" in read) return json({ error: read.error }, read.status);
  const parsed = projectFromJson(read.body);
  if (!parsed.ok) return invalid(parsed.errors);
  const { db } = services;
  const id = await createProject(db, parsed.data, actor);
  await changed(services, actor, "project_created", id, { title: parsed.data.title });
  return json({ success: true, projectId: id, project: await getProjectDetails(db, id) }, 201);
}

// ---- Page commands (the admin screens' form posts) ------------------------------------------

export type CommandResult =
  | { ok: true; id: number }
  | { ok: false; status: 400 | 404; error: string; fieldErrors?: ProjectFieldErrors };

const notFound = { ok: false, status: 404, error: "Project not found" } as const;

export async function commandCreate(
  services: Services,
  actor: Actor,
  input: Partial<ProjectInput>,
): Promise<CommandResult> {
  const id = await createProject(services.db, input, actor);
  await changed(services, actor, "project_created", id, { title: input.title ?? "New Project" });
  return { ok: true, id };
}

/** The "Add Project" form of the Portfolio Projects tab: title required, a few more fields. */
export async function commandQuickCreate(
  services: Services,
  actor: Actor,
  form: FormData,
): Promise<CommandResult> {
  const parsed = quickProjectSchema.safeParse({
    title: form.get("title") ?? "",
    client: form.get("client") ?? "",
    category: form.get("category") ?? "",
    description: form.get("description") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: ProjectFieldErrors = firstErrors(parsed.error.issues);
    return { ok: false, status: 400, error: Object.values(fieldErrors)[0] ?? "", fieldErrors };
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
