// User management (/admin/users): add a user (they are e-mailed an invitation, follow it and
// choose a password), they sign in, are disabled and lose their open session; the last admin
// and refusals; search and role filter; JSON doors.
import type { Page } from "@playwright/test";
import {
  adminTestWithMail,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  linkIn,
} from "./fixtures.ts";

const test = adminTestWithMail({});
test.describe.configure({ mode: "serial" });

const STRONG_PASSWORD = "violet kettle marathon 42";

const NEW_USER = { email: "sam.seller@example.com", first: "Sam", last: "Seller" };

async function openUsers(page: Page, path = "/admin/users") {
  await page.goto(path);
  await hydrated(page);
  return page.getByRole("main");
}

test("add a sales rep: validation, duplicate e-mail, the invitation; they choose a password, sign in, are disabled and signed out", async ({
  adminPage: page,
  browser,
  baseURL,
  mail,
}) => {
  test.setTimeout(120_000);
  const main = await openUsers(page);
  await expect(main.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  await expect(main.getByTestId("user-admin@example.com")).toContainText("(you)");
  await expectNoAxeViolations(page);

  // The Add User dialog, opened with the keyboard.
  await main.getByRole("link", { name: "Add User" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Role")).toContainText("Sales Representative");
  expect(await dialog.getByLabel("Role").locator("option").allTextContents()).toEqual([
    "Choose a role",
    "Administrator",
    "Sales Manager",
    "Sales Representative",
    "Instructor",
    "Student",
  ]);
  await expectNoAxeViolations(page);

  // Missing fields: every message, nothing created (a 400); a duplicate e-mail is a 409.
  expectHttpError(page, 400, "/admin/users");
  expectHttpError(page, 409, "/admin/users");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("Email is required.")).toBeVisible();
  await expect(dialog.getByText("First name is required.")).toBeVisible();
  await expect(dialog.getByText("Last name is required.")).toBeVisible();
  await expect(dialog.getByText(/^Role must be one of/)).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // A duplicate e-mail (another case) is refused, the typed values stay.
  await dialog.getByLabel("Email").fill("REP@example.com");
  await dialog.getByLabel("First Name").fill("Dup");
  await dialog.getByLabel("Last Name").fill("Licate");
  await dialog.getByLabel("Role").selectOption("sales_rep");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("A user with this email already exists.")).toBeVisible();
  await expect(dialog.getByLabel("First Name")).toHaveValue("Dup");

  // The real one: the dialog closes and the status line says the invitation is on its way.
  await dialog.getByLabel("Email").fill(NEW_USER.email);
  await dialog.getByLabel("First Name").fill(NEW_USER.first);
  await dialog.getByLabel("Last Name").fill(NEW_USER.last);
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(main.getByRole("status")).toHaveText(
    "Sam Seller was added as Sales Representative. An invitation to choose a password was sent to sam.seller@example.com.",
  );
  await expect(dialog).toBeHidden();
  const row = main.getByTestId(`user-${NEW_USER.email}`);
  await expect(row).toContainText("Sam Seller");
  await expect(row).toContainText("Invitation pending");
  await expect(row.getByLabel("Role of Sam Seller", { exact: true })).toHaveValue("sales_rep");
  // The day it was added, in the company's time zone ("November 24, 2026"), ISO underneath.
  await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expectNoAxeViolations(page);

  // The invitation arrives. Sent again, only the newest link works.
  const invitation = await mail.waitFor((m) => m.to.includes(NEW_USER.email));
  expect(invitation.subject).toBe("Your account is ready - Sigma Technology Partners");
  expect(invitation.parts).toContain("multipart/alternative");
  await row.getByRole("button", { name: "Resend invitation to Sam Seller" }).click();
  await expect(main.getByRole("status")).toHaveText(
    "A new invitation was sent to sam.seller@example.com.",
  );
  const resent = await mail.waitFor(
    (m) => m.to.includes(NEW_USER.email) && linkIn(m) !== linkIn(invitation),
  );
  const repContext = await browser.newContext({ baseURL });
  const rep = await repContext.newPage();
  expect((await rep.goto(linkIn(invitation)))?.status()).toBe(410);
  // The newest link leads to the page that sets the password.
  const link = linkIn(resent);
  await rep.goto(link);
  await hydrated(rep);
  const card = rep.getByRole("main");
  await expect(card.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(card).toContainText(NEW_USER.email);
  await expectNoAxeViolations(rep);
  // A guessable password is refused; the link still works.
  await card.getByRole("textbox", { name: "New password", exact: true }).fill("samseller2026");
  await card.getByLabel("Confirm the password").fill("samseller2026");
  await card.getByRole("button", { name: "Set password" }).click();
  await expect(card.getByText(/too easy to guess/)).toBeVisible();
  await card.getByRole("textbox", { name: "New password", exact: true }).fill(STRONG_PASSWORD);
  await card.getByLabel("Confirm the password").fill(STRONG_PASSWORD);
  await card.getByRole("button", { name: "Set password" }).click();
  await expect(rep).toHaveURL(/\/login\?password=set$/);
  await expect(rep.getByText("Your password is set. Sign in with it now.")).toBeVisible();
  await page.reload();
  await expect(row).not.toContainText("Invitation");
  await expect(
    row.getByRole("button", { name: "Send password reset to Sam Seller" }),
  ).toBeVisible();
  // The link works once.
  await rep.goto(link);
  await expect(rep.getByRole("main").getByRole("alert")).toContainText("This link does not work");

  // They sign in at /login with it.
  const password = STRONG_PASSWORD;
  await rep.goto("/login");
  await hydrated(rep);
  await rep.getByRole("main").getByLabel("Email").fill(NEW_USER.email);
  await rep.getByRole("main").getByLabel("Password").fill(password);
  await rep.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(rep).toHaveURL(/\/sales-dashboard$/);
  await expect(rep.getByText("Welcome, Sam Seller")).toBeVisible();

  // Disabled: their open session ends, and they cannot sign in again.
  await row.getByRole("button", { name: "Disable Sam Seller" }).click();
  await expect(main.getByRole("status")).toHaveText(
    "Sam Seller is disabled and signed out everywhere.",
  );
  await expect(row).toContainText("Disabled");
  await rep.reload();
  await expect(rep).toHaveURL(/\/login\?redirectTo=%2Fsales-dashboard$/);
  await hydrated(rep);
  await rep.getByRole("main").getByLabel("Email").fill(NEW_USER.email);
  await rep.getByRole("main").getByLabel("Password").fill(password);
  await rep.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(rep.getByRole("main").getByText("Invalid email or password")).toBeVisible();

  // Enabled again, then made a manager.
  await row.getByRole("button", { name: "Enable Sam Seller" }).click();
  await expect(main.getByRole("status")).toHaveText("Sam Seller can sign in again.");
  await row.getByLabel("Role of Sam Seller", { exact: true }).selectOption("manager");
  await row.getByRole("button", { name: "Save role of Sam Seller" }).click();
  await expect(main.getByRole("status")).toHaveText("Sam Seller is now Sales Manager.");
  await repContext.close();
});

test("the last admin cannot remove their admin role, disable or delete themself; nothing changes", async ({
  adminPage: page,
}) => {
  const main = await openUsers(page);
  const me = main.getByTestId("user-admin@example.com");
  const name = (await me.locator("p").first().textContent())?.replace("(you)", "").trim() ?? "";
  // Each refusal is a 409.
  expectHttpError(page, 409, "/admin/users");

  await me.getByLabel(`Role of ${name}`, { exact: true }).selectOption("sales_rep");
  await me.getByRole("button", { name: `Save role of ${name}` }).click();
  await expect(main.getByRole("alert")).toHaveText(
    "At least one active admin must remain: make another user an admin first.",
  );
  await page.reload();
  await expect(me.getByLabel(`Role of ${name}`, { exact: true })).toHaveValue("admin");

  await me.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(main.getByRole("alert")).toContainText("At least one active admin must remain");

  await me.getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete User" });
  await expect(dialog).toContainText("Are you sure you want to delete this user?");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Delete User" }).click();
  await expect(main.getByRole("alert")).toContainText("At least one active admin must remain");
  await expect(me).toBeVisible();
  await expect(me).not.toContainText("Disabled");

  // With a second admin, it is their own role they cannot remove.
  const created = await page.request.post("/api/admin/users", {
    headers: { origin: new URL(page.url()).origin },
    data: { email: "second.admin@example.com", firstName: "Sec", lastName: "Admin", role: "admin" },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await me.getByLabel(`Role of ${name}`, { exact: true }).selectOption("manager");
  await me.getByRole("button", { name: `Save role of ${name}` }).click();
  await expect(main.getByRole("alert")).toHaveText("You cannot remove your own admin role.");

  // Deleting another user works through the dialog, by keyboard.
  const second = main.getByTestId("user-second.admin@example.com");
  await second.getByRole("link", { name: "Delete Sec Admin" }).focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name: "Delete User" })
    .getByRole("button", { name: "Delete User" })
    .press("Enter");
  await expect(main.getByRole("status")).toHaveText(
    "Sec Admin (second.admin@example.com) was deleted.",
  );
  await expect(second).toHaveCount(0);
});

test("search by e-mail or name and filter by role; works at 375 px and without JavaScript", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const main = await openUsers(page);
  await main.getByLabel("Search by email or name").fill("jordan");
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=jordan/);
  await expect(main.getByRole("row")).toHaveCount(2);
  await expect(main.getByTestId("user-rep@example.com")).toBeVisible();

  await main.getByLabel("Search by email or name").fill("");
  await main.getByLabel("Role", { exact: true }).selectOption("manager");
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(main.getByTestId("user-manager@example.com")).toBeVisible();
  await expect(main.getByTestId("user-rep@example.com")).toHaveCount(0);
  await main.getByLabel("Role", { exact: true }).selectOption("instructor");
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(main.getByTestId("user-instructor@example.com")).toBeVisible();
  await expect(main.getByTestId("user-manager@example.com")).toHaveCount(0);
  await main.getByLabel("Role", { exact: true }).selectOption("student");
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(main.getByText("No users match this search.")).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await openUsers(page);
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);

  // Without JavaScript the dialog is a section of the page and the form posts as usual.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.goto("/admin/users?user=new");
  const section = plain.getByRole("region", { name: "Add New User" });
  await section.getByLabel("Email").fill("ivy.teach@example.com");
  await section.getByLabel("First Name").fill("Ivy");
  await section.getByLabel("Last Name").fill("Teach");
  await section.getByLabel("Role").selectOption("instructor");
  await section.getByRole("button", { name: "Create User" }).click();
  await expect(plain.getByRole("status")).toContainText(
    "An invitation to choose a password was sent to ivy.teach@example.com.",
  );
  await expect(plain.getByTestId("user-ivy.teach@example.com")).toContainText("Invitation pending");
  await context.close();
});

test("JSON doors: admins list, create, change and delete; others get 401 or 403", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const origin = { origin: baseURL as string };
  const list = await page.request.get("/api/admin/users?role=manager");
  expect(list.status()).toBe(200);
  expect((await list.json()).map((u: { email: string }) => u.email)).toContain(
    "manager@example.com",
  );
  expect(JSON.stringify(await list.json())).not.toMatch(/password/i);
  expect((await page.request.get("/api/admin/users?role=root")).status()).toBe(400);

  const bad = await page.request.post("/api/admin/users", {
    headers: origin,
    data: { email: "x" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe("Enter a valid email address.");
  const dup = await page.request.post("/api/admin/users", {
    headers: origin,
    data: { email: "rep@example.com", firstName: "A", lastName: "B", role: "student" },
  });
  expect(dup.status()).toBe(409);

  const made = await page.request.post("/api/admin/users", {
    headers: origin,
    data: { email: "api.user@example.com", firstName: "Api", lastName: "User", role: "student" },
  });
  expect(made.status()).toBe(201);
  const { user, invitation, ...rest } = await made.json();
  expect(invitation).toBe("pending");
  expect(rest).toEqual({});
  // A password given through the API must pass the password policy.
  const weak = await page.request.post("/api/admin/users", {
    headers: origin,
    data: {
      ...{ email: "weak@example.com", firstName: "W", lastName: "K", role: "student" },
      password: "password1234",
    },
  });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).errors.password).toMatch(/too easy to guess/);
  const patched = await page.request.patch(`/api/admin/users/${user.id}`, {
    headers: origin,
    data: { role: "instructor", disabled: true },
  });
  expect(await patched.json()).toMatchObject({ role: "instructor", disabled: true });
  const wrong = await page.request.patch(`/api/admin/users/${user.id}`, {
    headers: origin,
    data: { role: "wizard" },
  });
  expect(wrong.status()).toBe(400);
  expect(
    (await page.request.delete(`/api/admin/users/${user.id}`, { headers: origin })).status(),
  ).toBe(200);
  expect((await page.request.get(`/api/admin/users/${user.id}`)).status()).toBe(404);

  // Anonymous: 401 from the API, the sign-in page from the screen.
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const [method, path] of [
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users"],
    ["PATCH", "/api/admin/users/1"],
    ["DELETE", "/api/admin/users/1"],
  ] as const) {
    const res = await anonymous.fetch(path, { method, data: {}, headers: origin });
    expect(res.status(), `${method} ${path}`).toBe(401);
  }
  const screen = await anonymous.get("/admin/users", { maxRedirects: 0 });
  expect(screen.status()).toBe(302);
  expect(screen.headers().location).toBe("/admin?redirectTo=%2Fadmin%2Fusers");

  // A sales manager and a sales rep (signed in through the API): 403.
  for (const role of ["manager", "sales_rep"]) {
    await page.request.post("/api/admin/users", {
      headers: origin,
      data: {
        email: `${role}.api@example.com`,
        firstName: "Not",
        lastName: "Admin",
        role,
        password: STRONG_PASSWORD,
      },
    });
    const login = await anonymous.post("/api/auth/login", {
      data: { email: `${role}.api@example.com`, password: STRONG_PASSWORD },
    });
    const { token } = await login.json();
    for (const [method, path] of [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users"],
      ["PATCH", "/api/admin/users/1"],
      ["DELETE", "/api/admin/users/1"],
    ] as const) {
      const res = await anonymous.fetch(path, {
        method,
        data: {},
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status(), `${method} ${path} by ${role}`).toBe(403);
    }
  }
  await anonymous.dispose();
});
