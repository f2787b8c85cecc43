// The Content Management tab (/admin/homepage) and the Settings tab (/admin/settings), signed in
// as admin: every homepage section edited and seen on /, the phone number in the header, bad
// input refused with nothing changed, writes refused without an admin session, axe, keyboard.
import type { Page } from "@playwright/test";
import { heroSlides } from "#app/platform/db/schema.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import {
  ADMIN_PASSWORD,
  adminTest,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

// No slides on this server, so the home page shows the hero section's own texts.
const test = adminTest.extend<object, { site: AppServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const server = await startAppServer({
        env: { ADMIN_PASSWORD, SIGNIN_RATE_LIMIT: "1000" },
        prepare: async ({ db }) => {
          await db.delete(heroSlides);
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

const section = (page: Page, title: string) =>
  page.getByRole("region", { name: title, exact: true });

async function openEditor(page: Page, title: string) {
  await page.goto("/admin/homepage");
  await hydrated(page);
  await section(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(section(page, title).getByRole("button", { name: "Save Draft" })).toBeVisible();
  return section(page, title);
}

/** Save keeps a draft (visitors still see the live section); Publish makes it live. */
async function save(page: Page, region: ReturnType<typeof section>) {
  await region.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await publish(page, region);
}

async function publish(page: Page, region: ReturnType<typeof section>) {
  await region.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
}

test("the Content Management tab shows six previews, is axe clean, and edits one section at a time", async ({
  adminPage: page,
  browser,
  site,
}) => {
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Content Management" })
    .click();
  await expect(page).toHaveURL(/\/admin\/homepage$/);
  await hydrated(page);
  for (const title of ["Hero", "Services", "About", "Portfolio", "Testimonials", "Contact"]) {
    await expect(section(page, `${title} Section`)).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // Keyboard: Edit is a link, Enter opens the form; Enter in a field saves.
  const edit = page.getByRole("link", { name: "Edit Hero Section" });
  await edit.focus();
  await page.keyboard.press("Enter");
  const hero = section(page, "Hero Section");
  await expect(hero.getByRole("textbox", { name: "Heading", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening another section closes this one.
  await page.getByRole("link", { name: "Edit About Section" }).click();
  await expect(hero.getByRole("textbox", { name: "Heading", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Save Draft" })).toHaveCount(0);

  const form = await openEditor(page, "Hero Section");
  await form
    .getByRole("textbox", { name: "Heading", exact: true })
    .fill("Alabama's Technology Partner");
  await form.getByLabel("Subheading").fill("Edited in the admin.");
  await form.getByRole("textbox", { name: "Heading", exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expect(section(page, "Hero Section")).toContainText("Alabama's Technology Partner");
  // A draft: visitors still see the live heading until it is published.
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).not.toHaveText(
    "Alabama's Technology Partner",
  );
  await visitor.close();
  await publish(page, section(page, "Hero Section"));

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alabama's Technology Partner");
  await expect(page.getByText("Edited in the admin.")).toBeVisible();
});

test("services: heading, remove one, add one; seen on /", async ({ adminPage: page }) => {
  const form = await openEditor(page, "Services Section");
  await form.getByRole("textbox", { name: "Heading", exact: true }).fill("Everything Digital");
  await form.getByRole("button", { name: "Remove service 2" }).click();
  await form.getByRole("button", { name: "Add service" }).click();
  const added = form.getByRole("group", { name: "Service 3" });
  await added.getByLabel("Title").fill("Managed Backups");
  await added.getByLabel("Description").fill("Nightly, tested, off-site.");
  await save(page, form);
  await expect(section(page, "Services Section")).toContainText("Managed Backups");

  await page.goto("/");
  const services = page.getByRole("region", { name: "Everything Digital" });
  await expect(services.getByRole("heading", { name: "Managed Backups" })).toBeVisible();
  await expect(services.getByRole("heading", { name: "Sigma AI Solutions" })).toHaveCount(0);
});

test("about: heading and content, preview truncated to 100 characters; a 2049-character image URL fails", async ({
  adminPage: page,
}) => {
  const long = "We build, secure and support technology across Alabama. ".repeat(4).trim();
  let form = await openEditor(page, "About Section");
  await form.getByRole("textbox", { name: "Heading", exact: true }).fill("Why Alabama Chooses Us");
  await form.getByLabel("Content").fill(long);
  await save(page, form);
  await expect(section(page, "About Section")).toContainText(`${long.slice(0, 100)}...`);

  form = await openEditor(page, "About Section");
  // The image field's preview asks for the typed path (no such image), and the save is refused.
  expectHttpError(page, 404, `/${"a".repeat(2048)}`);
  expectHttpError(page, 400, "/admin/homepage");
  await form.getByRole("textbox", { name: "About image" }).fill(`/${"a".repeat(2048)}`);
  await form.getByRole("textbox", { name: "Heading", exact: true }).fill("Not saved");
  await form.getByRole("button", { name: "Save Draft" }).click();
  await expect(form.getByRole("alert")).toContainText("Failed to update section");
  await expect(form.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(
    "Not saved",
  );
  await expectNoAxeViolations(page);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Why Alabama Chooses Us" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Not saved" })).toHaveCount(0);
});

test("portfolio: reorder, remove, add a project and edit its title; seen on /", async ({
  adminPage: page,
}) => {
  const form = await openEditor(page, "Portfolio Section");
  await form.getByRole("button", { name: "Remove project 3 from the home page" }).click();
  await form.getByRole("button", { name: "Move project 2 up" }).click();
  await form.getByLabel("Add a project").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Add project" }).click();
  const third = form.getByRole("group", { name: /^Project 3:/ });
  await third.getByLabel("Title").fill("Renamed From The Homepage");
  await save(page, form);

  await page.goto("/");
  const cards = page
    .getByRole("region", { name: "Recent Projects" })
    .getByRole("heading", { level: 3 });
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveText("Riverbend Clinic Patient Assistant");
  await expect(cards.nth(1)).toHaveText("Magic City Outfitters Online Store");
  await expect(cards.nth(2)).toHaveText("Renamed From The Homepage");
  // One record: the portfolio page shows the new title too.
  await page.goto("/portfolio");
  await expect(page.getByText("Renamed From The Homepage").first()).toBeVisible();
});

test("testimonials: add one, preview truncated to 80 characters; seen on /", async ({
  adminPage: page,
}) => {
  const quote =
    "They answered at two in the morning and had our network back before the first shift started.";
  const form = await openEditor(page, "Testimonials Section");
  await form.getByRole("button", { name: "Add testimonial" }).click();
  const added = form.getByRole("group", { name: "Testimonial 3" });
  await added.getByLabel("Quote").fill(quote);
  await added.getByLabel("Author").fill("Lena Ortiz");
  await save(page, form);
  await expect(section(page, "Testimonials Section")).toContainText(`${quote.slice(0, 80)}...`);

  await page.goto("/");
  await expect(page.getByText(quote)).toBeVisible();
  await expect(page.getByText("Lena Ortiz")).toBeVisible();
});

test("contact: heading and phone are the brand settings; the header changes", async ({
  adminPage: page,
}) => {
  const form = await openEditor(page, "Contact Section");
  await form.getByRole("textbox", { name: "Heading", exact: true }).fill("Let's Build Something");
  await form.getByLabel("Phone").fill("(256) 555-0177");
  await save(page, form);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Let's Build Something" })).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Call (256) 555-0177" }),
  ).toBeVisible();
  await page.goto("/admin/settings");
  await expect(page.getByLabel("Phone")).toHaveValue("(256) 555-0177");
});

test("Settings: axe clean; the phone number changes the header; SVG logos are refused", async ({
  adminPage: page,
}) => {
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await hydrated(page);
  await expect(page.getByText("200x50 px, PNG or WebP, max 1 MB")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Phone").fill("(334) 555-0123");
  await page.getByRole("button", { name: "Add social link" }).click();
  await page.getByLabel("Link 5 name").fill("Instagram");
  await page.getByLabel("Link 5 URL").fill("https://www.instagram.com/example");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved. Visitors see the live details")).toBeVisible();
  await page.getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();

  // The logo's preview asks for the typed path (no such file), and the save is refused.
  expectHttpError(page, 404, "/uploads/logo.svg");
  expectHttpError(page, 400, "/admin/settings");
  await page.getByRole("textbox", { name: "Logo URL" }).fill("/uploads/logo.svg");
  await page.getByRole("button", { name: "Save Logo" }).click();
  await expect(page.getByRole("alert")).toContainText("Error updating logo. Please try again.");
  await page.getByRole("textbox", { name: "Logo URL" }).fill("/images/portfolio/project-1.webp");
  await page.getByRole("button", { name: "Save Logo" }).click();
  await expect(page.getByText("Logo updated successfully!")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Call (334) 555-0123" })).toBeVisible();
  await expect(header.locator('img[src="/images/portfolio/project-1.webp"]')).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: /Instagram/ }),
  ).toBeVisible();
});

test("the editor works without JavaScript: add a service, then save", async ({ browser, site }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Username or email").fill("admin");
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto("/admin/homepage?edit=services");
  const form = section(page, "Services Section");
  const count = await form.getByRole("group").count();
  await form.getByRole("button", { name: "Add service" }).click();
  const added = form.getByRole("group", { name: `Service ${count + 1}` });
  await added.getByLabel("Title").fill("Without Script");
  await form.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await section(page, "Services Section").getByRole("button", { name: "Publish draft" }).click();
  await expect(page.getByText("Published. Visitors see it now.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Without Script" })).toBeVisible();
  await context.close();
});

test("API: PUT /api/homepage-content/{id} needs an admin; bad input is a 4xx and changes nothing", async ({
  adminPage: page,
  playwright,
  site,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: site.url });
  const put = (ctx: typeof anonymous, id: string, data: unknown) =>
    ctx.put(`/api/homepage-content/${id}`, { data, headers: { origin: site.url } });
  expect((await put(anonymous, "hero", { heading: "Anonymous" })).status()).toBe(401);
  await anonymous.dispose();

  const admin = page.request;
  const before = await (await admin.get("/api/homepage-content")).json();
  const bad: [string, unknown, number][] = [
    ["hero", { heading: "" }, 400],
    ["about", { image: `/${"a".repeat(2048)}` }, 400],
    ["footer", { heading: "x" }, 404],
    ["portfolio", { projects: [{ id: "project-999" }] }, 400],
  ];
  for (const [id, data, status] of bad) {
    const res = await put(admin, id, data);
    expect(res.status(), id).toBe(status);
    expect((await res.json()).error).toEqual(expect.any(String));
  }
  expect(await (await admin.get("/api/homepage-content")).json()).toEqual(before);

  // A cross-site write is refused even with the admin's cookie.
  const evil = await admin.put("/api/homepage-content/hero", {
    data: { heading: "Evil" },
    headers: { origin: "https://evil.example" },
  });
  expect(evil.status()).toBe(403);

  const ok = await put(admin, "hero", { sectionId: "hero", data: { heading: "Via the API" } });
  expect(ok.status()).toBe(200);
  expect((await (await admin.get("/api/homepage-content")).json()).hero.heading).toBe(
    "Via the API",
  );
});
