import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#app/domain/auth/users.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { auditActors, countAudit, readAudit, recordAudit } from "./audit.server.ts";
import { auditKindOf } from "./audit-labels.ts";

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("the audit log", () => {
  it("pages through every entry and filters by person and kind", async () => {
    const db = database.db;
    const casey = await createUser(db, {
      email: "casey.audit@example.com",
      role: "sales_rep",
      password: "a-long-enough-password",
      firstName: "Casey",
      lastName: "Auditor",
    });
    const t0 = Date.parse("2026-03-02T09:00:00Z");
    // 120 entries: Casey's sign-ins, a system offer and a visitor's failed sign-in, in turn.
    for (let i = 0; i < 120; i++) {
      const at = new Date(t0 + i * 60_000);
      if (i % 3 === 0) await recordAudit(db, { action: "sign_in", actorId: casey.id, at });
      else if (i % 3 === 1) await recordAudit(db, { action: "registration_offered", at });
      else await recordAudit(db, { action: "sign_in_failed", actorLabel: "nobody", at });
    }
    const all = await countAudit(db);
    expect(all).toBeGreaterThanOrEqual(120);
    // Every entry is reachable, newest first, page after page, none twice.
    const seen: number[] = [];
    for (let offset = 0; offset < all; offset += 50) {
      seen.push(...(await readAudit(db, 50, { offset })).map((e) => e.id));
    }
    expect(new Set(seen).size).toBe(all);
    const first = await readAudit(db, 50);
    expect(first[0]?.action).toBe("sign_in_failed");

    const caseys = await readAudit(db, 200, { actor: casey.id });
    expect(caseys).toHaveLength(40);
    expect(caseys.every((e) => e.actor === "Casey Auditor")).toBe(true);
    expect(await countAudit(db, { actor: casey.id })).toBe(40);

    const registrations = await readAudit(db, 200, { kind: "registrations" });
    expect(registrations.map((e) => e.action)).toEqual(Array(40).fill("registration_offered"));
    const noAccount = await countAudit(db, { actor: "system", kind: "accounts" });
    expect(noAccount).toBe(40);
    expect(await countAudit(db, { actor: casey.id, kind: "registrations" })).toBe(0);
    expect((await auditActors(db)).map((p) => p.name)).toContain("Casey Auditor");
  });

  it("files each action under one kind", () => {
    expect(
      [
        "sign_in",
        "passkey_added",
        "user_deleted",
        "lead_assigned",
        "sales_target_set",
        "course_created",
        "cohort_deleted",
        "registration_paid",
        "slides_reordered",
        "settings_updated",
        "mail_resent",
      ].map(auditKindOf),
    ).toEqual([
      "accounts",
      "accounts",
      "accounts",
      "customers",
      "customers",
      "courses",
      "courses",
      "registrations",
      "content",
      "content",
      "mail",
    ]);
  });
});
