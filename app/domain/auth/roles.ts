// Roles and the user shape the browser may see (no password hash, no counters). Client-safe.

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

/** "First Last", else the username, else the e-mail. */
export function displayName(
  user: Pick<PublicUser, "firstName" | "lastName" | "username" | "email">,
) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username || user.email;
}

/** An account's name fields as a left join reads them (all null: no account). */
export interface NamedAccount {
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Who a record says acted: an account by name, with its address as a hint ("" when the name is
 * the address); without an account, what was recorded ("System", "Visitor", a typed login).
 */
export function actorName(label: string, account: NamedAccount): { name: string; email: string } {
  if (account.email === null) return { name: label, email: "" };
  const name = displayName({
    email: account.email,
    username: account.username,
    firstName: account.firstName ?? "",
    lastName: account.lastName ?? "",
  });
  return { name, email: account.email === name ? "" : account.email };
}
