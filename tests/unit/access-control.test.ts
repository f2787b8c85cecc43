// Access control as a visitor meets it, on the built server (run `npm run build` first):
// every staff route and staff API of app/routes.ts against all five roles and anonymous, with
// trailing-slash and `.data` variants (every allowed role gets 200, or the answer named for the
// route); "Require two-factor for admins" on every staff path, by page, `.data` request, cookie
// and Bearer token; origin checks; redirectTo; sessions over HTTP; cookies behind a proxy;
// nothing secret in any answer or log line.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { heroSlides, staffSettings } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { TWO_FACTOR_REQUIRED } from "#app/web/guard.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { routePaths } from "#tests/support/routes.ts";
import {
  type ComparedAs,
  changedTables,
  type TableState,
  tableStates,
  tableStatesIn,
} from "#tests/support/table-states.ts";

const PASSWORD = "matrix-password-1";
const ADMIN_PASSWORD = "admin-password-1";
const DEMO_PASSWORD = "demo-password-1";

// ---- The access policy. Routes are taken from app/routes.ts; these rules say who may use them.
const ADMIN: readonly Role[] = ["admin"];
const SALES: readonly Role[] = ["sales_rep", "manager"];
interface Rule {
  match: RegExp;
  roles: readonly Role[];
  /** Pages: where a visitor without the role is sent. APIs: undefined (401/403 JSON). */
  signIn?: "/admin" | "/login" | "/portal";
  /** APIs: the methods the rule covers (GET and POST unless named; e.g. writes on a public read). */
  methods?: readonly string[];
}
const policy: Rule[] = [
  { match: /^\/admin\/.+/, roles: ADMIN, signIn: "/admin" },
  { match: /^\/sales-dashboard$/, roles: SALES, signIn: "/login" },
  { match: /^\/api\/admin\//, roles: ADMIN },
  { match: /^\/api\/auth\/register$/, roles: ADMIN },
  { match: /^\/api\/auth\/me$/, roles: ROLES },
  { match: /^\/api\/account\//, roles: ROLES },
  { match: /^\/api\/images(\/|$)/, roles: ADMIN },
  { match: /^\/api\/homepage-content\/[^/]+$/, roles: ADMIN },
  // Project details: the read is public, the writes are the admins'.
  { match: /^\/api\/project-details\/[^/]+$/, roles: ADMIN, methods: ["PUT"] },
  { match: /^\/api\/project-details$/, roles: ADMIN },
  // The customer records' JSON calls, file download and CSV export: admins and the sales team,
  // each within their scope (the public inquiry door /api/customers/ai-design-inquiry is not
  // one of them).
  { match: /^\/api\/customers(?!\/ai-design-inquiry$)(\/|$)/, roles: [...ADMIN, ...SALES] },
];
/** API writes anyone may make (public forms, signing in and out). Any other API write needs a session. */
const PUBLIC_API_WRITES = [
  /^\/api\/customers\/ai-design-inquiry$/,
  /^\/api\/inquiries\//,
  /^\/api\/auth\/(login|logout|login\/verify|login\/passkey|passkey\/options|passkey\/verify)$/,
  // Stripe's events: signed by Stripe, not by a session (404 without Stripe's keys).
  /^\/api\/webhooks\/stripe$/,
];

/**
 * Staff pages a role of their rule does not get with 200, and why. Every other staff page, by
 * document (with and without a trailing slash) and by `.data` request, answers 200.
 */
const PAGE_STATUS: Record<string, number> = {
  // The admin area's catch-all (admin/*): admins only, like every admin page, then its 404 page.
  "/admin/x/y": 404,
  // An item's history names a kind of content and an item: "1" is no kind, so its 404 page.
  "/admin/history/1/1": 404,
};

/**
 * Staff API GETs that a role of their rule does not get with 200, and why; the answer is named
 * exactly. Every other staff API answers such a GET with 200.
 */
const API_GETS: { match: RegExp; status: number; error: string }[] = [
  // Doors that only change things: GET is no method of theirs (405 naming the method). Their
  // reads are elsewhere: /account lists the passkeys, /admin/users the users, the public
  // /api/homepage-content and /api/project-details/{id} the content, /api/customers/{id} a record.
  { match: /^\/api\/account\/passkeys$/, status: 405, error: "Use POST." },
  { match: /^\/api\/auth\/register$/, status: 405, error: "Use POST." },
  { match: /^\/api\/admin\/mail\/1\/resend$/, status: 405, error: "Use POST." },
  { match: /^\/api\/admin\/upload-image$/, status: 405, error: "Use POST." },
  { match: /^\/api\/admin\/versions\/1\/(restore|publish)$/, status: 405, error: "Use POST." },
  // The versions list names its item (?type=&id=).
  {
    match: /^\/api\/admin\/versions$/,
    status: 400,
    error:
      "type must be one of: homepage_section, hero_slide, content_block, portfolio_project, course, brand_settings.",
  },
  { match: /^\/api\/homepage-content\/1$/, status: 405, error: "Use PUT." },
  { match: /^\/api\/project-details$/, status: 405, error: "Use POST." },
  { match: /^\/api\/customers\/1\/status$/, status: 405, error: "Use PATCH." },
  // Record doors, named here with the route's placeholder id 1, which no record has (the seed's
  // leads start later; no image, no file is stored): 404 after the guard let the role in. Their
  // answers on real records, each role within its scope, are tests/unit/customers-api.test.ts's
  // and tests/e2e/media.spec.ts's.
  {
    match: /^\/api\/customers\/1(\/notes|\/assignee)?$/,
    status: 404,
    error: "Customer not found.",
  },
  { match: /^\/api\/customers\/1\/files\/1$/, status: 404, error: "File not found." },
  { match: /^\/api\/images\/1$/, status: 404, error: "Image not found." },
  // A cohort's roster needs the cohort (?cohort=ID): without one there is nothing to send.
  {
    match: /^\/api\/admin\/registrations\/roster$/,
    status: 404,
    error: "That start date does not exist.",
  },
  // A billing document's PDF names its number: "1" names none.
  {
    match: /^\/api\/admin\/billing\/1$/,
    status: 404,
    error: "That billing document does not exist.",
  },
];

/**
 * What a staff API answers a role of its rule that sends it a write (POST, or the rule's
 * methods) with no body: the door itself refuses, exactly so; never the guard's 401 or 403, never
 * a 5xx. The matrix's writes change nothing (checked after it).
 */
const EMPTY_WRITES: { match: RegExp; status: number; error: string }[] = [
  // Doors of other methods: 405 naming them.
  {
    match:
      /^\/api\/(admin\/(audit-log|mail|registrations\/roster|versions(\/1)?|billing\/1|invoices\/export)|auth\/me|customers(\/export|\/1\/files\/1)?)$/,
    status: 405,
    error: "Use GET.",
  },
  { match: /^\/api\/admin\/content-blocks\/1$/, status: 405, error: "Use GET, PUT, DELETE." },
  { match: /^\/api\/admin\/users\/1$/, status: 405, error: "Use GET, PATCH, DELETE." },
  { match: /^\/api\/customers\/1$/, status: 405, error: "Use GET, DELETE." },
  { match: /^\/api\/customers\/1\/assignee$/, status: 405, error: "Use GET, PUT, PATCH." },
  { match: /^\/api\/customers\/1\/status$/, status: 405, error: "Use PATCH." },
  { match: /^\/api\/homepage-content\/1$/, status: 405, error: "Use PUT." },
  { match: /^\/api\/images\/1$/, status: 405, error: "Use DELETE, PATCH." },
  // Doors that take JSON: an empty body is no JSON (415 where the type is what is missing).
  {
    match: /^\/api\/account\/passkeys$/,
    status: 400,
    error: 'Send intent "options", "register", "confirm-options" or "confirm".',
  },
  {
    match: /^\/api\/admin\/content-blocks$/,
    status: 400,
    error: "Send the content block as a JSON object.",
  },
  { match: /^\/api\/admin\/users$/, status: 400, error: "Send the user as a JSON object." },
  { match: /^\/api\/auth\/register$/, status: 400, error: "Enter a valid email address." },
  { match: /^\/api\/customers\/1\/notes$/, status: 400, error: "Send a JSON object with note." },
  {
    match: /^\/api\/admin\/versions\/1\/(restore|publish)$/,
    status: 415,
    error:
      'Send JSON naming the version\'s type: {"type": "course"} (one of: homepage_section, hero_slide, content_block, portfolio_project, course, brand_settings).',
  },
  {
    match: /^\/api\/project-details(\/1)?$/,
    status: 415,
    error: "Send the project as JSON (Content-Type: application/json).",
  },
  // Doors that take a multipart form: an empty body is none.
  {
    match: /^\/api\/(admin\/images|admin\/upload-image|images)$/,
    status: 400,
    error: "The form could not be read. Please try again.",
  },
  // The route's placeholder id 1 names no message.
  { match: /^\/api\/admin\/mail\/1\/resend$/, status: 404, error: "Message not found." },
];

/**
 * Staff pages with no action: a POST is 405 before any guard runs (there is nothing to refuse).
 * A POST to any other staff page meets the guard of its action.
 */
const PAGES_WITHOUT_ACTION = ["/admin/dashboard", "/admin/audit", "/admin/invoices"];

/**
 * The tables the matrix may change, and why: a session's lastSeenAt is written as it is used
 * (at most once a minute); none may start or end.
 */
const COMPARED_AS: ComparedAs = { sessions: { rowsOnly: true } };

const allRoutes = routePaths();
const allPaths = [...new Set(allRoutes.map((r) => r.path))];
const staffRoutes = allRoutes.flatMap(({ path, id }) => {
  const rule = policy.find((r) => r.match.test(path));
  return rule ? [{ path, id, rule }] : [];
});
const otherApiRoutes = allPaths.filter(
  (p) => p.startsWith("/api/") && !policy.some((r) => r.match.test(p)),
);

// ---- The server, with one signed-in session per role.
const MATRIX_ENV = { ADMIN_PASSWORD, DEMO_PASSWORD, SIGNIN_RATE_LIMIT: "1000" };
let server: AppServer;
/** The matrix server's tables before its first request (taken before it opens the database). */
let before: Map<string, TableState>;
/** The log lines of the matrix server's first run (it restarts after the matrix). */
const firstRunLogs: string[] = [];
const actors: { name: string; role: Role | null; token: string }[] = [null, ...ROLES].map(
  (role) => ({ name: role ?? "anonymous", role, token: "" }),
);
/** Every body the server sent in these tests. */
const bodies: string[] = [];

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  server = await startAppServer({
    env: MATRIX_ENV,
    prepare: async (database) => {
      for (const role of ROLES) {
        const user = await createUser(database.db, {
          email: `${role}@matrix.example`,
          role,
          password: PASSWORD,
          firstName: "Matrix",
          lastName: role,
        });
        const actor = actors.find((a) => a.role === role) as (typeof actors)[number];
        actor.token = (await createSession(database.db, user.id, settings)).token;
      }
      before = await tableStates(database, COMPARED_AS);
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** The session cookie a sign-in answer sets (it sets the trusted-device cookie too). */
const sessionSetCookie = (headers: Headers) =>
  headers.getSetCookie().find((cookie) => /^(__Host-)?sid=/.test(cookie)) ?? "";

async function request(
  path: string,
  options: {
    method?: string;
    token?: string;
    via?: "cookie" | "bearer";
    headers?: Record<string, string>;
    body?: BodyInit;
    /** Another server than the matrix's. */
    at?: AppServer;
  } = {},
) {
  const base = (options.at ?? server).url;
  const headers: Record<string, string> = { ...options.headers };
  if (options.method && options.method !== "GET") headers.origin ??= base;
  if (options.token) {
    if (options.via === "bearer") headers.authorization = `Bearer ${options.token}`;
    else headers.cookie = `sid=${options.token}`;
  }
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body,
    redirect: "manual",
  });
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, headers: res.headers, text };
}

/**
 * A staff page as a role of its rule gets it: 200 (or PAGE_STATUS) by document, with and without
 * a trailing slash, and by `.data` request, also one that runs only the route's own loader.
 */
async function expectPageOpens(path: string, id: string, token: string, at?: AppServer) {
  for (const variant of [path, `${path}/`]) {
    const res = await request(variant, { token, at });
    expect(res.headers.get("cache-control"), variant).toBe("private, no-store");
    expect(res.status, variant).toBe(PAGE_STATUS[path] ?? 200);
    expect(res.text, variant).toContain("Welcome, ");
  }
  for (const variant of [`${path}.data`, `${path}.data?_routes=${encodeURIComponent(id)}`]) {
    const data = await request(variant, { token, at });
    expect(data.status, variant).toBe(PAGE_STATUS[path] ?? 200);
    expect(data.text, variant).not.toMatch(/"redirect"/);
  }
}

/**
 * A staff API as a role of its rule gets it, by cookie and by Bearer token: a GET answers 200
 * (or as API_GETS says), any other method of the rule (sent without a body) is refused by the
 * door itself as EMPTY_WRITES says.
 */
async function expectApiOpens(path: string, rule: Rule, token: string, at?: AppServer) {
  for (const method of rule.methods ?? ["GET", "POST"]) {
    for (const via of ["cookie", "bearer"] as const) {
      const res = await request(path, { method, token, via, at });
      const label = `${method} ${path} via ${via}`;
      if (method === "GET") {
        const other = API_GETS.find((g) => g.match.test(path));
        expect(res.status, label).toBe(other?.status ?? 200);
        if (other) expect(JSON.parse(res.text), label).toEqual({ error: other.error });
      } else {
        const refusal = EMPTY_WRITES.find((w) => w.match.test(path));
        expect(refusal, `${label}: a door not in EMPTY_WRITES`).toBeDefined();
        expect(res.status, label).toBe(refusal?.status);
        expect(JSON.parse(res.text), label).toMatchObject({ error: refusal?.error });
      }
    }
  }
}

const signInUrl = (rule: Rule, path: string) =>
  `${rule.signIn}?redirectTo=${encodeURIComponent(path)}`;

describe("the access matrix (generated from app/routes.ts)", () => {
  it("finds the staff routes", () => {
    const found = staffRoutes.map((r) => r.path);
    expect(found).toEqual(
      expect.arrayContaining([
        "/admin/dashboard",
        "/admin/audit",
        "/admin/x/y",
        "/sales-dashboard",
        "/api/auth/register",
        "/api/admin/audit-log",
        "/admin/portfolio",
        "/admin/projects",
        "/api/project-details",
        "/api/project-details/1",
        "/admin/customers",
        "/api/customers",
        "/api/customers/export",
        "/api/customers/1",
        "/api/customers/1/status",
        "/api/customers/1/notes",
        "/api/customers/1/assignee",
        "/api/customers/1/files/1",
        "/admin/courses",
        "/admin/courses/1",
        "/admin/courses/1/cohorts/1",
        "/admin/registrations",
        "/api/admin/registrations/roster",
        "/admin/users",
        "/admin/content",
        "/admin/mail",
        "/api/admin/users",
        "/api/admin/users/1",
        "/api/admin/content-blocks",
        "/api/admin/content-blocks/1",
        "/api/admin/mail",
        "/api/admin/mail/1/resend",
      ]),
    );
  });

  for (const { path, id, rule } of staffRoutes) {
    const isApi = path.startsWith("/api/");
    for (const actor of actors) {
      const allowed = actor.role !== null && rule.roles.includes(actor.role);
      const who = `${actor.name} ${allowed ? "may use" : "is refused"} ${path}`;

      if (isApi) {
        it(`${who} (${(rule.methods ?? ["GET", "POST"]).join(" and ")}, cookie and Bearer)`, async () => {
          if (allowed) return expectApiOpens(path, rule, actor.token);
          for (const method of rule.methods ?? ["GET", "POST"]) {
            for (const via of ["cookie", "bearer"] as const) {
              const res = await request(path, { method, token: actor.token, via });
              const label = `${method} ${path} by ${actor.name} via ${via}`;
              expect(res.status, label).toBe(actor.role ? 403 : 401);
              expect(res.headers.get("content-type"), label).toMatch(/application\/json/);
              expect(JSON.parse(res.text), label).toEqual({ error: expect.any(String) });
              expect(res.headers.get("cache-control"), label).toBe("private, no-store");
            }
          }
        });
        continue;
      }

      it(`${who} (document, trailing slash, .data, POST)`, async () => {
        if (allowed) return expectPageOpens(path, id, actor.token);
        for (const variant of [path, `${path}/`]) {
          const res = await request(variant, { token: actor.token });
          expect(res.headers.get("cache-control"), variant).toBe("private, no-store");
          expect(res.status, variant).toBe(302);
          expect(res.headers.get("location"), variant).toBe(signInUrl(rule, variant));
          expect(res.text).not.toContain("Welcome");
        }

        // A client-side navigation runs only the changed routes' loaders (`_routes`): the
        // route's own loader must refuse, not just its layout's.
        for (const variant of [`${path}.data`, `${path}.data?_routes=${encodeURIComponent(id)}`]) {
          const data = await request(variant, { token: actor.token });
          // React Router's encoded redirect, to the sign-in page, and nothing else.
          expect(data.status, variant).toBe(202);
          expect(data.text, variant).toContain(JSON.stringify(signInUrl(rule, path)));
          expect(data.text, variant).not.toContain("Matrix");
        }

        const post = await request(path, { method: "POST", token: actor.token, body: "x=1" });
        const noAction = PAGES_WITHOUT_ACTION.includes(path);
        expect(post.status, path).toBe(noAction ? 405 : 302);
        expect(post.headers.get("location"), path).toBe(noAction ? null : signInUrl(rule, path));
        expect(post.text).not.toContain("Welcome");
      });
    }
  }

  it("every other API write needs a session (401 for anonymous), or does not exist (405)", async () => {
    expect(otherApiRoutes.length).toBeGreaterThan(0);
    for (const path of otherApiRoutes) {
      if (PUBLIC_API_WRITES.some((p) => p.test(path))) continue;
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await request(path, { method, body: "{}" });
        // The public reads that take no write at all; the slides' writes are the admins'.
        const readOnly = /^\/api\/(homepage-content|portfolio-projects|certificates\/[^/]+)$/.test(
          path,
        );
        expect(res.status, `${method} ${path}`).toBe(readOnly ? 405 : 401);
        expect(JSON.parse(res.text), `${method} ${path}`).toEqual({
          error: readOnly ? "Use GET." : expect.any(String),
        });
        if (readOnly) expect(res.headers.get("allow"), path).toBe("GET");
      }
    }
  });

  it("/admin-dashboard redirects to /admin/dashboard", async () => {
    const res = await request("/admin-dashboard");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
  });

  // Last of the matrix: every request above was a read, a refusal or a write without a body.
  it("changed no table: every refusal and every empty write left the database as it was", async () => {
    await server.halt();
    expect(changedTables(before, await tableStatesIn(server.dataDir, COMPARED_AS))).toEqual([]);
    expect(before.get("users")?.rows).toBeGreaterThan(ROLES.length);
    // The rest of the file goes on with the same database (and sessions).
    firstRunLogs.push(...server.logs);
    server = await startAppServer({ dataDir: server.dataDir, env: MATRIX_ENV });
  }, 60_000);
});

describe('"Require two-factor for admins" on every staff path', () => {
  // A server of its own: the rule on from the start (staff_settings), one admin with two
  // sessions. A session records how it was completed; the rule reads the session, not the
  // account (DESIGN.md 9), so a password-only session of an admin is held at /account.
  let guarded: AppServer;
  let guardedBefore: Map<string, TableState>;
  const sessionOf = { password: "", code: "" };
  let inactiveSlide = 0;
  const SETUP = "/account?setup=two-factor";
  const adminRoutes = staffRoutes.filter((r) => r.rule.roles.includes("admin"));
  const adminPages = adminRoutes.filter((r) => !r.path.startsWith("/api/"));
  /**
   * The doors of /account (passkeys): open before the second factor, as /account is, or no
   * admin could add a passkey there (requireUser's beforeSecondFactor).
   */
  const beforeSecondFactor = (path: string) => path.startsWith("/api/account/");
  const adminApis = adminRoutes.filter(
    (r) => r.path.startsWith("/api/") && !beforeSecondFactor(r.path),
  );

  beforeAll(async () => {
    const settings = sessionSettings(parseEnv({}));
    guarded = await startAppServer({
      env: { ADMIN_PASSWORD, DEMO_PASSWORD },
      prepare: async (database) => {
        const { db } = database;
        await db.insert(staffSettings).values({ key: "require_admin_two_factor", value: "on" });
        const admin = await createUser(db, {
          email: "guarded-admin@matrix.example",
          role: "admin",
          password: PASSWORD,
          firstName: "Matrix",
          lastName: "Guarded",
        });
        const password = await createSession(db, admin.id, settings, { factors: ["password"] });
        const code = await createSession(db, admin.id, settings, {
          factors: ["password", "totp"],
        });
        sessionOf.password = password.token;
        sessionOf.code = code.token;
        // A slide switched off: only a staff answer lists it.
        const [slide] = await db
          .select({ id: heroSlides.id })
          .from(heroSlides)
          .orderBy(heroSlides.id)
          .limit(1);
        inactiveSlide = slide?.id ?? 0;
        await db
          .update(heroSlides)
          .set({ isActive: false })
          .where(eq(heroSlides.id, inactiveSlide));
        guardedBefore = await tableStates(database, COMPARED_AS);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await guarded?.stop();
  });

  it("covers every staff page and API an admin may use", () => {
    expect(adminPages.length).toBeGreaterThan(15);
    expect(adminApis.length).toBeGreaterThan(20);
    expect(adminApis.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/admin/users", "/api/customers", "/api/auth/me"]),
    );
  });

  it("password only: every staff page, by document and by .data request, sends them to set up a second factor", async () => {
    const token = sessionOf.password;
    for (const { path, id } of adminPages) {
      for (const variant of [path, `${path}/`]) {
        const res = await request(variant, { token, at: guarded });
        expect(res.status, variant).toBe(302);
        expect(res.headers.get("location"), variant).toBe(SETUP);
        expect(res.headers.get("cache-control"), variant).toBe("private, no-store");
        expect(res.text, variant).not.toContain("Welcome");
      }
      for (const variant of [`${path}.data`, `${path}.data?_routes=${encodeURIComponent(id)}`]) {
        // React Router's encoded redirect (single fetch), to the setup, and nothing else.
        const data = await request(variant, { token, at: guarded });
        expect(data.status, variant).toBe(202);
        expect(data.text, variant).toContain(`"redirect",${JSON.stringify(SETUP)}`);
        expect(data.text, variant).not.toContain("Matrix");
      }
      // A post is refused too: the same redirect (405 where the page has no action).
      const noAction = PAGES_WITHOUT_ACTION.includes(path);
      const post = await request(path, { method: "POST", token, at: guarded, body: "x=1" });
      expect(post.status, path).toBe(noAction ? 405 : 302);
      expect(post.headers.get("location"), path).toBe(noAction ? null : SETUP);
      const dataPost = await request(`${path}.data`, {
        method: "POST",
        token,
        at: guarded,
        body: "x=1",
      });
      expect(dataPost.status, `${path}.data`).toBe(noAction ? 405 : 202);
      if (!noAction) {
        expect(dataPost.text, path).toContain(`"redirect",${JSON.stringify(SETUP)}`);
      }
    }
  });

  it("password only: every staff API answers 403, by cookie and by Bearer token", async () => {
    for (const { path, rule } of adminApis) {
      for (const method of rule.methods ?? ["GET", "POST"]) {
        for (const via of ["cookie", "bearer"] as const) {
          const label = `${method} ${path} via ${via}`;
          const res = await request(path, { method, token: sessionOf.password, via, at: guarded });
          expect(res.status, label).toBe(403);
          expect(JSON.parse(res.text), label).toEqual({ error: TWO_FACTOR_REQUIRED });
          expect(res.headers.get("cache-control"), label).toBe("private, no-store");
        }
      }
    }
  });

  it("password only: /account (and its passkey door) still opens, to set one up", async () => {
    const token = sessionOf.password;
    for (const variant of ["/account", "/account?setup=two-factor", "/account.data"]) {
      const res = await request(variant, { token, at: guarded });
      expect(res.status, variant).toBe(200);
      expect(res.text, variant).toContain("Matrix");
    }
    for (const { path, rule } of adminRoutes.filter((r) => beforeSecondFactor(r.path))) {
      await expectApiOpens(path, rule, token, guarded);
    }
  });

  it("password only: the public slides API gives what a visitor gets, the active slides", async () => {
    const visitor = await request("/api/hero-slides", { at: guarded });
    const slides = JSON.parse(visitor.text) as { id: number; isActive: boolean }[];
    expect(slides.length).toBeGreaterThan(0);
    expect(slides.map((s) => s.id)).not.toContain(inactiveSlide);
    for (const via of ["cookie", "bearer"] as const) {
      const res = await request("/api/hero-slides", {
        token: sessionOf.password,
        via,
        at: guarded,
      });
      expect(res.status, via).toBe(200);
      expect(JSON.parse(res.text), via).toEqual(slides);
    }
    // With the second factor, every slide.
    const staff = await request("/api/hero-slides", { token: sessionOf.code, at: guarded });
    const all = JSON.parse(staff.text) as { id: number }[];
    expect(all.map((s) => s.id)).toContain(inactiveSlide);
    expect(all).toHaveLength(slides.length + 1);
  });

  it("password and authenticator code: every staff page and API opens, and /account", async () => {
    const token = sessionOf.code;
    for (const { path, id } of adminPages) await expectPageOpens(path, id, token, guarded);
    for (const { path, rule } of adminRoutes.filter((r) => r.path.startsWith("/api/"))) {
      await expectApiOpens(path, rule, token, guarded);
    }
    expect((await request("/account", { token, at: guarded })).status).toBe(200);
  });

  // Last of this server's: every request above was a read, a refusal or a write without a body.
  it("changed no table", async () => {
    await guarded.halt();
    const after = await tableStatesIn(guarded.dataDir, COMPARED_AS);
    expect(changedTables(guardedBefore, after)).toEqual([]);
  }, 60_000);
});

describe("cross-site requests", () => {
  const admin = () => actors.find((a) => a.role === "admin")?.token ?? "";

  it("a cross-origin POST to a page action is refused, and nothing happens", async () => {
    const res = await request("/logout", {
      method: "POST",
      token: admin(),
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "redirectTo=/",
    });
    expect(res.status).toBe(403);
    // Still signed in.
    expect((await request("/admin/dashboard", { token: admin() })).status).toBe(200);
  });

  it("a cross-origin POST to an API is refused, even with the admin's cookie", async () => {
    const body = JSON.stringify({ email: "csrf@example.com", role: "admin" });
    const res = await request("/api/auth/register", {
      method: "POST",
      token: admin(),
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toEqual({ error: "Cross-origin request refused." });
    // A cookie without any Origin or Referer is refused too.
    const bare = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { cookie: `sid=${admin()}`, "content-type": "application/json" },
      body,
    });
    expect(bare.status).toBe(403);
    // The same request from the site itself works; a Bearer client needs no Origin.
    const same = await request("/api/auth/register", {
      method: "POST",
      token: admin(),
      headers: { "content-type": "application/json" },
      body,
    });
    expect(same.status).toBe(201);
    const bearer = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin()}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "bearer-made@example.com" }),
    });
    expect(bearer.status).toBe(201);
    const made = await bearer.json();
    bodies.push(JSON.stringify(made));
    expect(made.user).toMatchObject({ email: "bearer-made@example.com", role: "sales_rep" });
    // No password is ever answered: the new user is e-mailed an invitation.
    expect(made).toMatchObject({ invitation: "pending" });
    expect(made).not.toHaveProperty("password");
  });
});

describe("signing in over HTTP", () => {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const cookieOf = (res: { headers: Headers }) =>
    /^sid=([^;]+)/.exec(sessionSetCookie(res.headers))?.[1];

  it("/login: success sets a new session cookie and goes to /sales-dashboard by a full page load", async () => {
    const res = await request(
      "/login",
      form({ email: "rep@example.com", password: DEMO_PASSWORD }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sales-dashboard");
    expect(res.headers.get("x-remix-reload-document")).toBe("true");
    expect(sessionSetCookie(res.headers)).toMatch(
      /^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    // The browser is remembered as the owner's (throttling counts its failures apart).
    expect(res.headers.getSetCookie()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^device=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
        ),
      ]),
    );
    const page = await request("/sales-dashboard", { token: cookieOf(res) });
    expect(page.text).toContain("Welcome, Jordan Reed");
  });

  it("refuses an open redirect through redirectTo", async () => {
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await request(
        "/login",
        form({ email: "manager@example.com", password: DEMO_PASSWORD, redirectTo: target }),
      );
      expect(res.headers.get("location"), target).toBe("/sales-dashboard");
    }
    const ok = await request(
      "/admin",
      form({ username: "admin", password: ADMIN_PASSWORD, redirectTo: "/admin/audit?x=1" }),
    );
    expect(ok.headers.get("location")).toBe("/admin/audit?x=1");
    const signedIn = await request("/admin?redirectTo=https://evil.example", {
      token: cookieOf(ok),
    });
    expect(signedIn.headers.get("location")).toBe("/admin/dashboard");
  });

  it("replaces the session at sign-in: the old id stops working", async () => {
    const first = await request("/admin", form({ username: "admin", password: ADMIN_PASSWORD }));
    const old = cookieOf(first);
    const second = await request("/admin", {
      ...form({ username: "admin@example.com", password: ADMIN_PASSWORD }),
      token: old,
    });
    const fresh = cookieOf(second);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await request("/admin/dashboard", { token: old })).status).toBe(302);
    expect((await request("/admin/dashboard", { token: fresh })).status).toBe(200);
  });

  it("a signed-out cookie no longer works; sign-out goes where the form says", async () => {
    const signedIn = await request(
      "/login",
      form({ email: "rep@example.com", password: DEMO_PASSWORD }),
    );
    const token = cookieOf(signedIn);
    const out = await request("/logout", { ...form({ redirectTo: "/login" }), token });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    expect(out.headers.get("set-cookie")).toMatch(/^sid=; .*Max-Age=0/);
    const after = await request("/sales-dashboard", { token });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/login?redirectTo=%2Fsales-dashboard");
    expect((await request("/logout")).status).toBe(405);
  });

  it("answers an unknown user, a wrong password and a wrong role alike; throttles names alike", async () => {
    const strip = (html: string) => html.replace(/nonce="[^"]*"|'nonce-[^']*'/g, "");
    const answer = async (email: string, password: string) => {
      const res = await request("/login", form({ email, password }));
      // The form echoes the login typed; compare the rest.
      return { status: res.status, text: strip(res.text).replaceAll(email, "EMAIL") };
    };
    const unknown = await answer("ghost@matrix.example", "whatever-password");
    const wrong = await answer("manager@matrix.example", "wrong-password");
    const wrongRole = await answer("admin@matrix.example", PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain("Invalid email or password");
    for (const other of [wrong, wrongRole]) {
      expect(other.status).toBe(unknown.status);
      expect(other.text).toBe(unknown.text);
    }
    // After five failures an account's counter makes this client wait, even with the right
    // password; a name no account has waits the same way, so the answer tells nothing.
    for (let i = 0; i < 5; i++) await answer("sales_rep@matrix.example", "wrong-password");
    for (let i = 0; i < 4; i++) await answer("ghost@matrix.example", "whatever-password");
    const throttled = await answer("sales_rep@matrix.example", PASSWORD);
    const ghost = await answer("ghost@matrix.example", "whatever-password");
    expect(throttled.status).toBe(429);
    expect(throttled.text).toContain("Too many failed attempts.");
    expect(ghost).toEqual(throttled);
  });

  it("the API login answers { token, user } without the hash, and the token works as Bearer", async () => {
    const res = await request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "instructor@matrix.example", password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    expect(Object.keys(body.user).sort()).toEqual(
      ["email", "firstName", "id", "lastName", "role", "username"].sort(),
    );
    const me = await request("/api/auth/me", { token: body.token, via: "bearer" });
    expect(JSON.parse(me.text).user.role).toBe("instructor");
    const out = await request("/api/auth/logout", {
      method: "POST",
      token: body.token,
      via: "bearer",
    });
    expect(out.status).toBe(200);
    expect((await request("/api/auth/me", { token: body.token, via: "bearer" })).status).toBe(401);

    const bad = await request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "instructor@matrix.example", password: "nope-nope" }),
    });
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.text)).toEqual({ error: "Invalid email or password" });
    const empty = await request("/api/auth/login", { method: "POST", body: "not json" });
    expect(empty.status).toBe(400);
  });

  it("a signed-in page is never kept by the page cache", async () => {
    const student = actors.find((a) => a.role === "student")?.token;
    const mine = await request("/portal", { token: student });
    expect(mine.text).toMatch(/Welcome, (<!-- -->)?Matrix student/);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await request("/portal");
    expect(anonymous.text).toContain("Sign In");
    expect(anonymous.text).not.toContain("Matrix");
  });
});

describe("behind a proxy", () => {
  let proxied: AppServer | undefined;
  afterAll(async () => {
    await proxied?.stop();
  });

  it("plain HTTP: a plain cookie, and X-Forwarded-Proto is ignored without TRUST_PROXY", async () => {
    const res = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-proto": "https",
        origin: server.url,
      },
      body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(res.headers.get("set-cookie")).toMatch(/^sid=/);
    expect(res.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("with TRUST_PROXY and X-Forwarded-Proto: https the cookie is __Host- and Secure", async () => {
    proxied = await startAppServer({
      env: { ADMIN_PASSWORD, DEMO_PASSWORD, TRUST_PROXY: "1", SIGNIN_RATE_LIMIT: "3" },
    });
    const host = new URL(proxied.url).host;
    const res = await fetch(`${proxied.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-proto": "https",
        origin: `https://${host}`,
      },
      body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }),
    });
    const setCookie = sessionSetCookie(res.headers);
    expect(setCookie).toMatch(
      /^__Host-sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    const token = /^__Host-sid=([^;]+)/.exec(setCookie)?.[1];
    const page = await fetch(`${proxied.url}/admin/dashboard`, {
      headers: { cookie: `__Host-sid=${token}`, "x-forwarded-proto": "https" },
      redirect: "manual",
    });
    expect(page.status).toBe(200);
    // The http origin is not the site's origin when the request came over https.
    const refused = await fetch(`${proxied.url}/logout`, {
      method: "POST",
      headers: {
        cookie: `__Host-sid=${token}`,
        "x-forwarded-proto": "https",
        origin: `http://${host}`,
      },
      redirect: "manual",
    });
    expect(refused.status).toBe(403);

    // The per-IP sign-in limit counts the client the proxy names (only with TRUST_PROXY).
    const attempt = (ip: string) =>
      fetch(`${proxied?.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ email: "nobody@example.com", password: "whatever-1" }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt("192.0.2.10")).status).toBe(401);
    const limited = await attempt("192.0.2.10");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).error).toMatch(/^Too many sign-in attempts/);
    // An address the client writes in front of the proxy's does not make it someone else.
    expect((await attempt("198.51.100.7, 192.0.2.10")).status).toBe(429);
    expect((await attempt("192.0.2.11")).status).toBe(401);
  }, 60_000);
});

describe("secrets", () => {
  it("no password hash (and no password) in any answer or log line", () => {
    expect(bodies.length).toBeGreaterThan(100);
    const hash = /\$argon2id\$|passwordHash|password_hash/;
    for (const text of bodies) {
      expect(text).not.toMatch(hash);
      // DEMO_PASSWORD is shown on /login in demo mode, on purpose; no other password is.
      for (const password of [PASSWORD, ADMIN_PASSWORD]) expect(text).not.toContain(password);
    }
    const logs = [...firstRunLogs, ...server.logs];
    expect(logs.length).toBeGreaterThan(100);
    for (const line of logs) {
      expect(line).not.toMatch(hash);
      for (const password of [PASSWORD, ADMIN_PASSWORD, DEMO_PASSWORD]) {
        expect(line).not.toContain(password);
      }
    }
  });
});
