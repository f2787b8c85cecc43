// Accounts people run themselves (issue 20): "Forgot your password?" on every sign-in page (the
// same answer for any address), the reset link from the delivered message, /account (password
// change with its refusals, sessions and "Sign out everywhere else"), one-time links hidden
// from the mail log and from every log line, and what a stale or altered link shows.
import type { Browser, Page } from "@playwright/test";
import {
  ADMIN_PASSWORD,
  adminTestWithMail,
  dropSandboxNotices,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  linkIn,
  signInAtLogin,
} from "./fixtures.ts";

const test = adminTestWithMail({});
test.describe.configure({ mode: "serial" });
// Passwords, sessions and signing out are what this file tests: every sign-in uses the form.
test.use({ freshSignIns: true });

const FIRST = "violet kettle marathon 42";
const SECOND = "quiet harbor lantern 1987";
const ANSWER =
  "If an account exists for that address, we sent a link to choose a new password. It works for one hour.";

async function askForReset(page: Page, email: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password\?from=login$/);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Send the link" }).click();
  await expect(main.getByRole("status")).toHaveText(ANSWER);
  await expect(main.getByRole("link", { name: "Back to Sales Sign In" })).toBeVisible();
}

async function newSignedInPage(browser: Browser, baseURL: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAtLogin(page, "rep@example.com", password);
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  return page;
}

test("forgot password: the same answer for any address; the link sets a new password once", async ({
  page,
  mail,
  site,
}) => {
  // An unknown address: the same words, and no message.
  await askForReset(page, "nobody@example.com");
  await expectNoAxeViolations(page);
  // The rep's address: a message with a link.
  await askForReset(page, "rep@example.com");
  const message = await mail.waitFor((m) => m.to.includes("rep@example.com"));
  expect(mail.messages.filter((m) => m.to.includes("nobody@example.com"))).toHaveLength(0);
  expect(message.subject).toBe("Choose a new password - Sigma Technology Partners");
  const link = linkIn(message);

  await page.goto(link);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(main).toContainText("rep@example.com");
  await main.getByRole("textbox", { name: "New password", exact: true }).fill(FIRST);
  await main.getByLabel("Confirm the password").fill(`${FIRST}!`);
  // Sent back with its errors: a 400.
  expectHttpError(page, 400, "/account/set-password");
  await main.getByRole("button", { name: "Set password" }).click();
  await expect(main.getByText("The two passwords do not match.")).toBeVisible();
  await main.getByRole("textbox", { name: "New password", exact: true }).fill(FIRST);
  await main.getByLabel("Confirm the password").fill(FIRST);
  await main.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/login\?password=set$/);
  // The address is filled in: only the new password is left to type.
  await expect(page.getByRole("main").getByLabel("Email")).toHaveValue("rep@example.com");
  const notice = await mail.waitFor((m) => m.subject.startsWith("Your password was changed"));
  expect(notice.to).toEqual(["rep@example.com"]);
  await signInAtLogin(page, "rep@example.com", FIRST);
  await expect(page).toHaveURL(/\/sales-dashboard$/);

  // Used once; an altered token is no better.
  expectHttpError(page, 410, "/account/set-password");
  const response = await page.goto(link);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This link does not work");
  await expectNoAxeViolations(page);
  expect((await page.goto(`${link.slice(0, -2)}xx`))?.status()).toBe(410);

  // The token never appears in a log line of the server.
  const token = link.split("token=")[1] as string;
  expect(site.logs.join("\n")).not.toContain(token);
  expect(site.logs.join("\n")).toContain("token=[redacted]");
});

test("the mail log and its JSON door hide one-time links", async ({
  adminPage,
  mail,
  browserErrors,
}) => {
  const token = (linkIn(await mail.waitFor((m) => m.subject.startsWith("Choose a new"))).split(
    "token=",
  )[1] ?? "") as string;
  await adminPage.goto("/admin/mail");
  await hydrated(adminPage);
  const main = adminPage.getByRole("main");
  const row = main.getByRole("row", { name: /Choose a new password/ });
  await row.getByRole("link", { name: /Show message/ }).click();
  const dialog = adminPage.getByRole("dialog");
  await expect(dialog).toContainText("[one-time link hidden]");
  expect(await adminPage.content()).not.toContain(token);
  const api = await adminPage.request.get("/api/admin/mail");
  expect(await api.text()).not.toContain(token);
  // The message's HTML frame may refuse Playwright's helper script (the sandbox working).
  dropSandboxNotices(browserErrors);
});

test("/account: change the password (current one required, policy), sessions, sign out everywhere else", async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await newSignedInPage(browser, baseURL as string, FIRST);
  await signInAtLogin(page, "rep@example.com", FIRST);
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  // The staff shell links to the account page.
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await hydrated(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
  await expect(main).toContainText("Sales Representative");
  const sessions = main.getByRole("region", { name: "Sessions" });
  // This one, the other browser, and the first test's.
  await expect(sessions).toContainText("3 sessions");
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Refusals: a wrong current password, a guessable one, nothing changes (each a 400).
  expectHttpError(page, 400, "/account");
  const form = main.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not my password");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(SECOND);
  await form.getByLabel("Confirm the password").fill(SECOND);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Current password").fill(FIRST);
  await form.getByRole("textbox", { name: "New password", exact: true }).fill("password1234");
  await form.getByLabel("Confirm the password").fill("password1234");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText(/too easy to guess/)).toBeVisible();
  await expectNoAxeViolations(page);
  await other.reload();
  await expect(other).toHaveURL(/\/sales-dashboard$/);

  // Sign out everywhere else, by keyboard: the other browser is signed out.
  await sessions.getByRole("button", { name: "Sign out everywhere else" }).focus();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("status")).toHaveText("2 other sessions signed out.");
  await expect(sessions).toContainText("1 session");
  await other.reload();
  await expect(other).toHaveURL(/\/login\?redirectTo=/);

  // The change itself: this session stays; the next sign-in needs the new password.
  await form.getByLabel("Current password").fill(FIRST);
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(SECOND);
  await form.getByLabel("Confirm the password").fill(SECOND);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(main.getByRole("status")).toContainText("Your password is changed.");
  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await other.context().close();
  const again = await newSignedInPage(browser, baseURL as string, SECOND);
  await again.context().close();
});

test("the account page: anonymous visitors are told where to sign in; admins and the portal link to it", async ({
  page,
}) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  const links = page.getByRole("main").getByRole("link");
  await expect(links).toHaveText([
    "Administrators",
    "Sales representatives and managers",
    "Students and instructors",
  ]);
  await links.first().click();
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Faccount$/);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Username or email").fill("admin");
  await page.getByRole("main").getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("main")).toContainText("Administrator");
  await page.getByRole("link", { name: "Admin dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();
});
