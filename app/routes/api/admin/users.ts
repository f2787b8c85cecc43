import { isRole, ROLES } from "#app/domain/auth/roles.ts";
import { parseNewUser } from "#app/domain/auth/users.schema.ts";
import { listUsers } from "#app/domain/users/users-admin.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { byMethod, json, readJsonObject } from "#app/web/http.server.ts";
import { addUserAnswer } from "#app/web/new-user.server.ts";
import type { Route } from "./+types/users";

/** GET ?q=&role=: users, newest first. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const role = url.searchParams.get("role") || undefined;
  if (role !== undefined && !isRole(role)) {
    return json({ error: `Role must be one of: ${ROLES.join(", ")}.` }, 400);
  }
  const q = url.searchParams.get("q") ?? undefined;
  return json(await listUsers(services.db, { q, role }));
}

/**
 * POST { email, firstName, lastName, role, password? }: 201 { user, invitation }. The new user is
 * e-mailed an invitation, or takes the `password` given (checked by the password policy); the
 * answer never holds a password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        const body = await readJsonObject(request);
        const parsed = parseNewUser(body);
        if (!parsed.ok) {
          return json(
            { error: Object.values(parsed.fieldErrors)[0], errors: parsed.fieldErrors },
            400,
          );
        }
        return addUserAnswer(services, actor, parsed.value, body?.password);
      },
    },
    { loader: true },
  );
}
