// The pages a one-time link (or a registration's receipt link) opens stay out of every cache,
// on the built server (run `npm run build` first) with its page cache: the set-password page,
// a registration's address confirmation and waitlist offer, and the wizard's confirmation page
// answer `Cache-Control: private, no-store` and `Referrer-Policy: same-origin` for a live link
// and an unknown one (410), and are built afresh for every visitor, never served from the page
// cache. A used link opened again without any cookie is a 410. The links come from the real
// flows: the wizard's post, the e-mails the app sends (to a test SMTP server), an admin's
// invitation and an admin's delete that frees a seat for the waitlist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { cohorts, courses } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { NO_STORE } from "#app/web/http.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { type MailCatcher, startMailCatcher } from "#tests/support/mail-catcher.ts";

const SLUG = "one-time-link-networking";
const SCHEDULE = "morning";
/** Two start dates two and three months ahead: one with room, one with a single seat. */
const OPEN_DATE = dayIn(new Date(Date.now() + 60 * 86_400_000));
const TIGHT_DATE = dayIn(new Date(Date.now() + 90 * 86_400_000));
const TOKEN = "[A-Za-z0-9_-]{43}";

let server: AppServer;
let mail: MailCatcher;
let adminToken = "";

/** The links each test opens, as paths on the test server. */
const links = { receipt: "", confirm: "", offer: "", setPassword: "" };

beforeAll(async () => {
  mail = await startMailCatcher();
  const settings = sessionSettings(parseEnv({}));
  server = await startAppServer({
    env: { SMTP_URL: mail.url, MAIL_RETRY_DELAY_SECONDS: "1", FORM_RATE_LIMIT: "100" },
    prepare: async ({ db }) => {
      const admin = await createUser(db, {
        email: "links-admin@one-time.example",
        role: "admin",
        password: "one-time-links-password-1",
      });
      adminToken = (await createSession(db, admin.id, settings)).token;
      const [course] = await db
        .insert(courses)
        .values({
          slug: SLUG,
          kind: "certification",
          title: "One-Time Link Networking",
          shortTitle: "OTL Networking",
          duration: "40 Hours (1 Week)",
          priceCents: 120_000,
          scheduleOptions: [SCHEDULE],
        })
        .returning({ id: courses.id });
      await db.insert(cohorts).values([
        { courseId: course?.id ?? 0, startDate: OPEN_DATE, classSchedule: SCHEDULE, capacity: 5 },
        { courseId: course?.id ?? 0, startDate: TIGHT_DATE, classSchedule: SCHEDULE, capacity: 1 },
      ]);
    },
  });

  // A visitor registers through the wizard's last step: a 303 to the confirmation page, and
  // the e-mail asking them to confirm their address.
  const casey = await register("casey@one-time.example", OPEN_DATE);
  expect(casey.status).toBe(303);
  links.receipt = pathIn(
    casey.headers.get("location") ?? "",
    `/certification-training/${SLUG}/register/confirmation\\?token=${TOKEN}`,
  );
  links.confirm = pathIn(
    (await mailTo("casey@one-time.example", "/registrations/confirm?token=")).text,
    `/registrations/confirm\\?token=${TOKEN}`,
  );

  // A full date: Ada holds its seat, Ben joins its waitlist and confirms his address (only
  // confirmed addresses are in line); an admin deletes Ada's record and the freed seat is
  // offered to Ben with a one-time link.
  expect((await register("ada@one-time.example", TIGHT_DATE)).status).toBe(303);
  expect((await register("ben@one-time.example", TIGHT_DATE, { waitlist: "1" })).status).toBe(303);
  const benConfirm = pathIn(
    (await mailTo("ben@one-time.example", "/registrations/confirm?token=")).text,
    `/registrations/confirm\\?token=${TOKEN}`,
  );
  const benToken = benConfirm.replace(/^.*token=/, "");
  expect(
    (await post("/registrations/confirm", { intent: "confirm", token: benToken })).status,
  ).toBe(200);
  const found = await admin("GET", "/api/customers?q=ada%40one-time.example");
  const [ada] = await found.json();
  expect((await admin("DELETE", `/api/customers/${ada.id}`)).status).toBe(200);
  links.offer = pathIn(
    (await mailTo("ben@one-time.example", "/registrations/offer?token=")).text,
    `/registrations/offer\\?token=${TOKEN}`,
  );

  // An admin adds a user: the invitation carries the set-password link.
  const invited = await admin("POST", "/api/admin/users", {
    email: "new.hire@one-time.example",
    firstName: "Nia",
    lastName: "Hire",
    role: "sales_rep",
  });
  expect(invited.status).toBe(201);
  links.setPassword = pathIn(
    (await mailTo("new.hire@one-time.example", "/account/set-password?token=")).text,
    `/account/set-password\\?token=${TOKEN}`,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

function register(email: string, startDate: string, extra: Record<string, string> = {}) {
  const body = new URLSearchParams({
    step: "3",
    intent: "submit",
    certificationInterest: SLUG,
    name: "Jordan Link",
    email,
    phone: "(205) 555-0188",
    company: "",
    experience: "1-3",
    startDate,
    classSchedule: SCHEDULE,
    comments: "",
    paymentMethod: "credit-card",
    ...extra,
  });
  return fetch(`${server.url}/certification-training/${SLUG}/register`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
}

function admin(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: `sid=${adminToken}` };
  if (method !== "GET") headers.origin = server.url;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The message to `to` whose text carries `link`, once it has been delivered. */
const mailTo = (to: string, link: string) =>
  mail
    .waitFor((m) => m.to.includes(to) && m.text.includes(link), 30_000)
    .catch((error) => {
      const caught = mail.messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ");
      throw new Error(`${error.message}; wanted ${link} to ${to}; caught ${caught}`);
    });

/** The path (and query) matching `pattern` in a text or a URL. */
function pathIn(text: string, pattern: string): string {
  const path = text.match(new RegExp(pattern))?.[0];
  if (!path) throw new Error(`no ${pattern} in ${text.slice(0, 500)}`);
  return path;
}

/** Opens a page as a visitor without any cookie. */
const open = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

/** A form post without any cookie (from the page itself). */
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

/**
 * Opens `path` twice without a cookie: each answer has `status`, is for this visitor only, sends
 * no referrer elsewhere, and was rendered for this request (its own CSP nonce, in its body),
 * never taken from the page cache. Returns the second page's HTML.
 */
async function expectUncachedTwice(path: string, status: number): Promise<string> {
  const nonces: string[] = [];
  let html = "";
  for (const round of [1, 2]) {
    const res = await open(path);
    const what = `${path} (${round})`;
    expect(res.status, what).toBe(status);
    expect(res.headers.get("cache-control"), what).toBe(NO_STORE);
    expect(res.headers.get("referrer-policy"), what).toBe("same-origin");
    expect(res.headers.get("x-page-cache"), what).not.toBe("hit");
    expect(res.headers.get("etag"), what).toBeNull();
    expect(res.headers.get("content-type"), what).toMatch(/^text\/html/);
    const nonce = nonceOf(res);
    expect(nonce, what).toBeTruthy();
    html = await res.text();
    expect(html, what).toContain(`nonce="${nonce}"`);
    nonces.push(nonce ?? "");
  }
  expect(nonces[0], `${path}: a fresh render each time`).not.toBe(nonces[1]);
  return html;
}

describe("the page cache is on", () => {
  it("a public page is cached for anonymous visitors (so the checks below mean something)", async () => {
    // (A staff change elsewhere may empty the cache between two requests: a few tries.)
    const seen: (string | null)[] = [];
    for (let i = 0; i < 5 && !seen.includes("hit"); i++) {
      const res = await open("/privacy");
      expect(res.status).toBe(200);
      seen.push(res.headers.get("x-page-cache"));
      await res.text();
    }
    expect(seen[0]).toBe("miss");
    expect(seen).toContain("hit");
    expect(NO_STORE).toBe("private, no-store");
  });
});

describe("one-time-link pages stay out of every cache", () => {
  const pages = () => [
    { name: "set-password", live: links.setPassword, shows: "new.hire@one-time.example" },
    { name: "address confirmation", live: links.confirm, shows: "One-Time Link Networking" },
    { name: "waitlist offer", live: links.offer, shows: "One-Time Link Networking" },
    { name: "registration confirmation", live: links.receipt, shows: "One-Time Link Networking" },
  ];

  it("a live link: 200, private, no-store, same-origin referrer, built afresh each time", async () => {
    for (const page of pages()) {
      const html = await expectUncachedTwice(page.live, 200);
      expect(html, page.name).toContain(page.shows);
    }
  });

  it("an unknown link: 410, with the same headers, built afresh each time", async () => {
    for (const page of pages()) {
      const unknown = page.live.replace(/token=.*$/, `token=${"Q".repeat(43)}`);
      const html = await expectUncachedTwice(unknown, 410);
      for (const secret of ["new.hire@one-time.example", "Jordan Link", "@one-time.example"]) {
        expect(html, page.name).not.toContain(secret);
      }
      // A malformed token and none at all are the same 410.
      await expectUncachedTwice(page.live.replace(/token=.*$/, "token=short"), 410);
      await expectUncachedTwice(page.live.replace(/\?token=.*$/, ""), 410);
    }
  });

  it("their data requests are not cacheable either", async () => {
    for (const page of pages()) {
      const [path, query] = page.live.split("?");
      for (const address of [`${path}.data?${query}`, `${path}.data?token=${"Q".repeat(43)}`]) {
        const res = await open(address);
        expect(res.headers.get("cache-control"), address).toBe(NO_STORE);
        expect(res.headers.get("x-page-cache"), address).toBeNull();
        await res.body?.cancel();
      }
    }
  });
});

describe("a used link opened again without a cookie is a 410", () => {
  it("the address confirmation, once confirmed", async () => {
    const token = links.confirm.replace(/^.*token=/, "");
    const confirmed = await post("/registrations/confirm", { intent: "confirm", token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("cache-control")).toBe(NO_STORE);
    const html = await expectUncachedTwice(links.confirm, 410);
    expect(html).not.toContain("One-Time Link Networking");
    // The receipt is read, not used up: it still opens.
    expect(await expectUncachedTwice(links.receipt, 200)).toContain("casey@one-time.example");
  });

  it("the set-password link, once the password is set", async () => {
    const token = links.setPassword.replace(/^.*token=/, "");
    const password = "Quiet-Harbor-Lantern-42";
    const set = await post("/account/set-password", {
      intent: "set-password",
      token,
      password,
      confirmPassword: password,
    });
    expect([302, 303]).toContain(set.status);
    expect(set.headers.get("location")).toBe("/login?password=set");
    const html = await expectUncachedTwice(links.setPassword, 410);
    expect(html).not.toContain("new.hire@one-time.example");
  });

  it("the waitlist offer, once declined", async () => {
    const token = links.offer.replace(/^.*token=/, "");
    const declined = await post("/registrations/offer", { intent: "decline", token });
    expect(declined.status).toBe(200);
    await expectUncachedTwice(links.offer, 410);
  });
});
