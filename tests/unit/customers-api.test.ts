// The customer records' JSON calls, file download and CSV export on the built server (run
// `npm run build` first): 401 anonymous; admins and managers see every record, a sales rep only
// their own (another's is a 404, by cookie and by Bearer) and never assigns; every bad input a
// clear 4xx that changes nothing.
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
const ids = { lead: 0, other: 0, file: 0, rep: 0, salesRep: 0, admin: 0 };
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
        if (role === "sales_rep") ids.salesRep = user.id;
        if (role === "admin") ids.admin = user.id;
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

  it("anonymous callers get 401; a sales rep gets 404 for a record not theirs; nothing changes", async () => {
    const before = await lead();
    for (const [method, path, body] of endpoints()) {
      const anonymous = await call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Sign-in required." });
      if (!path.includes(String(ids.lead))) continue;
      for (const via of ["cookie", "bearer"] as const) {
        const res = await call(method, path, { token: tokens.sales_rep, via, body });
        // Assigning is a manager's: refused before anything is looked up.
        const expected = method === "PUT" ? 403 : 404;
        expect(res.status, `${method} ${path} via ${via}`).toBe(expected);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(await res.json()).toEqual({ error: expect.any(String) });
      }
    }
    expect(await lead()).toEqual(before);
    // The rep's list and export have none of it.
    const list = await call("GET", "/api/customers", { token: tokens.sales_rep });
    expect(await list.json()).toEqual([]);
    const csv = await call("GET", "/api/customers/export", { token: tokens.sales_rep });
    expect((await csv.text()).trimEnd().split("\r\n")).toHaveLength(1);
    // A manager sees and reads every record.
    const manager = await call("GET", `/api/customers/${ids.lead}`, { token: tokens.manager });
    expect(manager.status).toBe(200);
  });

  it("a sales rep reads, notes and downloads their own record, and cannot give it away", async () => {
    const mine = `/api/customers/${ids.lead}`;
    const assign = await admin("PUT", `${mine}/assignee`, { userId: ids.salesRep });
    expect(assign.status).toBe(200);
    const rep = (method: string, path: string, body?: unknown) =>
      call(method, path, { token: tokens.sales_rep, body });
    expect((await rep("GET", mine)).status).toBe(200);
    expect((await rep("GET", `${mine}/files/${ids.file}`)).status).toBe(200);
    expect((await rep("POST", `${mine}/notes`, { note: "Called back." })).status).toBe(201);
    const away = await rep("PUT", `${mine}/assignee`, { userId: ids.rep });
    expect(away.status).toBe(403);
    expect(await away.json()).toEqual({ error: "Only a manager or an admin can assign leads." });
    expect((await lead()).assignedTo).toMatchObject({ id: ids.salesRep });
    // Back as it was for the other tests.
    expect((await admin("PUT", `${mine}/assignee`, { userId: null })).status).toBe(200);
    const notes = await (await admin("GET", `${mine}/notes`)).json();
    expect(notes.map((n: { body: string }) => n.body)).toEqual(["Called back."]);
  });

  it("a manager may not assign to an admin or a disabled user; a stale expectedUserId is a 409", async () => {
    const path = `/api/customers/${ids.lead}/assignee`;
    const manager = (body: unknown) => call("PUT", path, { token: tokens.manager, body });
    expect((await manager({ userId: ids.admin })).status).toBe(400);
    const stale = await manager({ userId: ids.rep, expectedUserId: ids.salesRep });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatch(/changed who has Dana Whitfield/);
    expect((await lead()).assignedTo).toBeNull();
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
    // The newest first; the demo's sales records follow.
    expect(list.slice(0, 2).map((c: { id: number }) => c.id)).toEqual([ids.other, ids.lead]);
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
      notes: expect.stringMatching(
        /Customer sales_rep \(sales_rep@customers\.example\): Called back\.$/,
      ),
      phase: "New",
      dealValueCents: 0,
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

  it("pages with limit and offset: X-Total-Count, a Link to the next page, none past the end", async () => {
    const first = await admin("GET", "/api/customers?limit=20");
    const total = Number(first.headers.get("x-total-count"));
    expect(total).toBeGreaterThan(40);
    expect(await first.json()).toHaveLength(20);
    expect(first.headers.get("link")).toBe('</api/customers?limit=20&offset=20>; rel="next"');
    // Following the links reaches every record once.
    const seen: number[] = [];
    let next: string | null = "/api/customers?limit=20";
    while (next) {
      const page: Response = await admin("GET", next);
      seen.push(...(await page.json()).map((c: { id: number }) => c.id));
      next = page.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The default page is 50.
    expect(await (await admin("GET", "/api/customers")).json()).toHaveLength(Math.min(50, total));
    const queue = await admin("GET", "/api/customers?owner=none");
    expect((await queue.json()).map((c: { id: number }) => c.id)).toEqual([ids.other, ids.lead]);
    for (const bad of ["limit=0", "limit=201", "limit=x", "offset=-1", "owner=mine"]) {
      const res = await admin("GET", `/api/customers?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
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
      author: "Customer admin",
      authorEmail: "admin@customers.example",
    });
    expect((await admin("POST", path, { note: " " })).status).toBe(400);
    expect((await admin("POST", path, "nope")).status).toBe(400);
    expect((await admin("POST", "/api/customers/99999/notes", { note: "x" })).status).toBe(404);
    const notes = await (await admin("GET", path)).json();
    // The rep's note (see "who may call") and this one.
    expect(notes.map((n: { body: string }) => n.body)).toEqual([
      "Called back.",
      "Call back Tuesday.",
    ]);
    // Named by name, the address as a hint.
    expect((await lead()).notes).toContain(
      "Customer admin (admin@customers.example): Call back Tuesday.",
    );
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
