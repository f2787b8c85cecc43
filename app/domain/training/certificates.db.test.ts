// Completion and certificates (issue 46): after the cohort's last class, a student who attended
// the course's share of the held classes is confirmed, which completes the registration and
// issues one certificate (its PDF stored as issued, read back by pdftotext; its credential
// verified by PyJWT with the published key; the student e-mailed); twenty confirmations at once
// issue one; revoking says so on the public record; nobody else reaches the PDF.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { publishedKeys } from "#app/platform/signing-keys.server.ts";
import { createLocalStorage, type Storage } from "#app/platform/storage/storage.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import { verifyWithPyJwt } from "#tests/support/jwt.ts";
import { type RegistrationFixture, registrationFixture } from "#tests/support/registrations.ts";
import {
  certificateFileFor,
  issueCertificate,
  publicCertificate,
  revokeCertificate,
} from "./certificates.server.ts";
import { cohortSessions, planCohortSessions } from "./class-sessions.server.ts";
import { cohortCompletion } from "./completion.server.ts";
import { CERTIFICATE_ID } from "./completion.ts";

let database: Database;
let fx: RegistrationFixture;
let storage: Storage;
let dir: string;
let zoe: number;
let sam: number;
/** The cohort of April 5, 2027: ten morning classes, the last on Tuesday, April 20. */
const DURING = new Date("2027-04-19T15:00:00Z");
const AFTER = new Date("2027-04-21T15:00:00Z");

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  dir = mkdtempSync(join(tmpdir(), "certificates-"));
  storage = createLocalStorage(dir);
  await planCohortSessions(database.db, [fx.april5]);
  zoe = await fx.register("zoe@example.org", { name: "Zoe Nguyen", confirmed: true });
  sam = await fx.register("sam@example.org", { name: "Sam Okafor", confirmed: true });
  // Zoë came to 9 of the 10 classes (one of them late), Sam to 7: the rule is 80 %.
  const sessions = await cohortSessions(database.db, fx.april5);
  expect(sessions).toHaveLength(10);
  for (const [i, session] of sessions.entries()) {
    const marks: [number, string][] = [
      [zoe, i === 9 ? "absent" : i === 3 ? "late" : "present"],
      [sam, i < 7 ? "present" : "excused"],
    ];
    for (const [registration, mark] of marks) {
      await query(
        database,
        `insert into class_attendance (session_id, registration_id, mark, marked_at)
           values (${session.id}, ${registration}, '${mark}', now())`,
      );
    }
  }
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const services = () => ({ db: database.db, storage, mail: fx.services.mail });
const issue = (registrationId: number, name: string, now = AFTER, cohortId = fx.april5) =>
  issueCertificate(
    services(),
    fx.admin,
    { registrationId, cohortId, name },
    now,
    now.toISOString().slice(0, 10),
  );
const stored = () =>
  query<{ id: string; registration_id: number; name: string; storage_key: string }>(
    database,
    "select id, registration_id, name, storage_key from certificates order by registration_id",
  );
const storedFiles = async () => {
  const keys: string[] = [];
  for await (const object of storage.list("certificates/")) keys.push(object.key);
  return keys;
};

describe("who completed", () => {
  it("counts each student's held classes attended against the course's rule, once the last is over", async () => {
    const during = await cohortCompletion(database.db, fx.april5, DURING);
    expect(during).toMatchObject({ rulePercent: 80, over: false });
    const after = await cohortCompletion(database.db, fx.april5, AFTER);
    expect(after).toEqual({
      rulePercent: 80,
      over: true,
      lastDay: "2027-04-20",
      students: [
        {
          registrationId: sam,
          name: "Sam Okafor",
          email: "sam@example.org",
          standing: { attended: 7, held: 10, percent: 70, meets: false },
          certificate: null,
        },
        {
          registrationId: zoe,
          name: "Zoe Nguyen",
          email: "zoe@example.org",
          standing: { attended: 9, held: 10, percent: 90, meets: true },
          certificate: null,
        },
      ],
    });
  });

  it("leaves a cancelled class out of the held ones, and follows the course's own rule", async () => {
    const [last] = (await cohortSessions(database.db, fx.april5)).slice(-1);
    await query(database, `update class_sessions set status = 'cancelled' where id = ${last?.id}`);
    await query(database, `update courses set completion_percent = 70 where id = ${fx.course.id}`);
    const after = await cohortCompletion(database.db, fx.april5, AFTER);
    expect(after?.students.map((s) => [s.name, s.standing])).toEqual([
      ["Sam Okafor", { attended: 7, held: 9, percent: 77, meets: true }],
      ["Zoe Nguyen", { attended: 9, held: 9, percent: 100, meets: true }],
    ]);
  });
});

describe("issuing a certificate", () => {
  it("completes the registration, stores the PDF as issued, signs the credential and e-mails the student", async () => {
    const answer = await issue(zoe, "  Zoë   Nguyễn ");
    const [row] = await stored();
    expect(row?.id).toMatch(CERTIFICATE_ID);
    const id = row?.id ?? "";
    expect(answer).toEqual({
      ok: true,
      value: `Zoë Nguyễn's certificate ${id} is issued; they were e-mailed.`,
    });
    expect(await fx.statusOf(zoe)).toBe("completed");
    expect(row).toMatchObject({ registration_id: zoe, name: "Zoë Nguyễn" });
    // The PDF as issued is the one e-mailed; read by poppler.
    const issued = await buffer(await storage.get(row?.storage_key ?? ""));
    const mails = await fx.queued();
    expect(mails.map((m) => [m.to, m.template])).toEqual([
      ["zoe@example.org", "certificate-issued"],
    ]);
    const attachment = mails[0]?.attachments?.find((a) => a.contentType === "application/pdf");
    expect(attachment?.filename).toBe(`certificate-${id}.pdf`);
    expect(Buffer.from(attachment?.content ?? "", "base64").equals(issued)).toBe(true);
    const pdf = join(dir, "read.pdf");
    writeFileSync(pdf, issued);
    const words = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    for (const expected of ["Zoë Nguyễn", "Test Networking", id, "40 hours", "April 5, 2027"]) {
      expect(words).toContain(expected);
    }
    expect(words).toContain(`https://www.example.com/certificates/${id}`);
    // The credential, verified by someone else's software with the published key.
    const found = await publicCertificate(database.db, id);
    const claims = verifyWithPyJwt(found?.credential ?? "", await publishedKeys(database.db), {
      asOf: AFTER,
    });
    expect(claims).toMatchObject({
      iss: "https://www.example.com",
      jti: `https://www.example.com/certificates/${id}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      credentialSubject: { achievement: { name: "Test Networking" } },
    });
    expect(JSON.stringify(claims.credentialSubject)).toContain("Zoë Nguyễn");
    const audit = await query(
      database,
      "select action, target from audit_log where action = 'certificate_issued'",
    );
    expect(audit).toEqual([{ action: "certificate_issued", target: `registration:${zoe}` }]);
  });

  it("prints the hours of the classes held when the course's duration names none", async () => {
    await query(database, `update courses set duration = '2 Weeks' where id = ${fx.course.id}`);
    await issue(zoe, "Zoe Nguyen");
    const [row] = await stored();
    // Ten morning classes of four hours.
    expect((await publicCertificate(database.db, row?.id ?? ""))?.hours).toBe(40);
  });

  it("twenty confirmations at once issue one certificate, one file and one e-mail", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => issue(zoe, "Zoe Nguyen")));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(new Set(answers.filter((a) => !a.ok).map((a) => !a.ok && a.error))).toEqual(
      new Set(["A certificate was already issued for this registration."]),
    );
    expect(await stored()).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(1);
    expect(await fx.queued()).toHaveLength(1);
  });

  it("refuses before the last class, below the rule, another cohort's student and a bad name: nothing changes", async () => {
    expect(await issue(zoe, "Zoe Nguyen", DURING)).toEqual({
      ok: false,
      reason: "conflict",
      error: "The course is not over yet: certificates are issued after its last class.",
    });
    expect(await issue(sam, "Sam Okafor")).toEqual({
      ok: false,
      reason: "conflict",
      error: "7 of 10 classes attended (70 %): the course asks 80 %.",
    });
    expect(await issue(zoe, "Zoe Nguyen", AFTER, fx.april19)).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    for (const [name, error] of [
      ["   ", "Name is required: it is printed on the certificate."],
      ["x".repeat(121), "Name must be 120 characters or fewer."],
      ["Zoe\nNguyen", "Name must be plain text on one line."],
      ["Zoe\u0000", "Name must be plain text on one line."],
    ]) {
      expect(await issue(zoe, name as string)).toEqual({
        ok: false,
        reason: "invalid",
        error,
        fieldErrors: { name: error },
      });
    }
    expect(await stored()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await fx.statusOf(zoe)).toBe("pending");
    expect(await fx.queued()).toEqual([]);
  });
});

describe("a certificate after issue", () => {
  it("is public by its ID until revoked; revoked, it says so; a forged ID is nothing", async () => {
    await issue(zoe, "Zoe Nguyen");
    const [row] = await stored();
    const id = row?.id ?? "";
    expect(await publicCertificate(database.db, id)).toMatchObject({
      id,
      name: "Zoe Nguyen",
      courseTitle: "Test Networking",
      hours: 40,
      startDay: "2027-04-05",
      endDay: "2027-04-20",
      revokedAt: null,
    });
    const forged = id.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(await publicCertificate(database.db, forged)).toBeNull();
    expect(await publicCertificate(database.db, "../../etc/passwd")).toBeNull();

    const revoke = (reason: string, cohortId = fx.april5, certificate = id) =>
      revokeCertificate(database.db, fx.admin, { id: certificate, cohortId, reason }, AFTER);
    expect(await revoke("  ")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await revoke("Wrong student", fx.april19)).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await revoke("Wrong student", fx.april5, forged)).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect((await publicCertificate(database.db, id))?.revokedAt).toBeNull();
    const answers = await Promise.all(Array.from({ length: 5 }, () => revoke("Issued in error")));
    expect(answers.filter((a) => a.ok)).toEqual([
      { ok: true, value: `Certificate ${id} is revoked.` },
    ]);
    expect((await publicCertificate(database.db, id))?.revokedAt).toEqual(AFTER);
    const audit = await query(
      database,
      "select count(*)::int as n from audit_log where action = 'certificate_revoked'",
    );
    expect(audit).toEqual([{ n: 1 }]);
  });

  it("gives its PDF to its student only", async () => {
    await issue(zoe, "Zoe Nguyen");
    const [row] = await stored();
    const id = row?.id ?? "";
    expect(
      await certificateFileFor(database.db, { email: "ZOE@example.org", role: "student" }, id),
    ).toEqual({ storageKey: row?.storage_key, fileName: `certificate-${id}.pdf` });
    for (const someone of [
      { email: "sam@example.org", role: "student" as const },
      { email: "zoe@example.org", role: "admin" as const },
      { email: "zoe@example.org", role: "instructor" as const },
    ]) {
      expect(await certificateFileFor(database.db, someone, id)).toBeNull();
    }
  });
});
