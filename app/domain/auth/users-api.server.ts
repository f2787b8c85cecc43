// GET/POST /api/admin/users and GET/PATCH/DELETE /api/admin/users/{id}: the Users screen's
// commands as JSON, admins only.
import type { RouterContextProvider } from "react-router";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed, parseId, readJsonObject } from "#app/web/http.server.ts";
import { accountMailOf } from "./account.server.ts";
import { apiPassword } from "./password-policy.server.ts";
import { isRole, ROLES } from "./roles.ts";
import { parseNewUser, USER_TEXTS } from "./users.schema.ts";
import {
  addUser,
  deleteUserByAdmin,
  getUser,
  listUsers,
  type UserCommandResult,
  updateUserByAdmin,
} from "./users-admin.server.ts";

type Context = Readonly<RouterContextProvider>;

const refused = (result: Extract<UserCommandResult, { ok: false }>) =>
  json({ error: result.error }, result.status);

/**
 * GET ?q=&role= lists users (newest first); POST creates one: it is e-mailed an invitation, or
 * takes the `password` given (checked by the password policy). The answer never holds a password.
 */
export async function apiUsers(request: Request, context: Context) {
  const { actor, services } = await requireAdmin(request, context);
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    const role = url.searchParams.get("role") || undefined;
    if (role !== undefined && !isRole(role)) {
      return json({ error: `Role must be one of: ${ROLES.join(", ")}.` }, 400);
    }
    const q = url.searchParams.get("q") ?? undefined;
    return json(await listUsers(services.db, { q, role }));
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonObject(request);
  const parsed = parseNewUser(body);
  if (!parsed.ok) {
    return json({ error: Object.values(parsed.errors)[0], errors: parsed.errors }, 400);
  }
  const password = await apiPassword(body?.password, parsed.value);
  if (!password.ok) return password.answer;
  const mail = await accountMailOf(services);
  const result = await addUser(services.db, parsed.value, actor, mail, password.value);
  if (!result.ok) return refused(result);
  return json({ user: result.user, invitation: result.user.invitation }, 201);
}

/** GET one user; PATCH { role?, disabled? }; DELETE. */
export async function apiUser(request: Request, context: Context, rawId: string | undefined) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  const id = parseId(rawId);
  if (request.method === "GET" || request.method === "HEAD") {
    const user = id ? await getUser(db, id) : null;
    return user ? json(user) : json({ error: USER_TEXTS.notFound }, 404);
  }
  if (request.method === "DELETE") {
    if (!id) return json({ error: USER_TEXTS.notFound }, 404);
    const result = await deleteUserByAdmin(db, id, actor, await salesMailOf(services));
    return result.ok ? json({ ok: true, id }) : refused(result);
  }
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH, DELETE");
  const body = await readJsonObject(request);
  if (!body || (body.role === undefined && body.disabled === undefined)) {
    return json({ error: "Send a JSON object with role and/or disabled." }, 400);
  }
  if (body.role !== undefined && !isRole(body.role)) {
    return json({ error: `Role must be one of: ${ROLES.join(", ")}.` }, 400);
  }
  if (body.disabled !== undefined && typeof body.disabled !== "boolean") {
    return json({ error: "disabled must be true or false." }, 400);
  }
  if (!id) return json({ error: USER_TEXTS.notFound }, 404);
  const result = await updateUserByAdmin(
    db,
    id,
    {
      role: isRole(body.role) ? body.role : undefined,
      disabled: typeof body.disabled === "boolean" ? body.disabled : undefined,
    },
    actor,
    await salesMailOf(services),
  );
  return result.ok ? json(result.user) : refused(result);
}
