// The doors to the project commands: the staff pages' form posts and the JSON API
// (PUT /api/project-details/{id}, POST /api/project-details). Both check the admin session,
// validate with the same schema, and after a change refresh the cached pages and audit it.
import type { RouterContextProvider } from "react-router";
import { recordAudit } from "#app/domain/auth/audit.server.ts";
import { NO_STORE, requireUser } from "#app/domain/auth/guard.server.ts";
import { ADMIN_ROLES, type PublicUser } from "#app/domain/auth/roles.ts";
import { appContext } from "#app/platform/context.ts";
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

export const requireAdmin = (request: Request, context: Context) =>
  requireUser(request, context, { roles: ADMIN_ROLES, signInPath: "/admin" });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });

export const apiMethodNotAllowed = (allow: string) =>
  json({ error: `Use ${allow}.` }, 405, { Allow: allow });

const MAX_BODY_BYTES = 256 * 1024;

/** A JSON object body, or a message saying why it cannot be read. */
async function readJsonObject(
  request: Request,
): Promise<{ body: Record<string, unknown> } | { error: string; status: number }> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    return { error: "Send the project as JSON (Content-Type: application/json).", status: 415 };
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { error: "The request is too large.", status: 413 };
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) {
      return { body: body as Record<string, unknown> };
    }
  } catch {
    // fall through
  }
  return { error: "The request body must be a JSON object.", status: 400 };
}

const invalid = (errors: ProjectFieldErrors) =>
  json({ error: Object.values(errors)[0] ?? "Invalid project.", fieldErrors: errors }, 400);

/** Audit entry plus page refresh after a successful change. */
async function changed(
  context: Context,
  admin: PublicUser,
  action: "project_created" | "project_updated" | "project_deleted" | "project_moved",
  id: number,
  details: Record<string, unknown> = {},
) {
  const { db, clientIp, invalidatePages } = context.get(appContext);
  await invalidatePages();
  await recordAudit(db, {
    action,
    actorId: admin.id,
    actorLabel: admin.username ?? admin.email,
    target: `project:${id}`,
    ip: clientIp,
    details,
  });
}

// ---- JSON API ----------------------------------------------------------------------------

/** PUT /api/project-details/{id}: every field; results and testimonial may be JSON strings. */
export async function apiUpdateProject(request: Request, context: Context, rawId: string) {
  const admin = await requireAdmin(request, context);
  if (request.method !== "PUT") return apiMethodNotAllowed("GET, PUT");
  const id = parseProjectId(rawId);
  const { db } = context.get(appContext);
  if (!id || !(await getProjectDetails(db, id))) return json({ error: "Project not found" }, 404);
  const read = await readJsonObject(request);
  if ("error" in read) return json({ error: read.error }, read.status);
  const parsed = projectFromJson(read.body);
  if (!parsed.ok) return invalid(parsed.errors);
  if (!(await updateProject(db, id, parsed.data))) return json({ error: "Project not found" }, 404);
  await changed(context, admin, "project_updated", id, { title: parsed.data.title });
  return json({ success: true, project: await getProjectDetails(db, id) });
}

/** POST /api/project-details: a new project; the answer carries its projectId. */
export async function apiCreateProject(request: Request, context: Context) {
  const admin = await requireAdmin(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const read = await readJsonObject(request);
  if ("error" in read) return json({ error: read.error }, read.status);
  const parsed = projectFromJson(read.body);
  if (!parsed.ok) return invalid(parsed.errors);
  const { db } = context.get(appContext);
  const id = await createProject(db, parsed.data);
  await changed(context, admin, "project_created", id, { title: parsed.data.title });
  return json({ success: true, projectId: id, project: await getProjectDetails(db, id) }, 201);
}

// ---- Page commands (the admin screens' form posts) ------------------------------------------

export type CommandResult =
  | { ok: true; id: number }
  | { ok: false; status: 400 | 404; error: string; fieldErrors?: ProjectFieldErrors };

const notFound = { ok: false, status: 404, error: "Project not found" } as const;

export async function commandCreate(
  context: Context,
  admin: PublicUser,
  input: Partial<ProjectInput>,
): Promise<CommandResult> {
  const id = await createProject(context.get(appContext).db, input);
  await changed(context, admin, "project_created", id, { title: input.title ?? "New Project" });
  return { ok: true, id };
}

/** The "Add Project" form of the Portfolio Projects tab: title required, a few more fields. */
export async function commandQuickCreate(
  context: Context,
  admin: PublicUser,
  form: FormData,
): Promise<CommandResult> {
  const parsed = quickProjectSchema.safeParse({
    title: form.get("title") ?? "",
    client: form.get("client") ?? "",
    category: form.get("category") ?? "",
    description: form.get("description") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: ProjectFieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false, status: 400, error: Object.values(fieldErrors)[0] ?? "", fieldErrors };
  }
  return commandCreate(context, admin, parsed.data);
}

export async function commandUpdate(
  context: Context,
  admin: PublicUser,
  id: number,
  input: ProjectInput,
): Promise<CommandResult> {
  if (!(await updateProject(context.get(appContext).db, id, input))) return notFound;
  await changed(context, admin, "project_updated", id, { title: input.title });
  return { ok: true, id };
}

export async function commandDelete(
  context: Context,
  admin: PublicUser,
  id: number,
): Promise<CommandResult> {
  if (!(await deleteProject(context.get(appContext).db, id))) return notFound;
  await changed(context, admin, "project_deleted", id);
  return { ok: true, id };
}

export async function commandMove(
  context: Context,
  admin: PublicUser,
  id: number,
  direction: "up" | "down",
): Promise<CommandResult> {
  if (!(await moveProject(context.get(appContext).db, id, direction))) return notFound;
  await changed(context, admin, "project_moved", id, { direction });
  return { ok: true, id };
}

/** A posted project id ("7"), or null. */
export function postedId(form: FormData): number | null {
  const raw = form.get("id");
  return typeof raw === "string" && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
