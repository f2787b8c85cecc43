// Two-factor sign-in (issue 20): enrolment confirmed by a code, ten recovery codes shown once,
// a sign-in in two steps with no session before the second, codes accepted once, recovery codes
// used once, wrong codes throttled, stale and reused tickets refused; turning it off needs the
// password and a code; an admin's reset needs the admin's password and tells the user.
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import type { AccountMail } from "#app/domain/auth/account.server.ts";
import { countSessions } from "#app/domain/auth/sessions.server.ts";
import {
  type SignInSettings,
  signIn,
  verifySecondFactor,
} from "#app/domain/auth/sign-in.server.ts";
import {
  confirmTotpEnrolment,
  disableTotp,
  resetTwoFactorByAdmin,
  startTotpEnrolment,
  TWO_FACTOR_TEXTS,
} from "#app/domain/auth/two-factor.server.ts";
import {
  createUser,
  findUserById,
  findUserByLogin,
  type UserRow,
} from "#app/domain/auth/users.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, recoveryCodes, users } from "#app/platform/db/schema.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { queuedMail } from "#tests/support/outbox.ts";

const PASSWORD = "violet kettle marathon 42";
const settings: SignInSettings = { idleMs: 3_600_000, maxMs: 86_400_000, rateLimit: 1000 };
let database: Database;
let user: UserRow;
let actor: Actor;
let queued: ReturnType<typeof queuedMail>["queued"];
let clearQueued: () => void;
let mail: AccountMail;

beforeEach(async () => {
  database = await createTestDatabase();
  ({ mail, queued, clear: clearQueued } = queuedMail(database));
  const created = await createUser(database.db, {
    email: "quinn@example.com",
    role: "sales_rep",
    password: PASSWORD,
  });
  user = (await findUserById(database.db, created.id)) as UserRow;
  actor = { user: { id: user.id, email: user.email }, ip: "198.51.100.7" };
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-27T10:00:05Z"));
});

afterEach(async () => {
  vi.useRealTimers();
  await database.close();
});

const reload = async () => (await findUserById(database.db, user.id)) as UserRow;
const codeNow = async (secret: string) => (await generateTOTP({ secret })).otp;
/** Moves the clock to the next 30-second step (a new code). */
const nextStep = () => vi.setSystemTime(new Date(Date.now() + 30_000));

async function enrol(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = await startTotpEnrolment(database.db, user, "Sigma Technology Partners");
  const secret = enrolment?.key.replaceAll(" ", "") ?? "";
  const done = await confirmTotpEnrolment(
    database.db,
    await reload(),
    await codeNow(secret),
    actor,
    mail,
  );
  if (!done.ok) throw new Error(done.error);
  user = await reload();
  return { secret, recoveryCodes: done.value.recoveryCodes };
}

const password = () =>
  signIn(database.db, settings, {
    login: "quinn@example.com",
    password: PASSWORD,
    roles: ["sales_rep"],
    ip: "198.51.100.7",
    door: "login",
  });

async function ticket(): Promise<string> {
  const first = await password();
  if (first.ok || first.reason !== "second_factor") throw new Error("no second step");
  return first.ticket;
}

const second = (t: string, code: string) =>
  verifySecondFactor(database.db, settings, { ticket: t, code, ip: "198.51.100.7" });

describe("enrolment", () => {
  it("shows a QR code drawn here and the key, and is confirmed by one valid code", async () => {
    const enrolment = await startTotpEnrolment(database.db, user, "Sigma Technology Partners");
    expect(enrolment?.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(enrolment?.qrSvg).not.toMatch(/href|<image|<script/i);
    expect(enrolment?.uri).toMatch(
      /^otpauth:\/\/totp\/Sigma%20Technology%20Partners:quinn%40example.com\?secret=[A-Z2-7]{32}&/,
    );
    // Not on until confirmed; a wrong code changes nothing.
    expect((await reload()).totpSecret).toBeNull();
    const wrong = await confirmTotpEnrolment(database.db, await reload(), "000000", actor, mail);
    expect(wrong).toMatchObject({
      ok: false,
      reason: "invalid",
      error: TWO_FACTOR_TEXTS.wrongCode,
    });
    expect((await reload()).totpSecret).toBeNull();

    const { recoveryCodes: codes } = await enrol();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = JSON.stringify(await database.db.select().from(recoveryCodes));
    expect(stored).toContain("codeHash");
    for (const code of codes) expect(stored).not.toContain(code);
    expect((await queued()).map((m) => m.template)).toEqual(["two-factor-on"]);
  });
});

describe("signing in with two-factor", () => {
  it("is two steps: no session before the code; a code is accepted once", async () => {
    const { secret } = await enrol();
    const t = await ticket();
    expect(await countSessions(database.db, user.id)).toBe(0);
    // The code that confirmed the enrolment is used up.
    expect(await second(t, await codeNow(secret))).toMatchObject({
      ok: false,
      reason: "wrong_code",
    });
    nextStep();
    const code = await codeNow(secret);
    const signedIn = await second(t, code);
    expect(signedIn).toMatchObject({ ok: true, value: { user: { id: user.id } } });
    expect(await countSessions(database.db, user.id)).toBe(1);
    // A code from two minutes ago (out of the one-step window) is stale.
    vi.setSystemTime(new Date(Date.now() - 120_000));
    const stale = await codeNow(secret);
    vi.setSystemTime(new Date(Date.now() + 120_000));
    expect(await second(await ticket(), stale)).toMatchObject({ ok: false, reason: "wrong_code" });
    // The ticket is used up; a new sign-in cannot reuse the code.
    expect(await second(t, code)).toEqual({ ok: false, reason: "expired" });
    expect(await second(await ticket(), code)).toMatchObject({ ok: false, reason: "wrong_code" });
  });

  it("a recovery code works once; a stale ticket is refused", async () => {
    const { recoveryCodes } = await enrol();
    const [first] = recoveryCodes as [string];
    expect(await second(await ticket(), ` ${first.toUpperCase()} `)).toMatchObject({ ok: true });
    expect(await second(await ticket(), first)).toMatchObject({ ok: false, reason: "wrong_code" });
    const actions = (await database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toContain("recovery_code_used");

    const stale = await ticket();
    vi.setSystemTime(new Date(Date.now() + 5 * 60_000 + 1000));
    expect(await second(stale, recoveryCodes[1] as string)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("wrong codes count toward the account's throttle", async () => {
    await enrol();
    const t = await ticket();
    for (let i = 0; i < 4; i++) await second(t, "123456");
    const again = await ticket();
    await second(again, "123456");
    expect(await second(again, "654321")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await password()).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("turning it off", () => {
  it("the owner needs their password and a code; an admin needs their own password", async () => {
    const { secret, recoveryCodes } = await enrol();
    expect(
      await disableTotp(database.db, user, { password: "wrong", code: "x" }, actor, mail),
    ).toMatchObject({ ok: false, fieldErrors: { password: TWO_FACTOR_TEXTS.wrongPassword } });
    expect(
      await disableTotp(database.db, user, { password: PASSWORD, code: "000000" }, actor, mail),
    ).toMatchObject({ ok: false, fieldErrors: { code: TWO_FACTOR_TEXTS.codeOrRecovery } });
    expect((await reload()).totpSecret).toBe(secret);
    expect(
      await disableTotp(
        database.db,
        await reload(),
        { password: PASSWORD, code: recoveryCodes[0] as string },
        actor,
        mail,
      ),
    ).toEqual({ ok: true });
    expect((await reload()).totpSecret).toBeNull();
    expect(await password()).toMatchObject({ ok: true });

    // An admin's reset, for someone who lost everything.
    user = await reload();
    await enrol();
    const admin = (await findUserByLogin(database.db, "admin")) as UserRow;
    await database.db
      .update(users)
      .set({ passwordHash: user.passwordHash })
      .where(eq(users.id, admin.id));
    const adminActor = { user: { id: admin.id, email: admin.email }, ip: "192.0.2.1" };
    const refused = await resetTwoFactorByAdmin(
      database.db,
      user.id,
      "not my password",
      adminActor,
      mail,
    );
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect((await reload()).totpSecret).not.toBeNull();
    clearQueued();
    const reset = await resetTwoFactorByAdmin(database.db, user.id, PASSWORD, adminActor, mail);
    expect(reset).toEqual({ ok: true });
    expect(await queued()).toMatchObject([{ template: "two-factor-off", to: "quinn@example.com" }]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "two_factor_reset"));
    expect(entry).toMatchObject({ actorId: admin.id, target: `user:${user.id}` });
  });
});
