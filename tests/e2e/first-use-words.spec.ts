// Words for people, not for developers, and the public way around (issue 23, points 7 and 8):
// staff screens name settings, people and events in plain words (the raw data one click away),
// a file's size reads the same everywhere, an image without alt text is flagged and found, the
// homepage editor explains its hero and slides, the footer leads to the portfolio, contact and
// the sign-in pages, and the inquiry's promise and sign-off are the same on the page and in the
// e-mail. Desktop and phone, light and dark where colours show; axe on each screen.
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  adminTestWithMail,
  DEMO_PASSWORD,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

const test = adminTestWithMail({ DEMO_PASSWORD, FORM_RATE_LIMIT: "100" });
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };
const SITE_NAME = "Sigma Technology Partners";
const PROMISE = "within 24 hours";
/** An environment variable's name (SALES_EMAIL, SMTP_URL): never on a staff screen. */
const ENV_NAME = /\b[A-Z]{2,}_[A-Z_]{2,}\b/;
/** The one size format, alone on its line: "512 bytes", "9.5 KB", "14 KB", "2.3 MB". */
const SIZE = /^(\d+ bytes?|\d(\.\d)? (KB|MB)|\d{2,4} (KB|MB))$/;

const png = (background: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background } })
    .png()
    .toBuffer();

async function visibleText(page: Page) {
  return page.getByRole("main").innerText();
}

test("Settings and the mail log speak of what things do, not of environment variables", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/settings");
  await hydrated(page);
  const staff = page.getByRole("region", { name: "Staff settings" });
  await expect(staff.getByLabel("Sales notification e-mail")).toBeVisible();
  await expect(staff).toContainText(
    "New inquiries and registrations are e-mailed to this address.",
  );
  // Without Stripe, how to connect it is said in the admin's words, not the server's.
  await expect(staff).toContainText(
    "Not connected: card registrations are arranged by a representative.",
  );
  await expect(staff).toContainText("/api/webhooks/stripe");
  expect(await visibleText(page)).not.toMatch(ENV_NAME);
  await page.goto("/admin/mail");
  expect(await visibleText(page)).not.toMatch(ENV_NAME);
  // An address the admin area has no page for says so plainly.
  expectHttpError(page, 404, "/admin/no-such-screen");
  await page.goto("/admin/no-such-screen");
  await expect(page.getByRole("main")).toContainText("There is no admin page at this address.");
  await expect(page.getByRole("main")).not.toContainText("(yet)");
});

test("an inquiry: the promise and the sign-off agree; its file, the audit and mail logs read as words", async ({
  adminPage: page,
  browser,
  mail,
  site,
}) => {
  test.setTimeout(120_000);
  const email = `words-${Date.now()}@example.org`;
  const visitor = await browser.newPage({ baseURL: site.url });
  await visitor.goto("/start-your-ai-design");
  await hydrated(visitor);
  const form = visitor.getByRole("main");
  await expect(form).toContainText(`we will contact you ${PROMISE}.`);
  await form.getByLabel("Name").fill("Priya Raman");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("(205) 555-0142");
  await form.getByLabel("Website Type").selectOption("saas");
  await form.getByLabel("Budget").selectOption("25k-50k");
  await form.getByLabel("Timeline").selectOption("3-4-months");
  await form.getByLabel("Project Details").fill("A customer portal.");
  const pdf = join(tmpdir(), "words-brief.pdf");
  await writeFile(pdf, `%PDF-1.4\n${"%".repeat(300 * 1024)}\n%%EOF\n`);
  await form.getByLabel("Attachments").setInputFiles([pdf]);
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(form.getByRole("status")).toContainText(`We'll contact you ${PROMISE}.`);
  await visitor.close();

  // The e-mails: the same promise, signed with the site's name (never its address).
  const thanks = await mail.waitFor((m) => m.to.includes(email));
  expect(thanks.text).toContain(`get back to you ${PROMISE}.`);
  expect(thanks.text.trim().split("\n").at(-1)).toBe(SITE_NAME);
  expect(thanks.text).not.toMatch(/https?:\/\/|localhost|127\.0\.0\.1/);
  // React's text markers aside, the footer's link says the name; no address shows as text.
  const html = (thanks.html ?? "").replaceAll("<!-- -->", "");
  expect(html).toContain(`Visit the ${SITE_NAME} website`);
  expect(html).not.toMatch(/>\s*(https?:\/\/)?(localhost|127\.0\.0\.1)[^<]*</);
  const notification = await mail.waitFor(
    (m) => m.to.includes("sales@example.com") && m.text.includes(email),
  );
  expect(notification.text).toContain("words-brief.pdf (300 KB)");

  // The lead's file in the same format; assigned to the demo rep by name.
  await page.goto("/admin/customers");
  await hydrated(page);
  await page
    .getByRole("list", { name: "Customers" })
    .getByRole("link")
    .filter({ hasText: email })
    .click();
  await expect(page).toHaveURL(/[?&]lead=\d+/);
  const leadId = Number(new URL(page.url()).searchParams.get("lead"));
  const panel = page.getByRole("region", { name: "Priya Raman" });
  const files = panel.getByRole("list", { name: "Uploaded files" });
  await expect(files).toContainText("words-brief.pdf");
  await expect(files).toContainText("(300 KB)");
  await panel.getByLabel("Sales rep").selectOption({ label: "Jordan Reed" });
  await panel.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sales rep assigned." })).toBeVisible();

  // The audit log: who by name, what in a sentence, the stored data behind a disclosure.
  await page.goto("/admin/audit");
  await hydrated(page);
  const entries = page.getByRole("table", { name: /Audit log entries/ });
  const assigned = entries
    .getByRole("row")
    .filter({ hasText: `Assigned lead #${leadId} (Priya Raman) to Jordan Reed` });
  await expect(assigned).toHaveCount(1);
  await expect(assigned).toContainText("Site Administrator");
  await expect(assigned).toContainText("admin@example.com");
  // What shows (the raw data folded away) has no ids of records.
  expect(await assigned.innerText()).not.toContain(`lead:${leadId}`);
  const raw = assigned.locator("pre");
  await expect(raw).toBeHidden();
  await assigned.getByText("Raw details").click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText('"action": "lead_assigned"');
  await expect(raw).toContainText(`"target": "lead:${leadId}"`);
  const signIn = entries.getByRole("row").filter({ hasText: "Signed in at the admin sign-in" });
  await expect(signIn.first()).toBeVisible();
  expect(await entries.innerText()).not.toContain("door:");
  await expectNoAxeViolations(page);

  // The mail log: what kind of e-mail, to whom by name; the stored data behind a disclosure.
  await page.goto("/admin/mail");
  await hydrated(page);
  const thanksRow = page
    .getByRole("main")
    .locator("tbody tr")
    .filter({ hasText: "Thank-you for an inquiry to Priya Raman" });
  await expect(thanksRow).toHaveCount(1);
  await expect(thanksRow).toContainText(`To: Priya Raman <${email}>`);
  await expect(thanksRow.locator("pre")).toBeHidden();
  await thanksRow.getByText("Raw details").click();
  await expect(thanksRow.locator("pre")).toContainText('"template": "inquiry-acknowledgement"');
  await expectNoAxeViolations(page);
});

for (const { viewport, colorScheme } of [
  { viewport: { width: 1280, height: 900 }, colorScheme: "light" as const },
  { viewport: PHONE, colorScheme: "dark" as const },
]) {
  test(`the gallery flags an image without alt text and finds it (${viewport.width} px, ${colorScheme})`, async ({
    adminPage: page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    const stamp = `${viewport.width}-${colorScheme}`;
    await page.goto("/admin/images");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByLabel("Alt text")).toHaveAccessibleDescription(
      "Describe what the image shows, for people who cannot see it.",
    );
    await main.getByLabel("Image file").setInputFiles({
      name: `bare-${stamp}.png`,
      mimeType: "image/png",
      buffer: await png("#c30"),
    });
    await main.getByRole("button", { name: "Upload Image" }).click();
    await expect(main.getByRole("status").first()).toHaveText(
      "Image uploaded successfully. It has no alt text yet: open its Details to describe it.",
    );
    await main.getByLabel("Image file").setInputFiles({
      name: `team-${stamp}.png`,
      mimeType: "image/png",
      buffer: await png("#36c"),
    });
    await main.getByLabel("Alt text").fill("Our team at work");
    await main.getByRole("button", { name: "Upload Image" }).click();
    await expect(main.getByRole("status").first()).toHaveText("Image uploaded successfully");

    const card = (name: string) => main.getByTestId("image-card").filter({ hasText: name });
    const warning = "No alt text: people who cannot see the image will not know what it shows.";
    await expect(card(`bare-${stamp}.png`)).toContainText(warning);
    await expect(card(`bare-${stamp}.png`).getByText(SIZE)).toBeVisible();
    await expect(card(`team-${stamp}.png`)).not.toContainText(warning);
    await expect(card(`team-${stamp}.png`).getByText(SIZE)).toBeVisible();
    await expectNoAxeViolations(page);

    // The filter: a link, the list filtered by the server.
    const filters = page.getByRole("navigation", { name: "Show images" });
    await filters.getByRole("link", { name: /^Needs alt text \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/admin\/images\?alt=missing$/);
    await expect(card(`bare-${stamp}.png`)).toHaveCount(1);
    await expect(card(`team-${stamp}.png`)).toHaveCount(0);
    await expect(filters.getByRole("link", { name: /^Needs alt text/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);

    // Without script, the address alone filters.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(await page.context().cookies());
    const plainPage = await plain.newPage();
    const url = new URL(page.url());
    await plainPage.goto(`${url.origin}/admin/images?alt=missing`);
    await expect(
      plainPage.getByTestId("image-card").filter({ hasText: `bare-${stamp}.png` }),
    ).toHaveCount(1);
    await expect(
      plainPage.getByTestId("image-card").filter({ hasText: `team-${stamp}.png` }),
    ).toHaveCount(0);
    await plain.close();

    // Described in its details, it leaves the filter; the dialog stays open to say so.
    await card(`bare-${stamp}.png`)
      .getByRole("link", { name: `Details of bare-${stamp}.png` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Image Details" });
    await expect(dialog).toContainText(warning);
    await expect(dialog.getByText(SIZE)).toBeVisible();
    await dialog.getByLabel("Alt text").fill("A red square");
    await dialog.getByRole("button", { name: "Save Alt Text" }).click();
    await expect(dialog.getByText("Alt text saved")).toBeVisible();
    await expect(dialog).not.toContainText(warning);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/admin\/images\?alt=missing$/);
    await expect(card(`bare-${stamp}.png`)).toHaveCount(0);
  });

  test(`the homepage editor explains its hero, slides' buttons and slot colours (${viewport.width} px, ${colorScheme})`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    await page.goto("/admin/homepage");
    await hydrated(page);
    const hero = page.getByRole("region", { name: "Hero Section" });
    await expect(hero).toContainText(
      "The home page shows this section only when no hero slide is active.",
    );
    await expect(hero.getByRole("link", { name: "Hero Slider" })).toHaveAttribute(
      "href",
      "/admin/slides",
    );
    await expectNoAxeViolations(page);

    // A slide without a link: its button opens the inquiry form, and the list says so.
    await page.goto("/admin/slides?slide=new");
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Button Link")).toHaveAccessibleDescription(
      /Empty: the button opens the inquiry form\./,
    );
    const title = `Linkless ${viewport.width} ${colorScheme}`;
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await dialog.getByRole("button", { name: "Create Slide" }).click();
    const slide = page.getByRole("listitem").filter({ hasText: title });
    await expect(slide).toContainText(
      "Button: Start Your AI Design (the default) → opens the inquiry form",
    );
    await expect(page.getByRole("main")).not.toContainText("(no link)");
    await expectNoAxeViolations(page);

    // The project slots' colours have their legend.
    await page.goto("/admin/projects");
    await hydrated(page);
    const legend = page.getByRole("list", { name: "What the colours mean" });
    for (const text of [
      "Blue: project 1 in the portfolio's order",
      "Green: project 2 in the portfolio's order",
      "Orange: project 3 in the portfolio's order",
      "Grey: the projects after those",
      "A filled button: the project open below.",
    ]) {
      await expect(legend).toContainText(text);
    }
    await expectNoAxeViolations(page);
  });

  test(`the footer leads to the portfolio, contact and the sign-in pages (${viewport.width} px, ${colorScheme})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Portfolio", "/portfolio"],
      ["Contact", "/contact"],
      ["Training Portal", "/portal"],
      ["Sales team sign-in", "/login"],
      ["Admin sign-in", "/admin"],
    ]) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", href as string);
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page);
    await footer.getByRole("link", { name: "Sales team sign-in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sales Sign In");
  });
}

test("the inquiry modal promises what the e-mail says", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page
    .getByRole("region", { name: "Highlights" })
    .getByRole("button", { name: "Start Your AI Design" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Start Your AI Design" });
  await expect(dialog).toContainText(
    `Tell us about your project and we will contact you ${PROMISE}.`,
  );
});
