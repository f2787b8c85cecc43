// Accounts people run themselves (issue 20): invitations and password resets are one-time links
// (256-bit tokens stored as hashes, single use, expiring, only the newest works) delivered
// through the outbox, hidden from the mail log and forgotten once delivered; the password
// policy holds everywhere a password is chosen; changing it ends the other sessions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import {
  ACCOUNT_TEXTS,
  type AccountMail,
  changeOwnPassword,
  requestPasswordReset,
  resendInvitation,
  sendPasswordResetByAdmin,
  setPasswordWithLink,
} from "#app/domain/auth/account.server.ts";
import { LINK_TEXTS } from "#app/domain/auth/account-links.server.ts";
import { PASSWORD_TEXTS } from "#app/domain/auth/password-policy.server.ts";
import { createSession, findSession, hashToken } from "#app/domain/auth/sessions.server.ts";
import { type SignInRequest, signIn } from "#app/domain/auth/sign-in.server.ts";
import { findUserByLogin } from "#app/domain/auth/users.server.ts";
import { loadMailBrand } from "#app/domain/mail/brand.server.ts";
import { getMailContent, listMail, resendMail } from "#app/domain/mail/mail-log.server.ts";
import { HIDDEN_LINK } from "#app/domain/mail/mail-log.ts";
import { addUser, getUser, updateUserByAdmin } from "#app/domain/users/users-admin.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { accountTokens, auditLog, mailMessages } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { success } from "#app/platform/result.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { handBackOnLeave } from "#app/web/staff-leaving.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { outboxTo } from "#tests/support/outbox.ts";

const STRONG = "violet kettle marathon 42";
const STRONGER = "quiet harbor lantern 1987";
const settings = { idleMs: 3_600_000, maxMs: 86_400_000, rateLimit: 1000 };

let database: Database;
let catcher: MailCatcher;
let outbox: Outbox;
let mail: AccountMail;
let admin: Actor;
let dataDir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "accounts-"));
  catcher = await startMailCatcher();
  outbox = await outboxTo(database, catcher);
  const brand = await loadMailBrand({
    db: database.db,
    storage: createLocalStorage(join(dataDir, "uploads")),
    siteUrl: "https://www.example.com",
  });
  mail = { outbox, brand };
  const row = await findUserByLogin(database.db, "admin");
  admin = { user: { id: row?.id ?? 0, email: row?.email ?? "" }, ip: "192.0.2.1" };
});

afterEach(async () => {
  await outbox.stop();
  await catcher.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newRep = {
  email: "Sam.Seller@Example.com",
  firstName: "Sam",
  lastName: "Seller",
  role: "sales_rep" as const,
};

/** The token of the newest link e-mailed to `to`, as delivered. */
async function linkSentTo(to: string, count = 1): Promise<string> {
  await catcher.waitFor(
    () => catcher.messages.filter((m) => m.to.includes(to)).length >= count,
    10_000,
  );
  const message = catcher.messages.filter((m) => m.to.includes(to)).at(count - 1);
  const token = message?.text.match(/set-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no link in the message to ${to}`);
  return token;
}

const signInAs = (login: string, password: string, extra: Partial<SignInRequest> = {}) =>
  signIn(database.db, settings, {
    login,
    password,
    roles: ["sales_rep", "manager", "admin", "student", "instructor"],
    ip: "198.51.100.7",
    door: "login",
    ...extra,
  });

async function invite() {
  const added = await addUser(database.db, newRep, admin, mail);
  if (!added.ok) throw new Error(added.error);
  return added.value;
}

describe("invitations", () => {
  it("a new user has no usable password until the e-mailed link sets one, once", async () => {
    const user = await invite();
    expect(user.invitation).toBe("pending");
    expect((await signInAs("sam.seller@example.com", "")).ok).toBe(false);

    const token = await linkSentTo("sam.seller@example.com");
    const delivered = catcher.messages[0];
    expect(delivered?.parts).toContain("multipart/alternative");
    expect(delivered?.html).toContain(`/account/set-password?token=${token}`);
    // Only the token's hash is stored.
    const [stored] = await database.db.select().from(accountTokens);
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const result = await setPasswordWithLink(database.db, mail, {
      token,
      password: STRONG,
      confirmPassword: STRONG,
      ip: "198.51.100.7",
    });
    expect(result).toMatchObject({ ok: true, value: { purpose: "invitation" } });
    expect((await getUser(database.db, user.id))?.invitation).toBeNull();
    expect((await signInAs("sam.seller@example.com", STRONG)).ok).toBe(true);

    const again = await setPasswordWithLink(database.db, mail, {
      token,
      password: STRONGER,
      confirmPassword: STRONGER,
      ip: "198.51.100.7",
    });
    expect(again).toMatchObject({ ok: false, reason: "gone", error: LINK_TEXTS.invalid });
    expect((await signInAs("sam.seller@example.com", STRONG)).ok).toBe(true);
    const actions = (await database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user_created", "invitation_accepted"]));
  });

  it("refuses weak, short and mismatched passwords and keeps the link usable", async () => {
    await invite();
    const token = await linkSentTo("sam.seller@example.com");
    const attempt = (password: string, confirmPassword = password) =>
      setPasswordWithLink(database.db, mail, { token, password, confirmPassword, ip: "x" });
    expect(await attempt("short pass")).toMatchObject({
      ok: false,
      fieldErrors: { password: PASSWORD_TEXTS.tooShort },
    });
    expect(await attempt("password1234")).toMatchObject({
      fieldErrors: { password: PASSWORD_TEXTS.guessable },
    });
    // The person's own name does not make a password.
    expect(await attempt("samseller2026")).toMatchObject({
      fieldErrors: { password: PASSWORD_TEXTS.guessable },
    });
    expect(await attempt(STRONG, STRONGER)).toMatchObject({
      fieldErrors: { confirmPassword: PASSWORD_TEXTS.mismatch },
    });
    expect(await attempt("x".repeat(129))).toMatchObject({
      fieldErrors: { password: PASSWORD_TEXTS.tooLong },
    });
    expect((await attempt(STRONG)).ok).toBe(true);
  });

  it("only the newest link works; an altered, expired or disabled user's link is refused", async () => {
    const user = await invite();
    const first = await linkSentTo("sam.seller@example.com");
    expect((await resendInvitation(database.db, user.id, admin, mail)).ok).toBe(true);
    const second = await linkSentTo("sam.seller@example.com", 2);
    const use = (token: string) =>
      setPasswordWithLink(database.db, mail, {
        token,
        password: STRONG,
        confirmPassword: STRONG,
        ip: "x",
      });
    expect(await use(first)).toMatchObject({ ok: false, error: LINK_TEXTS.invalid });
    const altered = `${second.slice(0, -1)}${second.endsWith("A") ? "B" : "A"}`;
    expect(await use(altered)).toMatchObject({ ok: false, error: LINK_TEXTS.invalid });
    expect(await use("not-a-token")).toMatchObject({ ok: false, error: LINK_TEXTS.invalid });

    // 72 hours later the link has expired.
    const later = new Date(Date.now() + 73 * 3_600_000);
    expect(
      await setPasswordWithLink(
        database.db,
        mail,
        { token: second, password: STRONG, confirmPassword: STRONG, ip: "x" },
        later,
      ),
    ).toMatchObject({ ok: false, error: LINK_TEXTS.expired });

    // A link never enables a disabled account.
    await updateUserByAdmin(
      database.db,
      user.id,
      { disabled: true },
      admin,
      handBackOnLeave(mail, admin),
    );
    expect(await use(second)).toMatchObject({ ok: false, error: LINK_TEXTS.disabled });
    const row = await findUserByLogin(database.db, "sam.seller@example.com");
    expect(row).toMatchObject({ disabled: true, passwordHash: null });
    expect(await resendInvitation(database.db, user.id, admin, mail)).toMatchObject({
      ok: false,
      error: ACCOUNT_TEXTS.disabled,
    });
  });
});

describe("forgot password", () => {
  it("answers the same for unknown and known addresses, e-mails only the account owner", async () => {
    const started = performance.now();
    const unknown = await requestPasswordReset(database.db, mail, {
      email: "nobody@example.com",
      ip: "203.0.113.9",
    });
    const unknownMs = performance.now() - started;
    const again = performance.now();
    const known = await requestPasswordReset(database.db, mail, {
      email: "REP@example.com",
      ip: "203.0.113.9",
    });
    const knownMs = performance.now() - again;
    expect(unknown).toEqual({ ok: true });
    expect(known).toEqual({ ok: true });
    // Both take the floor's time; neither tells by its duration.
    expect(unknownMs).toBeGreaterThanOrEqual(790);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(400);
    const token = await linkSentTo("rep@example.com");
    expect(catcher.messages.flatMap((m) => m.to)).toEqual(["rep@example.com"]);
    expect(catcher.messages[0]?.subject).toContain("Choose a new password");

    // The reset unlocks the account and ends every session; the owner is told.
    const rep = await findUserByLogin(database.db, "rep@example.com");
    for (let i = 0; i < 5; i++) await signInAs("rep@example.com", "a wrong guess");
    expect(await signInAs("rep@example.com", "a wrong guess")).toMatchObject({
      reason: "throttled",
    });
    const session = await createSession(database.db, rep?.id ?? 0, settings);
    expect(
      await setPasswordWithLink(database.db, mail, {
        token,
        password: STRONG,
        confirmPassword: STRONG,
        ip: "203.0.113.9",
      }),
    ).toMatchObject({ ok: true, value: { purpose: "password_reset" } });
    expect(await findSession(database.db, session.token, settings)).toBeNull();
    expect((await signInAs("rep@example.com", STRONG)).ok).toBe(true);
    const notice = await catcher.waitFor((m) => m.subject.startsWith("Your password was changed"));
    expect(notice.to).toEqual(["rep@example.com"]);
  });

  it("a disabled account gets no link; the per-address and per-client limits hold", async () => {
    const rep = await findUserByLogin(database.db, "rep@example.com");
    await updateUserByAdmin(
      database.db,
      rep?.id ?? 0,
      { disabled: true },
      admin,
      handBackOnLeave(mail, admin),
    );
    expect(
      await requestPasswordReset(database.db, mail, { email: "rep@example.com", ip: "a" }),
    ).toEqual({ ok: true });
    expect(await database.db.select().from(accountTokens)).toEqual([]);

    // Three links an hour per address, whoever asks; then the same answer and no link.
    for (const ip of ["b", "c", "d", "e"]) {
      expect(
        await requestPasswordReset(database.db, mail, { email: "manager@example.com", ip }),
      ).toEqual({ ok: true });
    }
    // Counted where they are queued: delivery timing plays no part.
    const queuedTo = await database.db
      .select({ to: mailMessages.toAddress })
      .from(mailMessages)
      .where(eq(mailMessages.template, "password-reset"));
    expect(queuedTo).toHaveLength(3);
    expect(new Set(queuedTo.map((m) => m.to))).toEqual(new Set(["manager@example.com"]));

    // Ten asks an hour per client address, then 429 (Retry-After).
    let last: Awaited<ReturnType<typeof requestPasswordReset>> = success();
    for (let i = 0; i < 11; i++) {
      last = await requestPasswordReset(
        database.db,
        mail,
        { email: `x${i}@example.com`, ip: "f" },
        new Date(),
      );
    }
    expect(last).toMatchObject({ ok: false, reason: "too-many", retryAfter: expect.any(Number) });
  }, 30_000);
});

describe("the mail log never shows a one-time link", () => {
  it("redacts it, forgets it once delivered, and never resends it", async () => {
    const user = await invite();
    const token = await linkSentTo("sam.seller@example.com");
    const [entry] = await listMail(database.db);
    expect(entry).toMatchObject({ template: "account-invitation", oneTimeLink: true });
    expect(entry?.body).toContain(HIDDEN_LINK);
    expect(entry?.body).not.toContain(token);
    const content = await getMailContent(database.db, entry?.id ?? 0);
    expect(content?.html).toContain(HIDDEN_LINK);
    expect(content?.html).not.toContain(token);
    // Delivered: nothing stored holds the token any more.
    await expect
      .poll(async () => (await database.db.select().from(mailMessages))[0]?.secret)
      .toBeNull();
    const stored = JSON.stringify(await database.db.select().from(mailMessages));
    expect(stored).not.toContain(token);

    // A failed one is not resent from the log (a new link is sent from the Users screen).
    await database.db.update(mailMessages).set({ status: "failed" });
    expect(await resendMail(database.db, outbox, entry?.id ?? 0, admin)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect((await sendPasswordResetByAdmin(database.db, user.id, admin, mail)).ok).toBe(true);
  });
});

describe("changing one's password on /account", () => {
  it("needs the current password and a new, strong, different one; ends the other sessions", async () => {
    // The seeded demo password is unknown here: the owner chooses one through a reset first.
    await requestPasswordReset(database.db, mail, { email: "rep@example.com", ip: "z" });
    await setPasswordWithLink(database.db, mail, {
      token: await linkSentTo("rep@example.com"),
      password: STRONG,
      confirmPassword: STRONG,
      ip: "z",
    });
    const id = (await findUserByLogin(database.db, "rep@example.com"))?.id ?? 0;
    const mine = await createSession(database.db, id, settings);
    const other = await createSession(database.db, id, settings);
    const change = (currentPassword: string, password: string) =>
      changeOwnPassword(database.db, mail, {
        userId: id,
        sessionToken: mine.token,
        currentPassword,
        password,
        confirmPassword: password,
        client: { ip: "198.51.100.7" },
      });

    expect(await change("wrong password here", STRONGER)).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { currentPassword: ACCOUNT_TEXTS.wrongCurrent },
    });
    expect(await change(STRONG, STRONG)).toMatchObject({
      fieldErrors: { password: PASSWORD_TEXTS.same },
    });
    expect(await change(STRONG, "qwertyuiop123")).toMatchObject({
      fieldErrors: { password: PASSWORD_TEXTS.guessable },
    });
    // Refused changes changed nothing.
    expect((await signInAs("rep@example.com", STRONG)).ok).toBe(true);
    expect(await findSession(database.db, other.token, settings)).not.toBeNull();

    expect((await change(STRONG, STRONGER)).ok).toBe(true);
    expect(await findSession(database.db, mine.token, settings)).not.toBeNull();
    expect(await findSession(database.db, other.token, settings)).toBeNull();
    expect((await signInAs("rep@example.com", STRONG)).ok).toBe(false);
    expect((await signInAs("rep@example.com", STRONGER)).ok).toBe(true);
    const notice = await catcher.waitFor(
      (m) => m.subject.startsWith("Your password was changed") && m.text.includes("account page"),
    );
    expect(notice.to).toEqual(["rep@example.com"]);
    const actions = (await database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["password_change_failed", "password_changed"]));
  });
});
