// Signing in and out at /login, /admin and /portal, in Chromium, with and without JavaScript.
import { createUser } from "#app/domain/auth/users.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  test as base,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  signInAtLogin,
} from "./fixtures.ts";

const ADMIN_PASSWORD = "admin-e2e-password";
const DEMO_PASSWORD = "demo-e2e-password";
const STUDENT_PASSWORD = "student-e2e-password";

// This file's server knows the seeded passwords and has a student.
const test = base.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "200" },
        prepare: async ({ db }) => {
          await createUser(db, {
            email: "sam.student@example.org",
            role: "student",
            password: STUDENT_PASSWORD,
            firstName: "Sam",
            lastName: "Student",
          });
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});
// Signing in is what this file tests: every sign-in goes through the form.
test.use({ freshSignIns: true });

test.describe("/login (sales)", () => {
  test("shows the demo accounts; a wrong password fails in a red box; the right one opens the dashboard; Logout returns", async ({
    page,
  }) => {
    await page.goto("/login");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Sales Sign In");
    await expect(main.getByText("rep@example.com")).toBeVisible();
    await expect(main.getByText("manager@example.com")).toBeVisible();
    await expectNoAxeViolations(page);

    // A refused sign-in answers 401.
    expectHttpError(page, 401, "/login");
    await main.getByLabel("Email").fill("manager@example.com");
    await main.getByLabel("Password").fill("not-the-password");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(main.getByLabel("Email")).toHaveValue("manager@example.com");
    await expect(main.getByLabel("Password")).toHaveValue("");
    await expectNoAxeViolations(page);

    await main.getByLabel("Password").fill(DEMO_PASSWORD);
    const load = page.waitForEvent("load");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await load; // a full page navigation, not a client-side one
    await expect(page).toHaveURL(/\/sales-dashboard$/);
    await expect(page.getByText("Welcome, Morgan Blake")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sales Dashboard");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/sales-dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsales-dashboard$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a failure answers 401 with the message; a success lands on the dashboard", async ({
      page,
    }) => {
      await page.goto("/login");
      const main = page.getByRole("main");
      await main.getByLabel("Email").fill("nobody@example.com");
      await main.getByLabel("Password").fill("some-password");
      expectHttpError(page, 401, "/login");
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await main.getByRole("button", { name: "Sign In", exact: true }).click();
      expect((await answer).status()).toBe(401);
      await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
      expect(await page.content()).not.toContain("some-password");

      await main.getByLabel("Email").fill("rep@example.com");
      await main.getByLabel("Password").fill(DEMO_PASSWORD);
      await main.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/sales-dashboard$/);
      await expect(page.getByText("Welcome, Jordan Reed")).toBeVisible();
    });
  });
});

test.describe("/admin", () => {
  test("the Admin Login card: 'Logging in...', the red box for a bad password and for a non-admin", async ({
    page,
  }) => {
    await page.goto("/admin");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expect(main.getByLabel("Username or email")).toHaveAttribute("required", "");
    await expect(main.getByLabel("Password")).toHaveAttribute("required", "");
    await expect(main.getByText(/Demo credentials: admin \//)).toBeVisible();
    await expectNoAxeViolations(page);

    // The first answer is held until the busy state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/admin.data*", async (route) => {
      await held;
      await route.continue();
    });
    // Each refusal answers 401.
    expectHttpError(page, 401, "/admin");
    await main.getByLabel("Username or email").fill("admin");
    await main.getByLabel("Password").fill("wrong-password");
    await main.getByRole("button", { name: "Login" }).click();
    await expect(main.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    release();
    await expect(main.getByRole("alert")).toHaveText("Invalid credentials or unauthorized access");
    await expect(main.getByRole("alert")).toHaveClass(/bg-red-50/);
    await expectNoAxeViolations(page);

    // A sales rep with the right password is not an admin: the same answer.
    await main.getByLabel("Username or email").fill("rep@example.com");
    await main.getByLabel("Password").fill(DEMO_PASSWORD);
    // The page looks the same before and after: wait for the answer itself.
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"),
    );
    await main.getByRole("button", { name: "Login" }).click();
    await answer;
    await expect(main.getByRole("button", { name: "Login" })).toBeEnabled();
    await expect(main.getByRole("alert")).toHaveText("Invalid credentials or unauthorized access");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a protected page sends the visitor to /admin and back after sign-in; the header welcomes the admin; Logout", async ({
    page,
  }) => {
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Faudit$/);
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Username or email").fill("admin");
    await main.getByLabel("Password").fill(ADMIN_PASSWORD);
    await main.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByText("Welcome, admin")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit Log");
    await expect(page.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "Sign-in failed" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    // The log filters by person and kind (in the address), and says how many entries match.
    const filter = page.getByRole("search", { name: "Filter the audit log" });
    await filter.getByLabel("Person").selectOption({ label: "Site Administrator" });
    await filter.getByLabel("Kind").selectOption({ label: "Sign-ins and accounts" });
    await filter.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]kind=accounts/);
    await expect(page.getByText(/\d+ entr(y matches|ies match) the filter\./)).toBeVisible();
    await expect(page.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
    // The rep's refused attempt above is someone else's entry.
    const entries = page.getByRole("table", { name: /Audit log entries/ });
    await expect(entries).toContainText("Site Administrator");
    await expect(entries).not.toContainText("Jordan Reed");

    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
    // A card for every section of the side list, Registrations and the Audit Log included.
    const cards = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    const sections = await page
      .getByRole("navigation", { name: /admin/i })
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(sections).toContain("/admin/registrations");
    expect(cards).toEqual(
      expect.arrayContaining(sections.filter((href) => href !== "/admin/dashboard")),
    );
    await expectNoAxeViolations(page);

    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Signed in, /admin goes straight to the dashboard.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await hydrated(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard$/);
  });
});

test.describe("/portal", () => {
  test("a student signs in, sees the portal home, and signs out; an unknown account fails", async ({
    page,
  }) => {
    await page.goto("/portal");
    await hydrated(page);
    const main = page.getByRole("main");
    expectHttpError(page, 401, "/portal");
    await main.getByLabel("Email").fill("sam.student@example.org");
    await main.getByLabel("Password").fill("wrong-password");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(main.getByLabel("Password")).toHaveValue("");

    await main.getByLabel("Password").fill(STUDENT_PASSWORD);
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Sam Student");
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByText("Signed in as Student.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Courses" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Training Portal");
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("staff accounts do not open the portal", async ({ page }) => {
    await page.goto("/portal");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill("admin@example.com");
    await main.getByLabel("Password").fill(ADMIN_PASSWORD);
    expectHttpError(page, 401, "/portal");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
    await expectNoAxeViolations(page);
  });
});

test.describe("a wrong door: signed in, but not for this page", () => {
  for (const { viewport, colorScheme } of [
    { viewport: { width: 1280, height: 900 }, colorScheme: "light" as const },
    { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const },
  ]) {
    test(`says who is signed in, links their own area and signs out (${viewport.width} px, ${colorScheme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signInAtLogin(page, "rep@example.com", DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/sales-dashboard$/);

      // A rep opening an admin page: no bare sign-in form, but who they are and where to go.
      await page.goto("/admin/customers");
      await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fcustomers$/);
      const door = page.getByTestId("wrong-door");
      await expect(door).toContainText(
        "You are signed in as Jordan Reed (Sales Representative), who cannot open this page.",
      );
      await expect(page.getByLabel("Password")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await door.getByRole("link", { name: "Go to the sales dashboard" }).click();
      await expect(page).toHaveURL(/\/sales-dashboard$/);

      // The portal says the same; signing out there leaves the sign-in form of that door.
      await page.goto("/portal");
      await expect(page.getByTestId("wrong-door")).toContainText("Jordan Reed");
      await page.goto("/admin/courses");
      await page.getByTestId("wrong-door").getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fcourses$/);
      await expect(page.getByLabel("Username or email")).toBeVisible();
      await expect(page.getByTestId("wrong-door")).toHaveCount(0);
    });
  }

  test("an admin opening the sales dashboard is told so, with a link to the admin area", async ({
    page,
  }) => {
    await page.goto("/admin");
    await hydrated(page);
    await page.getByLabel("Username or email").fill("admin");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/sales-dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsales-dashboard$/);
    const door = page.getByTestId("wrong-door");
    await expect(door).toContainText("(Administrator), who cannot open this page.");
    await door.getByRole("link", { name: "Go to the admin area" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
