// No input can make the server answer 5xx (issue 19, decision 0014), on the built server (run
// `npm run build` first): every route of app/routes.ts is walked with bad path parameters and a
// bad query, and every page and JSON door gets posts with NUL bytes, control characters, unpaired
// surrogates, 1 MB strings, lists where one value is expected and the wrong content type,
// anonymous and signed in. Then the answers a person sees: the message on the field, 400 not 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { REFUSED_TEXT } from "#app/platform/input-text.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { routePaths } from "#tests/support/routes.ts";

let server: AppServer;
const tokens = new Map<Role | "anonymous", string>([["anonymous", ""]]);

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  server = await startAppServer({
    env: {
      ADMIN_PASSWORD: "admin-password-1",
      DEMO_PASSWORD: "demo-password-1",
      SIGNIN_RATE_LIMIT: "100000",
      FORM_RATE_LIMIT: "100000",
    },
    prepare: async ({ db }) => {
      for (const role of ROLES) {
        const user = await createUser(db, {
          email: `${role}@hygiene.example`,
          role,
          password: "hygiene-password-1",
          firstName: "Hygiene",
          lastName: role,
        });
        tokens.set(role, (await createSession(db, user.id, settings)).token);
      }
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const who = ["anonymous", "admin", "manager", "student"] as const;

async function send(
  path: string,
  as: (typeof who)[number],
  init: { method?: string; body?: BodyInit; type?: string } = {},
) {
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
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

type Attempt = () => Promise<{ status: number; label: string }>;

/**
 * Runs the requests a few at a time; returns those answered 5xx, and those the server cut off
 * (a reset connection: the client never got an answer).
 */
async function serverErrors(requests: (Attempt & { label?: string })[]) {
  const failures: string[] = [];
  for (let i = 0; i < requests.length; i += 6) {
    const answers = await Promise.all(
      requests.slice(i, i + 6).map((r) =>
        r().catch((error: Error) => ({
          status: 599,
          label: `${r.label}: ${error.cause ?? error}`,
        })),
      ),
    );
    for (const a of answers) if (a.status >= 500) failures.push(`${a.status} ${a.label}`);
  }
  return failures;
}

/** A request with its label on the function, for the report when it has no answer. */
const attempt = (
  label: string,
  run: () => Promise<{ status: number }>,
): Attempt & { label: string } =>
  Object.assign(async () => ({ status: (await run()).status, label }), { label });

const NUL = "\u0000";
const BAD_TEXTS = [NUL, "a\u0001b", "\u001b[31m", "x\ud800y", "\udfff"];
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
    ...BAD_TEXTS.map((bad) => ({
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
    { label: "no content type", body: `email=${NUL}` },
    { label: "multipart without boundary", body: "--x\r\n", type: "multipart/form-data" },
    {
      label: "multipart NUL field",
      body: `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na${NUL}b\r\n--b--\r\n`,
      type: "multipart/form-data; boundary=b",
    },
    { label: "broken JSON", body: '{"email": "a', type: "application/json" },
  ];
}

describe("no input makes a 5xx", () => {
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
        .flatMap((r) =>
          (["anonymous", "admin"] as const).map((as) =>
            attempt(`GET ${r.path.slice(0, 80)} as ${as}`, () => send(r.path, as)),
          ),
        ),
    );
    expect(await serverErrors(requests)).toEqual([]);
    const nul = await send("/certification-training/%00/register", "anonymous");
    expect(nul.status).toBe(404);
    expect(nul.text).toContain("Page Not Found");
    const api = await send("/api/project-details/%00", "anonymous");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toEqual({ error: expect.any(String) });
  }, 120_000);

  it("GET with a bad query: 400, never 5xx", async () => {
    const query = "?q=a%00b&status=%01&page=%ED%A0%80&redirectTo=%2F%00&id[]=1&edit=x%1B";
    const requests = pages.flatMap((r) =>
      who.map((as) =>
        attempt(`GET ${r.path}${query} as ${as}`, () => send(`${r.path}${query}`, as)),
      ),
    );
    expect(await serverErrors(requests)).toEqual([]);
    const page = await send("/admin/users?q=%00", "admin");
    expect(page.status).toBe(400);
    expect(page.text).toContain("Bad Request");
    const api = await send("/api/admin/users?q=%00", "admin");
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toEqual({ error: expect.any(String) });
  }, 120_000);

  /**
   * Anonymous and an admin everywhere (but signing out, which would end the admin's session for
   * the tests after); the sales and portal doors also as their users.
   */
  const actorsFor = (path: string): (typeof who)[number][] => [
    "anonymous",
    ...(/logout$/.test(path) ? [] : (["admin"] as const)),
    ...(/^\/(sales-dashboard|login)/.test(path) ? (["manager"] as const) : []),
    ...(path.startsWith("/portal") ? (["student"] as const) : []),
  ];
  const methodsFor = (path: string, type?: string) =>
    path.startsWith("/api/") && type === "application/json" ? ["POST", "PUT", "PATCH"] : ["POST"];

  it("posts of bad text, huge fields, lists and wrong types to every page and door", async () => {
    const requests = pages.flatMap((r) =>
      bodies().flatMap(({ label, body, type }) =>
        actorsFor(r.path).flatMap((as) =>
          methodsFor(r.path, type).map((method) =>
            attempt(`${method} ${r.path} ${label} as ${as}`, () =>
              send(r.path, as, { method, body, type }),
            ),
          ),
        ),
      ),
    );
    expect(requests.length).toBeGreaterThan(3000);
    expect(await serverErrors(requests)).toEqual([]);
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
