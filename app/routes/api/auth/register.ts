import { z } from "zod";
import { ROLES } from "#app/domain/auth/roles.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { json, methodNotAllowed } from "#app/web/http.server.ts";
import { addUserAnswer } from "#app/web/new-user.server.ts";
import { readSignInBody } from "#app/web/sign-in.server.ts";
import type { Route } from "./+types/register";

const registerSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }).max(254),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}.` }).default("sales_rep"),
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{2,64}$/, { error: "Username: 2 to 64 letters, digits, . _ or -." })
    .optional(),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
});

/**
 * POST /api/auth/register { email, role = sales_rep }: admins create users; there is no open
 * sign-up. The new user is e-mailed an invitation, or takes the `password` given (checked by the
 * password policy); no password is ever answered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { actor, services } = await requireAdmin(request, context);
  const body = await readSignInBody(request);
  const parsed = registerSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, 400);
  }
  return addUserAnswer(services, actor, parsed.data, body?.password);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed("POST");
}
