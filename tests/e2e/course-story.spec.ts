// A course from first class to certificate (issue 46), as its people live it, read back by
// independent software: an admin adds a cohort that spans the March daylight-saving change; a
// student registers and is confirmed; every class is in the download and the feed (ical.js and
// Python's icalendar, instants on both sides of the change); a class moved across the change
// keeps its hour in the e-mailed update; a material is released at its time; the instructor
// marks attendance on a 390 px phone; after the last class the admin confirms completion with
// the name corrected; the student downloads the certificate (pdftotext, qpdf, its QR code read
// by zbarimg from a pdftoppm image) whose address is the public page; the credential is
// verified with the published key by PyJWT; a revocation shows at once.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { readIcs, readWithPythonIcalendar } from "#tests/support/ics.ts";
import { verifyWithPyJwt } from "#tests/support/jwt.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  expect,
  expectFitsWidth,
  expectHttpError,
  expectNoAxeViolations,
  hydrated,
  test,
} from "./fixtures.ts";

const SITE = "https://training.example.com";
const START = "2027-03-11";
const env = (mail: MailCatcher, now: string) => ({
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  SITE_URL: SITE,
  SMTP_URL: mail.url,
  MAIL_RETRY_DELAY_SECONDS: "1",
  FORM_RATE_LIMIT: "100",
  SIGNIN_RATE_LIMIT: "1000",
  FROZEN_NOW: now,
});
const PASSWORD = "violet kettle marathon 42";

let mail: MailCatcher;
let server: AppServer;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  mail = await startMailCatcher();
  // Monday, February 15, 2027. CCNA is taught in a week here: four morning classes of 4 hours.
  server = await startAppServer({
    env: env(mail, "2027-02-15T15:00:00Z"),
    prepare: async (database) => {
      await database.pglite?.exec(
        "update courses set duration = '16 Hours (1 Week)' where slug = 'ccna';",
      );
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const at = (path: string) => `${server.url}${path}`;
/** The site's address as the product writes it (QR codes, e-mails), on this test's server. */
const local = (url: string) => url.replace(SITE, server.url);

async function signIn(
  browser: Browser,
  door: "/admin" | "/portal",
  login: string,
  password: string,
  width?: number,
) {
  const context = await browser.newContext(width ? { viewport: { width, height: 844 } } : {});
  const page = await context.newPage();
  await page.goto(at(door));
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByLabel(door === "/admin" ? "Username or email" : "Email").fill(login);
  await main.getByLabel("Password").fill(password);
  await main
    .getByRole("button", { name: door === "/admin" ? "Login" : "Sign In", exact: true })
    .click();
  if (door === "/admin") await expect(page).toHaveURL(/\/admin\/dashboard$/);
  else await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  return page;
}

async function openClasses(admin: Page) {
  await admin.goto(at("/admin/courses"));
  await admin
    .getByRole("link", { name: "Cisco Certified Network Associate (CCNA)", exact: true })
    .click();
  await admin.getByRole("link", { name: /^Classes of the cohort March 11, 2027 Morning/ }).click();
  await expect(admin).toHaveURL(/\/admin\/courses\/\d+\/cohorts\/\d+$/);
  await hydrated(admin);
  return new URL(admin.url()).pathname;
}

test("from the first class to a certificate anyone can verify", async ({ browser }) => {
  // The admin adds the cohort of Thursday, March 11: its classes run across the change of
  // Sunday, March 14 (8 AM is 14:00 UTC before it, 13:00 UTC after).
  const admin = await signIn(browser, "/admin", "admin", ADMIN_PASSWORD);
  await admin.goto(at("/admin/courses"));
  await admin
    .getByRole("link", { name: "Cisco Certified Network Associate (CCNA)", exact: true })
    .click();
  const adder = admin.getByRole("form", { name: "Add Cohort" });
  await adder.getByLabel("Start date").fill(START);
  await adder.getByLabel("Class schedule").selectOption("morning");
  await adder.getByLabel("Capacity").fill("12");
  await adder.getByRole("button", { name: "Add Cohort" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Cohort added." })).toBeVisible();

  // A student registers (the wizard's last step, posted) and staff confirm.
  const visitor = await (await browser.newContext()).newPage();
  const registered = await visitor.request.post(at("/certification-training/ccna/register"), {
    headers: { Origin: server.url },
    form: {
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      name: "Zoe Nguyen",
      email: "zoe@example.org",
      phone: "(205) 555-0100",
      experience: "1-3",
      startDate: START,
      classSchedule: "morning",
      paymentMethod: "credit-card",
    },
  });
  expect(registered.status()).toBeLessThan(400);
  await admin.goto(at("/admin/registrations?q=Zoe"));
  await admin
    .getByRole("link", { name: /Zoe Nguyen/ })
    .first()
    .click();
  await admin.getByRole("button", { name: "Confirm registration" }).click();
  await expect(admin.getByRole("status")).toContainText("Registration confirmed");
  const confirmed = await mail.waitFor(
    (m) => m.to.includes("zoe@example.org") && m.subject.includes("is confirmed"),
  );
  const invitation = confirmed.text.match(/\/account\/set-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
  await visitor.goto(at(invitation ?? ""));
  const form = visitor.getByRole("main");
  await form.getByRole("textbox", { name: "New password", exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm the password").fill(PASSWORD);
  await form.getByRole("button", { name: "Set password" }).click();
  await expect(visitor).toHaveURL(/\/portal\?password=set$/);
  await visitor.context().close();
  const student = await signIn(browser, "/portal", "zoe@example.org", PASSWORD);
  const course = student.getByTestId(/^portal-registration-/);
  await expect(course).toContainText("Confirmed");

  // Every class, downloaded and subscribed, read by two calendar readers.
  const download = await student.request.get(
    at((await course.getByRole("link", { name: /Add all classes/ }).getAttribute("href")) ?? ""),
  );
  const file = await download.text();
  const classes = readIcs(file).events;
  const before = ["2027-03-11T14:00:00.000Z", "2027-03-15T13:00:00.000Z"];
  expect(classes.map((c) => c.start.toISOString())).toEqual([
    ...before,
    "2027-03-16T13:00:00.000Z",
    "2027-03-17T13:00:00.000Z",
  ]);
  expect(readWithPythonIcalendar(file).map(([, start]) => start)).toEqual([
    "2027-03-11T14:00:00+00:00",
    "2027-03-15T13:00:00+00:00",
    "2027-03-16T13:00:00+00:00",
    "2027-03-17T13:00:00+00:00",
  ]);
  const feedSection = student.getByRole("region", { name: "Your class calendar" });
  await feedSection.getByRole("button", { name: "Make a feed address" }).click();
  const feedUrl = local((await feedSection.locator("code").textContent()) ?? "");
  const feedFile = async () => (await student.request.get(feedUrl)).text();
  const feed = async () => readIcs(await feedFile()).events;
  expect((await feed()).map((c) => c.uid)).toEqual(classes.map((c) => c.uid));
  expect(readWithPythonIcalendar(await feedFile())).toEqual(readWithPythonIcalendar(file));

  // The Monday class (after the change) moves to Friday, March 12 (before it): 8 AM stays 8 AM.
  // The cohort's Classes screen (after its last class it is among the past cohorts).
  const classesPath = await openClasses(admin);
  const cohortId = classesPath.split("/").pop();
  await admin.getByRole("link", { name: /^Change the class of March 15, 2027/ }).click();
  const editor = admin.getByRole("form", { name: /^Change the class of March 15, 2027/ });
  await editor.getByLabel("Date").fill("2027-03-12");
  await editor.getByRole("button", { name: "Save and e-mail students" }).click();
  await expect(admin.getByRole("status")).toContainText("e-mailed");
  const update = await mail.waitFor(
    (m) =>
      m.to.includes("zoe@example.org") && m.attachments.some((a) => a.filename === "class.ics"),
  );
  const moved = readIcs(update.attachments.find((a) => a.filename === "class.ics")?.content ?? "");
  expect(moved.method).toBe("REQUEST");
  expect(moved.events[0]?.uid).toBe(classes[1]?.uid);
  expect(moved.events[0]?.start.toISOString()).toBe("2027-03-12T14:00:00.000Z");
  expect((await feed()).find((c) => c.uid === classes[1]?.uid)?.start.toISOString()).toBe(
    "2027-03-12T14:00:00.000Z",
  );
  expect(readWithPythonIcalendar(await feedFile())).toContainEqual([
    classes[1]?.uid,
    "2027-03-12T14:00:00+00:00",
    "2027-03-12T18:00:00+00:00",
  ]);

  // Slides released on the last day at noon: not yet.
  const materialForm = admin.getByRole("form", { name: "Add a material" });
  await materialForm.getByLabel("Title").fill("Final review slides");
  await materialForm.getByLabel("File").setInputFiles({
    name: "review.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% review\ntrailer<<>>\n%%EOF\n"),
  });
  await materialForm.getByLabel("Release day").fill("2027-03-17");
  await materialForm.getByLabel("Release time").fill("12:00");
  await materialForm.getByRole("button", { name: "Add material" }).click();
  await expect(admin.getByRole("table", { name: "Materials" })).toContainText("Final review");
  await student.reload();
  await expect(course.getByRole("link", { name: /^Final review slides/ })).toHaveCount(0);
  await admin.context().close();
  await student.context().close();

  // Wednesday, March 17, 1 PM: the last class is over; the server comes back with its clock there.
  const dataDir = server.dataDir;
  await server.halt();
  server = await startAppServer({ dataDir, env: env(mail, "2027-03-17T18:00:00Z") });

  // The instructor marks every class on a phone: one tap for Zoe in each.
  const phone = await signIn(browser, "/portal", "instructor@example.com", DEMO_PASSWORD, 390);
  // Their cohort's attendance table links every class of it.
  await phone.goto(at(`/portal/cohorts/${cohortId}/attendance`));
  const hrefs = await phone
    .getByRole("main")
    .locator('a[href^="/portal/classes/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")))]);
  expect(hrefs).toHaveLength(4);
  for (const href of hrefs) {
    await phone.goto(at(href ?? ""));
    await hydrated(phone);
    const row = phone.getByRole("form", { name: "Attendance of Zoe Nguyen" });
    await row.getByRole("button", { name: "Present" }).click();
    await expect(row.getByRole("button", { name: "Present" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  await expectFitsWidth(phone, 390);
  await expectNoAxeViolations(phone);
  await phone.context().close();

  // The admin sees Zoe completed and confirms, the name corrected to how she writes it.
  const staff = await signIn(browser, "/admin", "admin", ADMIN_PASSWORD);
  await staff.goto(at(classesPath));
  await hydrated(staff);
  const completion = staff.getByRole("region", { name: "Completion" });
  await expect(completion.getByRole("row").filter({ hasText: "Zoe Nguyen" })).toContainText(
    "4 of 4 (100 %)",
  );
  await expectNoAxeViolations(staff);
  const confirm = completion.getByRole("form", { name: "Confirm Zoe Nguyen's completion" });
  await confirm.getByLabel("Name on the certificate").fill("Zoë Nguyễn");
  await confirm.getByRole("button", { name: "Confirm and issue certificate" }).click();
  await expect(staff.getByRole("status")).toContainText("Zoë Nguyễn's certificate");
  const issuedMail = await mail.waitFor((m) => m.subject.startsWith("Your certificate for"));
  expect(issuedMail.attachments.map((a) => a.filename)).toContainEqual(
    expect.stringMatching(/^certificate-.+\.pdf$/),
  );

  // The student: the released slides, and the certificate, read back by poppler and zbar.
  const zoe = await signIn(browser, "/portal", "zoe@example.org", PASSWORD);
  const mine = zoe.getByTestId(/^portal-registration-/);
  await expect(mine.getByRole("link", { name: /^Final review slides/ })).toBeVisible();
  const pdfHref = await mine
    .getByRole("link", { name: /Download the certificate/ })
    .getAttribute("href");
  const pdfAnswer = await zoe.request.get(at(pdfHref ?? ""));
  expect(pdfAnswer.headers()["content-type"]).toBe("application/pdf");
  const dir = mkdtempSync(join(tmpdir(), "certificate-"));
  const pdf = join(dir, "certificate.pdf");
  writeFileSync(pdf, await pdfAnswer.body());
  execFileSync("qpdf", ["--check", pdf]);
  const words = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  expect(words).toContain("Zoë Nguyễn");
  expect(words).toContain("Cisco Certified Network Associate (CCNA)");
  expect(words).toContain("16 hours");
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", pdf, join(dir, "page")]);
  // (zbar's own notices about the system bus are not the test's business.)
  const scanned = execFileSync("zbarimg", ["--quiet", "--raw", join(dir, "page.png")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  expect(scanned).toMatch(new RegExp(`^${SITE}/certificates/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$`));
  const id = scanned.split("/").pop() ?? "";
  await expect(mine.getByRole("link", { name: /Add to LinkedIn/ })).toHaveAttribute(
    "href",
    new RegExp(`linkedin\\.com/profile/add\\?.*certId=${id}`),
  );
  await expectNoAxeViolations(zoe);
  await zoe.context().close();

  // Anyone: the public page (light and dark), its JSON, the credential checked by PyJWT.
  const employer = await (await browser.newContext()).newPage();
  await employer.goto(local(scanned));
  const verdict = employer.getByTestId("certificate-status");
  await expect(verdict).toContainText("Valid");
  await expect(employer.getByRole("main")).toContainText("Zoë Nguyễn");
  await expectNoAxeViolations(employer);
  await employer.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(employer);
  const record = await (await employer.request.get(at(`/api/certificates/${id}`))).json();
  expect(record).toMatchObject({ id, status: "valid", name: "Zoë Nguyễn", hours: 16 });
  const keys = await (await employer.request.get(at("/.well-known/jwks.json"))).json();
  expect(JSON.stringify(keys)).not.toContain('"d"');
  const claims = verifyWithPyJwt(record.credential, keys, {
    asOf: new Date("2027-03-17T18:00:00Z"),
  });
  expect(claims).toMatchObject({ jti: `${SITE}/certificates/${id}`, iss: SITE });
  // A forged ID is nothing.
  expectHttpError(employer, 404, /\/certificates\/ZZZZ-ZZZZ-ZZZZ$/);
  await employer.goto(at("/certificates/ZZZZ-ZZZZ-ZZZZ"));
  await expect(employer.getByRole("heading", { level: 1 })).not.toContainText("Certificate");

  // The admin revokes it: the page and the JSON say so at once.
  const revoker = await signIn(browser, "/admin", "admin", ADMIN_PASSWORD);
  await revoker.goto(at(classesPath));
  await hydrated(revoker);
  await revoker.locator("summary", { hasText: "Revoke" }).click();
  const revoke = revoker.getByRole("form", { name: `Revoke certificate ${id}` });
  await revoke.getByLabel("Reason").fill("Attendance was recorded for the wrong student.");
  await revoke.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(revoker.getByRole("status")).toContainText(`Certificate ${id} is revoked.`);
  await employer.goto(local(scanned));
  await expect(verdict).toContainText("Revoked on");
  expect(await (await employer.request.get(at(`/api/certificates/${id}`))).json()).toMatchObject({
    status: "revoked",
  });
});
