import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { servedGzipSize } from "../../scripts/served-size.ts";
import { expect, expectHttpError, hydrated, test } from "./fixtures.ts";

/**
 * What a page makes the browser download and run (decision 0022, docs/performance.md has the
 * measured figures from `npm run bench`): a content page loads no script file and at most 5 kB
 * of gzip JavaScript, inline included; a page that hydrates (the registration wizard, the
 * booking page, the accounts and staff screens) stays within issue 10's 120 kB.
 */
const CONTENT_PAGE_BUDGET_BYTES = 5_000;
const HYDRATED_BUDGET_BYTES = 120_000;

/** Pages of the sitemap that hydrate; every other public page is a content page. */
const HYDRATED = /\/register$|^\/consultation|^\/portal$/;

/**
 * Every script file the page loads (once it is ready; with `quiet`, until the network is quiet:
 * a hydrated page may load a chunk after hydrating), with the bytes the server sends for it to a
 * browser that accepts gzip.
 */
async function scriptsOf(page: Page, path: string, { quiet = false } = {}) {
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url());
    scripts.set(url.pathname, servedGzipSize(url));
  });
  await page.goto(path);
  await hydrated(page);
  if (quiet) await page.waitForLoadState("networkidle");
  const sizes = await Promise.all([...scripts].map(async ([p, size]) => [p, await size] as const));
  return new Map(sizes);
}

/** The gzip size of a page's inline scripts, each compressed on its own as a server would. */
async function inlineScriptBytes(page: Page) {
  const texts = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
  return texts.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
}

test("every content page of the sitemap loads no script file, no dead control and at most 5 kB of inline JavaScript", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1] ?? "").pathname)
    .filter((path) => !HYDRATED.test(path));
  expect(paths.length).toBeGreaterThan(25);
  // The 404 pages are content pages too.
  expectHttpError(page, 404, "/no-such-page");
  expectHttpError(page, 404, "/services/time-travel");
  for (const path of [...paths, "/no-such-page", "/services/time-travel"]) {
    const scripts = await scriptsOf(page, path);
    expect([...scripts.keys()], path).toEqual([]);
    // No module script, no preload of one, no route manifest: React Router left the page.
    expect(await page.locator("script[src], script[type=module]").count(), path).toBe(0);
    expect(await page.locator("link[rel=modulepreload]").count(), path).toBe(0);
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    // Its first paint waits for the whole HTML: one render-blocking expect link names the site
    // script, the body's last element (after the speculation rules).
    const expected = await page.locator("link[rel=expect]").evaluateAll((links) =>
      links.map((link) => {
        const target = document.querySelector(link.getAttribute("href") ?? "#none");
        const after: string[] = [];
        for (let next = target?.nextElementSibling; next; next = next.nextElementSibling)
          after.push(`${next.tagName} ${next.getAttribute("type")}`);
        return {
          inHead: link.parentElement === document.head,
          blocking: link.getAttribute("blocking"),
          target: `${target?.parentElement?.tagName} > ${target?.tagName}#${target?.id}`,
          after,
        };
      }),
    );
    expect(expected, path).toEqual([
      {
        inHead: true,
        blocking: "render",
        target: "BODY > SCRIPT#site-script",
        after: [],
      },
    ]);
    // The server marks an element whose event handler cannot run on such a page.
    const dead = await page
      .locator("[data-dead-handler]")
      .evaluateAll((elements) => elements.map((e) => e.outerHTML.slice(0, 120)));
    expect(dead, path).toEqual([]);
    // Every invoker button opens something that is on the page.
    const targets = await page
      .locator("button[commandfor]")
      .evaluateAll((buttons) =>
        buttons.map((b) => [
          b.getAttribute("commandfor"),
          b.getAttribute("commandfor")
            ? document.getElementById(b.getAttribute("commandfor") ?? "") !== null
            : false,
        ]),
      );
    for (const [id, found] of targets) expect(found, `${path}: #${id}`).toBe(true);
    expect(await inlineScriptBytes(page), path).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_BYTES);
  }
});

for (const path of ["/certification-training/ccna/register", "/consultation", "/account/sign-in"]) {
  test(`${path} hydrates within ${HYDRATED_BUDGET_BYTES / 1000} kB of gzip JavaScript`, async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, path, { quiet: true });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const list = [...scripts].map(([p, size]) => `${p} ${size}`).join("\n");
    expect(total, list).toBeGreaterThan(50_000);
    expect(total, list).toBeLessThanOrEqual(HYDRATED_BUDGET_BYTES);
    // The framework and the site's shell are one file each, not a dozen small requests.
    expect(scripts.size, list).toBeLessThanOrEqual(12);
  });
}

test("a form's rules (zod) come when the visitor first focuses it, not with the page: the booking form and the wizard", async ({
  page,
}) => {
  // Every script the page loads, read as it arrives; zod's own code names its "jitless" setting.
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(response.text().catch((error: Error) => `unread: ${error.message}`));
  });
  const zodLoaded = async () => {
    const texts = await Promise.all(scripts);
    expect(texts.filter((text) => text.startsWith("unread:"))).toEqual([]);
    return texts.some((text) => text.includes("jitless"));
  };
  /** The page loads no zod until the form's first field takes the focus; then it does. */
  async function rulesOnFocus(path: string) {
    scripts.length = 0;
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await zodLoaded(), path).toBe(false);
    await page.getByLabel("Name").focus();
    await expect.poll(zodLoaded, { message: path }).toBe(true);
  }
  // The booking page's details form for its first free time, by its link (which holds nothing).
  await page.goto("/consultation");
  await hydrated(page);
  const times = page.getByRole("form", { name: "Free times" });
  const start = (await times.getByRole("button").first().getAttribute("value")) ?? "";
  const consultant = await times.locator("input[name=with]").inputValue();
  await rulesOnFocus(`/consultation?with=${consultant}&start=${encodeURIComponent(start)}`);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await rulesOnFocus("/certification-training/ccna/register");
});

test("a link from a hydrated page to a content page loads it as a document, with its behaviour", async ({
  page,
}) => {
  await page.goto("/certification-training/ccna/register");
  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Sigma AI" })
    .click();
  await expect(page).toHaveURL(/\/sigma-ai$/);
  await expect(page.locator("script[type=module]")).toHaveCount(0);
  await page
    .getByRole("main")
    .getByRole("button", { name: "Start Your AI Design" })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Start Your AI Design" })).toBeVisible();
});

test("the server build renders every JSX element through the dead-handler check", () => {
  // vite.config.ts resolves the server build's react/jsx-runtime to
  // app/platform/static-render.server.ts; only that module may import React's own.
  const dir = "build/server/assets";
  const direct = readdirSync(dir).filter((file) =>
    /from\s*["']react\/jsx-runtime["']/.test(readFileSync(`${dir}/${file}`, "utf8")),
  );
  expect(direct).toHaveLength(1);
  expect(readFileSync(`${dir}/${direct[0]}`, "utf8")).toContain("data-dead-handler");
});

/**
 * In the page: the computed style of every element (and of its ::before/::after when they
 * exist) with the page's own stylesheet, then with the whole site stylesheet, light and dark;
 * the elements where they differ, with the first property that does.
 */
function styleDifferences({ own, whole }: { own: string; whole: string }) {
  // The page's linked stylesheet gives way to one whose text can be switched.
  for (const link of document.querySelectorAll("link[rel=stylesheet]")) link.remove();
  const sheet = document.createElement("style");
  // Transitions and animations would be caught mid-way when the theme or the sheet changes.
  const still = document.createElement("style");
  still.textContent = "*,::before,::after{transition:none!important;animation:none!important}";
  document.head.append(sheet, still);
  const elements = [...document.querySelectorAll("body *")];
  const read = (style: CSSStyleDeclaration) =>
    [...style].map((name) => `${name}: ${style.getPropertyValue(name)}`);
  const snapshot = () =>
    elements.map((element) => {
      const lines = read(getComputedStyle(element));
      for (const pseudo of ["::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        if (style.content !== "none" && style.content !== "normal")
          lines.push(...read(style).map((line) => `${pseudo} ${line}`));
      }
      return lines;
    });
  const differences: string[] = [];
  for (const dark of [false, true]) {
    document.documentElement.classList.toggle("dark", dark);
    sheet.textContent = own;
    const mine = snapshot();
    sheet.textContent = whole;
    const theirs = snapshot();
    mine.forEach((lines, i) => {
      const at = lines.findIndex((line, n) => line !== theirs[i]?.[n]);
      if (at === -1 && lines.length === theirs[i]?.length) return;
      const element = elements[i] as Element;
      differences.push(
        `${dark ? "dark" : "light"} <${element.localName} class="${element.getAttribute("class")}"> ${lines[at]} / ${theirs[i]?.[at]}`,
      );
    });
  }
  return differences.slice(0, 10);
}

const PAGE_STYLESHEET = /^\/styles\/[A-Za-z0-9_-]{22}\.css$/;

/** The address of the one stylesheet a content page links (it inlines none). */
async function pageStylesheetOf(page: Page, path: string) {
  await page.goto(path);
  expect(await page.locator("style#site-styles").count(), path).toBe(0);
  const hrefs = await page
    .locator("link[rel=stylesheet]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs, path).toHaveLength(1);
  expect(hrefs[0], path).toMatch(PAGE_STYLESHEET);
  return hrefs[0] as string;
}

test("a content page's own stylesheet styles it exactly as the whole site stylesheet, light and dark", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A hydrated page inlines the whole stylesheet: React may render any component there.
  await page.goto("/account/sign-in");
  const whole = (await page.locator("#site-styles").textContent()) ?? "";
  expect(whole.length).toBeGreaterThan(50_000);
  expectHttpError(page, 404, "/no-such-page");
  for (const path of [
    "/",
    "/services/network-infrastructure",
    "/certification-training/ccna",
    "/portfolio",
    "/portfolio/project-1",
    "/start-your-ai-design",
    "/contact",
    "/no-such-page",
  ]) {
    const href = await pageStylesheetOf(page, path);
    const answer = await request.get(href);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["content-type"], path).toBe("text/css; charset=utf-8");
    expect(answer.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
    const own = await answer.text();
    expect(own.length, path).toBeLessThan(whole.length * 0.75);
    expect(await page.evaluate(styleDifferences, { own, whole }), path).toEqual([]);
  }
});

test("a content page's stylesheet address: named by its content; one the server does not keep gets the whole stylesheet, a forged one nothing", async ({
  page,
  request,
}) => {
  const href = await pageStylesheetOf(page, "/services/network-infrastructure");
  // The same page (and the page cache's copy) names the same file; another page another.
  expect(await pageStylesheetOf(page, "/services/network-infrastructure")).toBe(href);
  expect(await pageStylesheetOf(page, "/")).not.toBe(href);
  // The browser fetched it with the page: the page cache answers it now, as it stored it.
  const again = await request.get(href);
  expect(again.headers()["x-page-cache"]).toBe("hit");
  expect(again.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // A restart, another process, a page from long ago: a well-formed name it does not keep is
  // answered with the whole site stylesheet (it styles every page), kept by no one.
  const unknown = await request.get("/styles/AAAAAAAAAAAAAAAAAAAAAA.css");
  expect(unknown.status()).toBe(200);
  expect(unknown.headers()["content-type"]).toBe("text/css; charset=utf-8");
  expect(unknown.headers()["cache-control"]).toBe("no-store");
  expect((await unknown.text()).length).toBeGreaterThan(50_000);

  for (const forged of ["/styles/x.css", "/styles/..%2Fapp.css", "/styles/constructor"]) {
    const answer = await request.get(forged);
    expect(answer.status(), forged).toBe(404);
    expect(answer.headers()["content-type"], forged).not.toContain("css");
  }
});
