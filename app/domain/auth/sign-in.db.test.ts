import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { listAudit } from "#app/web/audit-log.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { CODE_EXPIRED, tooManyAttempts, tooManyFailures } from "./auth.schema.ts";
import { rememberDevice } from "./devices.server.ts";
import { verifyPassword } from "./password.server.ts";
import type { PublicUser, Role } from "./roles.ts";
import { countSessions, findSession, hashToken } from "./sessions.server.ts";
import {
  checkAccountPassword,
  SIGN_IN_RATE_WINDOW_SECONDS,
  type SignInRequest,
  type SignInSettings,
  secondStepPasskeyOptions,
  signIn,
  signOut,
} from "./sign-in.server.ts";
import { seedStaffUsers } from "./staff.seed.ts";
import { FREE_FAILURES, LONGEST_WAIT_MS, waitAfter } from "./throttle.server.ts";
import {
  createUser,
  deleteUser,
  findUserByLogin,
  resetPassword,
  setUserDisabled,
  UserExistsError,
} from "./users.server.ts";

let database: Database;
const settings: SignInSettings = { idleMs: 8 * 3_600_000, maxMs: 7 * 86_400_000, rateLimit: 1000 };
const PASSWORD = "a-long-enough-password";
const t0 = new Date("2026-03-02T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
let rep: PublicUser;

beforeEach(async () => {
  database = await createTestDatabase();
  rep = await createUser(database.db, {
    email: "Casey.Rep@Example.com",
    role: "sales_rep",
    password: PASSWORD,
    firstName: "Casey",
    lastName: "Rep",
  });
});

afterEach(async () => {
  await database.close();
});

const attempt = (overrides: Partial<SignInRequest> = {}, now = t0) =>
  signIn(
    database.db,
    settings,
    {
      login: "casey.rep@example.com",
      password: PASSWORD,
      roles: ["sales_rep", "manager"],
      ip: "203.0.113.9",
      door: "login",
      ...overrides,
    },
    now,
  );

describe("signing in", () => {
  it("succeeds with the right password, case-insensitively by e-mail, and records it", async () => {
    const result = await attempt({ login: "  CASEY.REP@example.com " });
    expect(result).toMatchObject({ ok: true, value: { user: { id: rep.id, role: "sales_rep" } } });
    if (!result.ok) throw new Error("unreachable");
    expect(result.value.user).not.toHaveProperty("passwordHash");
    expect(result.value.expiresAt).toEqual(at(settings.maxMs));
    expect((await findSession(database.db, result.value.token, settings, t0))?.user.id).toBe(
      rep.id,
    );
    const [entry] = await listAudit(database.db);
    expect(entry).toMatchObject({ action: "sign_in", actorId: rep.id, ip: "203.0.113.9" });
  });

  it("stores only a hash of the session id", async () => {
    const result = await attempt();
    if (!result.ok) throw new Error("sign-in failed");
    const rows = await query<{ id_hash: string }>(database, "select id_hash from sessions");
    expect(rows.map((r) => r.id_hash)).toEqual([hashToken(result.value.token)]);
    expect(JSON.stringify(rows)).not.toContain(result.value.token);
  });

  it("accepts a username as well as an e-mail", async () => {
    await createUser(database.db, {
      email: "root@example.com",
      username: "Root",
      role: "admin",
      password: PASSWORD,
    });
    expect(await attempt({ login: "root", roles: ["admin"] })).toMatchObject({ ok: true });
  });

  it("answers the same for an unknown user, a wrong password, a disabled account and a wrong role", async () => {
    const unknown = await attempt({ login: "nobody@example.com" });
    const wrong = await attempt({ password: "not-the-password" });
    const role = await attempt({ roles: ["admin"] });
    await setUserDisabled(database.db, rep.id, true);
    const disabled = await attempt();
    await setUserDisabled(database.db, rep.id, false);
    for (const result of [unknown, wrong, role, disabled]) {
      expect(result).toEqual({ ok: false, reason: "invalid" });
    }
    const reasons = (await listAudit(database.db))
      .filter((e) => e.action === "sign_in_failed")
      .map((e) => e.details.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(["unknown_user", "wrong_password", "role_not_allowed", "disabled"]),
    );
  });

  it("verifies a hash even for an unknown user (the same work, so about the same time)", async () => {
    const time = async (login: string) => {
      const start = performance.now();
      await attempt({ login, password: "wrong-password" });
      return performance.now() - start;
    };
    await time("nobody@example.com"); // the dummy hash is made once
    // The quickest of three each, taken in turns: a pause of the machine lengthens one attempt,
    // never the quickest of three.
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time("nobody@example.com"));
      known.push(await time("casey.rep@example.com"));
    }
    // Both pay one argon2id verification (tens of ms); an early return would be ~1 ms.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 3);
  });

  it("after 5 failures each attempt waits longer (30 s, then doubling, at most 15 minutes)", async () => {
    expect([0, 4, 5, 6, 7, 20].map(waitAfter)).toEqual([
      0,
      0,
      30_000,
      60_000,
      120_000,
      LONGEST_WAIT_MS,
    ]);
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(await attempt({ password: `wrong-${i}` }, at(i))).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    // Even the right password waits (it is not looked at while the client must wait).
    expect(await attempt({}, at(1_000))).toEqual({
      ok: false,
      reason: "throttled",
      retryAfter: 30,
    });
    expect((await listAudit(database.db)).some((e) => e.action === "sign_in_throttled")).toBe(true);
    // After the wait, the right password gets in and the counter starts afresh.
    expect(await attempt({}, at(31_000))).toMatchObject({ ok: true });
    expect(await attempt({ password: "wrong" }, at(32_000))).toMatchObject({ reason: "invalid" });
  });

  it("twenty failures from strangers never keep the owner out of their own browser", async () => {
    const deviceToken = await rememberDevice(database.db, null, rep.id, t0);
    for (let i = 0; i < 20; i++) await attempt({ password: "guess", ip: "192.0.2.66" }, at(i));
    expect(await attempt({ ip: "192.0.2.66" }, at(100))).toMatchObject({ reason: "throttled" });
    // The owner, from their usual browser and another address: in at once.
    expect(await attempt({ deviceToken, ip: "198.51.100.20" }, at(100))).toMatchObject({
      ok: true,
    });
    // Another user's device cookie does not count as the owner's.
    const other = await createUser(database.db, {
      email: "other@example.com",
      role: "sales_rep",
      password: PASSWORD,
    });
    const foreignToken = await rememberDevice(database.db, null, other.id);
    expect(await attempt({ deviceToken: foreignToken }, at(200))).toMatchObject({
      reason: "throttled",
    });
    // A password reset starts every counter afresh.
    await resetPassword(database.db, rep.id, PASSWORD);
    expect(await attempt({}, at(300))).toMatchObject({ ok: true });
  });

  it("names no account has are throttled the same way: the answers never tell which exist", async () => {
    for (let i = 0; i < FREE_FAILURES; i++) await attempt({ login: "ghost@example.com" }, at(i));
    expect(await attempt({ login: "ghost@example.com" }, at(10))).toEqual({
      ok: false,
      reason: "throttled",
      retryAfter: 30,
    });
  });

  it("limits attempts per client IP in the database (429-style result), other IPs unaffected", async () => {
    const limited = { ...settings, rateLimit: 3 };
    const go = (ip: string) =>
      signIn(
        database.db,
        limited,
        { login: "x@example.com", password: "y", roles: ["admin"], ip, door: "admin" },
        t0,
      );
    for (let i = 0; i < 3; i++)
      expect(await go("198.51.100.1")).toMatchObject({ reason: "invalid" });
    expect(await go("198.51.100.1")).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await go("198.51.100.2")).toMatchObject({ reason: "invalid" });
  });

  it("gives a new session id at every sign-in and ends the one presented", async () => {
    const first = await attempt();
    if (!first.ok) throw new Error("sign-in failed");
    const second = await attempt({ previousToken: first.value.token });
    if (!second.ok) throw new Error("sign-in failed");
    expect(second.value.token).not.toBe(first.value.token);
    expect(await findSession(database.db, first.value.token, settings, t0)).toBeNull();
    expect(await findSession(database.db, second.value.token, settings, t0)).not.toBeNull();
  });
});

describe("checks after sign-in", () => {
  it("a password given after sign-in shares the sign-in throttle, and says why it is refused", async () => {
    const row = await findUserByLogin(database.db, rep.email);
    if (!row) throw new Error("no user");
    const client = { ip: "203.0.113.9" };
    const check = (password: string, ms: number) =>
      checkAccountPassword(database.db, row, password, client, at(ms));
    expect(await check(PASSWORD, 0)).toEqual({ ok: true, value: undefined });
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(await check("wrong", i + 1)).toEqual({
        ok: false,
        reason: "unauthorized",
        error: "Your password is not correct.",
      });
    }
    // The right password waits too, with the wait the answer's Retry-After names.
    expect(await check(PASSWORD, 1_000)).toEqual({
      ok: false,
      reason: "too-many",
      error: tooManyFailures(30),
      retryAfter: 30,
    });
    // The sign-in pages count the same failures.
    expect(await attempt({}, at(2_000))).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("a passkey's options for a ticket that is gone are refused; the address limit holds", async () => {
    const input = { ticket: "no-such-ticket", ip: "198.51.100.3", siteUrl: "http://localhost" };
    expect(await secondStepPasskeyOptions(database.db, settings, input, t0)).toEqual({
      ok: false,
      reason: "unauthorized",
      error: CODE_EXPIRED,
    });
    const limited = { ...settings, rateLimit: 1 };
    await secondStepPasskeyOptions(database.db, limited, input, t0);
    expect(await secondStepPasskeyOptions(database.db, limited, input, t0)).toEqual({
      ok: false,
      reason: "too-many",
      error: tooManyAttempts(SIGN_IN_RATE_WINDOW_SECONDS),
      retryAfter: SIGN_IN_RATE_WINDOW_SECONDS,
    });
  });
});

describe("sessions", () => {
  async function session() {
    const result = await attempt();
    if (!result.ok) throw new Error("sign-in failed");
    return result.value.token;
  }

  it("a signed-out session no longer works, and the sign-out is recorded", async () => {
    const token = await session();
    await signOut(database.db, settings, token, "203.0.113.9", t0);
    expect(await findSession(database.db, token, settings, t0)).toBeNull();
    expect((await listAudit(database.db))[0]).toMatchObject({
      action: "sign_out",
      actorId: rep.id,
    });
  });

  it("a deleted session or a deleted user's session no longer works", async () => {
    const token = await session();
    await query(database, "delete from sessions");
    expect(await findSession(database.db, token, settings, t0)).toBeNull();
    const other = await session();
    await deleteUser(database.db, rep.id);
    expect(await findSession(database.db, other, settings, t0)).toBeNull();
  });

  it("disabling a user ends all their sessions at once", async () => {
    const a = await session();
    const b = await session();
    expect(await countSessions(database.db, rep.id)).toBe(2);
    await setUserDisabled(database.db, rep.id, true);
    expect(await countSessions(database.db, rep.id)).toBe(0);
    expect(await findSession(database.db, a, settings, t0)).toBeNull();
    expect(await findSession(database.db, b, settings, t0)).toBeNull();
  });

  it("ends after 8 idle hours, and after 7 days whatever the activity", async () => {
    const token = await session();
    // Used every 7 hours: alive past the idle limit...
    for (let h = 7; h <= 7 * 23; h += 7) {
      expect(await findSession(database.db, token, settings, at(h * 3_600_000))).not.toBeNull();
    }
    // ...but not past 7 days.
    expect(await findSession(database.db, token, settings, at(settings.maxMs))).toBeNull();

    const idle = await session();
    expect(
      await findSession(database.db, idle, settings, at(settings.idleMs - 1000)),
    ).not.toBeNull();
    const later = at(settings.idleMs - 1000 + settings.idleMs);
    expect(await findSession(database.db, idle, settings, later)).toBeNull();
  });

  it("an unknown or absurd token is no session", async () => {
    expect(await findSession(database.db, "nope", settings, t0)).toBeNull();
    expect(await findSession(database.db, "x".repeat(5000), settings, t0)).toBeNull();
  });

  it("a password reset unlocks the account and ends its sessions", async () => {
    const token = await session();
    for (let i = 0; i < FREE_FAILURES; i++) await attempt({ password: "wrong" });
    await resetPassword(database.db, rep.id, "another-long-password");
    expect(await findSession(database.db, token, settings, t0)).toBeNull();
    expect(await attempt({ password: "another-long-password" })).toMatchObject({ ok: true });
  });
});

describe("users", () => {
  it("e-mail and username are unique whatever their case", async () => {
    await expect(
      createUser(database.db, {
        email: "CASEY.REP@example.com",
        role: "student",
        password: PASSWORD,
      }),
    ).rejects.toBeInstanceOf(UserExistsError);
  });

  it("the seed step creates the admin and the demo sales accounts with the given passwords", async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      const announced: string[][] = [];
      await seedStaffUsers(fresh.db, {
        adminPassword: "admin-password-1",
        announce: (lines) => announced.push(lines),
      });
      const rows = await query<{ email: string; username: string | null; role: Role }>(
        fresh,
        "select email, username, role from users order by id",
      );
      expect(rows).toEqual([
        { email: "admin@example.com", username: "admin", role: "admin" },
        { email: "rep@example.com", username: null, role: "sales_rep" },
        { email: "manager@example.com", username: null, role: "manager" },
      ]);
      const admin = await findUserByLogin(fresh.db, "admin");
      expect(await verifyPassword(admin?.passwordHash ?? "", "admin-password-1")).toBe(true);
      // Only the generated (demo) password is announced, once.
      expect(announced).toHaveLength(1);
      expect(announced[0]?.join("\n")).not.toContain("admin-password-1");
      const demo = /rep@example\.com and manager@example\.com: (\S+)/.exec(
        announced[0]?.join("\n") ?? "",
      )?.[1];
      const manager = await findUserByLogin(fresh.db, "manager@example.com");
      expect(await verifyPassword(manager?.passwordHash ?? "", demo ?? "")).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
