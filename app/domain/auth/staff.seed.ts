// The seeded accounts: the admin (username `admin`) and the demo sales rep and manager.
// Passwords come from ADMIN_PASSWORD / DEMO_PASSWORD, else are generated and announced once.
import type { Db } from "#app/platform/db/client.server.ts";
import { generatePassword } from "./password.server.ts";
import type { Role } from "./roles.ts";
import { createUser, UserExistsError } from "./users.server.ts";

export interface StaffSeedOptions {
  adminPassword?: string;
  demoPassword?: string;
  /** Shows generated passwords to the operator (once: the step never runs again). */
  announce?: (lines: string[]) => void;
}

export const seededStaff: {
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  password: "admin" | "demo";
}[] = [
  {
    email: "admin@example.com",
    username: "admin",
    firstName: "Site",
    lastName: "Administrator",
    role: "admin",
    password: "admin",
  },
  {
    email: "rep@example.com",
    username: null,
    firstName: "Jordan",
    lastName: "Reed",
    role: "sales_rep",
    password: "demo",
  },
  {
    email: "manager@example.com",
    username: null,
    firstName: "Morgan",
    lastName: "Blake",
    role: "manager",
    password: "demo",
  },
];

export async function seedStaffUsers(db: Pick<Db, "insert">, options: StaffSeedOptions = {}) {
  const passwords = {
    admin: options.adminPassword ?? generatePassword(),
    demo: options.demoPassword ?? generatePassword(),
  };
  for (const account of seededStaff) {
    try {
      await createUser(db, { ...account, password: passwords[account.password] });
    } catch (error) {
      // An operator may have created the account with `npm run user` first: keep theirs.
      if (!(error instanceof UserExistsError)) throw error;
    }
  }
  const lines: string[] = [];
  if (!options.adminPassword) lines.push(`  admin (admin@example.com): ${passwords.admin}`);
  if (!options.demoPassword) {
    lines.push(`  rep@example.com and manager@example.com: ${passwords.demo}`);
  }
  if (lines.length) {
    options.announce?.([
      "Generated sign-in passwords (shown once; set ADMIN_PASSWORD / DEMO_PASSWORD to choose them,",
      "or reset one with `npm run user -- reset --email ...`):",
      ...lines,
    ]);
  }
}
