import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { AccountMail } from "#app/domain/auth/account.server.ts";
import { createSession, findSession } from "#app/domain/auth/sessions.server.ts";
import { parseNewUser, USER_TEXTS } from "#app/domain/auth/users.schema.ts";
import { createUser, findUserByLogin } from "#app/domain/auth/users.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, sessions, users } from "#app/platform/db/schema.ts";
import { handBackOnLeave } from "#app/web/staff-leaving.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import { addUser, deleteUserByAdmin, listUsers, updateUserByAdmin } from "./users-admin.server.ts";

const settings = { idleMs: 3_600_000, maxMs: 86_400_000 };
let database: Database;
let admin: Actor;
/** The messages queued by committed changes (an outbox that is never started). */
let queued: ReturnType<typeof queuedMail>["queued"];
let mail: AccountMail;

beforeEach(async () => {
  database = await createTestDatabase();
  ({ mail, queued } = queuedMail(database));
  const row = (await findUserByLogin(database.db, "admin")) as NonNullable<
    Awaited<ReturnType<typeof findUserByLogin>>
  >;
  admin = { user: { id: row.id, email: row.email, username: row.username }, ip: "192.0.2.1" };
});
afterEach(async () => {
  await database?.close().catch(() => {});
});

const input = {
  email: "Sam.Seller@Example.com",
  firstName: "Sam",
  lastName: "Seller",
  role: "sales_rep" as const,
};

async function auditActions() {
  return (await database.db.select().from(auditLog)).map((a) => a.action);
}

describe("Add User", () => {
  it("creates the user without a password, queues the invitation and audits it", async () => {
    const result = await addUser(database.db, input, admin, mail);
    if (!result.ok) throw new Error(result.error);
    expect(result.value).toMatchObject({
      email: "sam.seller@example.com",
      firstName: "Sam",
      lastName: "Seller",
      role: "sales_rep",
      disabled: false,
      invitation: "pending",
    });
    const row = await findUserByLogin(database.db, "sam.seller@example.com");
    expect(row?.passwordHash).toBeNull();
    expect(await queued()).toMatchObject([
      { template: "account-invitation", to: "sam.seller@example.com" },
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user_created"));
    expect(entry).toMatchObject({ actorId: admin.user.id, target: `user:${result.value.id}` });
    expect(JSON.stringify(entry)).not.toMatch(/token/i);
  });

  it("refuses a duplicate e-mail (any case) and changes nothing", async () => {
    await addUser(database.db, input, admin, mail);
    const before = (await listUsers(database.db)).length;
    const again = await addUser(
      database.db,
      { ...input, email: "SAM.seller@example.com" },
      admin,
      mail,
    );
    expect(again).toEqual({ ok: false, reason: "conflict", error: USER_TEXTS.duplicate });
    expect(await listUsers(database.db)).toHaveLength(before);
    expect((await queued()).map((m) => m.to)).toEqual(["sam.seller@example.com"]);
  });

  it("validates email, first and last name and role", () => {
    expect(parseNewUser({})).toEqual({
      ok: false,
      reason: "invalid",
      error: "Please correct the highlighted fields.",
      fieldErrors: {
        email: "Email is required.",
        firstName: "First name is required.",
        lastName: "Last name is required.",
        role: expect.stringMatching(/^Role must be one of: admin, manager/),
      },
    });
    const bad = parseNewUser({ ...input, email: "not-an-email", role: "root" });
    expect(bad.ok || bad.fieldErrors).toMatchObject({
      email: "Enter a valid email address.",
      role: expect.any(String),
    });
    expect(parseNewUser({ ...input, firstName: "  Sam " })).toMatchObject({
      ok: true,
      value: { firstName: "Sam" },
    });
  });
});

describe("listing", () => {
  it("searches by e-mail or name, filters by role, newest first", async () => {
    await addUser(database.db, input, admin, mail);
    await addUser(
      database.db,
      { email: "ivy@example.com", firstName: "Ivy", lastName: "Teach", role: "instructor" },
      admin,
      mail,
    );
    expect((await listUsers(database.db, { q: "seller" })).map((u) => u.email)).toEqual([
      "sam.seller@example.com",
    ]);
    expect((await listUsers(database.db, { q: "Ivy Teach" })).map((u) => u.email)).toEqual([
      "ivy@example.com",
    ]);
    expect((await listUsers(database.db, { q: "IVY@" })).map((u) => u.email)).toEqual([
      "ivy@example.com",
    ]);
    // Newest first; the seeded demo instructors come after the new one.
    const instructors = (await listUsers(database.db, { role: "instructor" })).map((u) => u.email);
    expect(instructors[0]).toBe("ivy@example.com");
    expect(instructors).not.toContain("sam.seller@example.com");
    // A LIKE wildcard is searched for literally.
    expect(await listUsers(database.db, { q: "%" })).toEqual([]);
    const all = await listUsers(database.db);
    expect(all[0]?.email).toBe("ivy@example.com");
    expect(Object.keys(all[0] ?? {})).not.toContain("passwordHash");
  });
});

describe("role, disable, delete", () => {
  it("changing a role is audited; disabling ends the user's sessions at once", async () => {
    const created = await addUser(database.db, input, admin, mail);
    if (!created.ok) throw new Error("not created");
    const id = created.value.id;
    const session = await createSession(database.db, id, settings);
    const role = await updateUserByAdmin(
      database.db,
      id,
      { role: "manager" },
      admin,
      handBackOnLeave(mail, admin),
    );
    expect(role).toMatchObject({ ok: true, value: { role: "manager" } });
    expect(await findSession(database.db, session.token, settings)).not.toBeNull();

    const disabled = await updateUserByAdmin(
      database.db,
      id,
      { disabled: true },
      admin,
      handBackOnLeave(mail, admin),
    );
    expect(disabled).toMatchObject({ ok: true, value: { disabled: true } });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await findSession(database.db, session.token, settings)).toBeNull();

    expect(
      await updateUserByAdmin(
        database.db,
        id,
        { disabled: false },
        admin,
        handBackOnLeave(mail, admin),
      ),
    ).toMatchObject({
      ok: true,
      value: { disabled: false },
    });
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["user_role_changed", "user_disabled", "user_enabled"]),
    );
  });

  it("the last active admin keeps the admin role, stays enabled and is not deleted", async () => {
    const self = admin.user.id;
    for (const changes of [{ role: "manager" as const }, { disabled: true }]) {
      expect(
        await updateUserByAdmin(database.db, self, changes, admin, handBackOnLeave(mail, admin)),
      ).toEqual({
        ok: false,
        reason: "conflict",
        error: USER_TEXTS.lastAdmin,
      });
    }
    expect(
      await deleteUserByAdmin(database.db, self, admin, handBackOnLeave(mail, admin)),
    ).toMatchObject({
      error: USER_TEXTS.lastAdmin,
    });
    // Even when someone else asks (e.g. an admin account since removed).
    const other: Actor = { user: { id: 999_999, email: "gone@example.com" }, ip: "" };
    expect(
      await updateUserByAdmin(
        database.db,
        self,
        { role: "student" },
        other,
        handBackOnLeave(mail, other),
      ),
    ).toMatchObject({
      error: USER_TEXTS.lastAdmin,
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, self));
    expect(row).toMatchObject({ role: "admin", disabled: false });
  });

  it("with a second admin: no one removes their own admin role, disables or deletes themself; others can", async () => {
    const second = await addUser(
      database.db,
      { email: "second@example.com", firstName: "Sec", lastName: "Ond", role: "admin" },
      admin,
      mail,
    );
    if (!second.ok) throw new Error("not created");
    const self = admin.user.id;
    expect(
      await updateUserByAdmin(
        database.db,
        self,
        { role: "manager" },
        admin,
        handBackOnLeave(mail, admin),
      ),
    ).toMatchObject({
      error: USER_TEXTS.ownAdminRole,
    });
    expect(
      await updateUserByAdmin(
        database.db,
        self,
        { disabled: true },
        admin,
        handBackOnLeave(mail, admin),
      ),
    ).toMatchObject({
      error: USER_TEXTS.ownAccountDisable,
    });
    expect(
      await deleteUserByAdmin(database.db, self, admin, handBackOnLeave(mail, admin)),
    ).toMatchObject({
      error: USER_TEXTS.ownAccountDelete,
    });
    // A role change and a refused disable in one request: nothing changes.
    const secondActor: Actor = { user: second.value, ip: "" };
    const both = await updateUserByAdmin(
      database.db,
      second.value.id,
      { role: "manager", disabled: true },
      secondActor,
      handBackOnLeave(mail, secondActor),
    );
    expect(both).toMatchObject({ ok: false, error: USER_TEXTS.ownAdminRole });
    expect(await listUsers(database.db, { role: "admin" })).toHaveLength(2);

    expect(
      await deleteUserByAdmin(database.db, second.value.id, admin, handBackOnLeave(mail, admin)),
    ).toMatchObject({
      ok: true,
    });
    expect(await listUsers(database.db, { q: "second@" })).toEqual([]);
    expect(await auditActions()).toContain("user_deleted");
  });

  it("answers not found for a missing user", async () => {
    expect(
      await updateUserByAdmin(
        database.db,
        424242,
        { role: "student" },
        admin,
        handBackOnLeave(mail, admin),
      ),
    ).toEqual({
      ok: false,
      reason: "not-found",
      error: USER_TEXTS.notFound,
    });
    expect(
      await deleteUserByAdmin(database.db, 424242, admin, handBackOnLeave(mail, admin)),
    ).toMatchObject({
      reason: "not-found",
    });
  });

  it("deleting a user ends their sessions; the audit log keeps who it was", async () => {
    const user = await createUser(database.db, {
      email: "temp@example.com",
      role: "student",
      password: "temp-password-1",
    });
    const session = await createSession(database.db, user.id, settings);
    expect(
      await deleteUserByAdmin(database.db, user.id, admin, handBackOnLeave(mail, admin)),
    ).toMatchObject({ ok: true });
    expect(await findSession(database.db, session.token, settings)).toBeNull();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user_deleted"));
    expect(entry).toMatchObject({
      target: `user:${user.id}`,
      details: { email: "temp@example.com", role: "student" },
    });
  });
});
