// Seed step 0007: demo instructors, and the seeded courses assigned to them (certification
// courses to one, AI courses to the other), so the Training Portal shows an instructor's rosters.
import { and, eq, isNull } from "drizzle-orm";
import { generatePassword } from "#app/domain/auth/password.server.ts";
import { createUser, UserExistsError } from "#app/domain/auth/users.server.ts";
import type { DbTransaction } from "#app/platform/db/client.server.ts";
import { courses, users } from "#app/platform/db/schema.ts";

export interface InstructorSeedOptions {
  demoPassword?: string;
  announce?: (lines: string[]) => void;
}

export const seededInstructors = [
  {
    email: "instructor@example.com",
    firstName: "Avery",
    lastName: "Collins",
    kind: "certification",
  },
  {
    email: "ai.instructor@example.com",
    firstName: "Riley",
    lastName: "Brooks",
    kind: "ai",
  },
] as const;

export async function seedInstructors(tx: DbTransaction, options: InstructorSeedOptions = {}) {
  const password = options.demoPassword ?? generatePassword();
  for (const { kind, ...account } of seededInstructors) {
    try {
      await createUser(tx, { ...account, role: "instructor", password });
    } catch (error) {
      // An operator may have created the account first: keep theirs.
      if (!(error instanceof UserExistsError)) throw error;
    }
    const [instructor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, account.email), eq(users.role, "instructor")));
    if (!instructor) continue;
    // Only courses nobody assigned yet: staff choices made before this step stay.
    await tx
      .update(courses)
      .set({ instructorId: instructor.id })
      .where(and(eq(courses.kind, kind), isNull(courses.instructorId)));
  }
  if (!options.demoPassword) {
    options.announce?.([
      "Generated password of the demo instructors (shown once; set DEMO_PASSWORD to choose it):",
      `  ${seededInstructors.map((i) => i.email).join(" and ")}: ${password}`,
    ]);
  }
}
