// The layer rules hold without anyone remembering them: platform knows no domain, domain no
// screen and no HTTP, its areas import downwards only, components no route module and no server
// code, and no import runs in a circle.
import { describe, expect, it } from "vitest";
import {
  checkLayers,
  handMadeSuccess,
  httpInDomain,
  importsOf,
  sourceFiles,
} from "#tests/support/layers.ts";

const app = sourceFiles(".", "app");

describe("the layers of app/", () => {
  it("reads the whole source tree", () => {
    expect(app.size).toBeGreaterThan(200);
    expect(app.has("app/routes.ts")).toBe(true);
  });

  it("no import breaks a layer rule, and none runs in a circle", () => {
    expect(checkLayers(app)).toEqual([]);
  });

  it("the domain answers in one shape: no success written by hand", () => {
    const hand = [...app].flatMap(([path, source]) => handMadeSuccess(path, source) ?? []);
    expect(hand).toEqual([]);
  });

  it("the domain never sees HTTP: no Request, Response, Headers, FormData, react-router or status", () => {
    const domain = [...app].filter(([path]) => path.startsWith("app/domain/"));
    expect(domain.length).toBeGreaterThan(100);
    expect(domain.flatMap(([path, source]) => httpInDomain(path, source) ?? [])).toEqual([]);
  });

  it("no domain file carries an adapter's name (-api, -action(s), -page(s), -screen, -manage)", () => {
    const adapters = [...app.keys()].filter(
      (path) =>
        path.startsWith("app/domain/") &&
        /(?:-|\/)(?:api|actions?|pages?|screen|manage)\.server\.tsx?$/.test(path),
    );
    expect(adapters).toEqual([]);
  });

  it("no file of app/ is over 400 lines unless its opening comment says why", () => {
    const long = [...app]
      .filter(([, source]) => source.split("\n").length > 400)
      .filter(([, source]) => !/^\/\/.*\b400 lines\b/m.test(source.split("\nimport")[0] ?? ""))
      .map(([path, source]) => `${path}: ${source.split("\n").length} lines`);
    expect(long).toEqual([]);
  });
});

describe("the layer check itself", () => {
  /** The real tree plus one file. */
  const withFile = (path: string, source: string) => new Map([...app, [path, source]]);

  it("fails on a deliberately wrong import: infrastructure importing the business", () => {
    const problems = checkLayers(
      withFile(
        "app/platform/wrong.server.ts",
        'import { LEAD_STATUSES } from "#app/domain/leads/customers.ts";\n',
      ),
    );
    expect(problems).toEqual([
      "app/platform/wrong.server.ts imports app/domain/leads/customers.ts: infrastructure (app/platform) imports the domain layer (line 1)",
    ]);
  });

  it.each([
    [
      "domain -> components, even a type",
      "app/domain/leads/wrong.ts",
      'import type { IconName } from "#app/components/ui/icons.tsx";',
      "business logic (app/domain) imports the components layer",
    ],
    [
      "components -> a route module",
      "app/components/wrong.tsx",
      'import type { loader } from "#app/routes/site/layout.tsx";',
      "a component imports a route module",
    ],
    [
      "components -> server code",
      "app/components/wrong.tsx",
      'import { listUsers } from "#app/domain/users/users-admin.server.ts";',
      "a component imports server code (app/domain/users/users-admin.server.ts) other than with `import type`",
    ],
    [
      "components -> platform, relative path",
      "app/components/admin/wrong.tsx",
      'import {\n  loadEnv,\n} from "../../platform/env.server.ts";',
      "a component imports server code (app/platform/env.server.ts) other than with `import type`",
    ],
    [
      "domain -> the web layer",
      "app/domain/leads/wrong.server.ts",
      'import { json } from "#app/web/http.server.ts";',
      "business logic (app/domain) imports the web layer",
    ],
    [
      "domain taking a request",
      "app/domain/leads/wrong.server.ts",
      "export async function read(request: Request) {\n  return request.url;\n}",
      "app/domain/leads/wrong.server.ts: deals in Request",
    ],
    [
      "domain answering with a redirect of the router",
      "app/domain/training/wrong.server.ts",
      'import { redirect } from "react-router";\nexport const go = () => redirect("/");',
      "app/domain/training/wrong.server.ts: imports react-router",
    ],
    [
      "domain refusing with an HTTP status",
      "app/domain/leads/wrong.server.ts",
      'export const gone = () => ({ ok: false, status: 404, error: "Gone." });',
      "app/domain/leads/wrong.server.ts: names an HTTP status",
    ],
    [
      "an HTTP status between two comments (a comment hides no code)",
      "app/domain/leads/wrong.server.ts",
      "/**\n * Why it's refused.\n */\nexport const gone = { ok: false, status: 410 };\n/** The `next` one. */\n",
      "app/domain/leads/wrong.server.ts: names an HTTP status",
    ],
    [
      "domain typing a refusal by its HTTP status",
      "app/domain/training/wrong.ts",
      "export type Refused = { ok: false; status?: 400 | 409; error: string };",
      "app/domain/training/wrong.ts: names an HTTP status",
    ],
    [
      "domain writing a success by hand",
      "app/domain/leads/wrong.server.ts",
      "export const saved = (id: number) => ({ ok: true, id });",
      "app/domain/leads/wrong.server.ts: writes `ok: true` by hand",
    ],
    [
      "domain typing a success by hand",
      "app/domain/training/wrong.ts",
      "export type Saved = { ok: true; id: number } | { ok: false; error: string };",
      "app/domain/training/wrong.ts: writes `ok: true` by hand",
    ],
    [
      "an area importing one above it, even a type",
      "app/domain/leads/wrong.ts",
      'import type { Meeting } from "#app/domain/consultations/consultations.ts";',
      'the area "leads" imports "consultations", which is above it',
    ],
    [
      "an area the order does not name",
      "app/domain/invoices/wrong.ts",
      'import { x } from "#app/domain/leads/leads.ts";',
      'the area "invoices" is not in the area order',
    ],
    [
      "platform -> the web layer",
      "app/platform/wrong.server.ts",
      'import { json } from "#app/web/http.server.ts";',
      "infrastructure (app/platform) imports the web layer",
    ],
    [
      "domain -> the seed plan",
      "app/domain/wrong.ts",
      'export { seedDatabase } from "#app/seed.server.ts";',
      "the domain layer imports app/seed.server.ts, which sits above the layers",
    ],
  ])("finds %s", (_, path, source, why) => {
    const problems = checkLayers(withFile(path, source));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(why);
  });

  it("allows what the rules allow", () => {
    const allowed = [
      'import type { UserListItem } from "#app/domain/users/users-admin.server.ts";',
      'import { type A, type B } from "#app/web/http.server.ts";',
      'import { roleLabels } from "#app/domain/auth/roles.ts";',
    ].join("\n");
    expect(checkLayers(withFile("app/components/fine.tsx", allowed))).toEqual([]);
    // An area imports one below it; a domain text may name a "Response Time".
    const downwards = [
      'import { leadName } from "#app/domain/leads/leads.ts";',
      'export const title = "Guaranteed Response Times"; // not a Request',
    ].join("\n");
    expect(checkLayers(withFile("app/domain/sales/fine.ts", downwards))).toEqual([]);
    // A record's status is no HTTP; nor is a status named in a comment or a text.
    const records = [
      'export const booked = { status: "booked", count: 404 };',
      "export type Row = { status: string }; // once { status: 404 }",
      'export const said = "status: 409";',
      'import { failure } from "#app/platform/result.ts";',
      'export const gone = failure("not-found", "Gone.");',
    ].join("\n");
    expect(checkLayers(withFile("app/domain/sales/fine.ts", records))).toEqual([]);
    const web = 'import { createLead } from "#app/domain/leads/leads.server.ts";';
    expect(checkLayers(withFile("app/web/fine.server.ts", web))).toEqual([]);
    expect(
      checkLayers(
        withFile("app/routes/fine.tsx", 'import { seedDatabase } from "#app/seed.server.ts";'),
      ),
    ).toEqual([]);
  });

  it("finds an import circle, including one through a dynamic import", () => {
    const tree = withFile("app/components/a.tsx", 'const B = () => import("./b.tsx");');
    tree.set("app/components/b.tsx", 'import { a } from "./a.tsx";');
    expect(checkLayers(tree)).toEqual([
      "import circle: app/components/a.tsx -> app/components/b.tsx -> app/components/a.tsx",
    ]);
  });

  it("reads multi-line, side-effect and re-export imports", () => {
    const refs = importsOf(
      "app/routes/x.tsx",
      'import {\n  a,\n  b as c,\n} from "./y.ts";\nimport "#app/app.css";\nexport * from "../z.ts";\n',
    );
    expect(refs.map((r) => [r.to, r.line])).toEqual([
      ["app/routes/y.ts", 1],
      ["app/app.css", 5],
      ["app/z.ts", 6],
    ]);
  });
});
