// The Users screen's rules and texts (/admin/users and /api/admin/users), shared by the server
// and the browser.
import * as z from "zod/mini";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { type Failure, failure, type Success, success } from "#app/platform/result.ts";
import { type FieldErrors, firstErrors } from "#app/platform/validation.ts";
import { ROLES, type Role, roleLabels } from "./roles.ts";

export const USER_TEXTS = {
  lastAdmin: "At least one active admin must remain: make another user an admin first.",
  ownAdminRole: "You cannot remove your own admin role.",
  ownAccountDisable: "You cannot disable your own account.",
  ownAccountDelete: "You cannot delete your own account.",
  notFound: "User not found.",
  duplicate: "A user with this email already exists.",
  stillReferenced: "This user is still referenced by other records; disable the account instead.",
  deleteConfirm: "Are you sure you want to delete this user?",
  chooseConsultations: (n: number) =>
    `They have ${n === 1 ? "an upcoming consultation" : `${n} upcoming consultations`}: choose whether to give ${n === 1 ? "it" : "them"} to other consultants or cancel ${n === 1 ? "it" : "them"}.`,
} as const;

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} is required.` }),
      z.maxLength(100, { error: `${label} must be at most 100 characters.` }),
    );

const role = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}.` });

export const newUserSchema = z.object({
  email: z.pipe(
    z
      .string({ error: "Email is required." })
      .check(
        z.trim(),
        z.minLength(1, { error: "Email is required." }),
        z.maxLength(254, { error: "Email must be at most 254 characters." }),
      ),
    z.email({ error: "Enter a valid email address." }),
  ),
  firstName: name("First name"),
  lastName: name("Last name"),
  role,
});
export type NewUserInput = z.infer<typeof newUserSchema>;

export const roleSchema = role;

/** The role filter and the role select: every role, by its label. */
export const roleOptions: { value: Role; label: string }[] = ROLES.map((value) => ({
  value,
  label: roleLabels[value],
}));

/** Input that does not hold: its messages by field, always there (the forms show them). */
export interface InvalidUser extends Failure {
  reason: "invalid";
  fieldErrors: FieldErrors;
}

const invalidUser = (fieldErrors: FieldErrors) =>
  failure("invalid", CORRECT_FIELDS, fieldErrors) as InvalidUser;

/** Validates Add User input from a form or JSON; missing fields count as empty. */
export function parseNewUser(raw: unknown): Success<NewUserInput> | InvalidUser {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return invalidUser({ form: "Send the user as a JSON object." });
  }
  const input = raw as Record<string, unknown>;
  const parsed = newUserSchema.safeParse({
    email: input.email ?? "",
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    role: input.role,
  });
  return parsed.success ? success(parsed.data) : invalidUser(firstErrors(parsed.error.issues));
}
