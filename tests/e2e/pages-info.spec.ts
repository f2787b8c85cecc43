import {
  expect,
  expectHttpError,
  expectLink,
  expectLinksWorkAndNoAxeViolations,
  expectNoAxeViolations,
  hydrated,
  openPage,
  test,
} from "./fixtures.ts";

test.describe("information pages", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("/instructor introduces the lead instructor and links to the courses", async ({ page }) => {
    const main = await openPage(page, "/instructor", {
      title: "Meet Your Instructor | Sigma Technology Partners",
      h1: "Meet Your Instructor",
    });
    for (const heading of ["Certifications", "Specializations", "Teaching Philosophy"]) {
      await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    for (const cert of ["CCNP Enterprise", "CompTIA Security+"]) {
      await expect(main.getByRole("heading", { name: cert, exact: true })).toBeVisible();
    }
    await expect(main.locator("blockquote")).toBeVisible();
    await expectLink(main, "View Certification Courses", "/certification-training");
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("/privacy is the privacy policy with its date and contact details", async ({ page }) => {
    const main = await openPage(page, "/privacy", {
      title: "Privacy Policy | Sigma Technology Partners",
      h1: "Privacy Policy",
    });
    await expect(main.getByText("Last updated: January 1, 2025")).toBeVisible();
    for (const heading of ["Cookies and Local Storage", "Your Rights and Choices", "Contact Us"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expectLink(main, "info@example.com", "mailto:info@example.com");
    await expectLink(main, "(205) 555-0142", "tel:+12055550142");
    await expectLink(main, "Terms of Use", "/terms");
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("/terms is the terms of use, under Alabama law", async ({ page }) => {
    const main = await openPage(page, "/terms", {
      title: "Terms of Use | Sigma Technology Partners",
      h1: "Terms of Use",
    });
    await expect(main.getByText("Last updated: January 1, 2025")).toBeVisible();
    await expect(main).toContainText("Alabama");
    await expect(main).toContainText("Jefferson County");
    await expect(main.getByRole("heading", { level: 2, name: /Governing Law/ })).toBeVisible();
    await expectLink(main, "Privacy Policy", "/privacy");
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("/portal shows the sign-in form", async ({ page }) => {
    const main = await openPage(page, "/portal", {
      title: "Training Portal | Sigma Technology Partners",
      h1: "Training Portal",
    });
    await expect(main.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(main.getByLabel("Password")).toHaveAttribute("required", "");
    await expect(main.getByLabel("Password")).toHaveAttribute("type", "password");
    await expectLink(main, "View Certification Courses", "/certification-training");
    await expectLinksWorkAndNoAxeViolations(page);
  });
});

test.describe("the Training Portal sign-in", () => {
  test("with JavaScript: a sign-in is refused, the e-mail stays and the password is cleared", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/portal");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill("student@example.org");
    await main.getByLabel("Password").fill("not-a-real-password");
    expectHttpError(page, 401, "/portal");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    const alert = main.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/portal$/);
    await expect(main.getByLabel("Email")).toHaveValue("student@example.org");
    await expect(main.getByLabel("Password")).toHaveValue("");
    await expect(main.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("the server insists on both fields", async ({ page }) => {
    const response = await page.request.post("/portal", {
      form: { email: "student@example.org", password: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Please enter your email and password.");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts to the page, which answers 401 with the error", async ({ page }) => {
      await page.goto("/portal");
      const main = page.getByRole("main");
      await main.getByLabel("Email").fill("instructor@example.org");
      await main.getByLabel("Password").fill("wrong-password");
      expectHttpError(page, 401, "/portal");
      const answer = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/portal",
      );
      await main.getByRole("button", { name: "Sign In", exact: true }).click();
      expect((await answer).status()).toBe(401);
      await expect(main.getByRole("alert")).toHaveText("Invalid email or password");
      await expect(main.getByLabel("Email")).toHaveValue("instructor@example.org");
      await expect(main.getByLabel("Password")).toHaveValue("");
      const html = await page.content();
      expect(html).not.toContain("wrong-password");
    });
  });
});
