// A sales rep's scope over HTTP, on the built server (run `npm run build` first), with records
// that exist: rep A owns one customer record, rep B another (each with a file and a note). Each
// rep gets exactly their own record from every door (the API's list, count, CSV, every
// /api/customers/:id/* call, the sales dashboard's page, its `.data` request and its form
// posts), and the other's record answers exactly what a missing one answers (a 404, or the 403
// every assignment by a rep gets), changing nothing. A manager sees both
// (docs/decisions/0016-one-pipeline.md).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#app/domain/auth/roles.ts";
import { createSession, sessionSettings } from "#app/domain/auth/sessions.server.ts";
import { createUser } from "#app/domain/auth/users.server.ts";
import { leadFiles, leadNotes, leads } from "#app/platform/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { csvColumn } from "#tests/support/csv.ts";

interface Staff {
  id: number;
  token: string;
  email: string;
}

interface Owned {
  id: number;
  fileId: number;
  name: string;
  email: string;
  company: string;
  note: string;
  fileName: string;
  fileBytes: string;
}

let server: AppServer;
const staff = {} as Record<"repA" | "repB" | "manager", Staff>;
const records = {} as Record<"arden" | "brandt", Owned>;
/** An id no record has: what "missing" answers. */
const MISSING = 2_000_000_000;

beforeAll(async () => {
  const settings = sessionSettings(parseEnv({}));
  const dataDir = mkdtempSync(join(tmpdir(), "rep-scope-"));
  server = await startAppServer({
    dataDir,
    prepare: async ({ db }) => {
      const people: [keyof typeof staff, Role, string][] = [
        ["repA", "sales_rep", "Avery"],
        ["repB", "sales_rep", "Blake"],
        ["manager", "manager", "Morgan"],
      ];
      for (const [key, role, firstName] of people) {
        const email = `${firstName.toLowerCase()}@scope-staff.example`;
        const user = await createUser(db, {
          email,
          role,
          password: "scope-password-1",
          firstName,
          lastName: "Scope",
        });
        staff[key] = {
          id: user.id,
          token: (await createSession(db, user.id, settings)).token,
          email,
        };
      }
      const storage = createLocalStorage(join(dataDir, "uploads"));
      const specs: [keyof typeof records, Omit<Owned, "id" | "fileId">, number][] = [
        [
          "arden",
          {
            name: "Alma Arden",
            email: "alma@arden-records.example",
            company: "Arden Outfitters",
            note: "Arden wants the chatbot by spring.",
            fileName: "arden-brief.pdf",
            fileBytes: "%PDF-1.4 the Arden brief",
          },
          staff.repA.id,
        ],
        [
          "brandt",
          {
            name: "Boris Brandt",
            email: "boris@brandt-records.example",
            company: "Brandt Ironworks",
            note: "Brandt asked for a quote on hosting.",
            fileName: "brandt-plan.pdf",
            fileBytes: "%PDF-1.4 the Brandt plan",
          },
          staff.repB.id,
        ],
      ];
      for (const [key, spec, owner] of specs) {
        const [lead] = await db
          .insert(leads)
          .values({
            kind: "inquiry",
            form: "ai-design",
            name: spec.name,
            email: spec.email,
            company: spec.company,
            message: `A website for ${spec.company}.`,
            assignedTo: owner,
            phase: "Free MVP",
          })
          .returning({ id: leads.id });
        const id = lead?.id ?? 0;
        const objectKey = `leads/2026/11/${spec.fileName}`;
        await storage.put(objectKey, Readable.from([Buffer.from(spec.fileBytes)]));
        const [file] = await db
          .insert(leadFiles)
          .values({
            leadId: id,
            objectKey,
            originalName: spec.fileName,
            size: spec.fileBytes.length,
            mimeType: "application/pdf",
          })
          .returning({ id: leadFiles.id });
        const author = owner === staff.repA.id ? staff.repA : staff.repB;
        await db
          .insert(leadNotes)
          .values({ leadId: id, authorId: author.id, authorLabel: author.email, body: spec.note });
        records[key] = { ...spec, id, fileId: file?.id ?? 0 };
      }
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function call(
  who: Staff,
  method: string,
  path: string,
  body?: unknown,
  type: "json" | "form" = "json",
) {
  const headers: Record<string, string> = { cookie: `sid=${who.token}` };
  if (method !== "GET") headers.origin = server.url;
  let payload: string | undefined;
  if (body !== undefined && type === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  } else if (body !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body as Record<string, string>).toString();
  }
  return fetch(`${server.url}${path}`, { method, headers, redirect: "manual", body: payload });
}

/** What an answer shows: its status, type, caching and body. */
async function answer(res: Response) {
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cacheControl: res.headers.get("cache-control"),
    body: await res.text(),
  };
}

/** The ways staff type the reference a record's visitor was given ("SIG-000049"). */
const referencesTyped = (r: Owned) => {
  const padded = String(r.id).padStart(6, "0");
  return [`SIG-${padded}`, `sig-${r.id}`, padded];
};

/** Every piece of a record that must not reach someone outside its scope. */
const tracesOf = (r: Owned) => [
  r.name,
  r.email,
  r.company,
  r.note,
  r.fileName,
  `/api/customers/${r.id}/`,
];

function expectOnly(text: string, own: Owned | null, other: Owned, what: string) {
  if (own) {
    expect(text, `${what}: own name`).toContain(own.name);
    expect(text, `${what}: own e-mail`).toContain(own.email);
  }
  for (const trace of tracesOf(other)) expect(text, `${what}: ${trace}`).not.toContain(trace);
}

/** The record as the manager reads it (status, owner, notes), to see that nothing changed. */
async function managerView(r: Owned) {
  const res = await call(staff.manager, "GET", `/api/customers/${r.id}`);
  expect(res.status).toBe(200);
  const c = await res.json();
  return {
    name: c.name,
    status: c.status,
    phase: c.phase,
    dealValueCents: c.dealValueCents,
    assignedTo: c.assignedTo?.id ?? null,
    notes: c.noteEntries.map((n: { body: string }) => n.body),
    files: JSON.parse(c.uploadedFiles).map((f: { originalName: string }) => f.originalName),
  };
}

const cases = () =>
  [
    { rep: staff.repA, label: "rep A", own: records.arden, other: records.brandt },
    { rep: staff.repB, label: "rep B", own: records.brandt, other: records.arden },
  ] as const;

describe("each rep reads only their own record", () => {
  it("the list, X-Total-Count and every filter hold the rep's record alone", async () => {
    for (const { rep, label, own, other } of cases()) {
      const res = await call(rep, "GET", "/api/customers");
      expect(res.status, label).toBe(200);
      expect(res.headers.get("x-total-count"), label).toBe("1");
      expect(res.headers.get("link"), label).toBeNull();
      const text = await res.text();
      const list = JSON.parse(text);
      expect(
        list.map((c: { id: number }) => c.id),
        label,
      ).toEqual([own.id]);
      expect(list[0], label).toMatchObject({
        name: own.name,
        email: own.email,
        company: own.company,
        assignedTo: { id: rep.id, email: rep.email },
      });
      expect(JSON.parse(list[0].uploadedFiles), label).toEqual([
        {
          originalName: own.fileName,
          size: own.fileBytes.length,
          path: `/api/customers/${own.id}/files/${own.fileId}`,
        },
      ]);
      expect(list[0].noteEntries.map((n: { body: string }) => n.body)).toEqual([own.note]);
      expectOnly(text, own, other, `${label} list`);

      // Looking for the other's record by name, e-mail, reference or page finds nothing.
      for (const query of [
        `q=${encodeURIComponent(other.name)}`,
        `q=${encodeURIComponent(other.email)}`,
        `q=${encodeURIComponent(other.company)}`,
        ...referencesTyped(other).map((r) => `q=${encodeURIComponent(r)}`),
        "owner=assigned&offset=1",
        "owner=none",
      ]) {
        const found = await call(rep, "GET", `/api/customers?${query}`);
        expect(found.status, `${label} ${query}`).toBe(200);
        expect(await found.json(), `${label} ${query}`).toEqual([]);
        const total = query.includes("offset") ? "1" : "0";
        expect(found.headers.get("x-total-count"), `${label} ${query}`).toBe(total);
      }
      // The own record's reference finds it.
      for (const reference of referencesTyped(own)) {
        const found = await call(rep, "GET", `/api/customers?q=${encodeURIComponent(reference)}`);
        expect(found.headers.get("x-total-count"), `${label} ${reference}`).toBe("1");
        expect(
          (await found.json()).map((c: { id: number; reference: string }) => [c.id, c.reference]),
          `${label} ${reference}`,
        ).toEqual([[own.id, referencesTyped(own)[0]]]);
      }
      const byStatus = await call(rep, "GET", "/api/customers?status=New&owner=assigned");
      expect(byStatus.headers.get("x-total-count"), label).toBe("1");
      expect((await byStatus.json()).map((c: { id: number }) => c.id)).toEqual([own.id]);
    }
  });

  it("the CSV export has the rep's record alone", async () => {
    for (const { rep, label, own, other } of cases()) {
      const res = await call(rep, "GET", "/api/customers/export");
      expect(res.status, label).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = await res.text();
      const rows = text.trimEnd().split("\r\n");
      expect(rows, label).toHaveLength(2);
      expect(rows[1]?.startsWith(`${own.id},`), label).toBe(true);
      expect(rows[1], label).toContain(own.fileName);
      expect(rows[1], label).toContain(own.note);
      expectOnly(text, own, other, `${label} CSV`);
      for (const q of [other.email, ...referencesTyped(other)]) {
        const searched = await call(rep, "GET", `/api/customers/export?q=${encodeURIComponent(q)}`);
        expect((await searched.text()).trimEnd().split("\r\n"), `${label} ${q}`).toHaveLength(1);
      }
      const byReference = await call(
        rep,
        "GET",
        `/api/customers/export?q=${referencesTyped(own)[0]}`,
      );
      expect(csvColumn(await byReference.text(), "Reference"), label).toEqual([
        referencesTyped(own)[0],
      ]);
    }
  });

  it("every read of /api/customers/:id answers the own record, and a 404 like a missing one for the other's", async () => {
    for (const { rep, label, own, other } of cases()) {
      const detail = await call(rep, "GET", `/api/customers/${own.id}`);
      expect(detail.status, label).toBe(200);
      const detailText = await detail.text();
      expect(JSON.parse(detailText)).toMatchObject({
        id: own.id,
        name: own.name,
        email: own.email,
        assignedTo: { id: rep.id },
        noteEntries: [expect.objectContaining({ body: own.note, authorEmail: rep.email })],
      });
      expectOnly(detailText, own, other, `${label} detail`);

      const notes = await call(rep, "GET", `/api/customers/${own.id}/notes`);
      expect(notes.status, label).toBe(200);
      expect((await notes.json()).map((n: { body: string }) => n.body)).toEqual([own.note]);

      const assignee = await call(rep, "GET", `/api/customers/${own.id}/assignee`);
      expect(assignee.status, label).toBe(200);
      expect((await assignee.json()).assignedTo).toMatchObject({ id: rep.id, email: rep.email });

      const file = await call(rep, "GET", `/api/customers/${own.id}/files/${own.fileId}`);
      expect(file.status, label).toBe(200);
      expect(file.headers.get("content-disposition")).toContain(own.fileName);
      expect(await file.text()).toBe(own.fileBytes);

      // The other's record: word for word what an id nobody has answers.
      for (const suffix of ["", "/notes", "/assignee", `/files/${other.fileId}`]) {
        const theirs = await answer(await call(rep, "GET", `/api/customers/${other.id}${suffix}`));
        const missing = await answer(await call(rep, "GET", `/api/customers/${MISSING}${suffix}`));
        expect(theirs, `${label} GET ${suffix || "detail"}`).toEqual(missing);
        expect(theirs.status).toBe(404);
        expect(theirs.cacheControl).toBe("private, no-store");
        expect(JSON.parse(theirs.body)).toEqual({
          error: suffix.startsWith("/files") ? "File not found." : "Customer not found.",
        });
      }
      // The other's file by way of the rep's own record is not found either.
      const smuggled = await call(rep, "GET", `/api/customers/${own.id}/files/${other.fileId}`);
      expect(smuggled.status, label).toBe(404);
      expect(await smuggled.json()).toEqual({ error: "File not found." });
    }
  });
});

describe("each rep changes only their own record", () => {
  it("status, notes, assignment and delete of the other's record answer what a missing one does, and change nothing", async () => {
    for (const { rep, label, other } of cases()) {
      const before = await managerView(other);
      const writes: [string, string, unknown][] = [
        ["PATCH", "/status", { status: "Closed" }],
        ["POST", "/notes", { note: "Taken over." }],
        ["PUT", "/assignee", { userId: rep.id }],
        ["PATCH", "/assignee", { userId: null }],
        ["DELETE", "", undefined],
      ];
      for (const [method, suffix, body] of writes) {
        const theirs = await answer(
          await call(rep, method, `/api/customers/${other.id}${suffix}`, body),
        );
        const missing = await answer(
          await call(rep, method, `/api/customers/${MISSING}${suffix}`, body),
        );
        expect(theirs, `${label} ${method} ${suffix}`).toEqual(missing);
        // A rep never assigns (decision 0016): refused before any record is read, so the
        // answer is the same for their own, the other's and a missing record.
        const assigning = suffix === "/assignee";
        expect(theirs.status, `${label} ${method} ${suffix}`).toBe(assigning ? 403 : 404);
        expect(JSON.parse(theirs.body)).toEqual({
          error: assigning ? "Only a manager or an admin can assign leads." : "Customer not found.",
        });
        expectOnly(theirs.body, null, other, `${label} ${method} ${suffix}`);
      }
      expect(await managerView(other), label).toEqual(before);
    }
  });

  it("the rep works their own record: status and notes change, assigning is a 403", async () => {
    for (const { rep, label, own, other } of cases()) {
      const status = await call(rep, "PATCH", `/api/customers/${own.id}/status`, {
        status: "Contacted",
      });
      expect(status.status, label).toBe(200);
      const changed = await status.text();
      expect(JSON.parse(changed)).toMatchObject({
        id: own.id,
        name: own.name,
        status: "Contacted",
      });
      expectOnly(changed, own, other, `${label} status`);

      const note = await call(rep, "POST", `/api/customers/${own.id}/notes`, {
        note: `${label} called back.`,
      });
      expect(note.status, label).toBe(201);
      expect(await note.json()).toMatchObject({
        body: `${label} called back.`,
        authorEmail: rep.email,
      });

      const away = await call(rep, "PUT", `/api/customers/${own.id}/assignee`, {
        userId: staff.manager.id,
      });
      expect(away.status, label).toBe(403);
      expect(await away.json()).toEqual({ error: "Only a manager or an admin can assign leads." });

      expect(await managerView(own), label).toMatchObject({
        status: "Contacted",
        assignedTo: rep.id,
        notes: [own.note, `${label} called back.`],
      });
    }
  });
});

describe("the sales dashboard", () => {
  it("the page and its .data request open the rep's own record; the other's is the 404 notice", async () => {
    for (const { rep, label, own, other } of cases()) {
      const page = await call(rep, "GET", "/sales-dashboard");
      expect(page.status, label).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expectOnly(await page.text(), own, other, `${label} dashboard`);
      // The dashboard's search by reference: the own record, never the other's.
      for (const [reference, theirs] of [
        ...referencesTyped(own).map((r) => [r, false] as const),
        ...referencesTyped(other).map((r) => [r, true] as const),
      ]) {
        const searched = await call(
          rep,
          "GET",
          `/sales-dashboard?q=${encodeURIComponent(reference)}`,
        );
        const text = await searched.text();
        expect(searched.status, `${label} ${reference}`).toBe(200);
        expectOnly(text, null, other, `${label} search ${reference}`);
        if (theirs) expect(text, `${label} ${reference}`).not.toContain(own.email);
        else expect(text, `${label} ${reference}`).toContain(own.email);
      }

      for (const suffix of ["", ".data"]) {
        const opened = await call(rep, "GET", `/sales-dashboard${suffix}?customer=${own.id}`);
        expect(opened.status, `${label} ${suffix} own`).toBe(200);
        const openedText = await opened.text();
        expect(openedText).toContain(own.note);
        expect(openedText).toContain(own.fileName);
        expectOnly(openedText, own, other, `${label} ${suffix} own`);

        for (const param of ["customer", "edit", "delete"]) {
          const theirs = await call(rep, "GET", `/sales-dashboard${suffix}?${param}=${other.id}`);
          const missing = await call(rep, "GET", `/sales-dashboard${suffix}?${param}=${MISSING}`);
          expect(theirs.status, `${label} ${suffix} ${param}`).toBe(404);
          expect(missing.status, `${label} ${suffix} ${param}`).toBe(404);
          expect(theirs.headers.get("cache-control")).toBe("private, no-store");
          const text = await theirs.text();
          expect(text, `${label} ${suffix} ${param}`).toContain("Customer not found.");
          // The rep's own table is still there; nothing of the other's.
          expectOnly(text, own, other, `${label} ${suffix} ${param}`);
          expectOnly(await missing.text(), own, other, `${label} ${suffix} ${param} missing`);
        }
      }
    }
  });

  it("the dashboard's record forms refuse the other's record like a missing one, and change nothing", async () => {
    for (const { rep, label, own, other } of cases()) {
      const before = await managerView(other);
      const posts: Record<string, string>[] = [
        { intent: "status", status: "Closed" },
        { intent: "note", note: "Mine now." },
        { intent: "deal", phase: "Closed Won", dealValue: "9000" },
        { intent: "assign", userId: String(rep.id) },
        {
          intent: "update",
          name: "Renamed Person",
          email: "renamed@records.example",
          company: "",
          phone: "",
          phase: "Negotiation",
          dealValue: "100",
        },
        { intent: "delete" },
      ];
      for (const post of posts) {
        for (const suffix of ["", ".data"]) {
          const path = `/sales-dashboard${suffix}`;
          const theirs = await call(rep, "POST", path, { ...post, id: String(other.id) }, "form");
          const missing = await call(rep, "POST", path, { ...post, id: String(MISSING) }, "form");
          const what = `${label} ${post.intent} ${suffix}`;
          const expected = post.intent === "assign" ? 403 : 404;
          expect(theirs.status, what).toBe(expected);
          expect(missing.status, what).toBe(expected);
          const text = await theirs.text();
          expect(text, what).toContain(
            expected === 403
              ? "Only a manager or an admin can assign leads."
              : "Customer not found.",
          );
          expectOnly(text, null, other, what);
          expectOnly(await missing.text(), null, other, `${what} missing`);
        }
      }
      expect(await managerView(other), label).toEqual(before);
      expect((await managerView(own)).name, label).toBe(own.name);
    }
  });
});

describe("a manager", () => {
  it("sees both records in the list, the CSV, every read and the dashboard", async () => {
    const both = [records.arden, records.brandt];
    const manager = staff.manager;
    const list = await call(manager, "GET", "/api/customers?q=-records.example");
    expect(list.headers.get("x-total-count")).toBe("2");
    expect((await list.json()).map((c: { id: number }) => c.id)).toEqual([
      records.brandt.id,
      records.arden.id,
    ]);
    const csv = await (
      await call(manager, "GET", "/api/customers/export?q=-records.example")
    ).text();
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
    const page = await (await call(manager, "GET", "/sales-dashboard")).text();
    for (const r of both) {
      expect(csv).toContain(r.email);
      expect(page).toContain(r.name);
      const detail = await call(manager, "GET", `/api/customers/${r.id}`);
      expect(detail.status).toBe(200);
      expect(await detail.json()).toMatchObject({ name: r.name, email: r.email });
      for (const suffix of ["/notes", "/assignee"]) {
        expect((await call(manager, "GET", `/api/customers/${r.id}${suffix}`)).status).toBe(200);
      }
      const file = await call(manager, "GET", `/api/customers/${r.id}/files/${r.fileId}`);
      expect(await file.text()).toBe(r.fileBytes);
      for (const suffix of ["", ".data"]) {
        const opened = await call(manager, "GET", `/sales-dashboard${suffix}?customer=${r.id}`);
        expect(opened.status).toBe(200);
        const text = await opened.text();
        expect(text).toContain(r.email);
        expect(text).toContain(r.note);
      }
    }
  });
});

describe("deleting", () => {
  it("a rep deletes their own record only; afterwards their list is empty and the other's stays", async () => {
    for (const { rep, label, own, other } of cases()) {
      const res = await call(rep, "DELETE", `/api/customers/${own.id}`);
      expect(res.status, label).toBe(200);
      expect(await res.json()).toEqual({ ok: true, id: own.id });
      const list = await call(rep, "GET", "/api/customers");
      expect(await list.json(), label).toEqual([]);
      expect(list.headers.get("x-total-count"), label).toBe("0");
      const gone = await call(staff.manager, "GET", `/api/customers/${own.id}`);
      expect(gone.status, label).toBe(404);
      if (label === "rep A") {
        // The other's record is still there for its own rep.
        const still = await call(staff.repB, "GET", `/api/customers/${other.id}`);
        expect(still.status).toBe(200);
      }
    }
  });
});
