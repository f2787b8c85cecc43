// Consultations booked into real slots (issue 32): a visitor in Los Angeles books a Chicago
// rep's time across a daylight-saving change, with and without script; both receive the same
// invitation, read back by a real iCalendar parser; bad input and a taken time are refused.
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { readIcs } from "#tests/support/ics.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let server: AppServer;
let mail: MailCatcher;

// Wednesday, March 10, 2027, 9:00 AM in Chicago: clocks go forward on Sunday, March 14.
const NOW = "2027-03-10T15:00:00Z";

test.beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({
    env: {
      SMTP_URL: mail.url,
      MAIL_RETRY_DELAY_SECONDS: "1",
      FORM_RATE_LIMIT: "100",
      FROZEN_NOW: NOW,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const invitationOf = (m: {
  attachments: { filename: string; contentType: string; content: string }[];
}) => {
  const part = m.attachments.find((a) => a.filename === "consultation.ics");
  expect(part?.contentType).toMatch(/^text\/calendar/);
  return readIcs(part?.content ?? "");
};

test.describe("in Los Angeles, with script", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("Schedule Consultation opens the booking page in the visitor's zone; a time after the clocks change is booked with a Chicago rep", async ({
    page,
  }) => {
    const email = `la-${Date.now()}@example.org`;
    await page.goto(`${server.url}/ai-powered-web-design`);
    await page.getByRole("link", { name: "Schedule Consultation" }).click();
    await expect(page).toHaveURL(/\/consultation\?topic=ai-solutions/);
    await hydrated(page);
    // The browser's zone replaces the company's.
    await expect(page).toHaveURL(/tz=America%2FLos_Angeles/);
    await expect(page.getByText("Times are shown in Pacific time (Los Angeles).")).toBeVisible();
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
    await expectNoAxeViolations(page);
    // Monday, March 15: 9:00 in Chicago (daylight time) is 7:00 AM in Los Angeles.
    const monday = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "Monday, March 15" }),
    });
    await monday.getByRole("link", { name: "7:00 AM", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByText("Monday, March 15, 2027, 7:00 AM PDT")).toBeVisible();
    await expect(page.getByLabel("Topic")).toHaveValue("ai-solutions");
    await expectNoAxeViolations(page);
    // Sent with a phone number that is not one: the message by the field, the typed values kept.
    await page.getByLabel("Name").fill("Lee Alvarez");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Lee Alvarez");
    await page.getByLabel("Phone").fill("(310) 555-0142");
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page).toHaveURL(/\/consultation\/booked\/\d+/);
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    await expect(page.getByText("Monday, March 15, 2027, 7:00 AM PDT")).toBeVisible();
    await expectNoAxeViolations(page);

    const toVisitor = await mail.waitFor((m) => m.to.includes(email));
    expect(toVisitor.text).toContain(
      "Monday, March 15, 2027, 7:00 AM PDT (Pacific time (Los Angeles))",
    );
    expect(toVisitor.text).toMatch(/\/consultation\/manage\?token=[A-Za-z0-9_-]{43}/);
    const staffMail = await mail.waitFor(
      (m) => m.subject.startsWith("Consultation booked: Lee Alvarez") && !m.to.includes(email),
    );
    expect(staffMail.text).toContain(
      "Monday, March 15, 2027, 9:00 AM CDT (Central time (Chicago))",
    );
    const forVisitor = invitationOf(toVisitor);
    const forRep = invitationOf(staffMail);
    expect(forVisitor.method).toBe("REQUEST");
    // The same instant for both: 14:00 UTC.
    expect(forVisitor.events[0]?.start.toISOString()).toBe("2027-03-15T14:00:00.000Z");
    expect(forRep.events[0]?.start.toISOString()).toBe("2027-03-15T14:00:00.000Z");
    expect(forRep.events[0]?.uid).toBe(forVisitor.events[0]?.uid);
    expect(forVisitor.events[0]?.attendees).toContain(`mailto:${email}`);
  });
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the company's zone, times as links, the form, the confirmation", async ({ page }) => {
    const email = `nojs-${Date.now()}@example.org`;
    await page.goto(`${server.url}/consultation`);
    await expect(page.getByText("Times are shown in Central time (Chicago).")).toBeVisible();
    // Choosing another zone is a plain form.
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page.getByText("Times are shown in Eastern time (New York).")).toBeVisible();
    const day = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "Tuesday, March 16" }),
    });
    await day.getByRole("link", { name: "11:00 AM", exact: true }).click();
    await expect(page.getByText("Tuesday, March 16, 2027, 11:00 AM EDT")).toBeVisible();
    await page.getByLabel("Name").fill("Sam Okafor");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Phone").fill("205-555-0177");
    await page.getByLabel("Topic").selectOption("support");
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    const invitation = invitationOf(await mail.waitFor((m) => m.to.includes(email)));
    expect(invitation.events[0]?.start.toISOString()).toBe("2027-03-16T15:00:00.000Z");
  });

  test("a time someone else holds is refused with the next free times; a forged time and an unknown zone are 400s", async ({
    page,
    browser,
  }) => {
    // Another visitor holds the first consultant's 10:00 on Thursday, March 18.
    await page.goto(`${server.url}/consultation`);
    const consultant = await page
      .getByLabel("Consultant")
      .locator("option")
      .nth(1)
      .getAttribute("value");
    const chosen = `start=2027-03-18T15:00:00.000Z&with=${consultant}`;
    const other = await browser.newContext();
    expect((await other.request.get(`${server.url}/consultation?${chosen}`)).status()).toBe(200);
    const taken = await page.goto(`${server.url}/consultation?${chosen}`);
    expect(taken?.status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText(
      "That time was just taken. Please choose another time.",
    );
    await expect(page.getByText("The next free times:")).toBeVisible();
    await other.close();

    expect(
      (await page.goto(`${server.url}/consultation?start=2027-03-18T15:10:00.000Z`))?.status(),
    ).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "That is not one of the open times. Please choose one of the times shown.",
    );
    expect((await page.goto(`${server.url}/consultation?tz=Mars%2FOlympus`))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Please choose a time zone from the list.");
    expect((await page.goto(`${server.url}/consultation/no-such-kind`))?.status()).toBe(404);
  });

  test("the confirmation page is only the booker's", async ({ page, browser }) => {
    const stranger = await browser.newContext();
    const response = await stranger.request.get(`${server.url}/consultation/booked/1`);
    expect(response.status()).toBe(404);
    await stranger.close();
    expect((await page.goto(`${server.url}/consultation/booked/1`))?.status()).toBe(404);
  });
});
