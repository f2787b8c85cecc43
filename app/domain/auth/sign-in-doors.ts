// The three sign-in pages (/login, /admin, /portal): who may enter at each, what its form asks
// for, what it says when the sign-in fails, and where a signed-in person goes from there.
import {
  INVALID_ADMIN_SIGN_IN,
  INVALID_EMAIL_OR_PASSWORD,
  MISSING_EMAIL_OR_PASSWORD,
  MISSING_USERNAME_OR_PASSWORD,
} from "./auth.schema.ts";
import { ADMIN_ROLES, PORTAL_ROLES, type Role, SALES_ROLES } from "./roles.ts";

export interface SignInDoor {
  roles: readonly Role[];
  /** The form field holding the e-mail (or username). */
  field: "email" | "username";
  missing: string;
  failure: string;
  /** Where a successful sign-in goes when no redirectTo was given. */
  home: string;
}

export const doors = {
  login: {
    roles: SALES_ROLES,
    field: "email",
    missing: MISSING_EMAIL_OR_PASSWORD,
    failure: INVALID_EMAIL_OR_PASSWORD,
    home: "/sales-dashboard",
  },
  admin: {
    roles: ADMIN_ROLES,
    field: "username",
    missing: MISSING_USERNAME_OR_PASSWORD,
    failure: INVALID_ADMIN_SIGN_IN,
    home: "/admin/dashboard",
  },
  portal: {
    roles: PORTAL_ROLES,
    field: "email",
    missing: MISSING_EMAIL_OR_PASSWORD,
    failure: INVALID_EMAIL_OR_PASSWORD,
    home: "/portal",
  },
} satisfies Record<string, SignInDoor>;

export type DoorName = keyof typeof doors;

export const isDoor = (value: unknown): value is DoorName =>
  typeof value === "string" && Object.hasOwn(doors, value);
