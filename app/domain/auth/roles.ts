// Roles and the user shape the browser may see (no password hash, no counters). Client-safe.

// A person's name: the audit area holds it, below identity, for the areas that record who acted.
export { displayName } from "#app/domain/audit/actor-name.ts";

export const ROLES = ["admin", "manager", "sales_rep", "instructor", "student"] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = {
  admin: "Administrator",
  manager: "Sales Manager",
  sales_rep: "Sales Representative",
  instructor: "Instructor",
  student: "Student",
};

/** Who may use which area. */
export const ADMIN_ROLES: readonly Role[] = ["admin"];
export const SALES_ROLES: readonly Role[] = ["sales_rep", "manager"];
export const PORTAL_ROLES: readonly Role[] = ["student", "instructor"];

/** The sign-in page of each role's area. */
export function signInPathOf(role: Role): "/admin" | "/login" | "/portal" {
  if (ADMIN_ROLES.includes(role)) return "/admin";
  return SALES_ROLES.includes(role) ? "/login" : "/portal";
}

/** Where each role works after signing in, and how the wrong-door notice names it. */
export function homeOf(role: Role): { to: string; label: string } {
  if (ADMIN_ROLES.includes(role)) return { to: "/admin/dashboard", label: "Go to the admin area" };
  if (SALES_ROLES.includes(role))
    return { to: "/sales-dashboard", label: "Go to the sales dashboard" };
  return { to: "/portal", label: "Go to the training portal" };
}

export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);

export interface PublicUser {
  id: number;
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
  role: Role;
}
