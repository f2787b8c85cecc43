import {
  expect,
  expectFitsWidth,
  expectHttpError,
  expectInquiryButton,
  expectLink,
  expectLinksWorkAndNoAxeViolations,
  hydrated,
  openPage,
  test,
} from "./fixtures.ts";

test.describe("service pages", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("/it-support lists six services with Get Started links, reasons and a phone link", async ({
    page,
  }) => {
    const main = await openPage(page, "/it-support", {
      title: "IT Support | Sigma Technology Partners",
    });

    const titles = [
      "Network Infrastructure",
      "Managed IT Services",
      "Cloud Services",
      "Enterprise Cybersecurity",
      "Data Management",
      "End-User Support",
    ];
    for (const title of titles) {
      await expect(main.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }
    const getStarted = main.getByRole("link", { name: /^Get Started with / });
    await expect(getStarted).toHaveCount(6);
    expect(
      await getStarted.evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual([
      "/services/network-infrastructure",
      "/services/managed-services",
      "/services/cloud-services",
      "/services/enterprise-cybersecurity",
      "/services/data-management",
      "/services/end-user-support",
    ]);
    await expectLink(
      main,
      "Get Started with Network Infrastructure",
      "/services/network-infrastructure",
    );

    const why = page.getByRole("region", { name: "Why Choose Sigma for IT Support" });
    await expect(why).toBeVisible();
    expect(await why.getByRole("heading", { level: 3 }).count()).toBeGreaterThanOrEqual(4);
    await expect(why).toContainText("15-Minute Response");
    await expect(why).toContainText("Birmingham");

    await expect(main.getByRole("link", { name: /^Call / }).first()).toHaveAttribute(
      "href",
      "tel:+12055550142",
    );
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("/services/web-development shows services, stack, the four steps and contact links", async ({
    page,
  }) => {
    const main = await openPage(page, "/services/web-development", {
      title: "Web Development & Ecommerce | Sigma Technology Partners",
    });

    for (const title of ["Custom Websites", "Ecommerce Stores", "Web Applications"]) {
      await expect(main.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }
    const stack = page.getByRole("region", { name: "Our Technology Stack" });
    for (const tech of ["React", "TypeScript", "Node.js", "PostgreSQL", "Shopify"]) {
      await expect(stack.getByText(tech, { exact: true })).toBeVisible();
    }

    const process = page.getByRole("region", { name: "Our Process" });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText([
      "Discovery & Planning",
      "Design & Prototyping",
      "Development & Testing",
      "Launch & Support",
    ]);

    await expect(main.locator('a[href="mailto:info@example.com"]').first()).toBeVisible();
    await expectLink(main, "info@example.com", "mailto:info@example.com");
    await expect(main.locator('a[href="/sigma-ai"]').first()).toBeVisible();
    await expectInquiryButton(main, "Start Your Project");
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("/services/enterprise-cybersecurity shows the figures, services and contact anchors", async ({
    page,
  }) => {
    const main = await openPage(page, "/services/enterprise-cybersecurity", {
      title: "Enterprise Cybersecurity | Sigma Technology Partners",
      h1: "Enterprise Cybersecurity",
    });

    const stats = page.getByRole("region", { name: "Security by the Numbers" });
    await expect(stats.locator("dd")).toHaveText(["10M+", "Under 15 min", "500K+", "99.9%", "25+"]);
    await expect(stats.locator("dt")).toHaveText([
      "threats blocked monthly",
      "response time",
      "protected assets",
      "success rate",
      "years of experience",
    ]);

    await expect(page.locator("#services")).toHaveCount(1);
    await expect(page.locator("#contact")).toHaveCount(1);
    await expectLink(main, "Explore Security Services", "#services");
    await expectLink(main, "Talk to a Specialist", "#contact");
    const services = page.locator("#services");
    await expect(services.getByRole("heading", { level: 2 })).toHaveText("Security Services");
    await expect(services.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(services).toContainText("24/7 Security Operations Center");
    await expect(services).toContainText("Penetration Testing");
    await expect(services).toContainText("HIPAA");
    await expect(services).toContainText("Incident Response");
    await expect(
      page.getByRole("region", { name: "Security Analytics and Reporting" }),
    ).toContainText("Monthly Executive Reports");

    const contact = page.getByRole("region", { name: "Talk to a Security Specialist" });
    await expect(page.locator("#contact")).toHaveAttribute("aria-labelledby", "contact-heading");
    await expectLink(contact, "(205) 555-0142", "tel:+12055550142");
    await expectLink(contact, "info@example.com", "mailto:info@example.com");
    await expect(contact.getByLabel("Inquiry Type")).toHaveValue("enterprise-security");
    await expectLinksWorkAndNoAxeViolations(page);
  });

  test("the security contact form checks its fields before sending", async ({ page }) => {
    await page.goto("/services/enterprise-cybersecurity");
    await hydrated(page);
    const contact = page.getByRole("region", { name: "Talk to a Security Specialist" });
    // The form comes back with its messages: a 400.
    expectHttpError(page, 400, "/services/enterprise-cybersecurity");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(contact.getByText("Please enter your name.")).toBeVisible();
    await expect(contact.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of [
    "/it-support",
    "/services/web-development",
    "/services/enterprise-cybersecurity",
  ]) {
    test(`${path} fits a 375 px screen`, async ({ page }) => {
      await page.goto(path);
      await expectFitsWidth(page, 375);
    });
  }
});
