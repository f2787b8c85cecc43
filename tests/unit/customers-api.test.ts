// Customer Management's JSON calls, file download and CSV export on the built server (run
// `npm run build` first): admins only (401 anonymous, 403 sales rep and manager, by cookie and
// by Bearer), every bad input a clear 4xx that changes nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { leadFiles, leads, users } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";

let server: AppServer;
const tokens: Record<"admin" | "sales_rep" | "manager", string> = {
  admin: "",
  sales_rep: "",
  manager: "",
};
const ids = { lead: 0, other: 0, file: 0, rep: 0 };
const FILE_BYTES = "%PDF-1.4 the brief";

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  const dataDir = mkdtempSync(join(tmpdir(), "customers-api-"));
  server = await startAppServer({
    dataDir,
    prepare: async ({ db }) => {
      for (const role of ["admin", "sales_rep", "manager"] as const) {
        const user = await createUser(db, {
          email: `${role}@customers.example`,
          role,
          password: "customers-password-1",
          firstName: "Customer",
          lastName: role,
        });
        tokens[role] = (await createSession(db, user.id, settings)).token;
      }
      const [lead] = await db
        .insert(leads)
        .values({
          kind: "inquiry",
          form: "ai-design",
          name: "Dana Whitfield",
          email: "dana@example.org",
          company: "Magic City Outfitters",
          aiFeatures: ["chatbot"],
          message: "A store.",
        })
        .returning({ id: leads.id });
      const [other] = await db
        .insert(leads)
        .values({ kind: "inquiry", form: "general", name: "Other Person", email: "o@example.org" })
        .returning({ id: leads.id });
      ids.lead = lead?.id ?? 0;
      ids.other = other?.id ?? 0;
      const key = "leads/2026/11/brief.pdf";
      await createLocalStorage(join(dataDir, "uploads")).put(
        key,
        Readable.from([Buffer.from(FILE_BYTES)]),
      );
      const [file] = await db
        .insert(leadFiles)
        .values({
          leadId: ids.lead,
          objectKey: key,
          originalName: 'brief "final".pdf',
          size: FILE_BYTES.length,
          mimeType: "application/pdf",
        })
        .returning({ id: leadFiles.id });
      ids.file = file?.id ?? 0;
      // The seeded demo sales rep.
      const [rep] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, "rep@example.com"));
      ids.rep = rep?.id ?? 0;
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function call(
  method: string,
  path: string,
  options: { token?: string; via?: "cookie" | "bearer"; body?: unknown; origin?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) {
    if (options.via === "bearer") headers.authorization = `Bearer ${options.token}`;
    else headers.cookie = `sid=${options.token}`;
  }
  if (method !== "GET") headers.origin = options.origin ?? server.url;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    redirect: "manual",
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
}

const admin = (method: string, path: string, body?: unknown) =>
  call(method, path, { token: tokens.admin, body });

async function lead(id = ids.lead) {
  return (await admin("GET", `/api/customers/${id}`)).json();
}

describe("who may call", () => {
  const endpoints = (): [string, string, unknown?][] => [
    ["GET", "/api/customers"],
    ["GET", "/api/customers/export"],
    ["GET", `/api/customers/${ids.lead}`],
    ["DELETE", `/api/customers/${ids.lead}`],
    ["PATCH", `/api/customers/${ids.lead}/status`, { status: "Closed" }],
    ["GET", `/api/customers/${ids.lead}/notes`],
    ["POST", `/api/customers/${ids.lead}/notes`, { note: "sneaky" }],
    ["GET", `/api/customers/${ids.lead}/assignee`],
    ["PUT", `/api/customers/${ids.lead}/assignee`, { userId: ids.rep }],
    ["GET", `/api/customers/${ids.lead}/files/${ids.file}`],
  ];

  it("anonymous callers get 401, sales reps and managers 403, and nothing changes", async () => {
    const before = await lead();
    for (const [method, path, body] of endpoints()) {
      const anonymous = await call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Sign-in required." });
      for (const role of ["sales_rep", "manager"] as const) {
        for (const via of ["cookie", "bearer"] as const) {
          const res = await call(method, path, { token: tokens[role], via, body });
          expect(res.status, `${method} ${path} by ${role} via ${via}`).toBe(403);
          expect(res.headers.get("cache-control")).toBe("private, no-store");
          expect(await res.json()).toEqual({ error: expect.any(String) });
        }
      }
    }
    expect(await lead()).toEqual(before);
  });

  it("a cross-site PATCH with the admin's cookie is refused", async () => {
    const res = await call("PATCH", `/api/customers/${ids.lead}/status`, {
      token: tokens.admin,
      body: { status: "Closed" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect((await lead()).status).toBe("New");
  });
});

describe("GET /api/customers", () => {
  it("answers the spec's Customer lead shape, newest first, with filters", async () => {
    const res = await admin("GET", "/api/customers");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const list = await res.json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([ids.other, ids.lead]);
    const dana = list[1];
    expect(dana).toMatchObject({
      id: ids.lead,
      name: "Dana Whitfield",
      email: "dana@example.org",
      phone: "",
      company: "Magic City Outfitters",
      status: "New",
      source: "Direct",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      inquiryType: "",
      websiteType: "",
      budget: "",
      timeline: "",
      aiFeatures: '["chatbot"]',
      projectDetails: "A store.",
      notes: "",
    });
    expect(JSON.parse(dana.uploadedFiles)).toEqual([
      {
        originalName: 'brief "final".pdf',
        size: FILE_BYTES.length,
        path: `/api/customers/${ids.lead}/files/${ids.file}`,
      },
    ]);
    const searched = await (await admin("GET", "/api/customers?q=magic%20city")).json();
    expect(searched.map((c: { id: number }) => c.id)).toEqual([ids.lead]);
    const bad = await admin("GET", "/api/customers?status=Nope");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^Status must be one of: New, Contacted/);
    expect((await admin("POST", "/api/customers", {})).status).toBe(405);
  });
});

describe("PATCH /api/customers/{id}/status", () => {
  it("sets any of the seven statuses; anything else is a 400 that changes nothing", async () => {
    const path = `/api/customers/${ids.lead}/status`;
    const ok = await admin("PATCH", path, { status: "Proposal Sent" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("Proposal Sent");
    for (const body of [{ status: "Won" }, { status: "" }, {}, "not json", [1], { status: 3 }]) {
      const res = await admin("PATCH", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await lead()).status).toBe("Proposal Sent");
    expect((await admin("PATCH", path, { status: "New" })).status).toBe(200);

    for (const missing of ["/api/customers/99999/status", "/api/customers/abc/status"]) {
      const res = await admin("PATCH", missing, { status: "New" });
      expect(res.status, missing).toBe(404);
      expect(await res.json()).toEqual({ error: "Customer not found." });
    }
    expect((await admin("PUT", path, { status: "New" })).status).toBe(405);
  });
});

describe("notes and assignment", () => {
  it("adds a signed note; an empty one is a 400", async () => {
    const path = `/api/customers/${ids.lead}/notes`;
    const added = await admin("POST", path, { note: "  Call back Tuesday.  " });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      body: "Call back Tuesday.",
      author: "admin@customers.example",
    });
    expect((await admin("POST", path, { note: " " })).status).toBe(400);
    expect((await admin("POST", path, "nope")).status).toBe(400);
    expect((await admin("POST", "/api/customers/99999/notes", { note: "x" })).status).toBe(404);
    const notes = await (await admin("GET", path)).json();
    expect(notes).toHaveLength(1);
    expect((await lead()).notes).toContain("admin@customers.example: Call back Tuesday.");
  });

  it("assigns a sales rep; another role, a bad id or an unknown lead is refused", async () => {
    const path = `/api/customers/${ids.lead}/assignee`;
    const options = await (await admin("GET", path)).json();
    expect(options.salesReps.map((r: { email: string }) => r.email)).toContain("rep@example.com");
    const ok = await admin("PUT", path, { userId: ids.rep });
    expect(ok.status).toBe(200);
    expect((await ok.json()).assignedTo).toMatchObject({ id: ids.rep, email: "rep@example.com" });
    const adminUser = await admin("PATCH", path, { userId: 1 });
    expect(adminUser.status).toBe(400);
    expect(await adminUser.json()).toEqual({ error: "Choose an active sales rep or manager." });
    for (const body of [{ userId: "x" }, { userId: 1.5 }, {}, "x"]) {
      expect((await admin("PUT", path, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin("PUT", "/api/customers/99999/assignee", { userId: null })).status).toBe(
      404,
    );
    expect((await lead()).assignedTo?.email).toBe("rep@example.com");
    expect((await admin("PATCH", path, { userId: null })).status).toBe(200);
    expect((await lead()).assignedTo).toBeNull();
  });
});

describe("files and the CSV export", () => {
  it("a file downloads as an attachment with nosniff; another lead's file id is a 404", async () => {
    const res = await admin("GET", `/api/customers/${ids.lead}/files/${ids.file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="brief _final_.pdf"; filename*=UTF-8''brief%20%22final%22.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe(FILE_BYTES);
    for (const path of [
      `/api/customers/${ids.other}/files/${ids.file}`,
      `/api/customers/${ids.lead}/files/99999`,
      `/api/customers/${ids.lead}/files/x`,
    ]) {
      const missing = await admin("GET", path);
      expect(missing.status, path).toBe(404);
      expect(await missing.json()).toEqual({ error: "File not found." });
    }
  });

  it("the export is a CSV attachment of the filtered list", async () => {
    const res = await admin("GET", "/api/customers/export?q=dana");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = (await res.text()).trimEnd().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("Dana Whitfield");
    expect((await admin("GET", "/api/customers/export?status=bogus")).status).toBe(400);
  });
});

describe("DELETE /api/customers/{id}", () => {
  it("removes the lead and its file; a second delete is a 404", async () => {
    const res = await admin("DELETE", `/api/customers/${ids.lead}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: ids.lead });
    expect((await admin("GET", `/api/customers/${ids.lead}`)).status).toBe(404);
    expect((await admin("GET", `/api/customers/${ids.lead}/files/${ids.file}`)).status).toBe(404);
    expect((await admin("DELETE", `/api/customers/${ids.lead}`)).status).toBe(404);
  });
});
