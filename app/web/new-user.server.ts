// Adding a user through a JSON door (POST /api/auth/register and POST /api/admin/users): the
// body's optional password checked by the password policy, the user created (and invited when
// no password was given), and the answer, which never holds a password.

import type { Actor } from "#app/domain/audit/audit.server.ts";
import { accountMailOf } from "#app/domain/auth/account.server.ts";
import { apiPassword } from "#app/domain/auth/password-policy.server.ts";
import type { NewUserInput } from "#app/domain/auth/users.schema.ts";
import { addUser } from "#app/domain/users/users-admin.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { json, jsonFailure } from "./http.server.ts";

/** 201 { user, invitation }, or the 400 of a refused password, or the refusal of addUser. */
export async function addUserAnswer(
  services: AppServices,
  actor: Actor,
  person: NewUserInput & { username?: string },
  rawPassword: unknown,
) {
  const password = await apiPassword(rawPassword, person);
  if (!password.ok) {
    return json({ error: password.error, errors: { password: password.error } }, 400);
  }
  const mail = await accountMailOf(services);
  const result = await addUser(services.db, person, actor, mail, password.value);
  if (!result.ok) return jsonFailure(result);
  return json({ user: result.value, invitation: result.value.invitation }, 201);
}
