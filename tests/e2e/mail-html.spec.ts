// The mail log's "Show message": the HTML part as the recipient sees it, in a frame that runs
// nothing (sandbox without permissions, srcdoc), beside the text part; visitor text shows as
// text. With MAIL_SCREENSHOTS=<folder> it also saves each kind of message, light and dark.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  adminTestWithMail,
  dropSandboxNotices,
  expect,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

const HOSTILE_NAME = "<img src=x onerror=alert(1)>";

const test = adminTestWithMail({
  MAIL_TIMEOUT_MS: "2000",
  // CCNA starts on June 16, 2026 (a seeded cohort).
  FROZEN_NOW: "2026-04-20T15:00:00Z",
});

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function post(url: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: url },
    redirect: "manual",
  });
  expect(response.status, path).toBeLessThan(400);
}

/** Each kind of message the site sends, by template, and what the mail log calls it. */
const labels: Record<string, string> = {
  "general-notification": "New contact form message, for the sales team",
  "inquiry-acknowledgement": "Thank-you for an inquiry",
  "registration-notification": "New course registration, for the sales team",
  "registration-confirmation": "Registration received",
};
const kinds = Object.keys(labels);

test("Show message: the HTML in a sandboxed frame and the text; visitor text stays text", async ({
  adminPage: page,
  mail,
  site,
  browserErrors,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await post(site.url, "/api/inquiries/general", {
    name: HOSTILE_NAME,
    email: "visitor@example.org",
    phone: "205-555-0100",
    inquiryType: "enterprise-security",
    message: "Please call me about a security review.\nTwo offices, 40 people.",
  });
  await post(site.url, "/certification-training/ccna/register", {
    step: "3",
    intent: "submit",
    certificationInterest: "ccna",
    name: "Jordan Reyes",
    email: "student@example.org",
    phone: "(205) 555-0188",
    company: "Vulcan Freight",
    experience: "1-3",
    startDate: "2026-06-16",
    classSchedule: "morning",
    comments: "I work nights on Fridays.",
    paymentMethod: "company-invoice",
    billingCompany: "Vulcan Freight",
    billingAddress: "1200 Industrial Pkwy\nBirmingham, AL 35203",
    billingEmail: "ap@vulcan-freight.example.com",
    poNumber: "PO-7731",
  });
  for (const to of ["visitor@example.org", "student@example.org"]) {
    await mail.waitFor((m) => m.to.includes(to), 30_000);
  }

  await page.goto("/admin/mail");
  await hydrated(page);
  const main = page.getByRole("main");
  for (const template of kinds) {
    const row = main.locator("tbody tr").filter({ hasText: labels[template] });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: /^Show message/ }).click();
    await expect(page).toHaveURL(/[?&]message=\d+/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    expect(await frame.getAttribute("srcdoc")).toContain("Sigma Technology Partners");
    const html = frame.contentFrame();
    await expect(html.getByRole("heading", { level: 1 })).toBeVisible();
    // The logo travels inside the message: shown here from its data, never fetched.
    await expect(html.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(dialog.locator("pre")).toContainText(/SIG-\d{6}/);
    if (template === "general-notification") {
      await expect(html.getByText(HOSTILE_NAME, { exact: true }).first()).toBeVisible();
      await expect(dialog.locator("pre")).toContainText(`Name: ${HOSTILE_NAME}`);
      await expect(frame).toHaveAttribute("title", /^The HTML part of "/);
      await expectNoAxeViolations(page, { exclude: ["iframe"] });
    }
    if (template === "inquiry-acknowledgement") {
      await expect(html.getByText(/^SIG-\d{6}$/)).toBeVisible();
      await expect(dialog).not.toContainText("onerror");
    }
    if (template === "registration-confirmation") {
      await expect(dialog).toContainText("Attached: course-start.ics");
    }
    await screenshots(page, template);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/message=/);
  }
  expect(dialogs).toEqual([]);
  // Playwright's helper script may be refused in the frame (the sandbox working) when it records
  // a trace; the frame's empty sandbox attribute, checked above, is what keeps scripts out.
  dropSandboxNotices(browserErrors);

  // Without script, the address alone opens the message in the page.
  const id = new URL(
    `${site.url}${await main
      .getByRole("link", { name: /^Show message/ })
      .first()
      .getAttribute("href")}`,
  ).searchParams.get("message");
  const context = await page.context().browser()?.newContext({ javaScriptEnabled: false });
  const plain = await context?.newPage();
  if (plain) {
    await plain.context().addCookies(await page.context().cookies());
    await plain.goto(`${site.url}/admin/mail?message=${id}`);
    await expect(plain.getByRole("heading", { name: "Message" })).toBeVisible();
    await expect(plain.locator("iframe[sandbox='']")).toHaveCount(1);
    await context?.close();
  }
});

/** Saves the message's HTML as the mail log shows it, light and dark, when asked to. */
async function screenshots(page: Page, template: string) {
  const folder = process.env.MAIL_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const url = page.url();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url);
    await hydrated(page);
    const frame = page.getByRole("dialog").locator("iframe");
    // The whole message: the frame as tall as its content for the picture.
    await frame.evaluate((el: HTMLIFrameElement) => {
      el.style.height = "1250px";
    });
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.getByRole("dialog").screenshot({ path: join(folder, `${template}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}
