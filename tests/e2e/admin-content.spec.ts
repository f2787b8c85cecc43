// Content blocks (/admin/content): page tabs, blocks by section, the add/edit/delete dialogs
// with their validation, a script typed as content stays text; the JSON doors.
import {
  DEMO_PASSWORD,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  adminTest as test,
} from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

test("add, validate, edit and delete blocks in the dialog; a new page gets its tab; markup stays text", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/admin/content");
  await hydrated(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Content Blocks" })).toBeVisible();
  const tabs = main.getByRole("navigation", { name: "Pages" });
  await expect(tabs.getByRole("link", { name: "sales-dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(main.getByRole("heading", { name: "Section: latest-news" })).toBeVisible();
  await expect(
    main.getByRole("list", { name: "Blocks of latest-news" }).getByRole("listitem"),
  ).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Add, by keyboard; empty fields first.
  await main.getByRole("link", { name: "Add Block" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Content Block" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Page")).toHaveValue("sales-dashboard");
  await dialog.getByLabel("Page").fill("");
  // Sent back with its errors (400), or refused for a key in use (409).
  expectHttpError(page, 400, "/admin/content");
  expectHttpError(page, 409, "/admin/content");
  await dialog.getByRole("button", { name: "Create Block" }).click();
  for (const text of [
    "Key is required.",
    "Title is required.",
    "Content is required.",
    "Page is required.",
    "Section is required.",
  ]) {
    await expect(dialog.getByText(text)).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // A key in use and an image address that is not a URL.
  await dialog.getByLabel("Key").fill("sales-news-ai-assistants");
  await dialog.getByLabel("Title").fill("Holiday hours");
  await dialog.getByLabel("Content").fill(XSS);
  await dialog.getByTestId("image-url").fill("not a url");
  await dialog.getByLabel("Page").fill("home");
  await dialog.getByLabel("Section").fill("notice");
  await dialog.getByRole("button", { name: "Create Block" }).click();
  await expect(
    dialog.getByText("Image URL must be a URL (https://...) or a site path starting with /."),
  ).toBeVisible();
  await dialog.getByTestId("image-url").fill("");
  await dialog.getByRole("button", { name: "Create Block" }).click();
  await expect(
    dialog.getByText("A content block with this key already exists: choose another key."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue("Holiday hours");

  await dialog.getByLabel("Key").fill("home-holiday-hours");
  await dialog.getByRole("button", { name: "Create Block" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/content\?page=home$/);
  await expect(tabs.getByRole("link", { name: "home" })).toHaveAttribute("aria-current", "page");
  const card = main.getByTestId("block-home-holiday-hours");
  // The markup is shown as typed, and never ran.
  await expect(card).toContainText(XSS);
  await expect(card.locator("script, img[src='x']")).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();

  // Edit.
  await card.getByRole("link", { name: "Edit block home-holiday-hours" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content Block" });
  await expect(edit.getByLabel("Content")).toHaveValue(XSS);
  await edit.getByLabel("Title").fill("Holiday opening hours");
  await edit.getByLabel("Content").fill("Closed on Monday.\nOpen again on Tuesday.");
  await edit.getByTestId("image-url").fill("/images/share.png");
  await expectNoAxeViolations(page);
  // Save keeps a draft: the card still shows the live block until Publish.
  await edit.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved. Pages show the live block")).toBeVisible();
  await expect(card).not.toContainText("Open again on Tuesday.");
  await edit.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("Holiday opening hours");
  await expect(card).toContainText("Open again on Tuesday.");

  // Escape closes a dialog without saving.
  await card.getByRole("link", { name: "Edit block home-holiday-hours" }).click();
  await edit.getByLabel("Title").fill("Not saved");
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await expect(card).toContainText("Holiday opening hours");

  // Delete, confirmed in its dialog; the page's tab goes with its last block.
  await card.getByRole("link", { name: "Delete block home-holiday-hours" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Content Block" });
  await expect(confirm).toContainText("Are you sure you want to delete this content block?");
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Delete Block" }).click();
  await expect(card).toHaveCount(0);
  await expect(tabs.getByRole("link", { name: "home" })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/content");
  await expectFitsWidth(page);
  await page.goto("/admin/content?block=new");
  await expect(page.getByRole("dialog", { name: "Add Content Block" })).toBeVisible();
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
});

test("without JavaScript the dialog is part of the page and saves", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.goto("/admin/content?block=new");
  const form = plain.getByRole("region", { name: "Add Content Block" });
  await form.getByLabel("Key").fill("sales-news-no-script");
  await form.getByLabel("Title").fill("Plain HTML works");
  await form.getByLabel("Content").fill("Posted without script.");
  await form.getByLabel("Section").fill("latest-news");
  await form.getByRole("button", { name: "Create Block" }).click();
  await expect(plain).toHaveURL(/page=sales-dashboard$/);
  await expect(plain.getByTestId("block-sales-news-no-script")).toContainText("Plain HTML works");
  await context.close();
});

test("JSON doors: newest first, create, update, delete; bad input 400, duplicate 409; others refused", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const origin = { origin: baseURL as string };
  const body = {
    key: "api-block",
    title: "From the API",
    content: "Hello",
    imageUrl: "",
    page: "sales-dashboard",
    section: "latest-news",
  };
  const created = await page.request.post("/api/admin/content-blocks", {
    headers: origin,
    data: body,
  });
  expect(created.status()).toBe(201);
  const block = await created.json();
  const list = await (await page.request.get("/api/admin/content-blocks")).json();
  expect(list[0]).toMatchObject({ id: block.id, key: "api-block" });

  const bad = await page.request.post("/api/admin/content-blocks", {
    headers: origin,
    data: { ...body, key: "other", imageUrl: "javascript:alert(1)" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual({
    imageUrl: "Image URL must be a URL (https://...) or a site path starting with /.",
  });
  const dup = await page.request.post("/api/admin/content-blocks", { headers: origin, data: body });
  expect(dup.status()).toBe(409);

  const put = await page.request.put(`/api/admin/content-blocks/${block.id}`, {
    headers: origin,
    data: { ...body, title: "Changed" },
  });
  expect(await put.json()).toMatchObject({ title: "Changed" });
  const missing = await page.request.put("/api/admin/content-blocks/999999", {
    headers: origin,
    data: body,
  });
  expect(missing.status()).toBe(404);
  expect(
    (
      await page.request.delete(`/api/admin/content-blocks/${block.id}`, { headers: origin })
    ).status(),
  ).toBe(200);
  expect((await page.request.get(`/api/admin/content-blocks/${block.id}`)).status()).toBe(404);

  const anonymous = await playwright.request.newContext({ baseURL });
  for (const [method, path] of [
    ["GET", "/api/admin/content-blocks"],
    ["POST", "/api/admin/content-blocks"],
    ["PUT", "/api/admin/content-blocks/1"],
    ["DELETE", "/api/admin/content-blocks/1"],
  ] as const) {
    const res = await anonymous.fetch(path, { method, data: body, headers: origin });
    expect(res.status(), `${method} ${path}`).toBe(401);
  }
  const screen = await anonymous.get("/admin/content", { maxRedirects: 0 });
  expect(screen.headers().location).toBe("/admin?redirectTo=%2Fadmin%2Fcontent");
  await anonymous.dispose();
});

test("an edited block shows where its page uses it: the sales dashboard's Latest News in AI", async ({
  adminPage: page,
  browser,
}) => {
  await page.goto("/admin/content?page=sales-dashboard");
  await hydrated(page);
  await page.getByRole("link", { name: "Edit block sales-news-ai-assistants" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content Block" });
  await edit.getByLabel("Title").fill("AI help desks <b>go mainstream</b>");
  await edit.getByLabel("Content").fill("Pilot first, then scale: ask about our managed pilot.");
  await edit.getByRole("button", { name: "Save Draft" }).click();
  await edit.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(edit).toBeHidden();

  const manager = await browser.newPage();
  await manager.goto(new URL("/login", page.url()).href);
  const main = manager.getByRole("main");
  await main.getByLabel("Email").fill("manager@example.com");
  await main.getByLabel("Password").fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(manager).toHaveURL(/\/sales-dashboard$/);
  const news = manager.getByRole("region", { name: "Latest News in AI" });
  await expect(news.getByText("AI help desks <b>go mainstream</b>")).toBeVisible();
  await expect(
    news.getByText("Pilot first, then scale: ask about our managed pilot."),
  ).toBeVisible();
  await manager.close();
});
