// Card payments (issue 47), as a student meets them: they register to pay by credit card, the
// confirmation page offers "Pay now by card", Stripe's Checkout (the local double, reached with
// the official SDK) takes the payment and delivers its signed webhook, and they are back on the
// site: paid, the receipt in the Training Portal.
import type { Page } from "@playwright/test";
import { createUser } from "#app/domain/auth/users.server.ts";
import { type AppServer, freePort, startAppServer } from "#tests/support/app-server.ts";
import { type StripeDouble, startStripeDouble } from "#tests/support/stripe-double.ts";
import { test as base, expect, expectNoAxeViolations, hydrated } from "./fixtures.ts";

const STUDENT = { email: "riley.card@example.org", password: "violet kettle marathon 42" };

const test = base.extend<object, { stripe: StripeDouble; site: AppServer }>({
  stripe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const double = await startStripeDouble();
      await use(double);
      await double.stop();
    },
    { scope: "worker" },
  ],
  site: [
    async ({ stripe }, use) => {
      const port = await freePort();
      const server = await startAppServer({
        env: {
          // Monday, April 20, 2026 in Alabama; CCNA's June 16 morning class takes registrations.
          FROZEN_NOW: "2026-04-20T15:00:00Z",
          FORM_RATE_LIMIT: "100",
          PORT: String(port),
          SITE_URL: `http://127.0.0.1:${port}`,
          ...stripe.env,
        },
        prepare: async ({ db }) => {
          await createUser(db, {
            ...STUDENT,
            role: "student",
            firstName: "Riley",
            lastName: "Card",
          });
        },
      });
      stripe.webhookUrl = `${server.url}/api/webhooks/stripe`;
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

/** Registers the student by card for CCNA's class of `startDate`, as the wizard's last step posts. */
function register(page: Page, baseURL: string, startDate: string, classSchedule: string) {
  return page.request.post(`${baseURL}/certification-training/ccna/register`, {
    headers: { Origin: baseURL },
    form: {
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      name: "Riley Card",
      email: STUDENT.email,
      phone: "(205) 555-0100",
      experience: "1-3",
      startDate,
      classSchedule,
      paymentMethod: "credit-card",
      // Whatever the client says the price is, Stripe is asked for the server's.
      amount: "1",
      price: "1",
    },
  });
}

test("a card registration pays through Checkout: paid, and the receipt in the portal", async ({
  page,
  baseURL,
  stripe,
}) => {
  const registered = await register(page, baseURL as string, "2026-06-16", "morning");
  expect(registered.url()).toContain("/register/confirmation?token=");
  await page.goto(registered.url());
  await hydrated(page);
  const pay = page.getByRole("button", { name: "Pay now by card" });
  await expect(pay).toBeVisible();
  await expectNoAxeViolations(page);
  await pay.click();

  // Stripe's page (the double): the server's amount, then Pay.
  await expect(page.getByRole("heading", { name: "Pay 4995.00 USD" })).toBeVisible();
  const [created] = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions");
  expect(created?.body).toMatchObject({
    line_items: [{ price_data: { unit_amount: "499500" } }],
    customer_email: STUDENT.email,
  });
  await page.getByRole("button", { name: "Pay" }).click();

  // Back on the site: the webhook came first, the registration is paid.
  await expect(page).toHaveURL(/\/register\/confirmation\?token=[A-Za-z0-9_-]{43}&paid=1$/);
  await expect(page.getByRole("main")).toContainText("your card payment was received");
  await expect(page.getByRole("main")).toContainText("Paid");
  await expect(page.getByRole("button", { name: "Pay now by card" })).toHaveCount(0);

  await page.goto("/portal");
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill(STUDENT.email);
  await page.getByRole("main").getByLabel("Password").fill(STUDENT.password);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const registration = page.getByTestId(/^portal-registration-/);
  await expect(registration).toContainText("Paid");
  await expect(registration.getByRole("link", { name: /^Receipt R-2026-0001/ })).toBeVisible();
  await expect(registration.getByRole("button", { name: "Pay now by card" })).toHaveCount(0);

  // Another card registration, unpaid: the portal offers to pay it; nobody pays a made-up one.
  await register(page, baseURL as string, "2026-07-28", "evening");
  await page.reload();
  const unpaid = page.getByTestId(/^portal-registration-/).filter({ hasText: "Pending" });
  await expect(unpaid).toHaveCount(1);
  const refused = await page.request.post(`${baseURL}/portal?pay`, {
    headers: { Origin: baseURL as string },
    form: { id: "999999" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(404);
  await unpaid.getByRole("button", { name: "Pay now by card" }).click();
  await expect(page.getByRole("heading", { name: "Pay 4995.00 USD" })).toBeVisible();
  expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(2);
});
