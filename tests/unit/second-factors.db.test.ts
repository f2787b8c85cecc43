// Trust at the edges of signing in (issue 30): a session knows how it was completed, and the
// rules that need two factors read the session, not what the account owns; sensitive changes
// ask again ("confirm it's you") and announce themselves; every check of a secret takes its
// attempt before it verifies, so N parallel guesses count N. Each refusal changes nothing.
import { randomBytes } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession, findSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import {
  type SignInSettings,
  signIn,
  verifySecondFactor,
} from "#app/domain/auth/sign-in.server.ts";
import { confirmTotpEnrolment, startTotpEnrolment } from "#app/domain/auth/two-factor.server.ts";
import { createUser, findUserById, type UserRow } from "#app/domain/auth/users.server.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createOutbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import * as accountRoute from "#app/routes/account/account.tsx";
import * as apiAccountPasskeysRoute from "#app/routes/api/account/passkeys.ts";
import * as apiLoginRoute from "#app/routes/api/auth/login.ts";
import { loader as listSlides } from "#app/routes/api/hero-slides.ts";
import { requireUser } from "#app/web/guard.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";

// The route modules' loaders and actions, called as React Router calls them.
const routeArgs = (request: Request, context: RouterContextProvider) =>
  ({ request, context, params: {} }) as never;
const accountAction = (request: Request, context: RouterContextProvider) =>
  accountRoute.action(routeArgs(request, context));
const accountLoader = (request: Request, context: RouterContextProvider) =>
  accountRoute.loader(routeArgs(request, context));
const apiLogin = async (request: Request, context: RouterContextProvider) =>
  apiLoginRoute.action(routeArgs(request, context));
const apiAccountPasskeys = (request: Request, context: RouterContextProvider) =>
  apiAccountPasskeysRoute.action(routeArgs(request, context));

const PASSWORD = "violet kettle marathon 42";
const IP = "198.51.100.7";
const settings: SignInSettings = { idleMs: 8 * 3_600_000, maxMs: 86_400_000, rateLimit: 1000 };
const env = parseEnv({ SIGNIN_RATE_LIMIT: "1000", SITE_URL: "http://localhost:3000" });

let database: Database;
let services: RequestServices;
let user: UserRow;

beforeEach(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    env,
    logger: pino({ level: "silent" }),
    // Never started: what is queued stays in mail_messages, as the transaction left it.
    outbox: createOutbox({
      database,
      logger: pino({ level: "silent" }),
      from: "Site <no-reply@example.com>",
      retryLimit: 0,
      retryDelaySeconds: 1,
      timeoutMs: 1000,
    }),
    storage: createLocalStorage("/tmp/second-factors-unused"),
    invalidatePages: async () => {},
    nonce: "",
    clientIp: IP,
  };
  const created = await createUser(database.db, {
    email: "quinn@example.com",
    role: "admin",
    password: PASSWORD,
    firstName: "Quinn",
  });
  user = (await findUserById(database.db, created.id)) as UserRow;
});

afterEach(async () => {
  vi.useRealTimers();
  await database.close();
});

const reload = async () => (await findUserById(database.db, user.id)) as UserRow;

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, services);
  return provider;
}

/** A request as a browser of this session sends it (cookie, same origin). */
function request(
  path: string,
  init: { token?: string; form?: Record<string, string>; json?: unknown } = {},
) {
  const headers = new Headers({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" });
  if (init.token) headers.set("cookie", `sid=${init.token}`);
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://localhost:3000${path}`, {
    method: body ? "POST" : "GET",
    headers,
    body,
  });
}

/** Runs a loader, action or door; a thrown Response (a redirect, a guard) is the answer too. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const result = (await run()) as unknown;
    if (result instanceof Response) {
      const text = await result.text();
      return { status: result.status, body: text ? JSON.parse(text) : null };
    }
    const data = result as { data?: unknown; init?: ResponseInit | null };
    if (data && typeof data === "object" && "data" in data) {
      return { status: data.init?.status ?? 200, body: data.data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: thrown.headers.get("Location") };
  }
}

const passwordSignIn = (overrides: { password?: string } = {}) =>
  signIn(database.db, settings, {
    login: "quinn@example.com",
    password: overrides.password ?? PASSWORD,
    roles: ["admin"],
    ip: IP,
    door: "admin",
  });

async function sessionToken(): Promise<string> {
  const result = await passwordSignIn();
  if (!result.ok) throw new Error(`no session: ${result.reason}`);
  return result.value.token;
}

async function turnOnTotp(): Promise<string> {
  const enrolment = await startTotpEnrolment(database.db, user, "Site");
  const secret = enrolment?.key.replaceAll(" ", "") ?? "";
  const { otp } = await generateTOTP({ secret });
  const mail = {
    outbox: services.outbox,
    brand: {
      siteName: "Site",
      email: "info@example.com",
      phone: "",
      address: "",
      siteUrl: env.SITE_URL,
      logo: null,
      timeZone: "America/Chicago",
    },
  };
  const done = await confirmTotpEnrolment(database.db, await reload(), otp, { user, ip: IP }, mail);
  if (!done.ok) throw new Error(done.error);
  user = await reload();
  return secret;
}

async function addPasskeyRow(userId = user.id) {
  await query(
    database,
    `insert into passkeys (user_id, credential_id, public_key, counter, transports, name) values (${userId}, '${randomBytes(16).toString("base64url")}', 'pk', 0, '[]', 'Work laptop')`,
  );
}

const auditCount = async (action: string, reason?: string) => {
  const rows = await query<{ n: number }>(
    database,
    `select count(*)::int as n from audit_log where action = '${action}'${reason ? ` and details->>'reason' = '${reason}'` : ""}`,
  );
  return rows[0]?.n ?? 0;
};

const mailTemplates = async () =>
  (
    await query<{ template: string }>(database, "select template from mail_messages order by id")
  ).map((r) => r.template);

async function requireTwoFactorForAdmins() {
  await query(
    database,
    `insert into staff_settings (key, value) values ('require_admin_two_factor', '"on"') on conflict (key) do update set value = excluded.value`,
  );
}

describe("second factors belong to the session", () => {
  it("a password sign-in by an admin who owns only a passkey asks for the passkey: no session, no token", async () => {
    await addPasskeyRow();
    const result = await passwordSignIn();
    expect(result).toMatchObject({ ok: false, reason: "second_factor", methods: ["passkey"] });
    const [{ n } = { n: -1 }] = await query<{ n: number }>(
      database,
      "select count(*)::int as n from sessions",
    );
    expect(n).toBe(0);
    // The JSON door: the same second step, no token.
    const api = await answer(() =>
      apiLogin(
        request("/api/auth/login", { json: { email: "quinn@example.com", password: PASSWORD } }),
        context(),
      ),
    );
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ twoFactorRequired: true, methods: ["passkey"] });
    expect(api.body).not.toHaveProperty("token");
    // A code cannot stand in for the passkey the account has.
    const ticket = (api.body as { ticket: string }).ticket;
    const code = await verifySecondFactor(database.db, settings, {
      ticket,
      code: "123456",
      ip: IP,
    });
    expect(code).toMatchObject({ ok: false, reason: "wrong_code" });
  });

  it("records how each session signed in; 'Require two-factor for admins' reads the session", async () => {
    const secret = await turnOnTotp();
    await requireTwoFactorForAdmins();
    // A session completed with the password alone (made before factors were recorded, or before
    // two-factor was turned on): the rule refuses it on every staff door, by Bearer token and
    // data request as well as by page, although the account owns a second factor.
    const { token } = await createSession(database.db, user.id, sessionSettings(env), {
      factors: ["password"],
    });
    const guard = (path: string, bearer = false) =>
      answer(() =>
        requireUser(
          bearer
            ? new Request(`http://localhost:3000${path}`, {
                headers: { authorization: `Bearer ${token}` },
              })
            : request(path, { token }),
          context(),
          { roles: ["admin"], signInPath: "/admin" },
        ),
      );
    expect(await guard("/admin/users")).toEqual({ status: 302, body: "/account?setup=two-factor" });
    expect(await guard("/admin/users.data")).toEqual({
      status: 302,
      body: "/account?setup=two-factor",
    });
    expect((await guard("/api/admin/users", true)).status).toBe(403);
    // The slides API serves such a session what it serves a visitor: the active slides only.
    await query(
      database,
      "update hero_slides set is_active = false where id = (select min(id) from hero_slides)",
    );
    const slides = async () =>
      (
        (
          await answer(() =>
            listSlides({
              request: request("/api/hero-slides", { token }),
              context: context(),
              params: {},
            } as unknown as Parameters<typeof listSlides>[0]),
          )
        ).body as unknown[]
      ).length;
    const [{ all } = { all: 0 }] = await query<{ all: number }>(
      database,
      'select count(*)::int as "all" from hero_slides',
    );
    expect(await slides()).toBe(all - 1);

    // Confirming it's them with a code completes the session: the doors open.
    // The next 30-second step: the code that turned two-factor on is used up.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + 31_000));
    const { otp: code } = await generateTOTP({ secret });
    const confirmed = await answer(() =>
      accountAction(request("/account", { token, form: { intent: "confirm", code } }), context()),
    );
    expect(confirmed.status).toBe(200);
    expect((await findSession(database.db, token, sessionSettings(env)))?.factors).toEqual([
      "password",
      "totp",
    ]);
    expect(await guard("/admin/users")).toMatchObject({ status: 200 });
    expect(await slides()).toBe(all);
  });

  it("the sessions list says how each session signed in", async () => {
    await addPasskeyRow();
    const { token } = await createSession(database.db, user.id, sessionSettings(env), {
      factors: ["passkey"],
    });
    await createSession(database.db, user.id, sessionSettings(env), {
      factors: ["password", "totp"],
    });
    await createSession(database.db, user.id, sessionSettings(env)); // before this was recorded
    const page = await answer(() => accountLoader(request("/account", { token }), context()));
    const sessions = (page.body as { sessions: { factors: string[]; current: boolean }[] })
      .sessions;
    expect(sessions.map((s) => s.factors).sort()).toEqual([[], ["passkey"], ["password", "totp"]]);
    expect(sessions.find((s) => s.current)?.factors).toEqual(["passkey"]);
  });
});

describe("sensitive changes ask again and announce themselves", () => {
  it("a session older than 10 minutes must confirm it's them before adding or removing a passkey or turning two-factor on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00Z"));
    const token = await sessionToken();
    await addPasskeyRow();
    const [{ id } = { id: 0 }] = await query<{ id: number }>(database, "select id from passkeys");
    vi.setSystemTime(new Date("2026-11-27T10:11:00Z"));

    const options = () =>
      answer(() =>
        apiAccountPasskeys(
          request("/api/account/passkeys", { token, json: { intent: "options" } }),
          context(),
        ),
      );
    const stale = [
      await options(),
      await answer(() =>
        accountAction(request("/account", { token, form: { intent: "totp-start" } }), context()),
      ),
      await answer(() =>
        accountAction(
          request("/account", { token, form: { intent: "remove-passkey", id: String(id) } }),
          context(),
        ),
      ),
    ];
    for (const refused of stale) {
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain("Confirm it's you first");
    }
    // Nothing changed.
    expect((await reload()).totpPendingSecret).toBeNull();
    expect(await query(database, "select id from passkeys")).toHaveLength(1);
    expect(
      await query(
        database,
        "select id_hash from auth_challenges where purpose = 'passkey_register'",
      ),
    ).toHaveLength(0);

    // A wrong password confirms nothing; the right one opens them for 10 minutes.
    const confirm = (password: string) =>
      answer(() =>
        accountAction(
          request("/account", { token, form: { intent: "confirm", password } }),
          context(),
        ),
      );
    expect((await confirm("not my password")).status).toBe(400);
    expect((await options()).status).toBe(403);
    expect((await confirm(PASSWORD)).status).toBe(200);
    const opened = await options();
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ challenge: expect.any(String) });
    const removed = await answer(() =>
      accountAction(
        request("/account", { token, form: { intent: "remove-passkey", id: String(id) } }),
        context(),
      ),
    );
    expect(removed.status).toBe(200);
    expect(await mailTemplates()).toEqual(["passkey-removed"]);
    const [notice] = await query<{ text_body: string; to_address: string }>(
      database,
      "select text_body, to_address from mail_messages",
    );
    expect(notice?.to_address).toBe("quinn@example.com");
    expect(notice?.text_body).toContain("Work laptop");
    expect(notice?.text_body).toContain(`From address: ${IP}`);
    expect(notice?.text_body).toContain("Browser: Chrome on Linux");
    // Ten more minutes later it asks again.
    vi.setSystemTime(new Date("2026-11-27T10:22:00Z"));
    expect((await options()).status).toBe(403);
  });

  it("turning two-factor on ends the other sessions; new recovery codes are announced", async () => {
    const other = await sessionToken();
    const token = await sessionToken();
    const post = (form: Record<string, string>) =>
      answer(() => accountAction(request("/account", { token, form }), context()));
    expect((await post({ intent: "totp-start" })).status).toBe(200);
    const secret = (await reload()).totpPendingSecret ?? "";
    const { otp } = await generateTOTP({ secret });
    const on = await post({ intent: "totp-confirm", code: otp });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      message: expect.stringContaining("1 other session was signed out"),
    });
    expect(await findSession(database.db, other, sessionSettings(env))).toBeNull();
    // This session gave the code: it counts as two factors from now on.
    expect((await findSession(database.db, token, sessionSettings(env)))?.secondFactor).toBe(true);

    const renewed = await post({ intent: "recovery-codes" });
    expect(renewed.status).toBe(200);
    expect((renewed.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(await mailTemplates()).toEqual(["two-factor-on", "recovery-codes-new"]);
  });

  it("a password reset by link and an admin's Reset two-factor also remove the passkeys, and say so", async () => {
    await addPasskeyRow();
    const { issueLink } = await import("#app/domain/auth/account-links.server.ts");
    const { setPasswordWithLink, accountMailOf } = await import(
      "#app/domain/auth/account.server.ts"
    );
    const link = await database.db.transaction((tx) => issueLink(tx, user.id, "password_reset"));
    const reset = await setPasswordWithLink(database.db, await accountMailOf(services), {
      token: link,
      password: "a brand new passphrase 77",
      confirmPassword: "a brand new passphrase 77",
      ip: IP,
    });
    expect(reset.ok).toBe(true);
    expect(
      await query(database, `select id from passkeys where user_id = ${user.id}`),
    ).toHaveLength(0);
    const [notice] = await query<{ text_body: string }>(
      database,
      "select text_body from mail_messages where template = 'password-changed'",
    );
    expect(notice?.text_body).toContain("your passkey was removed");

    // The admin's reset: another admin, with their own password.
    const { resetTwoFactorByAdmin } = await import("#app/domain/auth/two-factor.server.ts");
    await addPasskeyRow();
    const helper = await createUser(database.db, {
      email: "ops@example.com",
      role: "admin",
      password: PASSWORD,
    });
    const done = await resetTwoFactorByAdmin(
      database.db,
      user.id,
      PASSWORD,
      { user: helper, ip: IP },
      await accountMailOf(services),
    );
    expect(done).toEqual({ ok: true });
    expect(
      await query(database, `select id from passkeys where user_id = ${user.id}`),
    ).toHaveLength(0);
    const [off] = await query<{ text_body: string }>(
      database,
      "select text_body from mail_messages where template = 'two-factor-off'",
    );
    expect(off?.text_body).toContain("removed its passkeys");
  });
});

describe("throttles cannot be raced", () => {
  it("20 parallel wrong passwords for one account: 5 are looked at, the rest wait", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => passwordSignIn({ password: `wrong guess ${i}` })),
    );
    const reasons = results.map((r) => (r.ok ? "ok" : r.reason));
    expect(reasons.filter((r) => r === "invalid")).toHaveLength(5);
    expect(reasons.filter((r) => r === "throttled")).toHaveLength(15);
    expect(await auditCount("sign_in_failed", "wrong_password")).toBe(5);
    // Even the right password waits now.
    expect(await passwordSignIn()).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("20 parallel wrong codes on one ticket: exactly 5 are looked at", async () => {
    await turnOnTotp();
    const first = await passwordSignIn();
    if (first.ok || first.reason !== "second_factor") throw new Error("no second step");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verifySecondFactor(database.db, settings, {
          ticket: first.ticket,
          code: String(100000 + i),
          ip: IP,
        }),
      ),
    );
    // Exactly 5 reach the code (all wrong, each audited); the other 15 find the ticket's
    // attempts used up, and none gets through.
    const reasons = results.map((r) => (r.ok ? "ok" : r.reason));
    expect(reasons.filter((r) => r === "wrong_code")).toHaveLength(5);
    expect(reasons.filter((r) => r === "expired")).toHaveLength(15);
    expect(await auditCount("second_factor_failed")).toBe(5);
    // The ticket is used up.
    expect(
      await verifySecondFactor(database.db, settings, { ticket: first.ticket, code: "1", ip: IP }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("20 parallel wrong passwords to turn two-factor off are throttled like sign-ins", async () => {
    await turnOnTotp();
    const token = (
      await createSession(database.db, user.id, sessionSettings(env), {
        factors: ["password", "totp"],
      })
    ).token;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answer(() =>
          accountAction(
            request("/account", {
              token,
              form: { intent: "totp-disable", password: `wrong guess ${i}`, code: "123456" },
            }),
            context(),
          ),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await reload()).totpSecret).not.toBeNull();
    // The sign-in door of this client waits too: one throttle.
    expect(await passwordSignIn()).toMatchObject({ ok: false, reason: "throttled" });
  });
});
