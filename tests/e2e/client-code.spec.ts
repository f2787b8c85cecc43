import type { Page } from "@playwright/test";
import { servedGzipSize } from "../../scripts/served-size.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * What a page makes the browser download and run: issue 10's target is no page over 120 kB of
 * gzip JavaScript. docs/performance.md has the measured figures (`npm run bench`); this keeps
 * them: React DOM and React Router alone are about 104 kB (gzip), so each page's own code must
 * stay small.
 */
const JS_BUDGET_BYTES = 120_000;

/**
 * Every script the page loads until it is hydrated and the network is quiet, with the bytes the
 * server sends for it to a browser that accepts gzip.
 */
async function scriptsOf(page: Page, path: string) {
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url());
    scripts.set(url.pathname, servedGzipSize(url));
  });
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all([...scripts].map(async ([p, size]) => [p, await size] as const));
  return new Map(sizes);
}

for (const path of [
  "/",
  "/ai-powered-web-design",
  "/services/network-infrastructure",
  "/services/enterprise-cybersecurity",
  "/contact",
  "/certification-training/ccna",
  "/certification-training/ccna/register",
  "/portfolio/project-1",
]) {
  test(`${path} loads at most ${JS_BUDGET_BYTES / 1000} kB of gzip JavaScript`, async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, path);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const list = [...scripts].map(([p, size]) => `${p} ${size}`).join("\n");
    expect(total, list).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // The framework and the site's shell are one file each, not a dozen small requests.
    expect(scripts.size, list).toBeLessThanOrEqual(12);
  });
}

test("a form's validation rules load when the visitor starts on it, and check it in the browser", async ({
  page,
}) => {
  const scripts = await scriptsOf(page, "/contact");
  const rulesLoaded = () => [...scripts.keys()].some((p) => p.includes("schema"));
  expect(rulesLoaded()).toBe(false);

  const rules = page.waitForResponse((r) => r.url().includes("schema"));
  await page.getByLabel(/^Name/).focus();
  await rules;

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  expect(posts).toEqual([]);
});

test("the AI design dialog is fetched on intent and opens with its form", async ({ page }) => {
  const scripts = await scriptsOf(page, "/");
  expect([...scripts.keys()].some((p) => p.includes("inquiry-dialog"))).toBe(false);
  const cta = page.getByRole("link", { name: "Start Your AI Design", exact: true }).last();
  const dialogCode = page.waitForResponse((r) => r.url().includes("inquiry-dialog"));
  await cta.hover();
  await dialogCode;
  await cta.click();
  await expect(page.getByRole("dialog", { name: "Start Your AI Design" })).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toBeVisible();
});
