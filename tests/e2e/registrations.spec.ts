// Registrations staff run (issue 22), as a new user tries them: a cohort of two seats fills, a
// third visitor joins its waitlist, the admin cancels a student, the waiting visitor is e-mailed
// the seat (the mail log hides the link), follows the link and takes it; the instructor's roster
// shows the change; a week before the start (the server restarted with its clock there) each
// confirmed student gets one reminder, and a second restart sends none. Then the bad inputs.
import type { Page } from "@playwright/test";
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

const START = "2026-06-16";
const env = (mail: MailCatcher, now: string) => ({
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  SMTP_URL: mail.url,
  MAIL_RETRY_DELAY_SECONDS: "1",
  FORM_RATE_LIMIT: "100",
  SIGNIN_RATE_LIMIT: "1000",
  FROZEN_NOW: now,
});

let mail: MailCatcher;
let server: AppServer;
const STUDENT_PASSWORD = "violet kettle marathon 42";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  mail = await startMailCatcher();
  // Monday, April 20, 2026 in Alabama. CCNA's June 16 morning class has two seats.
  server = await startAppServer({
    env: env(mail, "2026-04-20T15:00:00Z"),
    prepare: async (database) => {
      await database.pglite?.exec(`
        update cohorts set capacity = 2, seats_taken = 0
          where start_date = '${START}' and class_schedule = 'morning'
            and course_id = (select id from courses where slug = 'ccna');`);
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

/** A visitor's complete registration, posted as the wizard's last step (no script). */
function register(page: Page, email: string, extra: Record<string, string> = {}) {
  return page.request.post(`${server.url}/certification-training/ccna/register`, {
    headers: { Origin: server.url },
    form: {
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      name: `Student ${email.split("@")[0]}`,
      email,
      phone: "(205) 555-0100",
      experience: "1-3",
      startDate: START,
      classSchedule: "morning",
      paymentMethod: "credit-card",
      ...extra,
    },
  });
}

/** Signs in at this file's server's /admin (the fixtures' helper uses the worker's server). */
async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel("Username or email").fill("admin");
  await main.getByLabel("Password").fill(ADMIN_PASSWORD);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("a full class, its waitlist, a cancellation, the offer taken, the roster and the reminders", async ({
  page,
  browser,
}) => {
  expect((await register(page, "ada@example.org")).status()).toBe(200);
  expect((await register(page, "bo@example.org")).status()).toBe(200);

  // Bo confirms the address without JavaScript: the answer is a page that says it worked (200),
  // not the spent link's "This link has ended"; the link then has ended (410).
  const received = await mail.waitFor((m) => m.to.includes("bo@example.org"));
  const boToken = received.text.match(/\/registrations\/confirm\?token=([A-Za-z0-9_-]{43})/)?.[1];
  expect(boToken).toBeTruthy();
  const confirmBo = () =>
    page.request.post(`${server.url}/registrations/confirm`, {
      headers: { Origin: server.url },
      form: { token: boToken as string, intent: "confirm" },
    });
  // The registration e-mail's first class is an invitation nobody has confirmed yet: TENTATIVE.
  const pendingInvite = readIcs(
    received.attachments.find((a) => a.filename === "course-start.ics")?.content ?? "",
  );
  expect(pendingInvite.method).toBe("REQUEST");
  expect(pendingInvite.events[0]).toMatchObject({ sequence: 0, status: "TENTATIVE" });
  const answered = await confirmBo();
  expect(answered.status()).toBe(200);
  const confirmedPage = await answered.text();
  expect(confirmedPage).toMatch(/<h1[^>]*>Your address is confirmed<\/h1>/);
  expect(confirmedPage).not.toContain("This link has ended");
  // It says what comes next, and where the student follows it.
  expect(confirmedPage).toMatch(/<h2[^>]*>What comes next<\/h2>/);
  expect(confirmedPage).toContain(
    "Paying by bank transfer or company invoice, your invoice is on its way by e-mail",
  );
  expect(confirmedPage).toMatch(/<a[^>]* href="\/portal"[^>]*>Go to the Training Portal/);
  const spent = await confirmBo();
  expect(spent.status()).toBe(410);
  expect(await spent.text()).toMatch(/<h1[^>]*>This link has ended<\/h1>/);

  // The third visitor: the calendar and the form say the date is full and offer the waitlist.
  await page.goto(`${server.url}/certification-training/ccna/register?startDate=${START}`);
  await hydrated(page);
  await page.getByLabel("Name").fill("Cy Waiting");
  await page.getByLabel("Email").fill("cy@example.org");
  await page.getByLabel("Phone").fill("(205) 555-0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Years of Experience").selectOption("1-3");
  await expect(page.getByLabel("Preferred Start Date")).toHaveValue(START);
  await page.getByLabel("Class Schedule").selectOption("morning");
  await expect(page.getByLabel("Class Schedule").locator("option:checked")).toHaveText(
    /full: waitlist/,
  );
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("note")).toContainText("is full: you are joining its waitlist");
  // Nothing is charged: no payment method is asked for.
  await expect(page.getByRole("note")).toContainText("no payment method is needed now");
  await expect(page.getByLabel("Payment Method")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(page.getByRole("status")).toContainText("You are on the waitlist.");
  const waiting = await mail.waitFor(
    (m) => m.to.includes("cy@example.org") && /waitlist/.test(m.subject),
  );
  // A place in line counts once the address is confirmed (within 24 hours).
  const confirmLink = waiting.text.match(/\/registrations\/confirm\?token=[A-Za-z0-9_-]{43}/)?.[0];
  await page.goto(`${server.url}${confirmLink}`);
  await page.getByRole("button", { name: "Confirm my address and keep my place" }).click();
  await expect(page.getByRole("status")).toContainText("you keep your place on the waitlist");
  await expect(page.getByRole("heading", { name: "Your address is confirmed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This link has ended" })).toHaveCount(0);
  const next = page.getByRole("region", { name: "What comes next" });
  await expect(next).toContainText("Once you have taken a seat and we have confirmed");
  await expect(next.getByRole("link", { name: "Go to the Training Portal" })).toHaveAttribute(
    "href",
    "/portal",
  );
  await expectNoAxeViolations(page);

  // The admin sees the cohort, its waitlist in order, and cancels Ada.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  await admin.goto(`${server.url}/admin/registrations`);
  await admin
    .getByLabel("Course")
    .selectOption({ label: "Cisco Certified Network Associate (CCNA)" });
  await admin.getByRole("button", { name: "Filter" }).click();
  await admin.getByLabel("Start date").selectOption({
    label: "June 16, 2026, Morning (Monday to Thursday 8:00 AM to 12:00 PM)",
  });
  await admin.getByRole("button", { name: "Filter" }).click();
  const waitlist = admin.getByRole("region", { name: /Waitlist of this date/ });
  await expect(waitlist.getByRole("listitem")).toHaveText([/Cy Waiting/]);
  await admin.getByRole("link", { name: /Student ada/ }).click();
  // Cancelling asks first and says what follows; "Keep the registration" changes nothing.
  await admin.getByRole("link", { name: "Cancel registration..." }).click();
  const asked = admin.getByRole("dialog", { name: "Cancel this registration?" });
  await expect(asked).toContainText("offered to the first person on its waitlist");
  await expect(asked).toContainText("This cannot be undone");
  await expectNoAxeViolations(admin);
  await asked.getByRole("link", { name: "Keep the registration" }).click();
  await expect(asked).toBeHidden();
  await admin.getByRole("link", { name: "Cancel registration..." }).click();
  await asked.getByLabel("Reason for cancelling").fill("The student moved to Texas.");
  await asked.getByRole("button", { name: "Cancel registration" }).click();
  await expect(admin.getByRole("status")).toContainText("Registration cancelled");
  await expect(
    admin.getByRole("region", { name: "Student ada" }).getByText("Cancelled", { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(admin);

  // Cy is offered the seat by e-mail; the mail log keeps the link out.
  const offer = await mail.waitFor(
    (m) => m.to.includes("cy@example.org") && m.subject.startsWith("A seat is free for you"),
  );
  const link = offer.text.match(/\/registrations\/offer\?token=[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();
  await admin.goto(`${server.url}/admin/mail`);
  const logged = admin.getByRole("row").filter({ hasText: "A seat is free for you" });
  await expect(logged).toBeVisible();
  expect(await admin.content()).not.toContain(link);

  // Cy follows the link and takes the seat; the link then works no more.
  await page.goto(`${server.url}${link}`);
  await expect(page.getByRole("heading", { name: "A seat is free for you" })).toBeVisible();
  await expect(page.getByText("Cisco Certified Network Associate (CCNA)")).toBeVisible();
  await page.getByRole("button", { name: "Accept the seat" }).click();
  await expect(page.getByRole("status")).toContainText("The seat is yours");
  await expect(page.getByRole("heading", { name: "The seat is yours" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This offer has ended" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "What comes next" })).toContainText(
    "your invoice is on its way",
  );
  await expectNoAxeViolations(page);
  expectHttpError(page, 410, "/registrations/offer");
  await page.goto(`${server.url}${link}`);
  await expect(page.getByRole("heading", { name: "This offer has ended" })).toBeVisible();

  // Staff confirm Bo and Cy.
  for (const who of ["Student bo", "Cy Waiting"]) {
    await admin.goto(
      `${server.url}/admin/registrations?q=${encodeURIComponent(who.split(" ")[1] ?? "")}`,
    );
    await admin
      .getByRole("link", { name: new RegExp(who) })
      .first()
      .click();
    await admin.getByRole("button", { name: "Confirm registration" }).click();
    await expect(admin.getByRole("status")).toContainText("Registration confirmed");
  }

  // Bo's confirmation carried a Training Portal invitation: Bo chooses a password, signs in,
  // sees the registration's own status and cancels it; staff are e-mailed.
  const confirmed = await mail.waitFor(
    (m) => m.to.includes("bo@example.org") && m.subject.includes("is confirmed"),
  );
  // Confirmed by staff: the same event, now CONFIRMED, outranks the tentative invitation.
  const confirmedInvite = readIcs(
    confirmed.attachments.find((a) => a.filename === "course-start.ics")?.content ?? "",
  );
  expect(confirmedInvite.events[0]).toMatchObject({
    uid: pendingInvite.events[0]?.uid,
    sequence: 1,
    status: "CONFIRMED",
  });
  const invitation = confirmed.text.match(/\/account\/set-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
  const student = await (await browser.newContext()).newPage();
  await student.goto(`${server.url}${invitation}`);
  const form = student.getByRole("main");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(STUDENT_PASSWORD);
  await form.getByLabel("Confirm the password").fill(STUDENT_PASSWORD);
  await form.getByRole("button", { name: "Set password" }).click();
  await expect(student).toHaveURL(/\/portal\?password=set$/);
  await hydrated(student);
  await expect(student.getByRole("main").getByLabel("Email")).toHaveValue("bo@example.org");
  await student.getByRole("main").getByLabel("Password").fill(STUDENT_PASSWORD);
  await student.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const course = student.getByTestId(/^portal-registration-/);
  await expect(course).toContainText("Cisco Certified Network Associate (CCNA)");
  await expect(course).toContainText("Confirmed");
  await expect(course).toContainText("$4,995");
  await expectNoAxeViolations(student);
  // Another student's registration by its id: not found, nothing changes.
  await admin.goto(`${server.url}/admin/registrations?q=Waiting`);
  const href = await admin
    .getByTestId(/^registration-/)
    .first()
    .getAttribute("href");
  const cyId = Number(new URL(href ?? "", server.url).searchParams.get("registration"));
  const other = await student.request.post(`${server.url}/portal?cancel`, {
    headers: { Origin: server.url },
    form: { id: String(cyId) },
  });
  expect(other.status()).toBe(404);
  // The schedule and what the course includes; every class as one calendar file, which a
  // calendar reads (its first class the e-mails' event). Another student's calendar is not found.
  await expect(course).toContainText("Morning (Monday to Thursday 8:00 AM to 12:00 PM)");
  await expect(course.getByRole("listitem").filter({ hasText: "exam voucher" })).toBeVisible();
  const calendarHref = await course
    .getByRole("link", { name: /Add all classes to your calendar/ })
    .getAttribute("href");
  const calendar = await student.request.get(`${server.url}${calendarHref}`);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  const classes = readIcs(await calendar.text()).events;
  expect(classes).toHaveLength(24);
  expect(classes[0]?.summary).toBe("Cisco Certified Network Associate (CCNA): class 1 of 24");
  expect(classes[0]?.start.toISOString()).toBe("2026-06-16T13:00:00.000Z");
  expect(classes[0]?.uid).toMatch(/^registration-\d+@/);
  expect(classes.every((c) => c.status === "CONFIRMED")).toBe(true);
  expect((await student.request.get(`${server.url}/portal/calendar/${cyId}`)).status()).toBe(404);
  // A private class calendar to subscribe to: shown once, the same classes; a new address
  // retires the old one.
  const feedSection = student.getByRole("region", { name: "Your class calendar" });
  await expect(feedSection).toContainText("You have no feed address yet.");
  await feedSection.getByRole("button", { name: "Make a feed address" }).click();
  const feedUrl = (await feedSection.locator("code").textContent()) ?? "";
  expect(feedUrl).toMatch(/\/class-calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(
    feedSection.getByRole("link", { name: "Open it in your calendar app" }),
  ).toHaveAttribute("href", feedUrl.replace(/^https?:/, "webcal:"));
  await expectNoAxeViolations(student);
  const feed = await student.request.get(feedUrl.replace(/^https?:\/\/[^/]+/, server.url));
  expect(feed.status()).toBe(200);
  expect(feed.headers()["cache-control"]).toContain("no-store");
  expect(readIcs(await feed.text()).events.map((e) => e.uid)).toEqual(classes.map((c) => c.uid));
  await student.reload();
  await expect(feedSection).toContainText("For safety it is not shown again");
  await feedSection.getByRole("button", { name: "Make a new feed address" }).click();
  await expect(feedSection.locator("code")).not.toHaveText(feedUrl);
  const old = await student.request.get(feedUrl.replace(/^https?:\/\/[^/]+/, server.url));
  expect(old.status()).toBe(404);

  // Materials: the admin adds slides released now and a lab for later (frozen: April 20, 10 AM
  // in Alabama); the student downloads the slides from the portal, the lab's file is not found.
  await admin.goto(`${server.url}/admin/courses`);
  await admin
    .getByRole("link", { name: "Cisco Certified Network Associate (CCNA)", exact: true })
    .click();
  await admin.getByRole("link", { name: /^Classes of the cohort June 16, 2026 Morning/ }).click();
  await hydrated(admin);
  const materialForm = admin.getByRole("form", { name: "Add a material" });
  const pdf = (label: string) => ({
    name: `${label}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% ${label}\ntrailer<<>>\n%%EOF\n`),
  });
  for (const [title, day] of [
    ["Week 1 slides", "2026-04-20"],
    ["Lab 1", "2026-06-16"],
  ] as const) {
    await materialForm.getByLabel("Title").fill(title);
    await materialForm.getByLabel("File").setInputFiles(pdf(title));
    await materialForm.getByLabel("Release day").fill(day);
    await materialForm.getByRole("button", { name: "Add material" }).click();
    await expect(admin.getByRole("table", { name: "Materials" })).toContainText(title);
  }
  const labId = (
    await admin.getByRole("row").filter({ hasText: "Lab 1" }).getAttribute("data-testid")
  )?.replace("material-", "");
  await student.goto(`${server.url}/portal`);
  await expect(course.getByRole("link", { name: /^Lab 1/ })).toHaveCount(0);
  const slides = course.getByRole("link", { name: /^Week 1 slides/ });
  const download = await student.request.get(`${server.url}${await slides.getAttribute("href")}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain('filename="Week 1 slides.pdf"');
  expect((await download.body()).toString()).toContain("% Week 1 slides");
  const early = await student.request.get(`${server.url}/portal/materials/${labId}`);
  expect(early.status()).toBe(404);
  // Cancelling says what it means first; the student is e-mailed, staff too.
  await course.locator("summary", { hasText: "Cancel my registration" }).click();
  await expect(course).toContainText("this cannot be undone");
  await expectNoAxeViolations(student);
  await course.getByRole("button", { name: /Yes, cancel my registration/ }).click();
  await expect(student.getByRole("status").filter({ hasText: "is cancelled" })).toBeVisible();
  await expect(course).toContainText("Cancelled");
  await expect(course.getByRole("button")).toHaveCount(0);
  await expect(course.getByRole("link", { name: /calendar/ })).toHaveCount(0);
  await mail.waitFor((m) => m.subject.startsWith("Registration cancelled by the student"));
  await mail.waitFor((m) => m.to.includes("bo@example.org") && m.subject.includes("is cancelled"));
  await student.context().close();

  // The instructor's roster: Cy only; Ada and Bo cancelled.
  const instructor = await (await browser.newContext()).newPage();
  await instructor.goto(`${server.url}/portal`);
  await hydrated(instructor);
  await instructor.getByRole("main").getByLabel("Email").fill("instructor@example.com");
  await instructor.getByRole("main").getByLabel("Password").fill(DEMO_PASSWORD);
  await instructor.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  const june16 = instructor
    .getByRole("listitem")
    .filter({ hasText: "Cisco Certified Network Associate (CCNA): June 16, 2026" })
    .filter({ hasText: "Morning" });
  await expect(june16.getByRole("row").filter({ hasText: "Cy Waiting" })).toContainText(
    "Confirmed",
  );
  await expect(june16.getByRole("row").filter({ hasText: "Student bo" })).toHaveCount(0);
  await expect(june16.getByRole("row").filter({ hasText: "Student ada" })).toHaveCount(0);
  await admin.context().close();
  await instructor.context().close();

  // A week before the start: the server comes back with its clock there and sends the reminders.
  const dataDir = server.dataDir;
  await server.halt();
  server = await startAppServer({ dataDir, env: env(mail, "2026-06-09T15:00:00Z") });
  const reminder = await mail.waitFor(
    (m) => m.to.includes("cy@example.org") && m.subject.includes("starts in 7 days"),
    30_000,
  );
  expect(reminder.attachments.map((a) => a.filename)).toContain("course-start.ics");
  // Restarted again: the reminders were recorded, none goes out twice.
  await server.halt();
  server = await startAppServer({ dataDir, env: env(mail, "2026-06-09T16:00:00Z") });
  // Waits for the registrations job's run at start (not a fixed sleep): it found nothing to send.
  const restarted = server;
  await expect
    .poll(() => restarted.logs.find((l) => l.includes('"job":"registrations"')), {
      timeout: 30_000,
    })
    .toBeTruthy();
  const run = JSON.parse(restarted.logs.find((l) => l.includes('"job":"registrations"')) ?? "{}");
  expect(run).toMatchObject({ msg: "job done", reminders: 0 });
  expect(mail.messages.filter((m) => m.subject.includes("starts in 7 days"))).toHaveLength(1);
  expect(
    mail.messages.filter((m) => m.to.includes("ada@example.org") && m.subject.includes("starts")),
  ).toHaveLength(0);
});

test("bad input: a second registration, forged links, a stranger cancelling, paying a cancelled registration", async ({
  page,
}) => {
  // The same address twice for one date (even for its waitlist): refused, nothing kept.
  const again = await register(page, "cy@example.org", {
    comments: "Registering again from another page.",
    waitlist: "1",
  });
  expect(again.status()).toBe(409);
  expect((await again.text()).includes("already registered for this start date")).toBe(true);

  // A forged or malformed offer or confirmation link: 410, with what to do.
  for (const path of [
    `/registrations/offer?token=${"A".repeat(43)}`,
    "/registrations/offer?token=short",
    `/registrations/confirm?token=${"B".repeat(43)}`,
  ]) {
    const res = await page.request.get(`${server.url}${path}`);
    expect(res.status(), path).toBe(410);
    // The last policy a browser understands wins: the page's own after the site-wide one.
    expect(res.headers()["referrer-policy"]?.split(",").at(-1)?.trim()).toBe("same-origin");
  }
  const forged = await page.request.post(`${server.url}/registrations/offer`, {
    headers: { Origin: server.url },
    form: { token: "A".repeat(43), intent: "accept" },
  });
  expect(forged.status()).toBe(410);
  expect((await page.request.get(`${server.url}/registrations/nope?token=x`)).status()).toBe(404);

  // Cancelling in the portal without being that student: 403 signed out, 404 for another's id.
  const anonymous = await page.request.post(`${server.url}/portal?cancel`, {
    headers: { Origin: server.url },
    form: { id: "1" },
  });
  expect(anonymous.status()).toBe(403);

  // Moving into a full date, paying a cancelled registration: refused with the reason.
  await signIn(page);
  const ids = async (q: string) => {
    await page.goto(`${server.url}/admin/registrations?q=${q}`);
    const href = await page
      .getByTestId(/^registration-/)
      .first()
      .getAttribute("href");
    return Number(new URL(href ?? "", server.url).searchParams.get("registration"));
  };
  const ada = await ids("ada");
  const paid = await page.request.post(`${server.url}/admin/registrations`, {
    headers: { Origin: server.url },
    form: {
      intent: "payment",
      id: String(ada),
      amount: "4995",
      method: "bank-transfer",
      receivedOn: "2026-06-01",
      reference: "",
    },
  });
  expect(paid.status()).toBe(409);
  expect((await paid.text()).includes("Nothing is due on this registration")).toBe(true);
  const negative = await page.request.post(`${server.url}/admin/registrations`, {
    headers: { Origin: server.url },
    form: {
      intent: "payment",
      id: String(await ids("bo")),
      amount: "-5",
      method: "bank-transfer",
      receivedOn: "2026-06-01",
      reference: "",
    },
  });
  expect(negative.status()).toBe(400);
});

test("too close to the start, the portal says why a registration can no longer be cancelled there", async ({
  page,
}) => {
  // Four days before the class (the setting's 7 days have passed): Cy, confirmed, signs in.
  const dataDir = server.dataDir;
  await server.halt();
  server = await startAppServer({ dataDir, env: env(mail, "2026-06-12T15:00:00Z") });
  await page.goto(`${server.url}/account/forgot-password?from=portal`);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Email").fill("cy@example.org");
  await page.getByRole("main").getByRole("button", { name: "Send the link" }).click();
  const reset = await mail.waitFor(
    (m) => m.to.includes("cy@example.org") && /new password/.test(m.subject),
  );
  await page.goto(
    `${server.url}${reset.text.match(/\/account\/set-password\?token=[A-Za-z0-9_-]{43}/)?.[0]}`,
  );
  const form = page.getByRole("main");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(STUDENT_PASSWORD);
  await form.getByLabel("Confirm the password").fill(STUDENT_PASSWORD);
  await form.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/portal\?password=set$/);
  await hydrated(page);
  await page.getByRole("main").getByLabel("Password").fill(STUDENT_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();

  const course = page.getByTestId(/^portal-registration-/);
  await expect(course).toContainText("Confirmed");
  const why =
    "Cancelling here was possible until June 9, 2026, 7 days before the start on June 16, 2026. Please call us to cancel.";
  await expect(course).toContainText(why);
  await expect(course.getByRole("link", { name: "(205) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+12055550142",
  );
  await expect(course.getByText("Cancel my registration")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Posting the cancellation anyway: refused with the same reason, nothing changes.
  const id = (await course.getAttribute("data-testid"))?.replace("portal-registration-", "");
  const refused = await page.request.post(`${server.url}/portal?cancel`, {
    headers: { Origin: server.url },
    form: { id: String(id) },
  });
  expect(refused.status()).toBe(409);
  const escaped = why.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  expect(await refused.text()).toMatch(new RegExp(`role="alert"[^>]*>${escaped}<`));
  await page.reload();
  await expect(course).toContainText("Confirmed");
});
