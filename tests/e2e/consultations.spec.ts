// Consultations booked into real slots (issues 32 and 43): a visitor in Los Angeles books a
// Chicago consultant's time across a daylight-saving change, with and without script; the
// consultant named on the page is the one in the confirmation, both e-mails and the invitation
// (read back by a real iCalendar parser); holds are taken by a POST and counted per network;
// staff move (asking first), mark held with notes, hand over a leaving consultant's meetings.

import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { bookings, consultantOverrides, meetingTypes, users } from "#app/platform/db/schema.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { readIcs } from "#tests/support/ics.ts";
import {
  type CaughtMail,
  type MailCatcher,
  startMailCatcher,
} from "#tests/support/mail-catcher.ts";
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
// Thursday, March 25: only Jordan Reed works (the others have the day off).
const ONE_CONSULTANT_DAY = "2027-03-25";

const CONSULTANTS: Record<string, string> = {
  "Jordan Reed": "rep@example.com",
  "Morgan Blake": "manager@example.com",
  "Casey Lin": "casey@example.com",
};

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
      // The tests play clients on several networks through X-Forwarded-For.
      TRUST_PROXY: "1",
    },
    prepare: async ({ db }) => {
      const idOf = async (email: string) =>
        (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]
          ?.id as number;
      for (const email of ["manager@example.com", "casey@example.com"]) {
        await db
          .insert(consultantOverrides)
          .values({ userId: await idOf(email), day: ONE_CONSULTANT_DAY });
      }
      // Yesterday's consultation with Casey, waiting to be marked held or a no-show.
      const [type] = await db
        .select({ id: meetingTypes.id })
        .from(meetingTypes)
        .where(eq(meetingTypes.slug, "free"));
      await db.insert(bookings).values({
        meetingTypeId: type?.id as number,
        consultantId: await idOf("casey@example.com"),
        status: "booked",
        startsAt: new Date("2027-03-09T16:00:00Z"),
        endsAt: new Date("2027-03-09T16:30:00Z"),
        blockedFrom: new Date("2027-03-09T16:00:00Z"),
        blockedUntil: new Date("2027-03-09T16:30:00Z"),
        bookedAt: new Date("2027-03-02T16:00:00Z"),
        name: "Taylor Finch",
        email: "taylor@example.org",
        phone: "205-555-0150",
        topic: "support",
        timeZone: "America/Chicago",
      });
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

/** The list item of a day on the booking page. */
const dayOf = (page: Page, label: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label }) });

/** Fills the booking form and sends it. */
async function sendDetails(page: Page, who: { name: string; email: string; phone?: string }) {
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Phone").fill(who.phone ?? "205-555-0142");
  if (!(await page.getByLabel("Topic").inputValue())) {
    await page.getByLabel("Topic").selectOption("support");
  }
  await page.getByRole("button", { name: "Book this time" }).click();
}

/** The consultant the details step names ("... with NAME. We hold ..."). */
async function namedConsultant(page: Page): Promise<string> {
  const text = (await page.getByText("We hold this time for you until").textContent()) ?? "";
  const name = / with ([A-Z][a-z]+ [A-Z][a-z]+)\./.exec(text)?.[1];
  expect(name, text).toBeTruthy();
  return name as string;
}

/**
 * What the booker and the consultant receive: the consultant's e-mail goes to the named one,
 * the booker's names them, and both invitations list them as attendee of the same event.
 */
async function expectBookedWith(email: string, consultant: string) {
  const address = CONSULTANTS[consultant] as string;
  const toBooker = await mail.waitFor(
    (m) => m.to.includes(email) && m.subject.startsWith("Your consultation on"),
  );
  expect(toBooker.text).toContain(`${consultant} will call you at`);
  const toConsultant = await mail.waitFor(
    (m) =>
      m.to.includes(address) &&
      m.subject.startsWith("Consultation booked:") &&
      m.text.includes(email),
  );
  for (const m of [toBooker, toConsultant]) {
    expect(invitationOf(m).events[0]?.attendees).toEqual([`mailto:${email}`, `mailto:${address}`]);
  }
  return toBooker;
}

const booked: { id: number; email: string; name: string } = { id: 0, email: "", name: "" };

test.describe("in Los Angeles, with script", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a named consultant: the time chosen at once is held, and the page, the e-mails and the invitation name the same person", async ({
    page,
  }) => {
    const email = `la-${Date.now()}@example.org`;
    await page.goto(`${server.url}/ai-powered-web-design`);
    await page.getByRole("link", { name: "Schedule Consultation" }).first().click();
    await expect(page).toHaveURL(/\/consultation\?topic=ai-solutions/);
    await hydrated(page);
    // The browser's zone replaces the company's.
    await expect(page).toHaveURL(/tz=America%2FLos_Angeles/);
    await expect(page.getByText("Times are shown in Pacific time (Los Angeles).")).toBeVisible();
    await page.getByLabel("Consultant").selectOption({ label: "Jordan Reed" });
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(/with=\d+/);
    await hydrated(page);
    await expectNoAxeViolations(page);
    // Monday, March 15: 9:00 in Chicago (daylight time) is 7:00 AM in Los Angeles; chosen at once.
    await dayOf(page, "Monday, March 15")
      .getByRole("button", { name: "7:00 AM", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByText("Monday, March 15, 2027, 7:00 AM PDT")).toBeVisible();
    expect(await namedConsultant(page)).toBe("Jordan Reed");
    await expect(page.getByLabel("Topic")).toHaveValue("ai-solutions");
    await expect(page.getByText("That time was just taken")).toHaveCount(0);
    // Looking again holds it still, for the same visitor, and says so.
    await page.reload();
    await hydrated(page);
    expect(await namedConsultant(page)).toBe("Jordan Reed");
    await expectNoAxeViolations(page);
    // Sent with a phone number that is not one: the message by the field, the typed values kept.
    expectHttpError(page, 400, "/consultation");
    await page.getByLabel("Name").fill("Lee Alvarez");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Lee Alvarez");
    await sendDetails(page, { name: "Lee Alvarez", email, phone: "(310) 555-0142" });
    await expect(page).toHaveURL(/\/consultation\/booked\/\d+/);
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      "Free consultation with Jordan Reed on Monday, March 15, 2027, 7:00 AM PDT",
    );
    await expectNoAxeViolations(page);
    booked.id = Number(/booked\/(\d+)/.exec(page.url())?.[1]);
    booked.email = email;
    booked.name = "Lee Alvarez";

    const toVisitor = await expectBookedWith(email, "Jordan Reed");
    expect(toVisitor.text).toContain(
      "Monday, March 15, 2027, 7:00 AM PDT (Pacific time (Los Angeles))",
    );
    expect(toVisitor.text).toMatch(/\/consultation\/manage\?token=[A-Za-z0-9_-]{43}/);
    const staffMail = await mail.waitFor(
      (m) =>
        m.to.includes("rep@example.com") &&
        m.subject.startsWith("Consultation booked: Lee Alvarez"),
    );
    expect(staffMail.text).toContain(
      "Monday, March 15, 2027, 9:00 AM CDT (Central time (Chicago))",
    );
    const forVisitor = invitationOf(toVisitor);
    expect(forVisitor.method).toBe("REQUEST");
    expect(forVisitor.events[0]?.start.toISOString()).toBe("2027-03-15T14:00:00.000Z");
    expect(invitationOf(staffMail).events[0]?.uid).toBe(forVisitor.events[0]?.uid);

    // The confirmation page offers the same event as a file to import.
    const file = await page.request.get(
      `${server.url}/consultation/booked/${booked.id}/invitation.ics`,
    );
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("text/calendar");
    const imported = readIcs(await file.text());
    expect(imported.method).toBe("PUBLISH");
    expect(imported.events[0]).toMatchObject({ uid: forVisitor.events[0]?.uid, sequence: 0 });
    expect(imported.events[0]?.attendees).toContain("mailto:rep@example.com");
  });

  test("any available consultant: whoever the page names is booked", async ({ page }) => {
    const email = `any-${Date.now()}@example.org`;
    await page.goto(`${server.url}/consultation`);
    await hydrated(page);
    await expect(page).toHaveURL(/tz=America%2FLos_Angeles/);
    await dayOf(page, "Tuesday, March 16")
      .getByRole("button", { name: "8:00 AM", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    const named = await namedConsultant(page);
    await sendDetails(page, { name: "Ari Stone", email });
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`Free consultation with ${named} on`);
    await expectBookedWith(email, named);
  });

  test("a day only one consultant works: any available is them", async ({ page }) => {
    const email = `one-${Date.now()}@example.org`;
    await page.goto(`${server.url}/consultation?from=${ONE_CONSULTANT_DAY}`);
    await hydrated(page);
    await expect(page).toHaveURL(/tz=America%2FLos_Angeles/);
    // 8:00 AM in Los Angeles is 10:00 in Chicago.
    await dayOf(page, "Thursday, March 25")
      .getByRole("button", { name: "8:00 AM", exact: true })
      .click();
    expect(await namedConsultant(page)).toBe("Jordan Reed");
    await sendDetails(page, { name: "Noor Haddad", email });
    await expect(page.getByRole("main")).toContainText("Free consultation with Jordan Reed on");
    await expectBookedWith(email, "Jordan Reed");
  });

  test("the details are checked in the browser by the server's rules: its messages, no post, the first wrong field focused; fixed, it books once", async ({
    page,
    browser,
  }) => {
    const email = `checked-${Date.now()}@example.org`;
    await page.goto(`${server.url}/consultation`);
    await hydrated(page);
    await expect(page).toHaveURL(/tz=America%2FLos_Angeles/);
    await dayOf(page, "Wednesday, March 17")
      .getByRole("button", { name: "12:00 PM", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    const named = await namedConsultant(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const form = page.locator("form", {
      has: page.getByRole("button", { name: "Book this time" }),
    });
    // Until the rules are here the browser's own checks stand, as without script.
    await expect(form).not.toHaveAttribute("novalidate");
    // Input the browser's own checks let through and the server's rules refuse.
    const wrong = { name: "   ", email: "lee@example", phone: "12" };
    await page.getByLabel("Name").fill(wrong.name);
    await expect(form).toHaveAttribute("novalidate", "");
    await page.getByLabel("Email").fill(wrong.email);
    await page.getByLabel("Phone").fill(wrong.phone);
    await page.getByLabel("Topic").selectOption("support");
    // Sent with the page scrolled so far that the first wrong field is under the sticky header.
    await page.getByRole("button", { name: "Book this time" }).focus();
    await page
      .getByLabel("Name")
      .evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top - 10));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    await expect(page.getByLabel("Name")).toBeFocused();
    // In view, below the site's sticky header.
    const banner = await page.getByRole("banner").boundingBox();
    const focused = await page.getByLabel("Name").boundingBox();
    expect(focused?.y).toBeGreaterThanOrEqual((banner?.y ?? 0) + (banner?.height ?? 0));
    const inBrowser = await shownErrors(page);
    expect(inBrowser.fields.map(([label]) => label)).toEqual(["Name", "Email", "Phone"]);
    expect(posts).toEqual([]);

    // The server says the same of the same input (without script, to the form of the next
    // hour: this visitor holds the chosen one).
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const plain = await visitor.newPage();
    const held = await form.locator("input[name=start]").inputValue();
    const start = new Date(Date.parse(held) + 3_600_000).toISOString();
    const consultant = await form.locator("input[name=with]").inputValue();
    await plain.goto(
      `${server.url}/consultation?tz=America%2FLos_Angeles&with=${consultant}&start=${start}`,
    );
    await plain.getByLabel("Name").fill(wrong.name);
    await plain.getByLabel("Email").fill(wrong.email);
    await plain.getByLabel("Phone").fill(wrong.phone);
    await plain.getByLabel("Topic").selectOption("support");
    const [answer] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === "POST"),
      plain.getByRole("button", { name: "Book this time" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(plain.getByRole("alert")).toBeVisible();
    expect(await shownErrors(plain)).toEqual(inBrowser);
    await visitor.close();

    // A fixed field's message goes at once; the others stay until they are fixed.
    await page.getByLabel("Name").fill("Robin Vale");
    await expect(page.getByText("Please enter your name.")).toHaveCount(0);
    await expect(page.getByLabel("Name")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    expect(posts).toEqual([]);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("(310) 555-0177");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    expect(posts).toHaveLength(1);
    await expectBookedWith(email, named);
    expect(
      mail.messages.filter(
        (m) => m.to.includes(email) && m.subject.startsWith("Your consultation on"),
      ),
    ).toHaveLength(1);
  });
});

/** The booking form's fields in error, each label with its message, and the alert's text. */
async function shownErrors(page: Page) {
  const fields = await page
    .locator("form [aria-invalid='true']")
    .evaluateAll((elements) =>
      elements.map((element) => [
        (element as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, "").trim(),
        document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent,
      ]),
    );
  return { fields, alert: await page.getByRole("alert").textContent() };
}

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the company's zone, times as buttons of a form, the details, the confirmation", async ({
    page,
  }) => {
    const email = `nojs-${Date.now()}@example.org`;
    await page.goto(`${server.url}/consultation`);
    await expect(page.getByText("Times are shown in Central time (Chicago).")).toBeVisible();
    // Choosing another zone is a plain form.
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page.getByText("Times are shown in Eastern time (New York).")).toBeVisible();
    await dayOf(page, "Tuesday, March 16")
      .getByRole("button", { name: "11:00 AM", exact: true })
      .click();
    await expect(page.getByText("Tuesday, March 16, 2027, 11:00 AM EDT")).toBeVisible();
    const named = await namedConsultant(page);
    await sendDetails(page, { name: "Sam Okafor", email });
    await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`with ${named} on`);
    const invitation = invitationOf(await expectBookedWith(email, named));
    expect(invitation.events[0]?.start.toISOString()).toBe("2027-03-16T15:00:00.000Z");
  });

  test("looking takes nothing; a time someone holds is refused with the next free times; another site cannot hold one; bad input is a 400", async ({
    page,
    browser,
  }) => {
    await page.goto(`${server.url}/consultation`);
    const consultant = await page
      .getByLabel("Consultant")
      .locator("option")
      .nth(1)
      .getAttribute("value");
    const start = "2027-03-18T15:00:00.000Z";
    const origin = { origin: server.url };
    expectHttpError(page, 409, "/consultation");
    expectHttpError(page, 400, "/consultation");
    expectHttpError(page, 404, "/consultation/no-such-kind");
    // A stranger's link to the time shows the form and holds nothing.
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    const looked = await stranger.request.get(
      `${server.url}/consultation?start=${start}&with=${consultant}`,
    );
    expect(looked.status()).toBe(200);
    expect(await looked.text()).toContain("This time is not held for you");
    expect(looked.headers()["set-cookie"]).toBeUndefined();
    // Another site's form cannot hold it for its visitors.
    const forged = await stranger.request.post(`${server.url}/consultation`, {
      form: { intent: "hold", start, with: String(consultant) },
      headers: { origin: "https://elsewhere.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    // Another visitor holds it, by choosing it.
    const held = await stranger.request.post(`${server.url}/consultation`, {
      form: { intent: "hold", start, with: String(consultant) },
      headers: origin,
      maxRedirects: 0,
    });
    expect(held.status()).toBe(303);
    expect(held.headers()["set-cookie"]).toMatch(/^booking_visitor=[A-Za-z0-9_-]{43}; Path=\/;/);
    await stranger.close();
    // This visitor chooses it too: taken, with the next free times as buttons.
    await page.goto(`${server.url}/consultation?with=${consultant}&from=2027-03-18`);
    const refused = await page.request.post(`${server.url}/consultation`, {
      form: { intent: "hold", start, with: String(consultant) },
      headers: origin,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    const taken = await page.goto(`${server.url}/consultation?start=${start}&with=${consultant}`);
    expect(taken?.status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText(
      "That time was just taken. Please choose another time.",
    );
    await expect(page.getByText("The next free times:")).toBeVisible();

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

  test("five addresses of one IPv6 network hold three times, like one client", async ({
    browser,
  }) => {
    const statuses: number[] = [];
    // Friday, March 19, from 10:00 in Chicago: five free times.
    const times = ["15:00", "15:30", "16:00", "16:30", "18:00"];
    for (const [i, time] of times.entries()) {
      const tab = await browser.newContext();
      const answer = await tab.request.post(`${server.url}/consultation`, {
        form: { intent: "hold", start: `2027-03-19T${time}:00.000Z` },
        headers: { origin: server.url, "x-forwarded-for": `2001:db8:43:1::${i + 1}` },
        maxRedirects: 0,
      });
      statuses.push(answer.status());
      await tab.close();
    }
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
  });

  test("the confirmation page and its invitation are only the booker's; the same booking again from another browser books nothing", async ({
    browser,
  }) => {
    expect(booked.id).toBeGreaterThan(0);
    const stranger = await browser.newContext();
    expect(
      (await stranger.request.get(`${server.url}/consultation/booked/${booked.id}`)).status(),
    ).toBe(404);
    expect(
      (
        await stranger.request.get(`${server.url}/consultation/booked/${booked.id}/invitation.ics`)
      ).status(),
    ).toBe(404);
    // What was queued for delivery is read from the mail log: a refused booking queues nothing.
    // The admin reads it with script on (this block turns script off for visitors).
    const admin = await browser.newPage({ javaScriptEnabled: true });
    await signInAdmin(admin);
    const newestQueued = async () => {
      const log = await admin.request.get(`${server.url}/api/admin/mail`);
      expect(log.status()).toBe(200);
      return ((await log.json()) as { messages: { id: number }[] }).messages[0]?.id;
    };
    const queuedBefore = await newestQueued();
    const before = mail.messages.length;
    const again = await stranger.request.post(
      `${server.url}/consultation?tz=America%2FLos_Angeles`,
      {
        form: {
          intent: "book",
          start: "2027-03-15T14:00:00.000Z",
          with: "any",
          name: booked.name,
          email: booked.email,
          phone: "(310) 555-0142",
          topic: "ai-solutions",
          message: "",
        },
        headers: { origin: server.url },
        maxRedirects: 0,
      },
    );
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("This address already has that consultation booked.");
    await stranger.close();
    expect(await newestQueued()).toBe(queuedBefore);
    expect(mail.messages.slice(before).map((m) => m.to.join())).not.toContain(booked.email);
    await admin.context().close();
  });
});

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByRole("main").getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/sales-dashboard$/);
}

async function signInAdmin(page: Page) {
  await page.goto(`${server.url}/admin`);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Username or email").fill("admin");
  await main.getByLabel("Password").fill(ADMIN_PASSWORD);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A visitor without script books a consultant's time; answers their first e-mail. */
async function bookWithout(
  browser: Browser,
  who: { name: string; email: string },
  consultant: string,
  start: string,
): Promise<CaughtMail> {
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto(`${server.url}/consultation`);
  const id = await page
    .getByLabel("Consultant")
    .locator("option", { hasText: consultant })
    .getAttribute("value");
  await page.goto(`${server.url}/consultation?with=${id}&start=${start}`);
  await sendDetails(page, who);
  await expect(page.getByRole("heading", { name: "Your consultation is booked" })).toBeVisible();
  await visitor.close();
  return mail.waitFor((m) => m.to.includes(who.email));
}

test("the rep moves it after being asked, and is told they did; the booker's page says the new time", async ({
  page,
  browser,
}) => {
  const email = `moved-${Date.now()}@example.org`;
  const first = await bookWithout(
    browser,
    { name: "Robin Hale", email },
    "Jordan Reed",
    "2027-03-19T14:00:00.000Z",
  );
  const uid = invitationOf(first).events[0]?.uid;

  await signIn(page, "rep@example.com");
  const panel = page.getByRole("region", { name: "Consultations" });
  await panel.getByRole("link", { name: /March 19, 2027, 9:00 AM CDT/ }).click();
  await expect(
    page.getByRole("heading", { name: "Free consultation with Robin Hale" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/New time/).selectOption({ label: "Monday, March 22, 9:00 AM" });
  await page.getByRole("button", { name: "Move..." }).click();
  // Asked first: nothing is sent yet.
  await expect(page.getByText(/Move it to Monday, March 22, 9:00 AM/)).toBeVisible();
  await expect(
    page.getByText("Robin Hale and Jordan Reed are e-mailed the new time."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Move and tell both" }).click();
  await expect(page.getByRole("status")).toHaveText("Moved; both were e-mailed the new time.");
  const movedMail = await mail.waitFor(
    (m) => m.to.includes(email) && m.subject.includes("March 22"),
  );
  expect(invitationOf(movedMail).events[0]).toMatchObject({ uid, sequence: 1 });
  const toRep = await mail.waitFor(
    (m) =>
      m.to.includes("rep@example.com") && m.subject.startsWith("Consultation moved: Robin Hale"),
  );
  expect(toRep.text).toContain("You moved your free consultation with Robin Hale to");

  // The booker moves it again through the new link; the page says the new time.
  const link = /(\/consultation\/manage\?token=[A-Za-z0-9_-]{43})/.exec(movedMail.text)?.[1];
  const booker = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await booker.goto(`${server.url}${link}`);
  await booker.getByRole("link", { name: "10:00 AM" }).first().click();
  await booker.getByRole("button", { name: "Move my consultation" }).click();
  await expect(booker.getByRole("heading", { name: "Your consultation is moved" })).toBeVisible();
  await expect(booker.getByRole("main")).toContainText(
    /It is now on \w+day, March \d+, 2027, 10:00 AM C[SD]T \(Central time \(Chicago\)\)/,
  );
  await booker.context().close();
  const toRepAgain = await mail.waitFor(
    (m) =>
      m.to.includes("rep@example.com") &&
      m.text.includes("Robin Hale moved your free consultation to"),
  );
  expect(invitationOf(toRepAgain).events[0]).toMatchObject({ uid, sequence: 2 });
});

test("held takes meeting notes and a follow-up day, shown on the dashboard", async ({ page }) => {
  await signIn(page, "casey@example.com");
  const panel = page.getByRole("region", { name: "Consultations" });
  // Yesterday's consultation (made before the server started) waits for its outcome.
  await panel
    .getByRole("table", { name: "Held or a no-show? Mark these" })
    .getByRole("link", { name: /March 9, 2027, 10:00 AM CST/ })
    .click();
  await expect(page.getByRole("heading", { name: "How did it go?" })).toBeVisible();
  await page.getByLabel("Follow up on (optional)").fill("2027-02-30");
  await page.getByLabel("Meeting notes (optional)").fill("Wants a quote for 12 laptops.");
  // An impossible date (the browser's date field would not send one; a client might).
  const bad = await page.request.post(page.url(), {
    form: { intent: "held", notes: "x", followUpOn: "2027-02-30" },
    headers: { origin: server.url },
  });
  expect(bad.status()).toBe(400);
  await page.getByLabel("Follow up on (optional)").fill("2027-03-17");
  await page.getByRole("button", { name: "Held", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Marked held.");
  const facts = page.getByRole("definition");
  await expect(facts.filter({ hasText: "Wants a quote for 12 laptops." })).toBeVisible();
  await expect(facts.filter({ hasText: "March 17, 2027" })).toBeVisible();
  await page.goto(`${server.url}/sales-dashboard`);
  const followUps = page.getByRole("table", { name: "Follow-ups" });
  await expect(followUps).toContainText("March 17, 2027");
  await expect(followUps).toContainText("Taylor Finch");
});

test("a consultant's hours: 9-5 is a working day, a day off reads as a date; the calendar feed is theirs alone", async ({
  page,
  request,
}) => {
  await signIn(page, "manager@example.com");
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
  await page.getByLabel("Tuesday").fill("9-5");
  await page.getByLabel("Wednesday").fill("");
  await page.getByRole("button", { name: "Save weekly hours" }).click();
  await expect(page.getByText("Your weekly hours are saved.")).toBeVisible();
  await expect(page.getByLabel("Tuesday")).toHaveValue("09:00-17:00");

  const overrides = page.getByRole("region", { name: "Days off and other hours" });
  await overrides.getByLabel("Date").fill("2027-03-26");
  await overrides.getByLabel("Day off").check();
  await overrides.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Friday, March 26 is a day off.")).toBeVisible();
  await expect(overrides.getByText("Friday, March 26:")).toBeVisible();
  // An impossible date is refused on its field.
  const bad = await page.request.post(`${server.url}/account/availability`, {
    form: { intent: "override", day: "2027-02-30", off: "on" },
    headers: { origin: server.url },
  });
  expect(bad.status()).toBe(400);

  const feedPanel = page.getByRole("region", { name: "Calendar feed" });
  await feedPanel.getByRole("button", { name: "Make a feed address" }).click();
  await expect(page.getByText("Your calendar feed address is made.")).toBeVisible();
  await expect(feedPanel.getByRole("button", { name: "Copy the address" })).toBeVisible();
  const feed = await feedPanel.locator("code").textContent();
  expect(feed).toMatch(/\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const path = new URL(feed as string).pathname;
  const answer = await request.get(`${server.url}${path}`);
  expect(answer.status()).toBe(200);
  expect(readIcs(await answer.text()).method).toBe("PUBLISH");
  expect((await request.get(`${server.url}/calendar-feed/${"x".repeat(43)}.ics`)).status()).toBe(
    404,
  );
  // A new address: the old one stops working, and the page says so.
  await feedPanel.getByRole("button", { name: "Make a new feed address" }).click();
  await expect(
    page.getByText("Your calendar feed has a new address; the old one no longer works."),
  ).toBeVisible();
  await expect(feedPanel.locator("code")).not.toHaveText(feed as string);
  expect((await request.get(`${server.url}${path}`)).status()).toBe(404);
});

test("an admin lists every booked consultation, closes a day, adds a meeting type, and disabling a consultant hands their consultations over", async ({
  page,
  browser,
}) => {
  const email = `handover-${Date.now()}@example.org`;
  await bookWithout(browser, { name: "Kim Park", email }, "Casey Lin", "2027-03-23T15:00:00.000Z");
  await signInAdmin(page);
  await page.goto(`${server.url}/admin/consultations`);
  await expect(page.getByRole("heading", { name: "Consultations", level: 1 })).toBeVisible();
  const list = page.getByRole("table", { name: "Upcoming consultations" });
  await expect(list).toContainText("Kim Park");
  await expect(list).toContainText("Lee Alvarez");
  await expectNoAxeViolations(page);

  // A closed day: the booking page offers no time on it.
  await page.goto(`${server.url}/admin/settings`);
  const closed = page.getByRole("region", { name: "Closed days" });
  await expect(closed.getByRole("list", { name: "Closed days" })).toContainText("Christmas Day");
  await closed.getByLabel("Date").fill("2027-03-24");
  await closed.getByLabel("Name").fill("Company retreat");
  await closed.getByRole("button", { name: "Close this day" }).click();
  await expect(closed.getByRole("list", { name: "Closed days" })).toContainText(
    "Company retreat: Wednesday, March 24",
  );
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(`${server.url}/consultation?from=2027-03-23`);
  await expect(visitor.getByRole("heading", { name: "Tuesday, March 23" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Wednesday, March 24" })).toHaveCount(0);
  await visitor.context().close();

  // A meeting type, refused on its fields first.
  expectHttpError(page, 400, "/admin/consultations");
  await page.goto(`${server.url}/admin/consultations`);
  const add = page.getByRole("region", { name: "Add a meeting type" });
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

  // Casey leaves: her upcoming consultations are listed and handed over; each booker is told.
  await page.goto(`${server.url}/admin/users`);
  const row = page.getByTestId("user-casey@example.com");
  await expect(row).toContainText("upcoming consultation");
  await row.getByRole("link", { name: "Disable Casey Lin" }).click();
  const dialog = page.getByRole("dialog", { name: "Disable User" });
  await expect(dialog).toContainText("Kim Park");
  await dialog.getByLabel(/Give each to another consultant/).check();
  await dialog.getByRole("button", { name: "Disable User" }).click();
  await expect(
    page.getByText(
      /Casey Lin is disabled and signed out everywhere\. Their upcoming consultations: .* given to others/,
    ),
  ).toBeVisible();
  const told = await mail.waitFor(
    (m) => m.to.includes(email) && m.text.includes("is no longer with us"),
  );
  const event = invitationOf(told).events[0];
  expect(event?.sequence).toBe(1);
  expect(event?.attendees).not.toContain("mailto:casey@example.com");
});
