// PUT /api/project-details/{id} and POST /api/project-details on the built server (run
// `npm run build` first): admins only, every bad input a clear 4xx that changes nothing, and a
// good save shows at once on the cached public pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";

let server: AppServer;
const tokens = { admin: "", rep: "" };

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  server = await startAppServer({
    prepare: async ({ db }) => {
      for (const role of ["admin", "sales_rep"] as const) {
        const user = await createUser(db, {
          email: `${role}@projects.example`,
          role,
          password: "projects-password-1",
          firstName: "Project",
          lastName: role,
        });
        tokens[role === "admin" ? "admin" : "rep"] = (
          await createSession(db, user.id, settings)
        ).token;
      }
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function send(method: string, path: string, body: unknown, token?: string, extra = {}) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: server.url,
      ...(token ? { cookie: `sid=${token}` } : {}),
      ...extra,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const details = async (id: number) =>
  (await fetch(`${server.url}/api/project-details/${id}`)).json();

const valid = {
  title: "Huntsville Rocket Parts Portal",
  description: "A parts portal.",
  image: "/images/portfolio/project-2.webp",
  client: "Rocket Parts Co",
  category: "Web Development",
  clientIndustry: "Aerospace",
  clientSize: "90 employees",
  completedDate: "2025-07-04",
  challenge: "Faxes.",
  solution: "A portal.",
  technologies: ["React Router", "PostgreSQL"],
  timeline: "8 weeks",
  teamSize: "3 specialists",
  projectUrl: "https://rocket.example.com",
  results: JSON.stringify({ metrics: [{ label: "Orders online", value: "80%" }] }),
  testimonial: JSON.stringify({
    content: "Liftoff.",
    author: "Ada",
    position: "CEO",
    company: "RP",
  }),
};

describe("PUT /api/project-details/{id}", () => {
  it("is refused without an admin session, and from another site", async () => {
    const before = await details(1);
    expect((await send("PUT", "/api/project-details/1", valid)).status).toBe(401);
    expect((await send("PUT", "/api/project-details/1", valid, tokens.rep)).status).toBe(403);
    const crossSite = await send("PUT", "/api/project-details/1", valid, tokens.admin, {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect(await details(1)).toEqual(before);
  });

  it.each([
    ["a missing title", { ...valid, title: undefined }, 400, "Title is required."],
    ["a blank title", { ...valid, title: "  " }, 400, "Title is required."],
    [
      "a 2049-character URL",
      { ...valid, projectUrl: `https://example.com/${"x".repeat(2029)}` },
      400,
      "Project URL must be at most 2,048 characters.",
    ],
    ["malformed results JSON", { ...valid, results: "{oops" }, 400, "results must be valid JSON."],
    [
      "malformed testimonial JSON",
      { ...valid, testimonial: "[" },
      400,
      "testimonial must be valid JSON.",
    ],
    ["a body that is not JSON", "title=x", 400, "The request body must be a JSON object."],
  ])("%s is a %i with a clear message, and nothing changes", async (_n, body, status, error) => {
    const before = await details(1);
    const res = await send("PUT", "/api/project-details/1", body, tokens.admin);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
    expect(await details(1)).toEqual(before);
  });

  it("an unknown id is a 404", async () => {
    for (const id of ["999", "project-abc"]) {
      const res = await send("PUT", `/api/project-details/${id}`, valid, tokens.admin);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Project not found" });
    }
  });

  it("saves every field, and the cached public pages show it at once", async () => {
    // Fill the page cache first.
    expect(await (await fetch(`${server.url}/portfolio/project-2`)).text()).toContain(
      "Riverbend Clinic Patient Assistant",
    );
    await fetch(`${server.url}/`);
    const res = await send("PUT", "/api/project-details/project-2", valid, tokens.admin);
    expect(res.status).toBe(200);
    const saved = await details(2);
    expect(saved).toEqual({
      id: 2,
      ...valid,
      results: JSON.parse(valid.results),
      testimonial: JSON.parse(valid.testimonial),
    });
    const page = await (await fetch(`${server.url}/portfolio/project-2`)).text();
    expect(page).toContain("Huntsville Rocket Parts Portal");
    expect(page).toContain("Orders online");
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain("Huntsville Rocket Parts Portal");
    expect(home).not.toContain("Riverbend Clinic Patient Assistant");
    const homepage = await (await fetch(`${server.url}/api/homepage-content`)).json();
    expect(homepage.portfolio.projects[1]).toMatchObject({
      id: "project-2",
      title: valid.title,
      client: valid.client,
    });
  });
});

describe("POST /api/project-details", () => {
  const count = async () =>
    (await (await fetch(`${server.url}/api/portfolio-projects`)).json()).length;

  it("creates a project and answers its projectId", async () => {
    const before = await count();
    const res = await send(
      "POST",
      "/api/project-details",
      { ...valid, title: "Brand New" },
      tokens.admin,
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.projectId).toEqual(expect.any(Number));
    expect((await details(body.projectId)).title).toBe("Brand New");
    expect(await count()).toBe(before + 1);
    const page = await fetch(`${server.url}/portfolio/project-${body.projectId}`);
    expect(page.status).toBe(200);
  });

  it("bad input and missing sessions create nothing", async () => {
    const before = await count();
    const attempts = [
      [{ ...valid, title: "" }, tokens.admin, 400],
      [{ ...valid, projectUrl: `https://e.com/${"x".repeat(2040)}` }, tokens.admin, 400],
      [{ ...valid, results: "not json" }, tokens.admin, 400],
      [valid, undefined, 401],
      [valid, tokens.rep, 403],
    ] as const;
    for (const [body, token, status] of attempts) {
      const res = await send("POST", "/api/project-details", body, token);
      expect(res.status).toBe(status);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
  });
});
