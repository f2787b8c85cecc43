// No bad input is taken (issue 19, decision 0014; DESIGN.md 6: "Bad input gets a clear message,
// a 4xx, and changes nothing. A 5xx is a bug."), on the built server (run `npm run build`
// first): every route of app/routes.ts is walked with bad path parameters and a bad query, and
// every page (by document and by `.data` request) and every JSON door gets posts, deletes (and
// for the API puts and patches) with NUL bytes, control characters, unpaired surrogates, 1 MB
// strings, lists where one value is expected, the wrong or no content type and broken multipart
// and JSON, anonymous and as each role at its doors. Every answer must be a 4xx, but for the few
// narrow exceptions of allowedOther (a guard's sign-in redirect, signing out), and at the end
// every table must be as it was. Then the answers a person sees: the message on the field, 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { throttleKey } from "#app/domain/auth/throttle.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { routePaths } from "#tests/support/routes.ts";
import {
  type ComparedAs,
  changedTables,
  type TableState,
  tableStates,
  tableStatesIn,
} from "#tests/support/table-states.ts";

let server: AppServer;
const tokens = new Map<Role | "anonymous", string>([["anonymous", ""]]);
/** The tables before the first request (taken before the server opens the database). */
let before: Map<string, TableState>;

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  server = await startAppServer({
    env: {
      ADMIN_PASSWORD: "admin-password-1",
      DEMO_PASSWORD: "demo-password-1",
      SIGNIN_RATE_LIMIT: "100000",
      FORM_RATE_LIMIT: "100000",
    },
    prepare: async (database) => {
      for (const role of ROLES) {
        const user = await createUser(database.db, {
          email: `${role}@hygiene.example`,
          role,
          password: "hygiene-password-1",
          firstName: "Hygiene",
          lastName: role,
        });
        tokens.set(role, (await createSession(database.db, user.id, settings)).token);
      }
      // Before the first request (the server's start writes none of what is compared; if it
      // did, the comparison at the end would say so).
      before = await tableStates(database, COMPARED_AS);
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * The one change refused input may make: a failed sign-in is recorded. The sweep's "repeated
 * fields" body is, at a sign-in door, a well-formed attempt with a wrong password (the login
 * "a", or "b" where the API takes the last value): it is refused (401, then 429) and, as every
 * failure is, counted against the name in sign_in_throttles (the throttle is what stops
 * guessing) and written to the audit log (sign_in_failed, sign_in_throttled). Counting only some
 * failures would make a malformed post a way around the throttle.
 */
const SWEPT_LOGINS = ["a", "b"];

/**
 * The tables not compared row by row, and why: what is left out (`where`: the rows compared), or
 * only the count compared (`rowsOnly`), or nothing (`skip`).
 */
const COMPARED_AS: ComparedAs = {
  // The sign-in failures (SWEPT_LOGINS): every other row is compared.
  audit_log: { where: () => "action not in ('sign_in_failed', 'sign_in_throttled')" },
  sign_in_throttles: {
    where: () =>
      `key not in (${SWEPT_LOGINS.map((l) => `'${throttleKey(l, null, null)}'`).join(", ")})`,
  },
  // A session's lastSeenAt is written as it is used (at most once a minute); none may start or end.
  sessions: { rowsOnly: true },
  // A post counts against its client's limit before its body is read, refused or not (that is
  // what the limit is for): a counter row per client and window.
  rate_limits: { skip: true },
};

const who = ["anonymous", "admin", "manager", "sales_rep", "instructor", "student"] as const;
type Who = (typeof who)[number];

interface Answer {
  status: number;
  text: string;
  location: string | null;
}

async function send(
  path: string,
  as: Who,
  init: { method?: string; body?: BodyInit; type?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const token = tokens.get(as);
  if (token) headers.cookie = `sid=${token}`;
  if (init.method && init.method !== "GET") headers.origin = server.url;
  if (init.type) headers["content-type"] = init.type;
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
    redirect: "manual",
  });
  return {
    status: res.status,
    text: await res.text(),
    location: res.headers.get("location"),
  };
}

// ---- Who may use which door, and where the others are sent: a request refused by the door's
// guard is answered with the sign-in redirect (decision 0004) before any field is read. That
// redirect is the refusal of a page (tests/unit/access-control.test.ts holds it exactly); here it
// passes only for someone the door refuses, to exactly the sign-in page of that door.
const STAFF_DOORS: { match: RegExp; roles: readonly Who[]; signIn: string }[] = [
  { match: /^\/admin\/.+/, roles: ["admin"], signIn: "/admin" },
  { match: /^\/sales-dashboard$/, roles: ["manager", "sales_rep"], signIn: "/login" },
  { match: /^\/account$/, roles: ROLES, signIn: "/login" },
  // Consultations (issue 32): a consultation's staff page, a consultant's hours.
  {
    match: /^\/sales-dashboard\/consultations\/.+/,
    roles: ["admin", "manager", "sales_rep"],
    signIn: "/login",
  },
  {
    match: /^\/account\/availability$/,
    roles: ["admin", "manager", "sales_rep", "instructor"],
    signIn: "/login",
  },
];

/** The page a request is for (a `.data` URL names its page; "/_root.data" is the home page). */
const pageOf = (path: string) => {
  const page = path.replace(/\?.*$/, "").replace(/\.data$/, "");
  return page === "/_root" ? "/" : page;
};
const isData = (path: string) => /\.data(\?|$)/.test(path);

/** React Router's encoded redirect of a data request (single fetch): its target, or null. */
const dataRedirect = (answer: Answer) =>
  answer.status === 202 ? (/"redirect","([^"]*)"/.exec(answer.text)?.[1] ?? null) : null;

/** Where the answer sends the client: a document redirect's Location, a data redirect's target. */
const redirectOf = (path: string, answer: Answer) =>
  isData(path)
    ? dataRedirect(answer)
    : answer.status === 302 || answer.status === 303
      ? answer.location
      : null;

/**
 * The answers that are right although not a 4xx, each narrowly: what a door answers whatever
 * the body, and why.
 */
function allowedOther(path: string, as: Who, answer: Answer, method: string): string | null {
  const page = pageOf(path);
  const to = redirectOf(path, answer);
  // The door's guard refused who is asking: sent to the door's sign-in page, nothing read.
  const door = STAFF_DOORS.find((d) => d.match.test(page));
  if (door && !door.roles.includes(as)) {
    const signIn = `${door.signIn}?redirectTo=${encodeURIComponent(page)}`;
    return to === signIn ? "guard" : null;
  }
  // A sign-in page sends someone already signed in with its roles on to their home: its loader
  // does so for every answer of the page, after the action refused the body (400; a `.data` post
  // shows it: only the action answers there).
  if (!isData(path) && page === "/login" && (as === "manager" || as === "sales_rep")) {
    return to === "/sales-dashboard" ? "signed in" : null;
  }
  if (!isData(path) && page === "/admin" && as === "admin") {
    return to === "/admin/dashboard" ? "signed in" : null;
  }
  // Signing out reads no field but redirectTo (a refused or foreign one falls back to /login)
  // and must work whatever the body; the sweep signs out only anonymously (nothing to end).
  if (page === "/logout" && as === "anonymous") return to === "/login" ? "sign-out" : null;
  if (page === "/api/auth/logout" && as === "anonymous" && method === "POST") {
    return answer.status === 200 && answer.text === '{"ok":true}' ? "sign-out" : null;
  }
  return null;
}

interface Attempt {
  label: string;
  path: string;
  as: Who;
  method: string;
  run: () => Promise<Answer>;
}

const attempt = (
  path: string,
  as: Who,
  init: { method?: string; body?: BodyInit; type?: string; label?: string } = {},
): Attempt => {
  const method = init.method ?? "GET";
  return {
    label: `${method} ${path.slice(0, 100)}${init.label ? ` ${init.label}` : ""} as ${as}`,
    path,
    as,
    method,
    run: () => send(path, as, init),
  };
};

/**
 * Runs the requests six at a time (each of six lanes takes the next as soon as its last one is
 * answered); returns every answer that is not a refusal: a 5xx, a connection the server cut off
 * (the client never got an answer), and a 2xx or 3xx but the narrow exceptions of
 * allowedOther. Also counts the exceptions used, by kind.
 */
async function notRefused(requests: Attempt[], exceptions = new Map<string, number>()) {
  const failures: string[] = [];
  const check = async (r: Attempt) => {
    let answer: Answer;
    try {
      answer = await r.run();
    } catch (error) {
      failures.push(`no answer: ${r.label}: ${(error as Error).cause ?? error}`);
      return;
    }
    if (answer.status >= 400 && answer.status < 500) return;
    const allowed = answer.status < 500 ? allowedOther(r.path, r.as, answer, r.method) : null;
    if (allowed) {
      exceptions.set(allowed, (exceptions.get(allowed) ?? 0) + 1);
      return;
    }
    const to = redirectOf(r.path, answer);
    failures.push(`${answer.status}${to ? ` to ${to}` : ""} ${r.label}`);
  };
  let next = 0;
  const lane = async () => {
    while (next < requests.length) await check(requests[next++] as Attempt);
  };
  await Promise.all(Array.from({ length: 6 }, lane));
  return failures;
}

const NUL = "\u0000";
/** Refused text of every kind (decision 0014): NUL, other control characters, lone surrogates. */
const BAD_TEXTS = [NUL, "a\u0001b", "\u001b[31m", "x\ud800y", "\udfff"];
/**
 * The refused text a form body can carry. A form is bytes: a lone surrogate cannot be encoded
 * (URLSearchParams and fetch send U+FFFD for it, and the server decodes broken UTF-8 to U+FFFD,
 * which is text), so only JSON (`"\ud800"`) and the address (`%ED%A0%80`) can bring one.
 */
const BAD_FORM_TEXTS = BAD_TEXTS.filter((text) => text.isWellFormed());
const MEGABYTE = "x".repeat(1024 * 1024);
/** Field names the app's forms and doors read. */
const FIELDS = [
  "intent",
  "id",
  "email",
  "username",
  "password",
  "name",
  "from_name",
  "from_email",
  "firstName",
  "lastName",
  "role",
  "title",
  "key",
  "content",
  "message",
  "status",
  "note",
  "q",
  "page",
  "section",
  "certificationInterest",
  "startDate",
  "classSchedule",
  "step",
  "redirectTo",
  "sectionId",
  "form",
  "altText",
  "sales_email",
];

const pages = routePaths();
const paramRoutes = pages.filter((r) => r.pattern.includes(":") || r.pattern.endsWith("*"));

/** Posts a route may get: the same fields, bad in one way each. */
function bodies(): { label: string; body: BodyInit; type?: string }[] {
  const form = (value: string | ((name: string) => string)) => {
    const params = new URLSearchParams();
    for (const name of FIELDS) params.append(name, typeof value === "string" ? value : value(name));
    return params.toString();
  };
  const json = (value: unknown) =>
    JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));
  const urlencoded = "application/x-www-form-urlencoded";
  return [
    ...BAD_FORM_TEXTS.map((bad) => ({
      label: `form ${JSON.stringify(bad)}`,
      body: form((name) => (name === "intent" ? "create" : `a${bad}b`)),
      type: urlencoded,
    })),
    ...BAD_TEXTS.map((bad) => ({
      label: `JSON ${JSON.stringify(bad)}`,
      body: json(`a${bad}b`),
      type: "application/json",
    })),
    { label: "1 MB fields", body: `intent=create&title=${MEGABYTE}`, type: urlencoded },
    { label: "JSON lists", body: json(["a", "b"]), type: "application/json" },
    { label: "JSON objects", body: json({ a: 1 }), type: "application/json" },
    { label: "JSON array body", body: "[1,2,3]", type: "application/json" },
    { label: "repeated fields", body: `${form("a")}&${form("b")}`, type: urlencoded },
    { label: "plain text", body: `email=${NUL}`, type: "text/plain" },
    // Bytes, not a string: fetch would add "text/plain" to a string body.
    { label: "no content type", body: new TextEncoder().encode(`email=a${NUL}b`) },
    { label: "multipart without boundary", body: "--x\r\n", type: "multipart/form-data" },
    {
      label: "multipart NUL field",
      body: `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na${NUL}b\r\n--b--\r\n`,
      type: "multipart/form-data; boundary=b",
    },
    { label: "broken JSON", body: '{"email": "a', type: "application/json" },
  ];
}

/**
 * Who posts where: anonymous and an admin everywhere (but signing out, which would end the
 * admin's session for the tests after), the sales team at the sales doors, the portal users at
 * the portal, everyone signed in at /account.
 */
const actorsFor = (path: string): Who[] => {
  const page = pageOf(path);
  return [
    "anonymous",
    ...(/logout$/.test(page) ? [] : (["admin"] as const)),
    ...(/^\/(sales-dashboard|login|api\/customers)/.test(page)
      ? (["manager", "sales_rep"] as const)
      : []),
    ...(page.startsWith("/portal") ? (["instructor", "student"] as const) : []),
    ...(/^\/(api\/)?account(\/|$)/.test(page)
      ? (["manager", "sales_rep", "instructor", "student"] as const)
      : []),
  ];
};
const methodsFor = (path: string, type?: string) =>
  path.startsWith("/api/") && type === "application/json"
    ? ["POST", "PUT", "PATCH", "DELETE"]
    : ["POST", "DELETE"];

/**
 * The DELETE doors that read no body: the record is named by the path, so a body of any kind is
 * ignored and a DELETE of an existing record deletes it, as it should. The sweep sends their
 * DELETEs to a record that does not exist (so that it changes nothing; their other methods read
 * a body and get the sweep as it is).
 */
const BODILESS_DELETES = [
  /^\/api\/admin\/users\/1$/,
  /^\/api\/admin\/content-blocks\/1$/,
  /^\/api\/hero-slides\/1$/,
  /^\/api\/customers\/1$/,
  /^\/api\/images\/1$/,
];
const NO_RECORD = "2147483647";
const targetOf = (path: string, method: string) =>
  method === "DELETE" && BODILESS_DELETES.some((p) => p.test(path))
    ? path.replace(/\/1$/, `/${NO_RECORD}`)
    : path;

/** The `.data` URL of a page (React Router single fetch; the home page's is /_root.data). */
const dataUrl = (path: string) => `${path === "/" ? "/_root" : path}.data`;

describe("no bad input is taken: a 4xx, never a 2xx, 3xx or 5xx", () => {
  it("walks the routes", () => {
    expect(pages.length).toBeGreaterThan(70);
    expect(paramRoutes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/certification-training/:courseId/register", "/api/images/:id"]),
    );
  });

  it("GET with bad path parameters: a 4xx (the 404 page, or JSON for the API)", async () => {
    const values = ["%00", "%01", "a%1Fb", "%ED%A0%80", "%E0%A4%A", "%", "x".repeat(4000)];
    const requests = values.flatMap((value) =>
      routePaths(value, `${value}/${value}`)
        .filter((r) => paramRoutes.some((p) => p.pattern === r.pattern))
        .flatMap((r) => (["anonymous", "admin"] as const).map((as) => attempt(r.path, as))),
    );
    expect(await notRefused(requests)).toEqual([]);
    const nul = await send("/certification-training/%00/register", "anonymous");
    expect(nul.status).toBe(404);
    expect(nul.text).toContain("Page Not Found");
    const api = await send("/api/project-details/%00", "anonymous");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toEqual({ error: expect.any(String) });
  }, 120_000);

  it("GET with a bad query: 400", async () => {
    const query = "?q=a%00b&status=%01&page=%ED%A0%80&redirectTo=%2F%00&id[]=1&edit=x%1B";
    const requests = pages.flatMap((r) => who.map((as) => attempt(`${r.path}${query}`, as)));
    expect(await notRefused(requests)).toEqual([]);
    const page = await send("/admin/users?q=%00", "admin");
    expect(page.status).toBe(400);
    expect(page.text).toContain("Bad Request");
    const api = await send("/api/admin/users?q=%00", "admin");
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toEqual({ error: expect.any(String) });
  }, 120_000);

  it("a search of 10,000 characters: a clean empty result, never a 5xx", async () => {
    const q = `?q=${"Walker".repeat(1700)}`;
    const dashboard = await send(`/sales-dashboard${q}`, "manager");
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("No customers match");
    const admin = await send(`/admin/customers${q}`, "admin");
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("No customers match.");
    const api = await send(`/api/customers${q}`, "manager");
    expect(api.status).toBe(200);
    expect(JSON.parse(api.text)).toEqual([]);
  });

  it("posts and deletes of bad text, huge fields, lists and wrong types to every page and door", async () => {
    // A document request is slow (the page, or its error page, is rendered), a `.data` request
    // runs the same loaders and actions: so every body goes to every page by `.data`, and by
    // document as follows. A page with an action gets every body by document POST (from every
    // visitor of actorsFor); by document DELETE one (no page action reads the method: React
    // Router runs it for every method but GET). A page without an action answers 405 before its
    // body or its visitor matter: one body by document, and its `.data` sweep anonymously.
    const probeStatus = new Map<string, number>();
    const probeRequests = pages
      .filter((r) => !r.path.startsWith("/api/"))
      .map((r): Attempt => {
        const probe = attempt(r.path, "anonymous", {
          method: "POST",
          body: "email=a%00b",
          type: "application/x-www-form-urlencoded",
          label: "probe",
        });
        return {
          ...probe,
          run: async () => {
            const answer = await probe.run();
            probeStatus.set(r.path, answer.status);
            return answer;
          },
        };
      });
    expect(await notRefused(probeRequests)).toEqual([]);
    const probes = [...probeStatus].map(([path, status]) => ({ path, action: status !== 405 }));
    const withAction = probes.filter((p) => p.action).map((p) => p.path);
    expect(withAction).toEqual(
      expect.arrayContaining([
        "/contact",
        "/login",
        "/portal",
        "/account",
        "/certification-training/1/register",
        "/admin/users",
        "/sales-dashboard",
      ]),
    );
    const all = bodies();
    const oneForm = all.filter((b) => b.label === `form ${JSON.stringify(NUL)}`);
    type Sweep = { path: string; bodies: typeof all; actors?: Who[]; methods?: string[] };
    const sweeps: Sweep[] = [
      ...pages
        .filter((r) => r.path.startsWith("/api/"))
        .map((r) => ({ path: r.path, bodies: all })),
      ...probes.flatMap(({ path, action }): Sweep[] =>
        action
          ? [
              { path, bodies: all, methods: ["POST"] },
              { path, bodies: oneForm, methods: ["DELETE"] },
              { path: dataUrl(path), bodies: all },
            ]
          : [
              { path, bodies: oneForm },
              { path: dataUrl(path), bodies: all, actors: ["anonymous"] },
            ],
      ),
    ];
    const requests = sweeps.flatMap((sweep) =>
      sweep.bodies.flatMap(({ label, body, type }) =>
        (sweep.actors ?? actorsFor(sweep.path)).flatMap((as) =>
          (sweep.methods ?? methodsFor(sweep.path, type)).map((method) =>
            attempt(targetOf(sweep.path, method), as, { method, body, type, label }),
          ),
        ),
      ),
    );
    expect(requests.length).toBeGreaterThan(8000);
    const exceptions = new Map<string, number>();
    expect(await notRefused(requests, exceptions)).toEqual([]);
    // Each exception of allowedOther was met (and each is narrow: see there).
    expect([...exceptions.keys()].sort()).toEqual(["guard", "sign-out", "signed in"]);
  }, 600_000);
});

describe("what a person sees", () => {
  const urlencoded = "application/x-www-form-urlencoded";

  it("sign-in pages and the API: a NUL in the e-mail is a 400 with a message, not a 500", async () => {
    for (const path of ["/login", "/admin", "/portal"]) {
      const res = await send(path, "anonymous", {
        method: "POST",
        body: `email=a${NUL}@example.com&username=a${NUL}&password=whatever-123`,
        type: urlencoded,
      });
      expect(res.status, path).toBe(400);
      expect(res.text, path).toContain("characters that are not allowed");
    }
    const api = await send("/api/auth/login", "anonymous", {
      method: "POST",
      body: JSON.stringify({ email: `a${NUL}@example.com`, password: "whatever-123" }),
      type: "application/json",
    });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toMatchObject({ error: expect.stringContaining("email") });
  });

  it("an inquiry form: 400 with the message on the field, the rest of what was typed kept", async () => {
    const res = await fetch(`${server.url}/api/inquiries/general`, {
      method: "POST",
      headers: { "content-type": urlencoded, origin: server.url, accept: "application/json" },
      body: new URLSearchParams({
        inquiry_type: "general",
        name: `Ada${NUL}`,
        email: "ada@example.com",
        phone: "(205) 555-0100",
        message: "Hello there, a question about training.",
      }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors).toEqual({ name: REFUSED_TEXT });
    expect(body.values).toMatchObject({ name: "Ada", email: "ada@example.com" });
  });

  it("the registration wizard: the refused course field is a 400 on its step", async () => {
    const res = await send("/certification-training/ccna/register", "anonymous", {
      method: "POST",
      body: `step=1&certificationInterest=ccna${NUL}&firstName=Ada`,
      type: urlencoded,
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("characters that are not allowed");
  });

  it("an admin form: 400, the message on the field, nothing stored", async () => {
    const res = await send("/admin/content?block=new", "admin", {
      method: "POST",
      body: `intent=create&key=k-nul&title=T${NUL}&content=C&page=p&section=s`,
      type: urlencoded,
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("characters that are not allowed");
    expect((await send("/api/admin/content-blocks", "admin")).text).not.toContain("k-nul");
  });

  it("a JSON door: 400 { error } naming the field", async () => {
    const res = await send("/api/admin/content-blocks", "admin", {
      method: "POST",
      body: JSON.stringify({ key: "k", title: "a\ud800", content: "c", page: "p", section: "s" }),
      type: "application/json",
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error).toMatch(/^title: /);
  });
});

describe("impossible dates: 2027-02-30 is a 400 in every date field, never a 5xx or another day", () => {
  const urlencoded = "application/x-www-form-urlencoded";
  const post = (path: string, as: Who, fields: Record<string, string>) =>
    send(path, as, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      type: urlencoded,
    });

  it.each([
    [
      "a consultant's day off",
      "/account/availability",
      "manager",
      { intent: "override", day: "2027-02-30", off: "on" },
      "Please choose a date of the calendar.",
    ],
    [
      "a closed day",
      "/admin/settings",
      "admin",
      { intent: "closed-day", day: "2027-02-30", name: "Leap" },
      "Choose a date of the calendar.",
    ],
    [
      "a cohort's start",
      "/admin/courses/1",
      "admin",
      { intent: "add-cohort", startDate: "2027-02-30", classSchedule: "evening", capacity: "20" },
      "Start date must be a date (YYYY-MM-DD).",
    ],
    [
      "a release's time",
      "/admin/history/course/1",
      "admin",
      { intent: "schedule", versionId: "1", name: "Leap", publishAt: "2027-02-30T08:00" },
      "Enter the date and time as YYYY-MM-DD HH:MM.",
    ],
    [
      "a class's date",
      "/admin/courses/1/cohorts/1",
      "admin",
      { intent: "add-session", day: "2027-02-30", start: "18:00", end: "22:00", location: "" },
      "Enter the class",
    ],
    [
      "a consultation's time",
      "/consultation",
      "anonymous",
      { intent: "hold", start: "2027-02-30T15:00:00.000Z" },
      "That is not one of the open times.",
    ],
  ] as const)("%s, with the message on it", async (_, path, as, fields, message) => {
    const answer = await post(path, as, fields);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(message);
  });

  it("a registration's start date: on its field", async () => {
    const answer = await post("/certification-training/ccna/register", "anonymous", {
      step: "2",
      certificationInterest: "ccna",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "(205) 555-0100",
      experience: "1-3",
      startDate: "2027-02-30",
      classSchedule: "evening",
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Please select a start date.");
  });

  it("the booking page's days and times", async () => {
    for (const query of [
      "from=2027-02-30",
      "start=2027-02-30T15:00:00.000Z",
      "start=2027-02-28T24:00:00.000Z",
    ]) {
      expect((await send(`/consultation?${query}`, "anonymous")).status, query).toBe(400);
    }
  });
});

describe("bodies over a door's limit: 413 as soon as it is passed", () => {
  /** A body sent in chunks, without Content-Length, of `bytes` bytes of field text. */
  const chunked = (bytes: number, prefix: string) => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(prefix));
      },
      pull(controller) {
        if (sent >= bytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  };

  it.each([
    ["/api/auth/login", "application/json", '{"email":"', 413],
    ["/login", "application/x-www-form-urlencoded", "email=", 413],
    ["/admin/users", "application/x-www-form-urlencoded", "intent=create&email=", 413],
    ["/api/admin/content-blocks", "application/json", '{"key":"', 413],
    ["/api/inquiries/general", "application/x-www-form-urlencoded", "message=", 413],
  ])("%s", async (path, type, prefix, status) => {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": type, origin: server.url, cookie: `sid=${tokens.get("admin")}` },
      body: chunked(8 * 1024 * 1024, prefix),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(status);
    await res.text();
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("a refused input changes nothing", () => {
  // Last: every request of this file was bad input.
  it("every table as it was before the first request", async () => {
    await server.halt();
    expect(changedTables(before, await tableStatesIn(server.dataDir, COMPARED_AS))).toEqual([]);
    expect(before.get("users")?.rows).toBeGreaterThan(5);
  }, 60_000);
});
