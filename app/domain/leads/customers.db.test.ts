import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { leadFiles, leads, mailMessages, registrations } from "#app/platform/db/schema.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  addCustomerNote,
  assignCustomer,
  cleanNote,
  countCustomers,
  customerJson,
  customersCsv,
  deleteCustomer,
  getCustomer,
  listCustomerDetails,
  listCustomers,
  listSalesReps,
  openCustomerFile,
  setCustomerStatus,
} from "./customers.server.ts";

let database: Database;
let storage: Storage;
let dataDir: string;
const actor = { user: { id: 1, email: "admin@example.com" }, ip: "203.0.113.9" };
const logger = { error: vi.fn() };

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "customers-"));
  storage = createLocalStorage(dataDir);
});
afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let minute = 0;
async function addLead(values: Partial<typeof leads.$inferInsert> = {}) {
  minute += 1;
  const [row] = await database.db
    .insert(leads)
    .values({
      kind: "inquiry",
      form: "ai-design",
      name: "Dana Whitfield",
      email: "dana@example.org",
      createdAt: new Date(Date.UTC(2026, 10, 23, 20, minute)),
      ...values,
    })
    .returning({ id: leads.id });
  return (row as { id: number }).id;
}

async function userId(email: string) {
  const [row] = await query<{ id: number }>(
    database,
    `select id from users where email = '${email}'`,
  );
  return (row as { id: number }).id;
}

async function auditActions() {
  return (await query<{ action: string }>(database, "select action from audit_log")).map(
    (r) => r.action,
  );
}

describe("the customer list", () => {
  it("lists every lead newest first, filters by status and searches", async () => {
    const first = await addLead({ name: "Ann Acme", company: "Acme Corp", status: "New" });
    const second = await addLead({
      kind: "registration",
      form: "registration",
      name: "Bo Bell",
      email: "bo@bell.example",
      status: "Qualified",
      source: "",
    });
    const third = await addLead({ name: "Cy 100%", phone: "205-555-0100", status: "Weird" });

    const all = await listCustomers(database.db);
    expect(all.map((c) => c.id)).toEqual([third, second, first]);
    expect(all[1]).toMatchObject({
      name: "Bo Bell",
      kind: "registration",
      source: "Direct",
      createdLabel: "11/23/2026, 2:02 PM",
      mail: "none",
    });
    expect((await listCustomers(database.db, { status: "Qualified" })).map((c) => c.id)).toEqual([
      second,
    ]);
    // An unknown filter lists everything; search matches name, e-mail, company, phone.
    expect(await listCustomers(database.db, { status: "nope" })).toHaveLength(3);
    expect((await listCustomers(database.db, { q: "ACME" })).map((c) => c.id)).toEqual([first]);
    expect((await listCustomers(database.db, { q: "bell.example" })).map((c) => c.id)).toEqual([
      second,
    ]);
    expect((await listCustomers(database.db, { q: "555-0100" })).map((c) => c.id)).toEqual([third]);
    // % and _ are text, not wildcards.
    expect((await listCustomers(database.db, { q: "100%" })).map((c) => c.id)).toEqual([third]);
    expect(await listCustomers(database.db, { q: "_" })).toEqual([]);
    expect(await listCustomers(database.db, { q: "acme", status: "Closed" })).toEqual([]);

    // Each lead's own e-mails (ids that differ from the lead ids).
    await database.db.insert(mailMessages).values([
      { leadId: second, template: "a", toAddress: "x@example.com", subject: "S", textBody: "" },
      { leadId: second, template: "a", toAddress: "x@example.com", subject: "S", textBody: "" },
      {
        leadId: second,
        template: "b",
        toAddress: "x@example.com",
        subject: "S",
        textBody: "",
        status: "failed",
      },
      {
        leadId: first,
        template: "a",
        toAddress: "x@example.com",
        subject: "S",
        textBody: "",
        status: "sent",
      },
    ]);
    expect((await listCustomers(database.db)).map((c) => c.mail)).toEqual([
      "none",
      "failed",
      "sent",
    ]);

    expect(await countCustomers(database.db)).toEqual({
      total: 3,
      byStatus: {
        New: 1,
        Contacted: 0,
        Qualified: 1,
        "Proposal Sent": 0,
        "In Progress": 0,
        Completed: 0,
        Closed: 0,
        Weird: 1,
      },
    });
    expect((await countCustomers(database.db, "acme")).total).toBe(1);
  });
});

describe("a customer's details", () => {
  it("has its files, notes, e-mails and registration; the API shape encodes lists as JSON", async () => {
    const id = await addLead({
      aiFeatures: ["chatbot", "smart-ux"],
      websiteType: "ecommerce",
      budget: "10k-25k",
      timeline: "asap",
      message: "A store.",
      notes: "Called once.",
    });
    await database.db.insert(leadFiles).values({
      leadId: id,
      objectKey: "leads/2026/11/brief.pdf",
      originalName: "brief.pdf",
      size: 1_310_720,
      mimeType: "application/pdf",
    });
    await database.db.insert(mailMessages).values([
      { leadId: id, template: "a", toAddress: "sales@example.com", subject: "S", textBody: "" },
      {
        leadId: id,
        template: "b",
        toAddress: "dana@example.org",
        subject: "T",
        textBody: "",
        status: "failed",
        attempts: 3,
        lastError: "550 mailbox unavailable",
      },
    ]);
    await addCustomerNote(database.db, id, "Wants a call on Monday.", actor);

    const c = await getCustomer(database.db, id);
    expect(c).toMatchObject({
      id,
      aiFeatures: ["chatbot", "smart-ux"],
      legacyNotes: "Called once.",
      mail: "failed",
      files: [
        {
          originalName: "brief.pdf",
          size: 1_310_720,
          url: `/api/customers/${id}/files/${c?.files[0]?.id}`,
        },
      ],
      notes: [{ body: "Wants a call on Monday.", author: "admin@example.com" }],
      mailMessages: [
        { status: "pending", attempts: 0 },
        { status: "failed", attempts: 3, lastError: "550 mailbox unavailable" },
      ],
      registration: null,
      assignedTo: null,
    });
    const api = customerJson(c as NonNullable<typeof c>);
    expect(JSON.parse(api.aiFeatures)).toEqual(["chatbot", "smart-ux"]);
    expect(JSON.parse(api.uploadedFiles)).toEqual([
      { originalName: "brief.pdf", size: 1_310_720, path: c?.files[0]?.url },
    ]);
    expect(api.projectDetails).toBe("A store.");
    expect(api.notes).toMatch(
      /^Called once\.\n\n\[\d+\/\d+\/\d{4}, \d+:\d\d [AP]M\] admin@example\.com: Wants a call on Monday\.$/,
    );
    expect(await getCustomer(database.db, 99999)).toBeNull();
  });

  it("a stored aiFeatures that is not a list shows as empty, never as an error", async () => {
    const id = await addLead();
    for (const stored of [`'"not json"'`, `'{"chatbot": true}'`, "'42'", "'null'"]) {
      await query(database, `update leads set ai_features = ${stored}::jsonb where id = ${id}`);
      expect((await getCustomer(database.db, id))?.aiFeatures, stored).toEqual([]);
      expect((await listCustomerDetails(database.db))[0]?.aiFeatures).toEqual([]);
    }
  });

  it("a registration shows its course, cohort, schedule, experience and payment method", async () => {
    const id = await addLead({ kind: "registration", form: "registration" });
    const [cohort] = await query<{ id: number; course_id: number; start_date: string }>(
      database,
      "select id, course_id, start_date::text from cohorts order by id limit 1",
    );
    if (!cohort) throw new Error("no seeded cohort");
    await database.db.insert(registrations).values({
      leadId: id,
      courseId: cohort.course_id,
      cohortId: cohort.id,
      certificationInterest: "Old title",
      classSchedule: "evening",
      startDate: cohort.start_date,
      experience: "1-3",
      paymentMethod: "company-invoice",
      priceCents: 399500,
    });
    const c = await getCustomer(database.db, id);
    expect(c?.registration).toMatchObject({
      cohortId: cohort.id,
      startDate: cohort.start_date,
      classSchedule: "evening",
      experience: "1-3",
      paymentMethod: "company-invoice",
      priceCents: 399500,
    });
    expect(c?.registration?.course).not.toBe("Old title");
  });
});

describe("staff commands", () => {
  it("any status can be set to any other, audited; an unknown lead is false", async () => {
    const id = await addLead();
    expect(await setCustomerStatus(database.db, id, "Closed", actor)).toBe(true);
    expect(await setCustomerStatus(database.db, id, "New", actor)).toBe(true);
    expect((await getCustomer(database.db, id))?.status).toBe("New");
    expect(await setCustomerStatus(database.db, 99999, "New", actor)).toBe(false);
    const [entry] = await query<{ details: { from: string; to: string }; target: string }>(
      database,
      "select details, target from audit_log where action = 'lead_status_changed' order by id limit 1",
    );
    expect(entry).toEqual({ details: { from: "New", to: "Closed" }, target: `lead:${id}` });
  });

  it("notes are timestamped and signed; empty or long notes are refused", async () => {
    const id = await addLead();
    const note = await addCustomerNote(database.db, id, "First call done.", actor);
    expect(note).toMatchObject({ body: "First call done.", author: "admin@example.com" });
    expect(note?.createdLabel).toMatch(/^\d+\/\d+\/\d{4}, \d+:\d\d [AP]M$/);
    expect(await addCustomerNote(database.db, 99999, "x", actor)).toBeNull();
    expect(cleanNote("   ")).toEqual({ ok: false, error: "Please write a note." });
    expect(cleanNote(undefined)).toMatchObject({ ok: false });
    expect(cleanNote("x".repeat(5001))).toMatchObject({ ok: false });
    expect(cleanNote("  ok  ")).toEqual({ ok: true, value: "ok" });
    expect(await auditActions()).toContain("lead_note_added");
  });

  it("a lead is assigned to a sales rep or manager, never to another role", async () => {
    const id = await addLead();
    const rep = await userId("rep@example.com");
    const reps = await listSalesReps(database.db);
    // The seeded sales staff: two reps and a manager; no admin or instructor.
    expect(reps.map((r) => r.email).sort()).toEqual([
      "casey@example.com",
      "manager@example.com",
      "rep@example.com",
    ]);
    expect(await assignCustomer(database.db, id, rep, actor)).toBe("ok");
    expect((await getCustomer(database.db, id))?.assignedTo).toEqual({
      id: rep,
      email: "rep@example.com",
      name: reps.find((r) => r.id === rep)?.name,
    });
    expect(await assignCustomer(database.db, id, 1, actor)).toBe("no-rep");
    expect(await assignCustomer(database.db, id, 99999, actor)).toBe("no-rep");
    await query(database, `update users set disabled = true where id = ${rep}`);
    expect(await assignCustomer(database.db, id, rep, actor)).toBe("no-rep");
    expect(await assignCustomer(database.db, 99999, null, actor)).toBe("no-lead");
    expect(await assignCustomer(database.db, id, null, actor)).toBe("ok");
    expect((await getCustomer(database.db, id))?.assignedTo).toBeNull();
    expect((await auditActions()).filter((a) => a === "lead_assigned")).toHaveLength(2);
  });

  it("deleting a registration gives its seat back and removes files, notes, the row; e-mails stay", async () => {
    const id = await addLead({ kind: "registration", form: "registration" });
    const [cohort] = await query<{ id: number; course_id: number; start_date: string }>(
      database,
      "select id, course_id, start_date::text from cohorts order by id limit 1",
    );
    if (!cohort) throw new Error("no seeded cohort");
    await query(database, `update cohorts set seats_taken = 5 where id = ${cohort.id}`);
    await database.db.insert(registrations).values({
      leadId: id,
      courseId: cohort.course_id,
      cohortId: cohort.id,
      certificationInterest: "CCNA",
      classSchedule: "evening",
      startDate: cohort.start_date,
      experience: "0-1",
      paymentMethod: "credit-card",
      priceCents: 100,
    });
    const key = "leads/2026/11/resume.pdf";
    await storage.put(key, Readable.from([Buffer.from("%PDF-1.4 resume")]));
    const [file] = await database.db
      .insert(leadFiles)
      .values({
        leadId: id,
        objectKey: key,
        originalName: "résumé.pdf",
        size: 15,
        mimeType: "application/pdf",
      })
      .returning({ id: leadFiles.id });
    await database.db.insert(mailMessages).values({
      leadId: id,
      template: "a",
      toAddress: "sales@example.com",
      subject: "S",
      textBody: "",
    });
    await addCustomerNote(database.db, id, "note", actor);

    const opened = await openCustomerFile(database.db, storage, id, file?.id ?? 0);
    expect(opened?.originalName).toBe("résumé.pdf");
    expect(await text(opened?.body as Readable)).toBe("%PDF-1.4 resume");
    expect(await openCustomerFile(database.db, storage, id + 1, file?.id ?? 0)).toBeNull();

    const services = { db: database.db, storage, logger };
    expect(await deleteCustomer(services, id, actor)).toBe(true);
    expect(await getCustomer(database.db, id)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    const [seats] = await query<{ seats_taken: number }>(
      database,
      `select seats_taken from cohorts where id = ${cohort.id}`,
    );
    expect(seats?.seats_taken).toBe(4);
    const counts = await query<{ n: number }>(
      database,
      `select (select count(*)::int from lead_notes) + (select count(*)::int from registrations) + (select count(*)::int from lead_files) as n`,
    );
    expect(counts[0]?.n).toBe(0);
    expect(await query(database, "select lead_id from mail_messages")).toEqual([{ lead_id: null }]);
    const [entry] = await query<{ details: Record<string, unknown> }>(
      database,
      "select details from audit_log where action = 'lead_deleted'",
    );
    expect(entry?.details).toMatchObject({ kind: "registration", files: 1, cohortId: cohort.id });
    expect(await deleteCustomer(services, id, actor)).toBe(false);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("a delete that fails part-way keeps everything", async () => {
    const id = await addLead();
    const key = "leads/2026/11/keep.pdf";
    await storage.put(key, Readable.from([Buffer.from("%PDF")]));
    await database.db.insert(leadFiles).values({
      leadId: id,
      objectKey: key,
      originalName: "keep.pdf",
      size: 4,
      mimeType: "application/pdf",
    });
    const broken = { ...actor, user: { id: 999999, email: "ghost@example.com" } };
    // The audit row refers to a user that does not exist: the transaction rolls back.
    await expect(
      deleteCustomer({ db: database.db, storage, logger }, id, broken),
    ).rejects.toThrow();
    expect(await getCustomer(database.db, id)).not.toBeNull();
    expect(await storage.exists(key)).toBe(true);
  });
});

describe("the CSV export", () => {
  it("honours the filter, escapes formula cells and quotes per RFC 4180", async () => {
    await addLead({
      name: '=HYPERLINK("http://evil.example")',
      company: "Evil, Inc",
      status: "New",
    });
    await addLead({ name: "Plain Person", phone: "+1 205 555 0100", status: "Closed" });
    const csv = await customersCsv(database.db, { status: "New" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID,Created,Kind,Name,Email,Phone,Company,Status,Source,/);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.example"")"');
    expect(lines[1]).toContain('"Evil, Inc"');
    const closed = await customersCsv(database.db, { q: "plain" });
    expect(closed).toContain("'+1 205 555 0100");
    expect(closed.split("\r\n")).toHaveLength(3);
  });
});
