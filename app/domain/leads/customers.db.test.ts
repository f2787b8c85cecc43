import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  bookings,
  leadFiles,
  leads,
  mailMessages,
  meetingTypes,
  registrations,
  users,
} from "#app/platform/db/schema.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { seatGoesBack } from "#app/web/customer-deletion.server.ts";
import { customersCsv, customerWithConsultations } from "#app/web/customer-detail.server.ts";
import { csvColumn } from "#tests/support/csv.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import {
  addCustomerNote,
  assignCustomer,
  cleanNote,
  deleteCustomer,
  setCustomerDeal,
  setCustomerStatus,
} from "./customer-commands.server.ts";
import { customerJson, getCustomer, listCustomerDetails } from "./customer-detail.server.ts";
import { openCustomerFile } from "./customer-files.server.ts";
import { countCustomers, listCustomers, listSalesReps } from "./customers.server.ts";

let database: Database;
let storage: Storage;
let dataDir: string;
const logger = { error: vi.fn() };

type Staff = { user: PublicUser; ip: string };
let admin: Staff;
let manager: Staff;
let rep: Staff;
let casey: Staff;

beforeEach(async () => {
  database = await createTestDatabase();
  // The demo's sales records are not these tests' business: start from no records.
  await query(database, "delete from leads");
  dataDir = mkdtempSync(join(tmpdir(), "customers-"));
  storage = createLocalStorage(dataDir);
  const rows = await database.db.select().from(users);
  const staff = (role: string, email?: string): Staff => {
    const row = rows.find((r) => (email ? r.email === email : r.role === role));
    if (!row) throw new Error(`no ${email ?? role}`);
    return { user: { ...row, role: row.role as PublicUser["role"] }, ip: "203.0.113.9" };
  };
  admin = staff("admin");
  manager = staff("manager", "manager@example.com");
  rep = staff("sales_rep", "rep@example.com");
  casey = staff("sales_rep", "casey@example.com");
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

async function auditActions() {
  return (await query<{ action: string }>(database, "select action from audit_log")).map(
    (r) => r.action,
  );
}

const page = { offset: 0, limit: 50 };
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe("the customer list", () => {
  it("lists every record newest first, filters by status, owner and text, and counts", async () => {
    const first = await addLead({ name: "Ann Acme", company: "Acme Corp", status: "New" });
    const second = await addLead({
      kind: "registration",
      form: "registration",
      name: "Bo Bell",
      email: "bo@bell.example",
      status: "Qualified",
      source: "",
      assignedTo: rep.user.id,
    });
    const third = await addLead({ name: "Cy 100%", phone: "205-555-0100", status: "Weird" });

    const all = await listCustomers(database.db, admin.user);
    expect(ids(all)).toEqual([third, second, first]);
    expect(all[1]).toMatchObject({
      name: "Bo Bell",
      kind: "registration",
      source: "Direct",
      createdAt: "2026-11-23T20:02:00.000Z",
      mail: "none",
      phase: "New",
      assignedName: "Jordan Reed",
    });
    const list = (filter: Parameters<typeof listCustomers>[2]) =>
      listCustomers(database.db, admin.user, filter).then(ids);
    expect(await list({ status: "Qualified" })).toEqual([second]);
    // An unknown filter lists everything; search matches name, e-mail, company, phone.
    expect(await list({ status: "nope" })).toHaveLength(3);
    expect(await list({ q: "ACME" })).toEqual([first]);
    expect(await list({ q: "bell.example" })).toEqual([second]);
    expect(await list({ q: "555-0100" })).toEqual([third]);
    // % and _ are text, not wildcards.
    expect(await list({ q: "100%" })).toEqual([third]);
    expect(await list({ q: "_" })).toEqual([]);
    expect(await list({ q: "acme", status: "Closed" })).toEqual([]);
    // The New leads queue: no owner and not closed; "assigned": an owner.
    expect(await list({ owner: "none" })).toEqual([third, first]);
    expect(await list({ owner: "assigned" })).toEqual([second]);
    await query(database, `update leads set phase = 'Closed Lost' where id = ${third}`);
    expect(await list({ owner: "none" })).toEqual([first]);

    // Each lead's own e-mails (ids that differ from the lead ids).
    const mail = { template: "a", toAddress: "x@example.com", subject: "S", textBody: "" };
    await database.db.insert(mailMessages).values([
      { ...mail, leadId: second },
      { ...mail, leadId: second },
      { ...mail, leadId: second, status: "failed" },
      { ...mail, leadId: first, status: "sent" },
    ]);
    expect((await listCustomers(database.db, admin.user)).map((c) => c.mail)).toEqual([
      "none",
      "failed",
      "sent",
    ]);

    expect(await countCustomers(database.db, admin.user)).toEqual({
      total: 3,
      matching: 3,
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
    expect(await countCustomers(database.db, admin.user, { q: "acme" })).toMatchObject({
      total: 1,
    });
    expect(await countCustomers(database.db, admin.user, { status: "New" })).toMatchObject({
      total: 3,
      matching: 1,
    });
  });

  it("pages through the database: slices in order, nothing skipped or repeated", async () => {
    for (let i = 0; i < 7; i++) await addLead({ name: `Lead ${i}` });
    const pages = await Promise.all(
      [0, 3, 6].map((offset) => listCustomers(database.db, admin.user, {}, { offset, limit: 3 })),
    );
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((c) => c.name)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Lead ${i}`));
  });

  it("a sales rep sees only their own records, in lists, counts, details and files", async () => {
    const mine = await addLead({ name: "Mine", assignedTo: rep.user.id });
    const theirs = await addLead({ name: "Theirs", assignedTo: casey.user.id });
    const queued = await addLead({ name: "Nobody's" });
    const [file] = await database.db
      .insert(leadFiles)
      .values({
        leadId: theirs,
        objectKey: "leads/2026/11/theirs.pdf",
        originalName: "theirs.pdf",
        size: 4,
        mimeType: "application/pdf",
      })
      .returning({ id: leadFiles.id });
    await storage.put("leads/2026/11/theirs.pdf", Readable.from([Buffer.from("%PDF")]));

    expect(ids(await listCustomers(database.db, rep.user))).toEqual([mine]);
    expect((await countCustomers(database.db, rep.user)).total).toBe(1);
    expect(await getCustomer(database.db, rep.user, theirs)).toBeNull();
    expect(await getCustomer(database.db, rep.user, queued)).toBeNull();
    expect(
      await openCustomerFile(database.db, storage, rep.user, theirs, file?.id ?? 0),
    ).toBeNull();
    const opened = await openCustomerFile(database.db, storage, casey.user, theirs, file?.id ?? 0);
    expect(await text(opened?.body as Readable)).toBe("%PDF");
    // Managers and admins see every record.
    expect(ids(await listCustomers(database.db, manager.user))).toEqual([queued, theirs, mine]);
    expect(await getCustomer(database.db, manager.user, theirs)).not.toBeNull();

    // Every write on another rep's record is "not found", and changes nothing.
    const { mail } = queuedMail(database);
    const refused = { ok: false, reason: "not-found" };
    expect(await setCustomerStatus(database.db, rep, theirs, "Closed")).toMatchObject(refused);
    expect(await addCustomerNote(database.db, rep, theirs, "hi")).toBeNull();
    const deal = { phase: "Closed Won" as const, dealValueCents: 100 };
    expect(await setCustomerDeal(database.db, rep, theirs, deal, "2026-11-27")).toMatchObject(
      refused,
    );
    const services = { db: database.db, storage, logger };
    expect(await deleteCustomer(services, rep, theirs, seatGoesBack())).toMatchObject(refused);
    // And a rep never assigns, not even to themself.
    expect(await assignCustomer(database.db, mail, rep, mine, rep.user.id)).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await assignCustomer(database.db, mail, rep, queued, rep.user.id)).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    const [row] = await query(
      database,
      `select status, phase, assigned_to from leads where id = ${theirs}`,
    );
    expect(row).toEqual({ status: "New", phase: "New", assigned_to: casey.user.id });
    expect(await query(database, "select * from sales_bookings")).toEqual([]);
  });
});

describe("a customer's details", () => {
  it("has its files, notes, e-mails, activity and other records; the API shape encodes lists as JSON", async () => {
    const id = await addLead({
      aiFeatures: ["chatbot", "smart-ux"],
      websiteType: "ecommerce",
      budget: "10k-25k",
      timeline: "asap",
      message: "A store.",
      notes: "Called once.",
    });
    const earlier = await addLead({ form: "general", email: "DANA@example.org" });
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
    await addCustomerNote(database.db, admin, id, "Wants a call on Monday.");

    const c = await getCustomer(database.db, admin.user, id);
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
      notes: [
        {
          body: "Wants a call on Monday.",
          author: "Site Administrator",
          authorEmail: "admin@example.com",
        },
      ],
      mailMessages: [
        { status: "pending", attempts: 0 },
        { status: "failed", attempts: 3, lastError: "550 mailbox unavailable" },
      ],
      registration: null,
      assignee: null,
      activity: [{ message: "Note on Dana Whitfield: Wants a call on Monday." }],
      related: [{ id: earlier, form: "general" }],
    });
    const api = customerJson(c as NonNullable<typeof c>, "America/Chicago");
    expect(JSON.parse(api.aiFeatures)).toEqual(["chatbot", "smart-ux"]);
    expect(JSON.parse(api.uploadedFiles)).toEqual([
      { originalName: "brief.pdf", size: 1_310_720, path: c?.files[0]?.url },
    ]);
    expect(api).toMatchObject({ projectDetails: "A store.", phase: "New", dealValueCents: 0 });
    expect(api.assignedTo).toBeNull();
    expect(api.notes).toMatch(
      /^Called once\.\n\n\[[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T\] Site Administrator \(admin@example\.com\): Wants a call on Monday\.$/,
    );
    expect(await getCustomer(database.db, admin.user, 99999)).toBeNull();
  });

  it("a record's consultations are composed with its detail, newest first, within the viewer's scope", async () => {
    const id = await addLead({ assignedTo: rep.user.id });
    const [type] = await database.db.select({ id: meetingTypes.id }).from(meetingTypes).limit(1);
    if (!type) throw new Error("no seeded meeting type");
    const booking = (status: string, day: number) => {
      const startsAt = new Date(Date.UTC(2026, 11, day, 15));
      const endsAt = new Date(Date.UTC(2026, 11, day, 16));
      return {
        meetingTypeId: type.id,
        consultantId: rep.user.id,
        leadId: id,
        status,
        startsAt,
        endsAt,
        blockedFrom: startsAt,
        blockedUntil: endsAt,
      };
    };
    const rows = await database.db
      .insert(bookings)
      .values([booking("booked", 7), booking("cancelled", 9), booking("held", 11)])
      .returning({ id: bookings.id });
    const shown = await customerWithConsultations(database.db, rep.user, id);
    expect(shown?.consultations.map((c) => [c.id, c.status])).toEqual([
      [rows[1]?.id, "cancelled"],
      [rows[0]?.id, "booked"],
    ]);
    expect(await customerWithConsultations(database.db, casey.user, id)).toBeNull();
  });

  it("a stored aiFeatures that is not a list shows as empty, never as an error", async () => {
    const id = await addLead();
    for (const stored of [`'"not json"'`, `'{"chatbot": true}'`, "'42'", "'null'"]) {
      await query(database, `update leads set ai_features = ${stored}::jsonb where id = ${id}`);
      expect((await getCustomer(database.db, admin.user, id))?.aiFeatures, stored).toEqual([]);
      const [listed] = await listCustomerDetails(database.db, admin.user, {}, page);
      expect(listed?.aiFeatures).toEqual([]);
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
    const c = await getCustomer(database.db, admin.user, id);
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
  it("any status can be set to any other, with its activity line and audit entry", async () => {
    const id = await addLead();
    expect(await setCustomerStatus(database.db, admin, id, "Closed")).toEqual({ ok: true });
    expect(await setCustomerStatus(database.db, manager, id, "New")).toEqual({ ok: true });
    expect((await getCustomer(database.db, admin.user, id))?.status).toBe("New");
    expect(await setCustomerStatus(database.db, admin, 99999, "New")).toMatchObject({
      reason: "not-found",
    });
    const [entry] = await query<{ details: { from: string; to: string }; target: string }>(
      database,
      "select details, target from audit_log where action = 'lead_status_changed' order by id limit 1",
    );
    expect(entry).toEqual({ details: { from: "New", to: "Closed" }, target: `lead:${id}` });
    expect(
      (await getCustomer(database.db, admin.user, id))?.activity.map((a) => a.message),
    ).toEqual([
      "Dana Whitfield: status changed from Closed to New",
      "Dana Whitfield: status changed from New to Closed",
    ]);
  });

  it("notes are timestamped and signed; empty or long notes are refused", async () => {
    const id = await addLead({ assignedTo: rep.user.id });
    const note = await addCustomerNote(database.db, rep, id, "First call done.");
    // Signed with the rep's name, the address as a hint.
    expect(note).toMatchObject({
      body: "First call done.",
      author: "Jordan Reed",
      authorEmail: "rep@example.com",
    });
    expect(note?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The admin's screen shows the rep's note: one list of notes.
    expect((await getCustomer(database.db, admin.user, id))?.notes).toHaveLength(1);
    expect(await addCustomerNote(database.db, admin, 99999, "x")).toBeNull();
    expect(cleanNote("   ")).toEqual({
      ok: false,
      reason: "invalid",
      error: "Please write a note.",
    });
    expect(cleanNote(undefined)).toMatchObject({ ok: false });
    expect(cleanNote("x".repeat(5001))).toMatchObject({ ok: false });
    expect(cleanNote("  ok  ")).toEqual({ ok: true, value: "ok" });
    expect(await auditActions()).toContain("lead_note_added");
  });

  it("a lead is assigned to an enabled sales rep or manager, who is e-mailed", async () => {
    const id = await addLead({ company: "Whitfield Law" });
    const reps = await listSalesReps(database.db);
    // The seeded sales staff: two reps and a manager; no admin or instructor.
    expect(reps.map((r) => r.email).sort()).toEqual([
      "casey@example.com",
      "manager@example.com",
      "rep@example.com",
    ]);
    const { mail, queued } = queuedMail(database);
    expect(await assignCustomer(database.db, mail, manager, id, rep.user.id)).toEqual({ ok: true });
    const c = await getCustomer(database.db, admin.user, id);
    expect(c?.assignee).toEqual({ id: rep.user.id, email: "rep@example.com", name: "Jordan Reed" });
    const sent = await queued();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "rep@example.com",
      subject: "New lead assigned to you: Dana Whitfield - Sigma Technology Partners",
      leadId: id,
    });
    expect(sent[0]?.text).toContain(`https://www.example.com/sales-dashboard?customer=${id}`);
    expect(sent[0]?.html).toContain("Whitfield Law");

    const refused = (reason: string) => ({ ok: false, reason });
    // An admin, an unknown user, a disabled rep: refused as invalid, nothing changes.
    expect(await assignCustomer(database.db, mail, manager, id, admin.user.id)).toMatchObject(
      refused("invalid"),
    );
    expect(await assignCustomer(database.db, mail, manager, id, 99999)).toMatchObject(
      refused("invalid"),
    );
    await query(database, `update users set disabled = true where id = ${casey.user.id}`);
    expect(await assignCustomer(database.db, mail, manager, id, casey.user.id)).toMatchObject(
      refused("invalid"),
    );
    expect(await assignCustomer(database.db, mail, manager, 99999, null)).toMatchObject(
      refused("not-found"),
    );
    // Back to the queue; a manager taking a lead themself gets no e-mail.
    expect(await assignCustomer(database.db, mail, admin, id, null)).toEqual({ ok: true });
    expect(await assignCustomer(database.db, mail, manager, id, manager.user.id)).toEqual({
      ok: true,
    });
    expect(await queued()).toHaveLength(1);
    expect((await auditActions()).filter((a) => a === "lead_assigned")).toHaveLength(3);
  });

  it("two managers assigning the same lead at once: one wins, the other is told and changes nothing", async () => {
    const id = await addLead();
    const { mail, queued } = queuedMail(database);
    // Both forms showed the lead unassigned.
    const results = await Promise.all([
      assignCustomer(database.db, mail, manager, id, rep.user.id, null),
      assignCustomer(database.db, mail, admin, id, casey.user.id, null),
    ]);
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([
      {
        ok: false,
        reason: "conflict",
        error: expect.stringMatching(
          /^Someone else just assigned Dana Whitfield to (Jordan Reed|Casey Lin)\. Nothing was changed\.$/,
        ),
      },
    ]);
    expect(await queued()).toHaveLength(1);
    const [row] = await query<{ assigned_to: number }>(
      database,
      `select assigned_to from leads where id = ${id}`,
    );
    expect([rep.user.id, casey.user.id]).toContain(row?.assigned_to);
    expect((await auditActions()).filter((a) => a === "lead_assigned")).toHaveLength(1);
  });

  it("the deal: Closed Won books its value on the day, with the owner; leaving it removes the booking", async () => {
    const id = await addLead({ assignedTo: rep.user.id });
    const deal = (phase: "Negotiation" | "Closed Won", dealValueCents: number, today: string) =>
      setCustomerDeal(database.db, rep, id, { phase, dealValueCents }, today);
    const bookings = () =>
      query(
        database,
        "select rep_id, customer_id, amount_cents, closed_on::text from sales_bookings",
      );
    expect(await deal("Negotiation", 500_000, "2026-11-20")).toEqual({ ok: true });
    expect(await bookings()).toEqual([]);
    expect(await deal("Closed Won", 600_000, "2026-11-21")).toEqual({ ok: true });
    expect(await bookings()).toEqual([
      { rep_id: rep.user.id, customer_id: id, amount_cents: 600_000, closed_on: "2026-11-21" },
    ]);
    // A new value while won: the day stays.
    expect(await deal("Closed Won", 650_000, "2026-11-25")).toEqual({ ok: true });
    expect(await bookings()).toEqual([
      { rep_id: rep.user.id, customer_id: id, amount_cents: 650_000, closed_on: "2026-11-21" },
    ]);
    // Reassigned: the booking follows the owner.
    const { mail } = queuedMail(database);
    await assignCustomer(database.db, mail, manager, id, casey.user.id);
    expect(await bookings()).toMatchObject([{ rep_id: casey.user.id }]);
    await setCustomerDeal(
      database.db,
      casey,
      id,
      { phase: "Negotiation", dealValueCents: 1 },
      "2026-11-26",
    );
    expect(await bookings()).toEqual([]);
    const lines = (await getCustomer(database.db, admin.user, id))?.activity.map((a) => a.message);
    expect(lines).toContain("Dana Whitfield: phase changed from Negotiation to Closed Won");
    expect(lines).toContain("Dana Whitfield: deal value changed from $6,000 to $6,500");
    expect(lines).toContain("Dana Whitfield: assigned to Casey Lin");
    expect(await auditActions()).toContain("lead_deal_changed");
  });

  it("deleting a registration gives its seat back and removes files, notes, booking and the row; e-mails stay", async () => {
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
    await addCustomerNote(database.db, admin, id, "note");
    await setCustomerDeal(
      database.db,
      admin,
      id,
      { phase: "Closed Won", dealValueCents: 100 },
      "2026-11-27",
    );

    const opened = await openCustomerFile(database.db, storage, admin.user, id, file?.id ?? 0);
    expect(opened?.originalName).toBe("résumé.pdf");
    expect(await text(opened?.body as Readable)).toBe("%PDF-1.4 resume");
    expect(
      await openCustomerFile(database.db, storage, admin.user, id + 1, file?.id ?? 0),
    ).toBeNull();

    const services = { db: database.db, storage, logger };
    expect(await deleteCustomer(services, admin, id, seatGoesBack())).toEqual({
      ok: true,
      value: "Dana Whitfield",
    });
    expect(await getCustomer(database.db, admin.user, id)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    const [seats] = await query<{ seats_taken: number }>(
      database,
      `select seats_taken from cohorts where id = ${cohort.id}`,
    );
    expect(seats?.seats_taken).toBe(4);
    const counts = await query<{ n: number }>(
      database,
      `select (select count(*)::int from lead_notes) + (select count(*)::int from registrations) + (select count(*)::int from lead_files) + (select count(*)::int from sales_bookings) as n`,
    );
    expect(counts[0]?.n).toBe(0);
    expect(await query(database, "select lead_id from mail_messages")).toEqual([{ lead_id: null }]);
    const [entry] = await query<{ details: Record<string, unknown> }>(
      database,
      "select details from audit_log where action = 'lead_deleted'",
    );
    expect(entry?.details).toMatchObject({ kind: "registration", files: 1, cohortId: cohort.id });
    expect(await deleteCustomer(services, admin, id, seatGoesBack())).toMatchObject({
      ok: false,
      reason: "not-found",
    });
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
    const broken = { ...admin, user: { ...admin.user, id: 999999 } };
    // The activity and audit rows refer to a user that does not exist: the transaction rolls back.
    await expect(
      deleteCustomer({ db: database.db, storage, logger }, broken, id, seatGoesBack()),
    ).rejects.toThrow();
    expect(await getCustomer(database.db, admin.user, id)).not.toBeNull();
    expect(await storage.exists(key)).toBe(true);
  });
});

describe("the CSV export", () => {
  const csvOf = async (viewer: PublicUser, filter = {}) => {
    const chunks: string[] = [];
    for await (const chunk of customersCsv(database.db, viewer, filter, "America/Chicago"))
      chunks.push(chunk);
    return chunks.join("");
  };

  it("honours the filter and the scope, escapes formula cells and quotes per RFC 4180", async () => {
    await addLead({
      name: '=HYPERLINK("http://evil.example")',
      company: "Evil, Inc",
      status: "New",
      assignedTo: rep.user.id,
      phase: "Negotiation",
      dealValueCents: 1_250_050,
    });
    await addLead({ name: "Plain Person", phone: "+1 205 555 0100", status: "Closed" });
    const csv = await csvOf(admin.user, { status: "New" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^ID,Reference,Created \(UTC\),Kind,Form,Name,Email,Phone,Company,Owner,Status,Phase,Deal Value,Inquiries,Source,Source Page,/,
    );
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.example"")"');
    expect(lines[1]).toContain('"Evil, Inc"');
    expect(lines[1]).toContain("Jordan Reed,New,Negotiation,12500.50,1,Direct");
    const plain = await csvOf(admin.user, { q: "plain" });
    expect(plain).toContain("'+1 205 555 0100");
    expect(plain.split("\r\n")).toHaveLength(3);
    // A rep's export has their records only.
    expect((await csvOf(casey.user)).trimEnd().split("\r\n")).toHaveLength(1);
    expect((await csvOf(rep.user)).trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("dates are ISO 8601 in UTC, owners are names, coded fields are the labels the site shows", async () => {
    const inquiry = await addLead({
      assignedTo: casey.user.id,
      inquiryType: "enterprise-security",
      websiteType: "saas",
      budget: "25k-50k",
      timeline: "3-4-months",
      aiFeatures: ["chatbot", "ab-testing"],
      createdAt: new Date("2026-12-03T15:15:00.250Z"),
    });
    const registration = await addLead({
      kind: "registration",
      form: "registration",
      name: "Reggie Student",
      email: "reggie@example.org",
      createdAt: new Date("2026-07-01T04:05:06Z"),
    });
    const [cohort] = await query<{ id: number; course_id: number; start_date: string }>(
      database,
      "select id, course_id, start_date::text from cohorts order by id limit 1",
    );
    if (!cohort) throw new Error("no seeded cohort");
    await database.db.insert(registrations).values({
      leadId: registration,
      courseId: cohort.course_id,
      cohortId: cohort.id,
      certificationInterest: "",
      classSchedule: "weeknight-lab",
      startDate: cohort.start_date,
      experience: "1-3",
      paymentMethod: "company-invoice",
      priceCents: 399500,
    });
    const csv = await csvOf(admin.user);
    expect(csvColumn(csv, "ID")).toEqual([String(inquiry), String(registration)]);
    // One width and one zone: sorting the column as text sorts it by time.
    expect(csvColumn(csv, "Created (UTC)")).toEqual([
      "2026-12-03T15:15:00Z",
      "2026-07-01T04:05:06Z",
    ]);
    expect(csvColumn(csv, "Owner")).toEqual(["Casey Lin", ""]);
    expect(csvColumn(csv, "Inquiry Type")).toEqual(["Enterprise Security", ""]);
    expect(csvColumn(csv, "Website Type")).toEqual(["SaaS Platform", ""]);
    expect(csvColumn(csv, "Budget")).toEqual(["$25,000 - $50,000", ""]);
    expect(csvColumn(csv, "Timeline")).toEqual(["3-4 months", ""]);
    expect(csvColumn(csv, "AI Features")).toEqual(["AI Chatbot; Automated A/B Testing", ""]);
    expect(csvColumn(csv, "Start Date")).toEqual(["", cohort.start_date]);
    expect(csvColumn(csv, "Class Schedule")).toEqual([
      "",
      "Monday and Wednesday evenings 7:00 PM to 9:30 PM plus Saturday lab 9:00 AM to 12:00 PM",
    ]);
    expect(csvColumn(csv, "Reference")).toEqual([
      `SIG-${String(inquiry).padStart(6, "0")}`,
      `SIG-${String(registration).padStart(6, "0")}`,
    ]);
  });

  it("streams every row, past any batch size, none cut off", async () => {
    await database.db.insert(leads).values(
      Array.from({ length: 1_203 }, (_, i) => ({
        kind: "inquiry",
        form: "general",
        name: `Person ${i}`,
        email: `p${i}@example.org`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    const lines = (await csvOf(admin.user)).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1_204);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(1_203);
  });
});
