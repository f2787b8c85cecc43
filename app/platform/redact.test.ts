import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact.ts";
import { SECRET_PATHS, SECRET_QUERY_NAMES, secretPath } from "./secret-urls.ts";

// Shaped like the real ones: a calendar feed's and a one-time link's token (43 base64url
// characters), a preview link's `{link}.{expiry}.{HMAC}`.
const FEED = "q9X-4cT_0aZbLm3nPq8rSt1uVw2xYz5AbCdEfGhIjKl";
const PREVIEW = "17.1790000000.Zk3_9aQ-bcDeFgHiJkLmNoPqRsTuVwXyZ0123456789ab";
const TOKEN = "tOk3n-one_time-LINK-abcdefghijklmnopqrstuvwx";

describe("redactSecrets: secret paths", () => {
  it.each([
    ["the calendar feed", `/calendar-feed/${FEED}.ics`, "/calendar-feed/[redacted].ics"],
    ["a student's class calendar", `/class-calendar/${FEED}.ics`, "/class-calendar/[redacted].ics"],
    ["a preview link", `/preview/${PREVIEW}`, "/preview/[redacted]"],
    ["a preview link's data request", `/preview/${PREVIEW}.data`, "/preview/[redacted].data"],
    [
      "a full address in a sentence",
      `GET https://www.example.com/calendar-feed/${FEED}.ics?x=1 answered 200`,
      "GET https://www.example.com/calendar-feed/[redacted].ics?x=1 answered 200",
    ],
    ["another case", `/Calendar-Feed/${FEED}.ics`, "/Calendar-Feed/[redacted].ics"],
    [
      "inside a JSON log line",
      `{"req":{"url":"/preview/${PREVIEW}"},"msg":"request completed"}`,
      '{"req":{"url":"/preview/[redacted]"},"msg":"request completed"}',
    ],
    [
      "in a stack trace (JSON-escaped new line after it)",
      `Error: no feed /calendar-feed/${FEED}.ics\\n    at loader (build/server/index.js:1:2)`,
      "Error: no feed /calendar-feed/[redacted].ics\\n    at loader (build/server/index.js:1:2)",
    ],
  ])("%s", (_, text, shown) => {
    expect(redactSecrets(text)).toBe(shown);
    expect(redactSecrets(text)).not.toContain(FEED);
  });

  it.each([
    [
      "escaped once, inside another link's query",
      `/login?next=%2Fpreview%2F${PREVIEW}%3Fx%3D1`,
      "/login?next=%2Fpreview%2F[redacted]%3Fx%3D1",
    ],
    [
      "escaped twice",
      `/a?b=%252Fcalendar-feed%252F${FEED}.ics%2526y%253D2`,
      "/a?b=%252Fcalendar-feed%252F[redacted].ics%2526y%253D2",
    ],
    ["the path's name spelled with escapes", `/%70review/${PREVIEW}`, "/%70review/[redacted]"],
  ])("%s", (_, text, shown) => {
    expect(redactSecrets(text)).toBe(shown);
    expect(redactSecrets(text)).not.toContain(PREVIEW.slice(-20));
    expect(redactSecrets(text)).not.toContain(FEED.slice(-20));
  });

  it("covers every path secret-urls.ts declares, and builds them as routes.ts mounts them", () => {
    for (const path of Object.values(SECRET_PATHS)) {
      const address = secretPath(path, TOKEN);
      expect(address).toBe(`/${path.replace(":secret", TOKEN)}`);
      expect(redactSecrets(`https://example.com${address}`)).not.toContain(TOKEN);
    }
  });
});

describe("redactSecrets: secret query parameters", () => {
  it.each([
    ["/account/set-password?token=abc123", "/account/set-password?token=[redacted]"],
    ["/registrations/offer?x=1&token=abc&y=2", "/registrations/offer?x=1&token=[redacted]&y=2"],
    ["/login?ticket=t1&code=123456", "/login?ticket=[redacted]&code=[redacted]"],
    ["GET /a?TOKEN=Zz9 HTTP/1.1", "GET /a?TOKEN=[redacted] HTTP/1.1"],
    [`/?preview=${PREVIEW}`, "/?preview=[redacted]"],
    [
      `/certification-training/comptia-security-plus?tz=UTC&preview=${PREVIEW}#prices`,
      "/certification-training/comptia-security-plus?tz=UTC&preview=[redacted]#prices",
    ],
    [
      `/consultation/manage.data?token=${TOKEN}&start=2027-03-19T15%3A00%3A00.000Z`,
      "/consultation/manage.data?token=[redacted]&start=2027-03-19T15%3A00%3A00.000Z",
    ],
    // The HTML of an e-mail.
    [
      `<a href="https://x.example/registrations/offer?id=4&amp;token=${TOKEN}">`,
      '<a href="https://x.example/registrations/offer?id=4&amp;token=[redacted]">',
    ],
    // A link inside another link's query, escaped once and twice.
    [
      `/login?next=%2Fconsultation%2Fmanage%3Ftoken%3D${TOKEN}%26start%3D1`,
      "/login?next=%2Fconsultation%2Fmanage%3Ftoken%3D[redacted]%26start%3D1",
    ],
    [
      `/a?b=%252Fx%253Fcode%253D123456%2526ticket%253D${TOKEN}`,
      "/a?b=%252Fx%253Fcode%253D[redacted]%2526ticket%253D[redacted]",
    ],
    // The name spelled with escapes is the same name to the server.
    [`/consultation/manage?to%6Ben=${TOKEN}`, "/consultation/manage?to%6Ben=[redacted]"],
    // An escaped `&` in a value written as it is belongs to the value.
    [`/a?token=${TOKEN}%26more`, "/a?token=[redacted]"],
  ])("%s", (text, shown) => {
    expect(redactSecrets(text)).toBe(shown);
    expect(redactSecrets(text)).not.toContain(TOKEN);
    expect(redactSecrets(text)).not.toContain(PREVIEW);
  });

  it("names every kind of one-time secret the routes take", () => {
    expect([...SECRET_QUERY_NAMES].sort()).toEqual(["code", "preview", "ticket", "token"]);
  });
});

describe("redactSecrets: credentials in a URL", () => {
  it.each([
    ["postgres://u:pw-s3cret@db.example:5432/site", "postgres://[redacted]@db.example:5432/site"],
    [
      "connect smtps://apikey@smtp.example failed",
      "connect smtps://[redacted]@smtp.example failed",
    ],
  ])("%s", (text, shown) => {
    expect(redactSecrets(text)).toBe(shown);
  });
});

describe("redactSecrets: what is not a secret stays readable", () => {
  it.each([
    "https://example.com/path?q=1",
    "mail to dana@example.org",
    "/consultation?topic=ai-solutions&tz=America%2FChicago&with=3&start=2027-03-19T15%3A00%3A00.000Z",
    "/admin/history/hero_slide/3?saved=draft",
    "/api/admin/versions/12/publish",
    "/services/preview-days?codes=1&barcode=2&tokenize=3&postcode=35203",
    "/calendar-feed/",
    "/preview",
    "/preview/",
    "/admin/courses?q=Security%2B",
    "GET /assets/preview-Bx1c9.js 200",
    '{"level":30,"req":{"method":"GET","url":"/certification-training"},"res":{"status":200}}',
    'Error: relation "bookings" does not exist\n    at query (pg.js:1:1)',
    "/account/set-password?token=",
  ])("%s", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it("is idempotent", () => {
    const once = redactSecrets(`/preview/${PREVIEW}?token=${TOKEN}`);
    expect(once).toBe("/preview/[redacted]?token=[redacted]");
    expect(redactSecrets(once)).toBe(once);
  });
});
