import { expect, expectHttpError, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

test.describe("site shell", () => {
  test("header links go where the spec says, and the phone is a tel: link", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });
    const expected = {
      "AI Web Design": "/ai-powered-web-design",
      "Sigma AI": "/sigma-ai",
      "AI Management Tools": "/ai-management-tools",
      "AI Marketing": "/ai-marketing",
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: /^Call / })).toHaveAttribute(
      "href",
      "tel:+12055550142",
    );
  });

  test("the Services & Training menu works with the keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByRole("navigation", { name: "Main" });
    const toggle = menu.getByText("Services & Training");
    const cyber = menu.getByRole("link", { name: "Enterprise Cybersecurity" });
    await expect(cyber).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(cyber).toBeVisible();
    const items = {
      "Enterprise Cybersecurity": "/services/enterprise-cybersecurity",
      "IT Support": "/it-support",
      "AI Training": "/ai-training",
      "Certification Training": "/certification-training",
    };
    for (const [name, href] of Object.entries(items)) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.keyboard.press("Tab");
    await expect(cyber).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(cyber).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("footer links and contact details from the settings", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const links = {
      Home: "/",
      "Sigma AI Solutions": "/sigma-ai",
      "Certification Training": "/certification-training",
      "AI Training": "/ai-training",
      "IT Support": "/it-support",
      "Meet Your Instructor": "/instructor",
      "Training Portal": "/portal",
      "Terms of Use": "/terms",
      "Privacy Policy": "/privacy",
      "Network Infrastructure": "/services/network-infrastructure",
      "Enterprise Cybersecurity": "/services/enterprise-cybersecurity",
      "Cloud Services": "/services/cloud-services",
      "Data Management": "/services/data-management",
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "(205) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+12055550142",
    );
    await expect(footer.getByRole("link", { name: "info@example.com" })).toHaveAttribute(
      "href",
      "mailto:info@example.com",
    );
    await expect(footer).toContainText("2100 Example Parkway, Suite 300, Birmingham, AL 35203");
    await expect(footer.getByRole("link", { name: /LinkedIn/ })).toBeVisible();
  });

  test("dark mode follows the system until chosen, and the choice survives a reload", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await hydrated(page);
    const html = page.locator("html");
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);

    const toggle = page.getByRole("button", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    // The saved choice wins over the system, and is applied before the first paint.
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    const firstPaintDark = await page.evaluate(
      () =>
        performance.getEntriesByType("paint").length >= 0 &&
        document.documentElement.classList.contains("dark"),
    );
    expect(firstPaintDark).toBe(true);

    await page.getByRole("button", { name: "Dark mode" }).click();
    await page.reload();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).not.toHaveClass(/dark/);
  });

  test("the theme is set before the page renders (no flash)", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // Record the class as soon as <body> exists, before any module script has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { __darkAtBody: boolean }).__darkAtBody =
            document.documentElement.classList.contains("dark");
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    expect(
      await page.evaluate(() => (window as unknown as { __darkAtBody: boolean }).__darkAtBody),
    ).toBe(true);
  });

  test("a page from the page cache runs its scripts under its hash-based policy", async ({
    page,
  }) => {
    await page.goto("/privacy");
    const response = await page.reload();
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    expect(response?.headers()["content-security-policy"]).toMatch(
      /script-src 'self'( 'sha256-[^']+')+;/,
    );
    // The inline script ran under that policy: the theme toggle works.
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Dark mode" });
    const pressed = await toggle.getAttribute("aria-pressed");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", pressed === "true" ? "false" : "true");
  });

  test("icons paint from the same-origin sprite under the page's policy", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    const use = page.getByRole("banner").locator("svg.lucide-phone use").first();
    const href = await use.getAttribute("href");
    expect(href).toMatch(/^\/assets\/icons-[\w-]+\.svg#phone$/);
    const sprite = await page.request.get(href?.split("#")[0] ?? "");
    expect(sprite.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(sprite.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A <use> whose sprite did not load (or was blocked) has an empty box.
    await expect
      .poll(() => use.evaluate((element: SVGUseElement) => element.getBBox().width))
      .toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  test("404 page for an unknown address, in the site's look", async ({ page }) => {
    expectHttpError(page, 404, "/no-such-page");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
  });

  test("a page a loader refuses shows the error page, with JavaScript or without", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A content page's error page is the server's, complete, with no script to load.
    expectHttpError(page, 404, "/services/time-travel");
    const response = await page.goto("/services/time-travel");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await page.getByRole("link", { name: "Browse Training" }).click();
    await expect(page).toHaveURL(/\/certification-training$/);

    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    expect((await plain.goto("/services/time-travel"))?.status()).toBe(404);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(plain.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await noScript.close();
  });

  test("an answer on its way shows a loading bar inside the banner landmark", async ({ page }) => {
    await page.goto("/certification-training/ccna/register");
    await hydrated(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Name").fill("Lee Loading");
    await page.getByLabel("Email").fill("lee@example.org");
    await page.getByLabel("Phone").fill("(205) 555-0199");
    await page.getByRole("button", { name: "Continue" }).click();
    const bar = page.getByRole("banner").getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    await expect(page.getByLabel("Years of Experience")).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test("navigation scrolls to the top of the new page", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "View All Projects" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu locks page scrolling, closes on Escape and on navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const menuButton = page
      .getByRole("banner")
      .getByText("Menu")
      .or(page.getByRole("banner").locator("summary[aria-label='Menu']"));
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await menuButton.click();
    await expect(mobileNav).toBeVisible();
    // The panel covers the screen below the header, every link on it.
    await expect(mobileNav.getByRole("link", { name: "Certification Training" })).toBeInViewport({
      ratio: 1,
    });
    await expect(mobileNav.getByRole("link", { name: "AI Web Design" })).toBeInViewport({
      ratio: 1,
    });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
      .toBe("hidden");
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
      .not.toBe("hidden");

    await menuButton.click();
    await mobileNav.getByRole("link", { name: "Certification Training" }).click();
    await expect(page).toHaveURL(/\/certification-training$/);
    await expect(mobileNav).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
      .not.toBe("hidden");
  });

  test("axe finds no violations at 375 px, and nothing is wider than the screen", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await hydrated(page);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expect(page.getByRole("banner").locator("summary[aria-label='Menu']")).toBeInViewport({
      ratio: 1,
    });
  });
});
