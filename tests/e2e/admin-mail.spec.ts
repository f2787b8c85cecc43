// The mail log (/admin/mail): a message the SMTP server refused shows as failed with its error,
// the admin home warns, resend queues it again and it is delivered once the server accepts.

import {
  adminTestWithMail,
  dropSandboxNotices,
  expect,
  expectFitsWidth,
  expectNoAxeViolations,
  hydrated,
} from "./fixtures.ts";

// The mail server refuses at first; one attempt: a refused message is failed at once.
const test = adminTestWithMail({ MAIL_RETRY_LIMIT: "0", MAIL_TIMEOUT_MS: "1000" }, "refuse");

test.describe.configure({ mode: "serial" });

test("a refused message shows as failed, the admin home warns, resend delivers it", async ({
  adminPage: page,
  mail,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  // A visitor's inquiry: its two e-mails are refused by the SMTP server.
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: "Riley Stone",
    email: "riley@example.org",
    phone: "205-555-0142",
    "website-type": "business",
    message: "A new website for our clinic.",
  })) {
    form.append(k, v);
  }
  const posted = await fetch(`${baseURL}/api/customers/ai-design-inquiry`, {
    method: "POST",
    body: form,
    headers: { origin: baseURL as string },
  });
  expect(posted.status).toBe(200);

  await page.goto("/admin/mail?status=failed");
  await hydrated(page);
  const main = page.getByRole("main");
  const rows = main.locator("tbody tr");
  await expect(async () => {
    await page.reload();
    expect(await rows.count()).toBe(2);
  }).toPass({ timeout: 30_000 });
  await expect(rows.first()).toContainText("Failed");
  await expect(rows.first()).toContainText("451");
  await expect(rows.first().locator("td").nth(3)).toHaveText("1");
  await expectNoAxeViolations(page);

  // The admin home warns while messages have failed.
  await page.goto("/admin/dashboard");
  const banner = page.getByRole("main").getByRole("alert");
  await expect(banner).toContainText("E-mail notifications are failing.");
  await expect(banner).toContainText("2 messages failed in the last 7 days.");
  await expectNoAxeViolations(page);
  await banner.getByRole("link", { name: "Open the mail log" }).click();
  await expect(page).toHaveURL(/\/admin\/mail\?status=failed$/);

  // The SMTP server is back: resend both; status goes back to pending, then sent.
  mail.setMode("accept");
  const resendButtons = main.getByRole("button", { name: /^Resend "/ });
  for (const stillFailed of [1, 0]) {
    await resendButtons.first().click();
    await expect(main.getByRole("status")).toContainText("The message is queued again.");
    // The list reloads after the resend: the next click must not hit the row just resent.
    await expect(resendButtons).toHaveCount(stillFailed);
  }
  await mail.waitFor((m) => m.to.includes("sales@example.com"), 30_000);
  await mail.waitFor((m) => m.to.includes("riley@example.org"), 30_000);
  await page.goto("/admin/mail");
  await expect(async () => {
    await page.reload();
    await expect(rows.filter({ hasText: "Sent" })).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // Attempts are kept across the resend: one refused, one delivered.
  await expect(rows.first().locator("td").nth(3)).toHaveText("2");
  await expect(rows.first().locator("td").nth(4)).toHaveText("-");
  // "Show message" opens the message: its HTML in a sandboxed frame, and its text.
  await rows
    .first()
    .getByRole("link", { name: /^Show message/ })
    .click();
  await expect(page.getByRole("dialog").locator("pre")).toBeVisible();
  await expect(page.getByRole("dialog").locator("iframe")).toHaveAttribute("sandbox", "");
  await page.keyboard.press("Escape");
  // The message's HTML frame may refuse Playwright's helper script (the sandbox working).
  dropSandboxNotices(browserErrors);

  await page.goto("/admin/dashboard");
  await expect(page.getByText("E-mail notifications are failing.")).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/mail");
  await expectFitsWidth(page);
  await expectNoAxeViolations(page);
});

test("resend refusals, and the JSON doors are admins' only", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const origin = { origin: baseURL as string };
  const log = await page.request.get("/api/admin/mail");
  expect(log.status()).toBe(200);
  const { messages, health } = await log.json();
  expect(health).toEqual({ failed: 0, retrying: 0 });
  const sent = messages.find((m: { status: string }) => m.status === "sent");
  const again = await page.request.post(`/api/admin/mail/${sent.id}/resend`, { headers: origin });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ error: "Only a failed message can be resent." });
  expect(
    (await page.request.post("/api/admin/mail/999999/resend", { headers: origin })).status(),
  ).toBe(404);
  expect((await page.request.get("/api/admin/mail?status=lost")).status()).toBe(400);

  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get("/api/admin/mail")).status()).toBe(401);
  expect(
    (await anonymous.post(`/api/admin/mail/${sent.id}/resend`, { headers: origin })).status(),
  ).toBe(401);
  const screen = await anonymous.get("/admin/mail", { maxRedirects: 0 });
  expect(screen.headers().location).toBe("/admin?redirectTo=%2Fadmin%2Fmail");
  await anonymous.dispose();
});
