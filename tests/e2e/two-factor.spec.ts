// Two-factor sign-in and passkeys (issue 20), tried as a new user would: the admin invites a
// sales rep, the rep follows the link from the delivered message, sets a password, signs in at
// /login, turns two-factor on, signs out and in again with password and code; a passkey made by
// Chromium's virtual authenticator then signs in alone. Also: the API's two steps, the admin's
// Reset two-factor, "Require two-factor for admins", and twenty wrong passwords that never keep
// the admin out of their own browser. The server answers at http://localhost:PORT (WebAuthn
// refuses IP addresses as relying parties), which is also its SITE_URL.
import { createServer } from "node:net";
import { type BrowserContextOptions, test as base, type Page } from "@playwright/test";
import { FREE_FAILURES } from "#app/domain/auth/throttle.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { unusedCode } from "#tests/support/totp.ts";
import { ADMIN_PASSWORD, expect, expectNoAxeViolations, hydrated, linkIn } from "./fixtures.ts";

const REP = { email: "robin.rep@example.com", first: "Robin", last: "Rep" };
const PASSWORD = "violet kettle marathon 42";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const test = base.extend<object, { mail: MailCatcher; site: AppServer }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const catcher = await startMailCatcher();
      await use(catcher);
      await catcher.stop();
    },
    { scope: "worker" },
  ],
  site: [
    async ({ mail }, use) => {
      const port = await freePort();
      const server = await startAppServer({
        env: {
          ADMIN_PASSWORD,
          SIGNIN_RATE_LIMIT: "1000",
          SMTP_URL: mail.url,
          PORT: String(port),
          SITE_URL: `http://localhost:${port}`,
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url.replace("127.0.0.1", "localhost"));
  },
});
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function signIn(page: Page, path: string, login: string, password: string) {
  await page.goto(path);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: /^(Email|Username or email)$/ }).fill(login);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: /^(Sign In|Login)$/ }).click();
}

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The 30-second steps whose codes the rep has used (the site takes each step's code once). */
const usedSteps: number[] = [];
let key = "";
/** The rep's recovery codes, as shown once (later steps sign in with them, not waiting for codes). */
let recovery: string[] = [];
/** The admin's own browser after the throttling test: its session and trusted-device cookie. */
let adminBrowser: BrowserContextOptions["storageState"];

test("invited, a password, two-factor on, signed in again with password and code", async ({
  page,
  browser,
  baseURL,
  mail,
}) => {
  // The admin invites the rep.
  await signIn(page, "/admin", "admin", ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/users?user=new");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await dialog.getByLabel("Email").fill(REP.email);
  await dialog.getByLabel("First Name").fill(REP.first);
  await dialog.getByLabel("Last Name").fill(REP.last);
  await dialog.getByLabel("Role").selectOption("sales_rep");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("An invitation");

  // The rep follows the link, chooses a password, signs in.
  const context = await browser.newContext({ baseURL });
  const rep = await context.newPage();
  await rep.goto(linkIn(await mail.waitFor((m) => m.to.includes(REP.email))));
  const card = rep.getByRole("main");
  await card.getByRole("textbox", { name: "New password", exact: true }).fill(PASSWORD);
  await card.getByLabel("Confirm the password").fill(PASSWORD);
  await card.getByRole("button", { name: "Set password" }).click();
  await expect(rep).toHaveURL(/\/login\?password=set$/);
  await signIn(rep, "/login", REP.email, PASSWORD);
  await expect(rep).toHaveURL(/\/sales-dashboard$/);

  // Two-factor on: the QR code and the key, a wrong code refused, then the right one.
  await rep.getByRole("link", { name: "Account", exact: true }).click();
  await hydrated(rep);
  const panel = rep.getByRole("region", { name: "Two-factor sign-in" });
  await panel.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(panel.locator("svg")).toBeVisible();
  key = ((await panel.getByTestId("totp-key").textContent()) ?? "").replaceAll(" ", "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(rep);
  await panel.getByLabel("Code from the app").fill("000000");
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByText(/That code is not right/)).toBeVisible();
  await panel.getByLabel("Code from the app").fill(await unusedCode(key, usedSteps));
  await panel.getByRole("button", { name: "Turn on" }).click();
  const codes = panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  recovery = await codes.allTextContents();
  await expect(
    await mail.waitFor((m) => m.subject.startsWith("Two-factor sign-in is on")),
  ).toBeTruthy();
  await rep.reload();
  await expect(panel).toContainText("10 of 10 recovery codes left");
  await expect(rep.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // Signed out, then in again: the password alone is not enough.
  await rep.getByRole("button", { name: "Logout" }).click();
  await signIn(rep, "/login", REP.email, PASSWORD);
  const step = rep.getByRole("main");
  await expect(step.getByLabel("Authentication code")).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain("sid");
  // A stranger calling a staff page with the half-signed-in state gets the sign-in page.
  await rep.goto("/sales-dashboard");
  await expect(rep).toHaveURL(/\/login\?redirectTo=/);
  await signIn(rep, "/login", REP.email, PASSWORD);
  await step.getByLabel("Authentication code").fill("123456");
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step.getByText(/That code is not right/)).toBeVisible();
  await expectNoAxeViolations(rep);
  await step.getByLabel("Authentication code").fill(await unusedCode(key, usedSteps));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(rep).toHaveURL(/\/sales-dashboard$/);
  await context.close();
});

test("a passkey made in the browser signs in alone", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await signIn(page, "/login", REP.email, PASSWORD);
  const step = page.getByRole("main");
  await step.getByLabel("Authentication code").fill(recovery[0] as string);
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);

  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText(
    "9 of 10 recovery codes left",
  );
  await hydrated(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys).toContainText("No passkey yet.");
  await passkeys.getByLabel("Name of the new passkey").fill("Test laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("cell", { name: "Test laptop", exact: true })).toBeVisible();

  // Signed out: a tampered assertion is refused (another origin, another user's account).
  await page.getByRole("button", { name: "Logout" }).click();
  const b64 = (value: string) => Buffer.from(value).toString("base64url");
  type Assertion = { response: { clientDataJSON: string; userHandle?: string } };
  const tampers: ((assertion: Assertion) => void)[] = [
    (r) => {
      const client = JSON.parse(Buffer.from(r.response.clientDataJSON, "base64url").toString());
      r.response.clientDataJSON = b64(
        JSON.stringify({ ...client, origin: "https://evil.example" }),
      );
    },
    (r) => {
      r.response.userHandle = b64("user-1");
    },
  ];
  for (const tamper of tampers) {
    await page.route("**/api/auth/passkey/verify", async (route) => {
      const body = route.request().postDataJSON();
      tamper(body.response);
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      /could not be verified|does not open an account here/,
    );
    await page.unroute("**/api/auth/passkey/verify");
  }
  // Enrolment from another origin is refused by the origin check; nothing starts.
  for (const [path, data] of [
    ["/account", { intent: "totp-start" }],
    ["/api/account/passkeys", { intent: "options" }],
  ] as const) {
    const forged = await page.request.post(path, {
      form: data,
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status(), path).toBe(403);
  }
  // Untouched, the passkey alone signs in (no password, no code).
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  await expect(page.getByText(`Welcome, ${REP.first} ${REP.last}`)).toBeVisible();
  // Signed in, the admin door says who the rep is; signed out, their passkey does not open it.
  await page.goto("/admin");
  const door = page.getByTestId("wrong-door");
  await expect(door).toContainText(`You are signed in as ${REP.first} ${REP.last}`);
  await door.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Username or email")).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "That passkey does not open an account here.",
  );
  await context.close();
});

test("the API signs in in two steps: login, then verify with the ticket and a code", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post("/api/auth/login", {
    data: { email: REP.email, password: PASSWORD },
  });
  const first = await login.json();
  expect(first).toMatchObject({ twoFactorRequired: true, ticket: expect.any(String) });
  expect(first).not.toHaveProperty("token");
  const wrong = await api.post("/api/auth/login/verify", {
    data: { ticket: first.ticket, code: "000000" },
  });
  expect(wrong.status()).toBe(401);
  const bad = await api.post("/api/auth/login/verify", { data: { ticket: "x", code: "" } });
  expect(bad.status()).toBe(400);
  const verified = await api.post("/api/auth/login/verify", {
    data: { ticket: first.ticket, code: recovery[1] },
  });
  expect(verified.status()).toBe(200);
  const { token, user } = await verified.json();
  expect(user).toMatchObject({ email: REP.email, role: "sales_rep" });
  const me = await api.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  // The ticket is used up.
  const again = await api.post("/api/auth/login/verify", {
    data: { ticket: first.ticket, code: recovery[2] },
  });
  expect(again.status()).toBe(401);
  await api.dispose();
});

const PAT = { email: "pat.manager@example.com", first: "Pat", last: "Manager" };

test("a passkey and no authenticator app: the password asks for the passkey, on the page and in the API", async ({
  browser,
  baseURL,
  playwright,
  mail,
}) => {
  // An admin (through the API) adds a manager who chooses a password.
  const admin = await playwright.request.newContext({ baseURL });
  const signedIn = await (
    await admin.post("/api/auth/login", { data: { email: "admin", password: ADMIN_PASSWORD } })
  ).json();
  const bearer = { authorization: `Bearer ${signedIn.token}` };
  const created = await admin.post("/api/admin/users", {
    headers: bearer,
    data: {
      email: PAT.email,
      role: "manager",
      firstName: PAT.first,
      lastName: PAT.last,
      password: PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();

  // Pat adds a passkey (just signed in: confirmed), and is told by e-mail.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await signIn(page, "/login", PAT.email, PASSWORD);
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  await page.goto("/account");
  await hydrated(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name of the new passkey").fill("Pat's laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("cell", { name: "Pat's laptop", exact: true })).toBeVisible();
  const added = await mail.waitFor(
    (m) => m.to.includes(PAT.email) && m.subject.startsWith("A passkey was added"),
  );
  expect(added.text).toContain("Pat's laptop");
  expect(added.text).toMatch(/Browser: Chrome on \w+/);
  await page.getByRole("button", { name: "Logout" }).click();

  // The password alone is not enough: the second step asks for the passkey (no code field).
  await signIn(page, "/login", PAT.email, PASSWORD);
  const step = page.getByRole("main");
  await expect(step.getByRole("button", { name: "Use your passkey" })).toBeVisible();
  await expect(step.getByLabel("Authentication code")).toHaveCount(0);
  expect((await context.cookies()).map((c) => c.name)).not.toContain("sid");
  await expectNoAxeViolations(page);
  await hydrated(page);
  await step.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  // The sessions list says how this one signed in.
  await page.goto("/account");
  const current = page
    .getByRole("region", { name: "Sessions" })
    .getByRole("row", { name: /This browser/ });
  await expect(current).toContainText("Password and passkey");

  // The JSON door: the password answers a ticket and the methods, never a token; the passkey
  // answers the options /api/auth/login/passkey gives for the ticket, then verify gives one.
  const { first, token } = await page.evaluate(
    async (login) => {
      const b64 = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const out = (b: ArrayBuffer | null) =>
        b
          ? btoa(String.fromCharCode(...new Uint8Array(b)))
              .replace(/\+/g, "-")
              .replace(/\//g, "_")
              .replace(/=+$/, "")
          : undefined;
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      const first = await (await post("/api/auth/login", login)).json();
      const ticket = first.ticket;
      const options = await (await post("/api/auth/login/passkey", { ticket })).json();
      const credential = (await navigator.credentials.get({
        publicKey: {
          challenge: b64(options.challenge),
          rpId: options.rpId,
          userVerification: options.userVerification,
          allowCredentials: options.allowCredentials.map((c: { id: string }) => ({
            type: "public-key",
            id: b64(c.id),
          })),
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      const passkey = {
        id: credential.id,
        rawId: out(credential.rawId),
        type: credential.type,
        clientExtensionResults: {},
        response: {
          clientDataJSON: out(response.clientDataJSON),
          authenticatorData: out(response.authenticatorData),
          signature: out(response.signature),
          userHandle: out(response.userHandle),
        },
      };
      const verified = await post("/api/auth/login/verify", { ticket, passkey });
      return { first, token: (await verified.json()).token as string };
    },
    { email: PAT.email, password: PASSWORD },
  );
  expect(first).toMatchObject({ twoFactorRequired: true, methods: ["passkey"] });
  expect(first).not.toHaveProperty("token");
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const me = await page.request.get("/api/auth/me", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await me.json()).user).toMatchObject({ email: PAT.email });
  await context.close();
});

test("twenty wrong passwords for the admin from elsewhere: the admin still signs in from their browser", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The admin's own browser signs in once: it keeps the trusted-device cookie.
  await signIn(page, "/admin", "admin", ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole("button", { name: "Logout" }).click();

  const stranger = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await stranger.post("/admin", {
      form: { username: "admin", password: `guess-${i}` },
      headers: { origin: baseURL as string },
      maxRedirects: 0,
    });
    statuses.push(res.status());
  }
  // The free failures are refused as wrong; every attempt after them waits.
  expect(statuses).toEqual([
    ...Array(FREE_FAILURES).fill(401),
    ...Array(20 - FREE_FAILURES).fill(429),
  ]);
  // Even the right password waits, elsewhere.
  const right = await stranger.post("/admin", {
    form: { username: "admin", password: ADMIN_PASSWORD },
    headers: { origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(right.status()).toBe(429);
  await stranger.dispose();

  await signIn(page, "/admin", "admin", ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The audit log shows the failures per account.
  await page.goto("/admin/audit");
  const failed = page.getByRole("table", { name: /Failed sign-ins in the last 24 hours/ });
  await expect(failed.getByRole("row", { name: /admin@example.com/ })).toContainText("20");
  adminBrowser = await page.context().storageState();
});

test("Require two-factor for admins; an admin resets a user's two-factor with their password", async ({
  browser,
  baseURL,
  mail,
}) => {
  // The admin's own browser: strangers' failures above keep every other client waiting.
  const context = await browser.newContext({ baseURL, storageState: adminBrowser });
  const page = await context.newPage();
  await page.goto("/admin/settings");
  await hydrated(page);
  const staff = page.getByRole("region", { name: "Staff settings" });
  await staff.getByLabel("Require two-factor for admins").check();
  await staff.getByRole("button", { name: "Save Staff Settings" }).click();
  // Saved: from now on every admin screen sends this admin (without two-factor) to set it up.
  await expect(page).toHaveURL(/\/account\?setup=two-factor$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/account\?setup=two-factor$/);
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText(
    "Administrators must sign in with two factors here",
  );
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);

  // Set up: then the Users screen opens again.
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Two-factor sign-in" });
  await panel.getByRole("button", { name: "Set up two-factor" }).click();
  const adminKey = ((await panel.getByTestId("totp-key").textContent()) ?? "").replaceAll(" ", "");
  await panel.getByLabel("Code from the app").fill(await unusedCode(adminKey, []));
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByRole("list", { name: "Recovery codes" })).toBeVisible();

  await page.goto("/admin/users");
  await hydrated(page);
  const row = page.getByTestId(`user-${REP.email}`);
  await expect(row).toContainText("Two-factor on");
  await row.getByRole("link", { name: `Reset two-factor of ${REP.first} ${REP.last}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Two-Factor" });
  await dialog.getByLabel("Your password, to confirm").fill("not my password");
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(dialog.getByText("Your password is not correct.")).toBeVisible();
  await dialog.getByLabel("Your password, to confirm").fill(ADMIN_PASSWORD);
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `Two-factor sign-in is off for ${REP.first} ${REP.last}`,
  );
  await expect(row).not.toContainText("Two-factor on");
  const notice = await mail.waitFor(
    (m) => m.to.includes(REP.email) && m.subject.startsWith("Two-factor sign-in is off"),
  );
  expect(notice.text).toContain("An administrator turned two-factor sign-in off");
  await context.close();
});
