import type { Page } from "@playwright/test";
import {
  expect,
  expectFitsWidth,
  expectInquiryButton,
  expectLink,
  expectLinksWorkAndNoAxeViolations,
  expectNoAxeViolations,
  hydrated,
  openPage,
  test,
} from "./fixtures.ts";

/** The page's "Start Your AI Design" button opens the dialog (the inquiry page without it). */
async function expectInquiryModal(page: Page) {
  const cta = page
    .getByRole("main")
    .getByRole("button", { name: "Start Your AI Design", exact: true });
  await expect(cta).toHaveAttribute("data-href", "/start-your-ai-design");
  await hydrated(page);
  await cta.click();
  const dialog = page.getByRole("dialog", { name: "Start Your AI Design" });
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/\/start-your-ai-design$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test.describe("AI pages", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("/sigma-ai shows the solutions, the four steps, industries and responsible AI", async ({
    page,
  }) => {
    const main = await openPage(page, "/sigma-ai", {
      title: "Sigma AI | Sigma Technology Partners",
      h1: "Sigma AI Solutions",
    });

    await expectLink(main, "Explore Our Solutions", "#solutions");
    const solutions = page.locator("#solutions");
    await expect(solutions).toHaveCount(1);
    await expect(solutions.getByRole("heading", { level: 3 })).toHaveText([
      "Document Processing & Data Extraction",
      "Customer-Service Assistants & Chatbots",
      "Workflow Automation",
      "Predictive Analytics & Forecasting Dashboards",
      "AI Integration With Your Existing Systems",
      "Private & On-Premise AI",
    ]);
    await expect(solutions).toContainText("Microsoft 365");

    const process = page.getByRole("region", { name: "How We Work" });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText([
      /Discovery Workshop$/,
      /Proof of Value in Weeks$/,
      /Production Rollout$/,
      /Training & Support$/,
    ]);
    await expectLink(process, "AI training courses", "/ai-training");

    const industries = page.getByRole("region", { name: "Industries We Serve Across Alabama" });
    for (const industry of [
      "Healthcare",
      "Manufacturing",
      "Logistics",
      "Professional Services",
      "Public Sector",
    ]) {
      await expect(
        industries.getByRole("heading", { level: 3, name: industry, exact: true }),
      ).toBeVisible();
    }

    const responsible = page.getByRole("region", { name: "Responsible AI and Security" });
    await expect(responsible.getByRole("heading", { level: 3 })).toHaveCount(6);
    await expect(responsible).toContainText("Your data stays yours");

    const closing = page.getByRole("region", { name: "Ready to Put AI to Work?" });
    await expectInquiryButton(closing, "Book a Discovery Workshop");
    await expectLink(closing, /^Call /, "tel:+12055550142");
    await expectLink(closing, "See Our Portfolio", "/portfolio");
    await expectLink(closing, "AI-Powered Web Design", "/ai-powered-web-design");

    await expectLinksWorkAndNoAxeViolations(page);
    await expectInquiryModal(page);
  });

  test("/ai-management-tools shows the tools, integrations and the 90-day plan", async ({
    page,
  }) => {
    const main = await openPage(page, "/ai-management-tools", {
      title: "AI Management Tools | Sigma Technology Partners",
      h1: "Run Your Business on Answers, Not Spreadsheets",
    });

    const tools = page.getByRole("region", { name: "Tools for Every Level of Management" });
    await expect(tools.getByRole("heading", { level: 3 })).toHaveText([
      "Executive Dashboards",
      "AI-Assisted Project Management",
      "IT Operations Management",
      "Automated Reporting",
      "Ticket Triage",
      "Knowledge Assistants",
    ]);
    await expectLink(main, "See the Tools", "#tools");
    await expect(
      page.getByRole("region", { name: "Works With the Systems You Already Use" }),
    ).toContainText("Microsoft 365");
    await expect(
      page.getByRole("region", { name: "Your First 90 Days" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(3);

    const closing = page.getByRole("region", { name: "See Your Business on One Screen" });
    await expectInquiryButton(closing, "Plan Your Management Tools");
    await expect(main.locator('a[href="/portfolio"]').first()).toBeVisible();
    await expect(main.locator('a[href="/sigma-ai"]').first()).toBeVisible();

    await expectLinksWorkAndNoAxeViolations(page);
    await expectInquiryModal(page);
  });

  test("/ai-marketing shows the services, the human-edited workflow and the ROI figures", async ({
    page,
  }) => {
    const main = await openPage(page, "/ai-marketing", {
      title: "AI Marketing | Sigma Technology Partners",
      h1: "AI Marketing That Proves Its Return",
    });

    const services = page.getByRole("region", { name: "AI Marketing Services" });
    await expect(services.getByRole("heading", { level: 3 })).toHaveText([
      "AI Content Creation, Human Edited",
      "Search Engine Optimization",
      "Predictive Audience Targeting",
      "Campaign Automation",
      "Website & Email Personalization",
      "Analytics & ROI Reporting",
    ]);
    await expectLink(main, "See Our Services", "#services");
    await expect(
      page.getByRole("region", { name: "AI Speed, Human Judgment" }).getByRole("heading", {
        level: 3,
      }),
    ).toHaveCount(4);
    const results = page.getByRole("region", { name: "Results Our Clients Measure" });
    await expect(results.locator("dd")).toHaveText(["450%", "3x", "40-60%", "35%"]);
    await expect(results).toContainText("ROI");

    const closing = page.getByRole("region", { name: "Get a Marketing Plan Built Around ROI" });
    await expectInquiryButton(closing, "Request a Marketing Assessment");
    await expect(main.locator('a[href="/portfolio"]').first()).toBeVisible();
    await expect(main.locator('a[href="/sigma-ai"]').first()).toBeVisible();

    await expectLinksWorkAndNoAxeViolations(page);
    await expectInquiryModal(page);
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ["/sigma-ai", "/ai-management-tools", "/ai-marketing"]) {
    test(`${path} fits a 375 px screen without axe violations`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      await hydrated(page);
      await expectFitsWidth(page, 375);
      await expectNoAxeViolations(page);
    });
  }
});
