// Consultations booked into real slots (issue 32): a visitor in Los Angeles books a Chicago
// rep's time across a daylight-saving change, with and without script; both receive the same
// invitation, read back by a real iCalendar parser; bad input and a taken time are refused.
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { readIcs } from "#tests/support/ics.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  expect,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  test,
} from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let server: AppServer;
let mail: MailCatcher;

// Wednesday, March 10, 2027, 9:00 AM in Chicago: clocks go forward on Sunday, March 14.
const NOW = "2027-03-10T15:00:00Z";

test.beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({
    env: {
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SIGNIN_RATE_LIMIT: "1000",
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
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("12");
    expectHttpError(page, 400, "/consultation");
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
    await page.getByLabel("Email").fill(email);
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
    expectHttpError(page, 409, "/consultation");
    expectHttpError(page, 400, "/consultation");
    expectHttpError(page, 404, "/consultation/no-such-kind");
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
    expectHttpError(page, 404, "/consultation/booked/1");
    expect((await page.goto(`${server.url}/consultation/booked/1`))?.status()).toBe(404);
  });
});

test("the rep sees it, moves it and the booker's calendar moves; the booker cancels through the new link and it leaves both calendars", async ({
  page,
  browser,
}) => {
  const email = `moved-${Date.now()}@example.org`;
  // The visitor books the demo rep's Friday, March 19, 10:00 (Chicago), without script.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const booker = await visitor.newPage();
  await booker.goto(`${server.url}/consultation`);
  const rep = await booker
    .getByLabel("Consultant")
    .locator("option", { hasText: "Jordan Reed" })
    .getAttribute("value");
  await booker.goto(`${server.url}/consultation?with=${rep}&start=2027-03-19T15:00:00.000Z`);
  await booker.getByLabel("Name").fill("Robin Hale");
  await booker.getByLabel("Email").fill(email);
  await booker.getByLabel("Phone").fill("205-555-0188");
  await booker.getByLabel("Topic").selectOption("enterprise-security");
  await booker.getByRole("button", { name: "Book this time" }).click();
  await expect(booker.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
  const booked = invitationOf(await mail.waitFor((m) => m.to.includes(email)));
  const uid = booked.events[0]?.uid;

  // The rep: the dashboard lists it; its page moves it to Monday, March 22, 9:00.
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill("rep@example.com");
  await page.getByRole("main").getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  const panel = page.getByRole("region", { name: "Consultations" });
  await panel.getByRole("link", { name: /March 19, 2027, 10:00 AM CDT/ }).click();
  await expect(
    page.getByRole("heading", { name: "Free consultation with Robin Hale" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/New time/).selectOption({ label: "Monday, March 22, 9:00 AM" });
  await page.getByRole("button", { name: "Move and tell both" }).click();
  await expect(page.getByRole("status")).toHaveText("Moved; both were e-mailed the new time.");
  const movedMail = await mail.waitFor(
    (m) => m.to.includes(email) && m.subject.includes("March 22"),
  );
  const moved = invitationOf(movedMail);
  expect(moved.events[0]).toMatchObject({ uid, sequence: 1 });
  expect(moved.events[0]?.start.toISOString()).toBe("2027-03-22T14:00:00.000Z");

  // The booker's first link is dead; the new one cancels.
  const firstLink = /(\/consultation\/manage\?token=[A-Za-z0-9_-]{43})/.exec(
    (await mail.waitFor((m) => m.to.includes(email))).text,
  )?.[1];
  const newLink = /(\/consultation\/manage\?token=[A-Za-z0-9_-]{43})/.exec(movedMail.text)?.[1];
  expect((await booker.goto(`${server.url}${firstLink}`))?.status()).toBe(410);
  await expect(booker.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  expect((await booker.goto(`${server.url}${newLink}`))?.status()).toBe(200);
  await expect(booker.getByText("Monday, March 22, 2027, 9:00 AM CDT")).toBeVisible();
  await booker.getByLabel("Reason (optional)").fill("We chose another provider");
  await booker.getByRole("button", { name: "Cancel my consultation" }).click();
  await expect(
    booker.getByRole("heading", { name: "Your consultation is cancelled" }),
  ).toBeVisible();
  const cancelled = invitationOf(
    await mail.waitFor(
      (m) =>
        m.to.includes("rep@example.com") &&
        m.subject.startsWith("Consultation cancelled: Robin Hale"),
    ),
  );
  expect(cancelled.method).toBe("CANCEL");
  expect(cancelled.events[0]).toMatchObject({ uid, sequence: 2 });
  expect((await booker.goto(`${server.url}${newLink}`))?.status()).toBe(410);
  await visitor.close();

  // The record's history shows all three.
  await page.goto(`${server.url}/sales-dashboard`);
  await page.getByRole("link", { name: "Robin Hale" }).first().click();
  const detail = page.locator("#customer-detail");
  await expect(detail).toContainText(
    "Free consultation booked for Friday, March 19, 2027, 10:00 AM CDT with Jordan Reed",
  );
  await expect(detail).toContainText("moved by Jordan Reed");
  await expect(detail).toContainText(
    "cancelled by Robin Hale (the booker): We chose another provider",
  );
});

test("a consultant's hours refuse ranges that end before they start or overlap; the calendar feed is theirs alone", async ({
  page,
  request,
}) => {
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill("manager@example.com");
  await page.getByRole("main").getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  await page.getByRole("link", { name: "Consultation hours" }).click();
  await expect(page.getByRole("heading", { name: "Consultation Hours" })).toBeVisible();
  await expectNoAxeViolations(page);
  expectHttpError(page, 400, "/account/availability");
  await page.getByLabel("Tuesday").fill("9:00-12:00, 11:00-13:00");
  await page.getByLabel("Wednesday").fill("22:00-2:00");
  await page.getByRole("button", { name: "Save weekly hours" }).click();
  await expect(
    page.getByText("09:00-12:00 and 11:00-13:00 overlap: make them one range."),
  ).toBeVisible();
  await expect(page.getByText("22:00-2:00 ends before it starts")).toBeVisible();
  await page.getByLabel("Tuesday").fill("9am-1pm");
  await page.getByLabel("Wednesday").fill("");
  await page.getByRole("button", { name: "Save weekly hours" }).click();
  await expect(page.getByText("Your weekly hours are saved.")).toBeVisible();
  await expect(page.getByLabel("Tuesday")).toHaveValue("09:00-13:00");

  await page.getByRole("button", { name: "Make a feed address" }).click();
  const feed = await page.locator("code").textContent();
  expect(feed).toMatch(/\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const path = new URL(feed as string).pathname;
  const answer = await request.get(`${server.url}${path}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("text/calendar");
  expect(readIcs(await answer.text()).method).toBe("PUBLISH");
  expect((await request.get(`${server.url}/calendar-feed/${"x".repeat(43)}.ics`)).status()).toBe(
    404,
  );
  // A new address: the old one stops working.
  await page.getByRole("button", { name: "Make a new feed address" }).click();
  await expect(page.locator("code")).not.toHaveText(feed as string);
  expect((await request.get(`${server.url}${path}`)).status()).toBe(404);
});

test("an admin adds a meeting type and lets an instructor take consultations; bad values are refused on their fields", async ({
  page,
}) => {
  await page.goto(`${server.url}/admin`);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Username or email").fill("admin");
  await main.getByLabel("Password").fill(ADMIN_PASSWORD);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.url}/admin/consultations`);
  await expect(page.getByRole("heading", { name: "Consultations", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  const add = page.getByRole("region", { name: "Add a meeting type" });
  expectHttpError(page, 400, "/admin/consultations");
  await add.getByLabel("Name").fill("AI design review");
  await add.getByLabel(/Address/).fill("AI Design!");
  await add.getByLabel("Length (minutes)").fill("0");
  await add.getByRole("button", { name: "Add meeting type" }).click();
  await expect(
    add.getByText("Lower-case letters, digits and dashes, e.g. ai-design."),
  ).toBeVisible();
  await expect(add.getByText("Length: from 5 to 480.")).toBeVisible();
  await add.getByLabel(/Address/).fill("ai-design");
  await add.getByLabel("Length (minutes)").fill("60");
  await add.getByLabel("Service").selectOption("ai-solutions");
  await add.getByRole("button", { name: "Add meeting type" }).click();
  await expect(page.getByText("AI design review is saved.")).toBeVisible();

  // The instructor takes consultations from now on.
  await page.goto(`${server.url}/admin/users?role=instructor`);
  const row = page.getByTestId("user-instructor@example.com");
  await row.getByRole("button", { name: "Allow consultations for Avery Collins" }).click();
  await expect(row.getByText("Takes consultations")).toBeVisible();

  await page.goto(`${server.url}/consultation/ai-design`);
  await expect(page.getByRole("heading", { name: "AI design review", level: 1 })).toBeVisible();
  await expect(page.getByText("60 minutes, free of charge.")).toBeVisible();
  // The instructor is one of the consultants now (with no hours yet, so no times of theirs).
  const names = await page.getByLabel("Consultant").locator("option").allTextContents();
  expect(names).toContain("Avery Collins");
});
