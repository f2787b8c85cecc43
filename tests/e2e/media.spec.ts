// The media library (/admin/images) and the hero slider manager (/admin/slides), signed in as admin.
import sharp from "sharp";
import {
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  adminTest as test,
} from "./fixtures.ts";

// One server per worker: the gallery and the slides share it, so the tests run in order.
test.describe.configure({ mode: "serial" });

// After each action the tests wait for what a person would see: the address the screen moved to
// and the data its loaders brought back. Acting sooner (on a message, or on a dialog that has
// closed in the browser) starts a navigation that cuts React Router's last one short.
const GALLERY = /\/admin\/images$/;
const SLIDES = /\/admin\/slides$/;

const png = (width: number, height: number, background = "#3366cc") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test("image gallery: upload, copy, details, alt text, refusals and delete", async ({
  adminPage: page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/images");
  await hydrated(page);
  const main = page.getByRole("main");
  await expect(
    main.getByText('No images uploaded yet. Click "Upload Image" to get started.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Refused (415): an SVG with a script, a disguised HTML file; nothing is added.
  expectHttpError(page, 415, "/admin/images");
  await main.getByLabel("Image file").setInputFiles({
    name: "icon.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await main.getByRole("button", { name: "Upload Image" }).click();
  await expect(main.getByRole("alert")).toContainText(
    '"icon.svg" is not a JPG, PNG, GIF or WebP file.',
  );
  await main.getByLabel("Image file").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
  });
  await main.getByRole("button", { name: "Upload Image" }).click();
  await expect(main.getByRole("alert")).toContainText(
    '"photo.png" is not a JPG, PNG, GIF or WebP file.',
  );
  await expect(main.getByTestId("image-card")).toHaveCount(0);

  // Upload a real image.
  const file = await png(1200, 600);
  await main
    .getByLabel("Image file")
    .setInputFiles({ name: "Office.png", mimeType: "image/png", buffer: file });
  await main.getByLabel("Alt text").fill("Our office");
  await main.getByRole("button", { name: "Upload Image" }).click();
  await expect(main.getByRole("status").first()).toHaveText("Image uploaded successfully");
  const card = main.getByTestId("image-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Office.png");
  // The one size format: "9.5 KB", "14 KB", "2.3 MB".
  await expect(card.getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
  const img = card.getByRole("img", { name: "Our office" });
  const src = (await img.getAttribute("src")) as string;
  expect(src).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  expect(await img.getAttribute("srcset")).toContain("480w");
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["cache-control"]).toContain("immutable");

  // Copy URL.
  await card.getByRole("button", { name: "Copy URL of Office.png" }).click();
  await expect(main.getByText("Image URL copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(src, page.url()).href,
  );

  // Details and alt text, by keyboard.
  await card.getByRole("link", { name: "Details of Office.png" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/images\?image=\d+$/);
  const dialog = page.getByRole("dialog", { name: "Image Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("image/png");
  await expect(dialog).toContainText(src);
  await expect(dialog.getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Alt text").fill("The new office");
  await dialog.getByRole("button", { name: "Save Alt Text" }).click();
  await expect(dialog.getByText("Alt text saved")).toBeVisible();
  // Saved and shown again: the dialog's image has the new alt text, the address is the dialog's.
  await expect(dialog.getByRole("img", { name: "The new office" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/images\?image=\d+$/);
  await page.keyboard.press("Escape");
  // The dialog closes at once; the gallery's address (and its data) follows.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(GALLERY);
  await expect(card.getByRole("img", { name: "The new office" })).toBeVisible();

  // Delete asks first; dismissing keeps it.
  const messages: string[] = [];
  page.once("dialog", (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await card.getByRole("button", { name: "Delete Office.png" }).click();
  await expect(card).toHaveCount(1);
  await expect(page).toHaveURL(GALLERY);
  page.once("dialog", (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await card.getByRole("button", { name: "Delete Office.png" }).click();
  await expect(
    main.getByText('No images uploaded yet. Click "Upload Image" to get started.'),
  ).toBeVisible();
  await expect(page).toHaveURL(GALLERY);
  expect(messages).toEqual([
    "Are you sure you want to delete this image?",
    "Are you sure you want to delete this image?",
  ]);
  expect((await page.request.get(src)).status()).toBe(404);
});

test("hero slider: create with an uploaded image, edit, reorder, deactivate, delete; / follows", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage();
  const heroTitles = async () => {
    await visitor.goto(`${baseURL}/`, { waitUntil: "domcontentloaded" });
    return visitor.locator("[aria-roledescription='slide'] h2").allTextContents();
  };

  await page.goto("/admin/slides");
  await hydrated(page);
  const main = page.getByRole("main");
  await expectNoAxeViolations(page);
  const before = await main.getByRole("list", { name: "Slides" }).getByRole("listitem").count();

  // Create, with a refused (415) and then a real upload.
  expectHttpError(page, 415, "/api/admin/upload-image");
  await main.getByRole("link", { name: "Add New Slide" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Hero Slide" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("Spring Cohorts Open");
  await dialog.getByLabel("Subtitle").fill("Security+ and CCNA");
  await dialog.getByLabel("Background Image: image file").setInputFiles({
    name: "bad.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>not an image</html>"),
  });
  await expect(dialog.getByRole("alert")).toContainText(
    "Failed to upload image. Please try again.",
  );
  await dialog.getByLabel("Background Image: image file").setInputFiles({
    name: "spring.png",
    mimeType: "image/png",
    buffer: await png(1600, 700, "#226644"),
  });
  await expect(dialog.getByRole("img", { name: "Preview of Background Image" })).toBeVisible();
  const imageUrl = await dialog.getByTestId("image-url").inputValue();
  expect(imageUrl).toMatch(/^\/media\//);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Slide" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(SLIDES);
  const items = main.getByRole("list", { name: "Slides" }).getByRole("listitem");
  await expect(items).toHaveCount(before + 1);
  await expect(items.last()).toContainText("Spring Cohorts Open");
  await expect(items.last().locator(`img[src="${imageUrl}"]`)).toHaveCount(1);
  expect(await heroTitles()).toContain("Spring Cohorts Open");

  // Edit.
  await main.getByRole("link", { name: "Edit slide Spring Cohorts Open" }).click();
  await expect(page).toHaveURL(/\/admin\/slides\?slide=\d+$/);
  const edit = page.getByRole("dialog", { name: "Edit Hero Slide" });
  await edit.getByRole("textbox", { name: "Title", exact: true }).fill("Summer Cohorts Open");
  await edit.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/slides\?slide=\d+&saved=draft$/);
  await expect(items.last()).toContainText("Unpublished draft");
  await edit.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/slides\?history=published$/);
  await expect(main.getByRole("status").first()).toHaveText("Published. Visitors see it now.");
  await expect(items.last()).toContainText("Summer Cohorts Open");

  // Reorder by keyboard: move it to the top.
  for (let i = 0; i < before; i++) {
    await main.getByRole("button", { name: "Move slide Summer Cohorts Open up" }).press("Enter");
    await expect(items.nth(before - 1 - i)).toContainText("Summer Cohorts Open");
  }
  expect((await heroTitles())[0]).toBe("Summer Cohorts Open");

  // Reorder by drag: drag the second slide onto the first.
  const second = (await items.nth(1).locator("h2").textContent())
    ?.replace(/(Active|Inactive)$/, "")
    .trim() as string;
  await items.nth(1).dragTo(items.nth(0));
  // Saved (the answer came back) before the page reloads: a reload would cut the save short.
  await expect(main.getByRole("status").first()).toHaveText("The new order is saved.");
  await expect(items.first()).toContainText(second);
  await page.reload();
  await expect(items.first()).toContainText(second);

  // Deactivate: it leaves the home page.
  await main.getByRole("button", { name: "Deactivate slide Summer Cohorts Open" }).click();
  await expect(
    main.getByRole("button", { name: "Activate slide Summer Cohorts Open" }),
  ).toBeVisible();
  await expect(main.getByRole("status").first()).toHaveText(
    "The slide is hidden from the home page.",
  );
  expect(await heroTitles()).not.toContain("Summer Cohorts Open");

  // Delete with its confirmation.
  page.once("dialog", (d) => {
    expect(d.message()).toBe("Are you sure you want to delete this slide?");
    void d.accept();
  });
  await main.getByRole("button", { name: "Delete slide Summer Cohorts Open" }).click();
  await expect(items).toHaveCount(before);
  await expect(main.getByRole("status").first()).toHaveText("The slide was deleted.");
  await visitor.close();
});

test("slide title is required on the server; writes need an admin session", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const bad = await page.request.post("/api/hero-slides", {
    data: { title: "" },
    headers: { origin: baseURL as string },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: "Title is required (at most 200 characters)." });
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const [method, path] of [
    ["POST", "/api/hero-slides"],
    ["PUT", "/api/hero-slides/1"],
    ["DELETE", "/api/hero-slides/1"],
    ["POST", "/api/images"],
    ["DELETE", "/api/images/1"],
    ["POST", "/api/admin/upload-image"],
  ] as const) {
    const res = await anonymous.fetch(path, { method, data: { title: "x" } });
    expect(res.status(), `${method} ${path}`).toBe(401);
  }
  await anonymous.dispose();
});

test("empty slider offers 'Create Your First Slide'", async ({ adminPage: page }) => {
  await page.goto("/admin/slides");
  await hydrated(page);
  const main = page.getByRole("main");
  const items = main.getByRole("list", { name: "Slides" }).getByRole("listitem");
  while ((await items.count()) > 0) {
    page.once("dialog", (d) => void d.accept());
    const n = await items.count();
    await items
      .first()
      .getByRole("button", { name: /^Delete slide/ })
      .click();
    await expect(items).toHaveCount(n - 1);
  }
  await main.getByRole("link", { name: "Create Your First Slide" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Hero Slide" })).toBeVisible();
});
