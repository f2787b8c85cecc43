// The pipeline's rules from the website's side: later inquiries join an open record, new leads
// are assigned in turn when the setting is on, a leaving user's open records go back to the
// queue, and a registration is a deal of its own that the registrations side closes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import { USER_TEXTS } from "#app/domain/auth/users.schema.ts";
import { registerForCourse } from "#app/domain/training/registrations.server.ts";
import { deleteUserByAdmin, updateUserByAdmin } from "#app/domain/users/users-admin.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { users } from "#app/platform/db/schema.ts";
import type { Outbox } from "#app/platform/mail/outbox.server.ts";
import { customersCsv } from "#app/web/customer-detail.server.ts";
import { handBackOnLeave } from "#app/web/staff-leaving.server.ts";
import { csvColumn } from "#tests/support/csv.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { queuedMail } from "#tests/support/outbox.ts";
import {
  assignCustomer,
  createManualCustomer,
  keepCustomerWithOwner,
  setCustomerDeal,
  updateCustomerRecord,
} from "./customer-commands.server.ts";
import { customerJson, getCustomer, listCustomerDetails } from "./customer-detail.server.ts";
import { countCustomers, listCustomers } from "./customers.server.ts";
import { createLead, type NewLead } from "./leads.server.ts";
import { ADDRESS_TAKEN, registrationCancelled, registrationPaid } from "./pipeline.server.ts";

let database: Database;
type Staff = { user: PublicUser; ip: string };
let admin: Staff;
let rep: Staff;
let casey: Staff;
let mailbox: ReturnType<typeof queuedMail>;

beforeEach(async () => {
  database = await createTestDatabase();
  await query(database, "delete from leads");
  const rows = await database.db.select().from(users);
  const staff = (email: string): Staff => {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`no ${email}`);
    return { user: { ...row, role: row.role as PublicUser["role"] }, ip: "203.0.113.9" };
  };
  admin = staff("admin@example.com");
  rep = staff("rep@example.com");
  casey = staff("casey@example.com");
  mailbox = queuedMail(database);
});
afterEach(async () => {
  await database.close();
});

const deps = () => ({
  db: database.db,
  outbox: mailbox.mail.outbox as Outbox,
  salesEmail: "sales@example.com",
  brand: mailbox.mail.brand,
});

function inquiry(fields: Partial<NewLead> = {}): NewLead {
  return {
    form: "general",
    name: "Dana Whitfield",
    email: "dana@whitfield.example.com",
    phone: "(205) 555-0100",
    company: "Whitfield Law",
    inquiryType: "support",
    message: "Managed IT for 12 desks.",
    source: "Direct",
    sourcePage: "/contact",
    files: [],
    ...fields,
  };
}

const records = () => listCustomers(database.db, admin.user);
const subjects = async () => (await mailbox.queued()).map((m) => `${m.to}: ${m.subject}`);

describe("a second inquiry from the same address", () => {
  it("joins the open record's history; a closed record gets a new one", async () => {
    const first = await createLead(deps(), inquiry());
    const secondPost = inquiry({
      form: "ai-design",
      email: "DANA@Whitfield.example.com",
      inquiryType: "",
      websiteType: "business",
      aiFeatures: ["chatbot"],
      message: "And a new website.",
    });
    const second = await createLead(deps(), secondPost);
    expect(second).toMatchObject({ leadId: first.leadId, duplicate: false });
    expect(second.submissionId).toBeGreaterThan(first.leadId);
    expect(await records()).toHaveLength(1);
    const record = await getCustomer(database.db, admin.user, first.leadId);
    expect(record?.inquiries).toMatchObject([
      {
        form: "ai-design",
        websiteType: "business",
        aiFeatures: ["chatbot"],
        message: "And a new website.",
      },
    ]);
    expect(record?.activity.map((a) => a.message)).toEqual([
      "Dana Whitfield sent another inquiry (AI design inquiry)",
      "Contact form inquiry from Dana Whitfield",
    ]);
    // Sales hears of both, and both e-mails belong to the one record.
    const sent = await mailbox.queued();
    expect(sent.filter((m) => m.to === "sales@example.com")).toHaveLength(2);
    expect(sent.every((m) => m.leadId === first.leadId)).toBe(true);

    // The same post again (a retry): one record, still one history entry.
    const again = await createLead(deps(), { ...secondPost });
    expect(again).toEqual({ ...second, duplicate: true });
    expect((await getCustomer(database.db, admin.user, first.leadId))?.inquiries).toHaveLength(1);

    // Closed: the next inquiry is a new record, and each shows the other in its history.
    await setCustomerDeal(
      database.db,
      admin,
      first.leadId,
      { phase: "Closed Lost", dealValueCents: 0 },
      "2026-11-27",
    );
    const third = await createLead(deps(), inquiry({ message: "Trying again next year." }));
    expect(third.leadId).not.toBe(first.leadId);
    const fresh = await getCustomer(database.db, admin.user, third.leadId);
    expect(fresh?.related.map((r) => r.id)).toEqual([first.leadId]);
    expect(fresh?.inquiries).toEqual([]);
  });

  it("inquiries sent at once from a new address make one record", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createLead(deps(), inquiry({ message: `Message ${i}` }))),
    );
    expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
    expect(await records()).toHaveLength(1);
    const record = await getCustomer(database.db, admin.user, results[0]?.leadId as number);
    expect(record?.inquiries).toHaveLength(4);
  });

  it("a course registration stays a deal of its own, worth its price, in the person's history", async () => {
    const open = await createLead(deps(), inquiry({ email: "jordan@example.org" }));
    const [cohort] = await query<{ id: number; course_id: number; start_date: string }>(
      database,
      "select id, course_id, start_date::text from cohorts where seats_taken < capacity order by id limit 1",
    );
    const [course] = await query<{ title: string; duration: string; price_cents: number }>(
      database,
      `select title, duration, price_cents from courses where id = ${cohort?.course_id}`,
    );
    if (!cohort || !course) throw new Error("no seeded cohort");
    const registered = await registerForCourse(
      deps(),
      {
        certificationInterest: course.title,
        name: "Jordan Reyes",
        email: "jordan@example.org",
        phone: "(205) 555-0188",
        company: "",
        experience: "1-3",
        startDate: cohort.start_date,
        classSchedule: "morning",
        comments: "",
        paymentMethod: "company-invoice",
        course: {
          id: cohort.course_id,
          title: course.title,
          duration: course.duration,
          priceCents: course.price_cents,
        },
        cohortId: cohort.id,
        source: "Direct",
        sourcePage: "/certification-training",
        clientIp: "203.0.113.9",
      },
      new Date(),
    );
    expect(registered.leadId).not.toBe(open.leadId);
    const deal = await getCustomer(database.db, admin.user, registered.leadId);
    expect(deal).toMatchObject({
      form: "registration",
      phase: "New",
      dealValueCents: course.price_cents,
      related: [{ id: open.leadId, form: "general" }],
    });
    expect(deal?.activity.map((a) => a.message)).toEqual(["Course registration from Jordan Reyes"]);

    // The registrations side: paid wins the deal at its value; cancelled loses it. A
    // registration's record books nothing: its earnings are its payments (issue 47).
    const actor = { ...admin };
    await database.db.transaction((tx) =>
      registrationPaid(tx, actor, registered.leadId, 350_000, "2026-11-27"),
    );
    expect(await getCustomer(database.db, admin.user, registered.leadId)).toMatchObject({
      phase: "Closed Won",
      dealValueCents: 350_000,
    });
    expect(await query(database, "select * from sales_bookings")).toEqual([]);
    await database.db.transaction((tx) =>
      registrationCancelled(tx, actor, registered.leadId, "2026-11-28"),
    );
    expect((await getCustomer(database.db, admin.user, registered.leadId))?.phase).toBe(
      "Closed Lost",
    );
    expect(await query(database, "select * from sales_bookings")).toEqual([]);
    expect(
      await database.db.transaction((tx) => registrationPaid(tx, actor, 99999, 1, "2026-11-28")),
    ).toBe(false);
  });
});

describe("automatic assignment", () => {
  it("is off by default: new leads wait in the queue", async () => {
    await createLead(deps(), inquiry());
    expect(await listCustomers(database.db, admin.user, { owner: "none" })).toHaveLength(1);
    expect((await subjects()).some((s) => s.includes("assigned to you"))).toBe(false);
  });

  it("when on, gives each new lead to the next enabled sales rep in turn and e-mails them", async () => {
    await query(
      database,
      `insert into staff_settings (key, value) values ('assign_leads_automatically', '"on"')`,
    );
    const owners: (number | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const { leadId } = await createLead(deps(), inquiry({ email: `p${i}@example.org` }));
      owners.push((await getCustomer(database.db, admin.user, leadId))?.assignedTo ?? null);
    }
    // The two reps by id, taking turns; managers are not in the rotation.
    const reps = [rep.user.id, casey.user.id].sort((a, b) => a - b);
    expect(owners).toEqual([reps[0], reps[1], reps[0], reps[1]]);
    expect((await subjects()).filter((s) => s.includes("New lead assigned to you"))).toHaveLength(
      4,
    );
    // A disabled rep is skipped.
    await query(database, `update users set disabled = true where id = ${reps[1]}`);
    const { leadId } = await createLead(deps(), inquiry({ email: "p9@example.org" }));
    expect((await getCustomer(database.db, admin.user, leadId))?.assignedTo).toBe(reps[0]);
    // A follow-up joins its record and keeps its owner.
    const again = await createLead(
      deps(),
      inquiry({ email: "p0@example.org", message: "A follow-up." }),
    );
    expect((await getCustomer(database.db, admin.user, again.leadId))?.assignedTo).toBe(owners[0]);
  });
});

describe("a user who leaves the sales team", () => {
  it("hands back their open records to New leads; the managers are e-mailed the count", async () => {
    const open = await createLead(deps(), inquiry());
    const won = await createLead(deps(), inquiry({ email: "won@example.org" }));
    const other = await createLead(deps(), inquiry({ email: "casey.lead@example.org" }));
    await query(
      database,
      `update leads set assigned_to = ${rep.user.id} where id in (${open.leadId}, ${won.leadId})`,
    );
    await query(
      database,
      `update leads set assigned_to = ${casey.user.id} where id = ${other.leadId}`,
    );
    await setCustomerDeal(
      database.db,
      rep,
      won.leadId,
      { phase: "Closed Won", dealValueCents: 100 },
      "2026-11-27",
    );
    mailbox.clear();

    expect(
      await updateUserByAdmin(
        database.db,
        rep.user.id,
        { disabled: true },
        admin,
        handBackOnLeave(mailbox.mail, admin),
      ),
    ).toMatchObject({ ok: true });
    const queue = await listCustomers(database.db, admin.user, { owner: "none" });
    expect(queue.map((c) => c.id)).toEqual([open.leadId]);
    // The won deal stays Jordan's (history); Casey's is untouched.
    expect((await getCustomer(database.db, admin.user, won.leadId))?.assignedTo).toBe(rep.user.id);
    expect((await getCustomer(database.db, admin.user, other.leadId))?.assignedTo).toBe(
      casey.user.id,
    );
    expect(await subjects()).toEqual([
      "manager@example.com: 1 open lead back in New leads - Sigma Technology Partners",
    ]);
    expect((await mailbox.queued())[0]?.text).toContain("Jordan Reed's account was disabled");
    expect((await getCustomer(database.db, admin.user, open.leadId))?.activity[0]?.message).toBe(
      "Dana Whitfield: returned to New leads (Jordan Reed left)",
    );

    // Deleting Casey: the same for Casey's open record.
    mailbox.clear();
    expect(
      await deleteUserByAdmin(
        database.db,
        casey.user.id,
        admin,
        handBackOnLeave(mailbox.mail, admin),
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(
      (await listCustomers(database.db, admin.user, { owner: "none" })).map((c) => c.id),
    ).toEqual([other.leadId, open.leadId]);
    expect(await subjects()).toEqual([
      "manager@example.com: 1 open lead back in New leads - Sigma Technology Partners",
    ]);
    expect((await mailbox.queued())[0]?.text).toContain("was deleted");
    const audits = await query<{ action: string }>(
      database,
      "select action from audit_log where action = 'leads_requeued'",
    );
    expect(audits).toHaveLength(2);
  });

  it("a rep given a role outside sales hands back too; nothing is e-mailed when nothing was open", async () => {
    expect(
      await updateUserByAdmin(
        database.db,
        casey.user.id,
        { role: "instructor" },
        admin,
        handBackOnLeave(mailbox.mail, admin),
      ),
    ).toMatchObject({ ok: true });
    expect(await mailbox.queued()).toEqual([]);
    const lead = await createLead(deps(), inquiry());
    await query(
      database,
      `update leads set assigned_to = ${rep.user.id} where id = ${lead.leadId}`,
    );
    mailbox.clear();
    await updateUserByAdmin(
      database.db,
      rep.user.id,
      { role: "student" },
      admin,
      handBackOnLeave(mailbox.mail, admin),
    );
    expect((await getCustomer(database.db, admin.user, lead.leadId))?.assignedTo).toBeNull();
    expect(await subjects()).toEqual([
      "manager@example.com: 1 open lead back in New leads - Sigma Technology Partners",
    ]);
  });

  it("a request refused after its hand-back hands nothing back and e-mails no one", async () => {
    const lead = await createLead(deps(), inquiry());
    await query(
      database,
      `update leads set assigned_to = ${rep.user.id} where id = ${lead.leadId}`,
    );
    mailbox.clear();
    // One request: leaving sales hands the record back and e-mails the managers, then disabling
    // one's own account is refused, which rolls all of it back, the e-mail included.
    expect(
      await updateUserByAdmin(
        database.db,
        rep.user.id,
        { role: "student", disabled: true },
        rep,
        handBackOnLeave(mailbox.mail, rep),
      ),
    ).toEqual({ ok: false, reason: "conflict", error: USER_TEXTS.ownAccountDisable });
    expect(await mailbox.queued()).toEqual([]);
    expect((await getCustomer(database.db, admin.user, lead.leadId))?.assignedTo).toBe(rep.user.id);
    expect(
      await query(database, `select role, disabled from users where id = ${rep.user.id}`),
    ).toEqual([{ role: "sales_rep", disabled: false }]);
    expect(
      await query(database, "select action from audit_log where action = 'leads_requeued'"),
    ).toEqual([]);
  });
});

describe("records stay with their owner", () => {
  const values = (email: string, name = "Morgan Lee") => ({
    name,
    email,
    company: "Lee Dental",
    phone: "205-555-0111",
    phase: "Free MVP" as const,
    dealValueCents: 0,
    repId: null,
    note: "",
  });

  it("a rep cannot claim an address another open record has; the answer names no one", async () => {
    const mine = await createManualCustomer(
      database.db,
      casey,
      values("morgan@lee.example"),
      "2026-11-27",
    );
    expect(mine.ok).toBe(true);
    const before = (await records()).length;
    // Another rep, any case of the address: refused, nothing stored, no record or owner named.
    const claim = await createManualCustomer(
      database.db,
      rep,
      values("MORGAN@lee.example", "M. Lee"),
      "2026-11-27",
    );
    expect(claim).toEqual({
      ok: false,
      reason: "conflict",
      error: ADDRESS_TAKEN,
      fieldErrors: { email: ADDRESS_TAKEN },
    });
    expect(JSON.stringify(claim)).not.toMatch(/casey|Morgan Lee|#\d/i);
    expect((await records()).length).toBe(before);
    // Nor by editing their own record's address to it.
    const own = await createManualCustomer(
      database.db,
      rep,
      values("other@lee.example"),
      "2026-11-27",
    );
    if (!own.ok) throw new Error("not stored");
    const moved = await updateCustomerRecord(
      database.db,
      mailbox.mail,
      rep,
      own.value,
      values("morgan@lee.example"),
      "2026-11-27",
    );
    expect(moved).toMatchObject({ ok: false, reason: "conflict", error: ADDRESS_TAKEN });
    // An address whose records are all closed is free again.
    await setCustomerDeal(
      database.db,
      admin,
      mine.ok ? mine.value : 0,
      { phase: "Closed Lost", dealValueCents: 0 },
      "2026-11-27",
    );
    expect(
      (await createManualCustomer(database.db, rep, values("morgan@lee.example"), "2026-11-27")).ok,
    ).toBe(true);
  });

  it("a website inquiry joining an owned record is announced in New leads and to the owner; the visitor gets its own reference", async () => {
    const manager = (await database.db.select().from(users)).find(
      (u) => u.email === "manager@example.com",
    );
    const managerActor = { user: { ...manager, role: "manager" } as PublicUser, ip: "203.0.113.9" };
    // The rep added the prospect by hand before they ever wrote.
    const added = await createManualCustomer(
      database.db,
      rep,
      values("morgan@lee.example"),
      "2026-11-27",
    );
    if (!added.ok) throw new Error("not stored");
    mailbox.clear();
    const stored = await createLead(
      deps(),
      inquiry({ email: "morgan@lee.example", name: "Morgan Lee" }),
    );
    expect(stored.leadId).toBe(added.value);
    // The visitor's reference is the inquiry's own number, never the record's.
    expect(stored.submissionId).not.toBe(added.value);
    const sent = await mailbox.queued();
    const acknowledgement = sent.find((m) => m.template === "inquiry-acknowledgement");
    expect(acknowledgement?.subject).toContain(`-${String(stored.submissionId).padStart(6, "0")}`);
    expect(acknowledgement?.text).not.toContain(String(added.value).padStart(6, "0"));
    // The owner is told; the managers see it in New leads as a returning contact.
    expect(sent.filter((m) => m.template === "returning-contact").map((m) => m.to)).toEqual([
      "rep@example.com",
    ]);
    const queue = await listCustomers(database.db, managerActor.user, { owner: "none" });
    expect(queue.map((r) => [r.id, r.assignedTo, Boolean(r.returnedAt)])).toEqual([
      [added.value, rep.user.id, true],
    ]);
    // A manager keeps it with its owner: it leaves New leads, with an activity line.
    expect(await keepCustomerWithOwner(database.db, managerActor, added.value)).toEqual({
      ok: true,
    });
    expect(await listCustomers(database.db, managerActor.user, { owner: "none" })).toEqual([]);
    const record = await getCustomer(database.db, admin.user, added.value);
    expect(record?.activity[0]?.message).toMatch(/kept with .* after writing again/);
    // A rep cannot keep or assign (403), and a record that is not returning is a 404.
    expect(await keepCustomerWithOwner(database.db, rep, added.value)).toMatchObject({
      reason: "forbidden",
    });
    expect(await keepCustomerWithOwner(database.db, managerActor, added.value)).toMatchObject({
      reason: "not-found",
    });
    // The next inquiry flags it again; an assignment settles it too.
    await createLead(deps(), inquiry({ email: "morgan@lee.example", message: "Any news?" }));
    expect(await listCustomers(database.db, managerActor.user, { owner: "none" })).toHaveLength(1);
    await assignCustomer(database.db, mailbox.mail, managerActor, added.value, casey.user.id);
    expect(await listCustomers(database.db, managerActor.user, { owner: "none" })).toEqual([]);
  });
});

describe("the reference a visitor is given", () => {
  /** The reference the newest acknowledgement gave its visitor ("Your reference: SIG-000049"). */
  async function lastReference(): Promise<string> {
    const sent = await mailbox.queued();
    const acknowledgement = sent.filter((m) => m.template === "inquiry-acknowledgement").at(-1);
    const reference = /Your reference: (\S+)/.exec(acknowledgement?.text ?? "")?.[1];
    if (!reference) throw new Error("no acknowledgement");
    return reference;
  }

  /** What a search finds for `viewer`: the list, its count and the API's details agree. */
  async function found(viewer: PublicUser, q: string): Promise<number[]> {
    const [listed, counted, details] = await Promise.all([
      listCustomers(database.db, viewer, { q }),
      countCustomers(database.db, viewer, { q }),
      listCustomerDetails(database.db, viewer, { q }, { offset: 0, limit: 50 }),
    ]);
    const ids = listed.map((r) => r.id);
    expect(counted.total, q).toBe(ids.length);
    expect(
      details.map((d) => d.id),
      q,
    ).toEqual(ids);
    return ids;
  }

  it("finds the record its submission made or joined, within the viewer's scope only", async () => {
    const first = await createLead(deps(), inquiry());
    const firstReference = await lastReference();
    expect(firstReference).toBe(`SIG-${String(first.leadId).padStart(6, "0")}`);
    await assignCustomer(database.db, mailbox.mail, admin, first.leadId, rep.user.id);
    // The same person writes again: the inquiry joins the record with a number of its own.
    const later = await createLead(deps(), inquiry({ message: "Any news on the quote?" }));
    expect(later.leadId).toBe(first.leadId);
    const laterReference = await lastReference();
    expect(laterReference).toBe(`SIG-${String(later.submissionId).padStart(6, "0")}`);
    // Someone else's record, Casey's.
    const other = await createLead(
      deps(),
      inquiry({ name: "Sam Okafor", email: "sam@okafor.example.com", company: "Okafor Farms" }),
    );
    const otherReference = await lastReference();
    await assignCustomer(database.db, mailbox.mail, admin, other.leadId, casey.user.id);

    const typed = [
      firstReference,
      firstReference.toLowerCase(),
      `sig-${first.leadId}`,
      firstReference.slice(4),
      laterReference,
      `SIG ${later.submissionId}`,
      laterReference.slice(4),
    ];
    for (const q of typed) {
      expect(await found(admin.user, q), q).toEqual([first.leadId]);
      expect(await found(rep.user, q), q).toEqual([first.leadId]);
      // Another rep never finds it this way.
      expect(await found(casey.user, q), q).toEqual([]);
    }
    expect(await found(casey.user, otherReference)).toEqual([other.leadId]);
    expect(await found(rep.user, otherReference)).toEqual([]);
    // Text that is no reference still searches the text only.
    expect(await found(admin.user, "Okafor")).toEqual([other.leadId]);

    // The record names its references: its own, and each later inquiry's.
    const record = await getCustomer(database.db, rep.user, first.leadId);
    if (!record) throw new Error("no record");
    expect(record.reference).toBe(firstReference);
    expect(record.inquiries.map((q) => q.reference)).toEqual([laterReference]);
    expect(customerJson(record, "America/Chicago")).toMatchObject({
      reference: firstReference,
      inquiries: [{ reference: laterReference }],
    });

    // The CSV has them too, found by the later inquiry's reference.
    let csv = "";
    const stream = customersCsv(database.db, admin.user, { q: laterReference }, "UTC");
    for await (const chunk of stream) csv += chunk;
    expect(csvColumn(csv, "ID")).toEqual([String(first.leadId)]);
    expect(csvColumn(csv, "Reference")).toEqual([`${firstReference}; ${laterReference}`]);
  });
});
