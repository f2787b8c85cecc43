import { isRole, ROLES } from "#app/domain/auth/roles.ts";
import { USER_TEXTS } from "#app/domain/auth/users.schema.ts";
import {
  deleteUserByAdmin,
  getUser,
  updateUserByAdmin,
} from "#app/domain/users/users-admin.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, jsonFailure, parseId, readJsonObject } from "#app/web/http.server.ts";
import { staffLeaving } from "#app/web/staff-leaving.server.ts";
import type { Route } from "./+types/user";

const notFound = () => json({ error: USER_TEXTS.notFound }, 404);

/** GET one user. Admins only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const user = id ? await getUser(services.db, id) : null;
  return user ? json(user) : notFound();
}

/** PATCH { role?, disabled? } and DELETE. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  return byMethod(
    request,
    {
      PATCH: async () => {
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
        if (!id) return notFound();
        const result = await updateUserByAdmin(
          services.db,
          id,
          {
            role: isRole(body.role) ? body.role : undefined,
            disabled: typeof body.disabled === "boolean" ? body.disabled : undefined,
          },
          actor,
          await staffLeaving(services, actor),
        );
        return result.ok ? json(result.value) : jsonFailure(result);
      },
      DELETE: async () => {
        if (!id) return notFound();
        const result = await deleteUserByAdmin(
          services.db,
          id,
          actor,
          await staffLeaving(services, actor),
        );
        return result.ok ? json({ ok: true, id }) : jsonFailure(result);
      },
    },
    { loader: true },
  );
}
