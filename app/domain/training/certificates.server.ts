// Certificates (issue 46, decision 0024). After a cohort's last class staff see each student's
// standing against the course's rule (completion.server.ts) and confirm: confirming completes the
// registration and issues its certificate in one transaction. A certificate is made once (a PDF
// in storage, its text in `certificates`, an Open Badges credential signed with the site's key)
// and never made again; an admin may revoke it with a reason. Anyone can verify it at its public
// address. Training owns `certificates`.
import { randomInt } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import { certificates, courses, leads, registrations } from "#app/platform/db/schema.ts";
import { isRefusedText } from "#app/platform/input-text.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";
import { certificatePdf } from "./certificate-pdf.server.ts";
import { courseHours, meetingMinutes } from "./class-sessions.ts";
import { attendedCounts, heldClasses } from "./completion.server.ts";
import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_ID,
  CERTIFICATE_NAME_MAX,
  COMPLETION_TEXTS,
  certificatePath,
  REVOKE_REASON_MAX,
  standingOf,
} from "./completion.ts";
import { coursePath } from "./course-detail.server.ts";
import { signAchievementCredential } from "./open-badge.server.ts";
import { ownedBy } from "./portal.server.ts";
import { completeWithin } from "./registration-admin.server.ts";

/** Where the issued PDFs are stored (the clean-up's owner check knows it). */
export const CERTIFICATES_PREFIX = "certificates";

const notFound = failure("not-found", COMPLETION_TEXTS.certificateNotFound);

/** A new public ID (60 random bits), e.g. "K7QD-M2XP-94TR". */
function newCertificateId(): string {
  const chars = Array.from(
    { length: 12 },
    () => CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)],
  );
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

const storageKeyOf = (id: string) => `${CERTIFICATES_PREFIX}/${id.toLowerCase()}.pdf`;

/** The name as it is to be printed, or why it cannot be. */
function printedName(raw: string): Result<string> {
  const name = raw.trim().replace(/\s+/g, " ");
  const refuse = (message: string) =>
    failure("invalid", message, { name: message }) satisfies Result<string>;
  if (isRefusedText(raw) || /[\r\n\t]/.test(raw.trim()))
    return refuse(COMPLETION_TEXTS.nameControl);
  if (!name) return refuse(COMPLETION_TEXTS.nameRequired);
  if (name.length > CERTIFICATE_NAME_MAX) return refuse(COMPLETION_TEXTS.nameTooLong);
  return success(name);
}

export interface CertificateServices {
  db: Db;
  storage: Storage;
  mail: StaffMail;
}

/**
 * Confirms a student's completion: once the cohort's last class is over and the student meets
 * the course's rule, the registration is completed and its certificate issued (the PDF stored,
 * the credential signed, the student e-mailed with the PDF), all or nothing. The name may be
 * corrected here; it is printed as given. A registration has one certificate: a second
 * confirmation, however many arrive at once, is refused.
 */
export async function issueCertificate(
  services: CertificateServices,
  actor: Actor,
  input: { registrationId: number; cohortId: number; name: string },
  now: Date,
  today: string,
): Promise<Result<string>> {
  const name = printedName(input.name);
  if (!name.ok) return name;
  const { brand } = services.mail;
  const id = newCertificateId();
  const key = storageKeyOf(id);
  let stored = false;
  try {
    return await services.db.transaction(async (tx) => {
      // The registration's row is the lock every confirmation of it waits on.
      const [reg] = await tx
        .select({
          cohortId: registrations.cohortId,
          status: registrations.status,
          title: courses.title,
          slug: courses.slug,
          kind: courses.kind,
          description: courses.description,
          duration: courses.duration,
          rulePercent: courses.completionPercent,
        })
        .from(registrations)
        .innerJoin(courses, eq(courses.id, registrations.courseId))
        .where(eq(registrations.id, input.registrationId))
        .for("update", { of: registrations });
      if (!reg || reg.cohortId !== input.cohortId) {
        return failure("not-found", COMPLETION_TEXTS.notFound);
      }
      const [existing] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.registrationId, input.registrationId));
      if (existing) return failure("conflict", COMPLETION_TEXTS.alreadyIssued);
      const { held, over } = await heldClasses(tx, reg.cohortId, now);
      if (!over) return failure("conflict", COMPLETION_TEXTS.notOver);
      const counts = await attendedCounts(
        tx,
        held.map((s) => s.id),
        [input.registrationId],
      );
      const standing = standingOf(
        counts.get(input.registrationId) ?? 0,
        held.length,
        reg.rulePercent,
      );
      if (!standing.meets) {
        return failure("conflict", COMPLETION_TEXTS.belowRule(standing, reg.rulePercent));
      }
      const completed = await completeWithin(tx, actor, input.registrationId, now, today);
      if (!completed.ok) return completed;
      const student = completed.value;
      const document = {
        id,
        name: name.value,
        courseTitle: reg.title,
        // The course's hours; a duration that names none: the hours of the classes held.
        hours: Math.round(
          courseHours(reg.duration) ??
            held.reduce(
              (sum, s) => sum + meetingMinutes({ start: s.startTime, end: s.endTime }),
              0,
            ) / 60,
        ),
        startDay: held[0]?.day ?? today,
        endDay: held.at(-1)?.day ?? today,
        issuedOn: today,
        verifyUrl: `${brand.siteUrl}${certificatePath(id)}`,
      };
      const pdf = await certificatePdf(document, brand);
      const credential = await signAchievementCredential(tx, {
        verifyUrl: document.verifyUrl,
        name: document.name,
        courseTitle: reg.title,
        courseUrl: `${brand.siteUrl}${coursePath(reg)}`,
        description: reg.description,
        hours: document.hours,
        startDay: document.startDay,
        endDay: document.endDay,
        issuedAt: now,
        issuer: { url: brand.siteUrl, name: brand.siteName },
      });
      await services.storage.put(key, Readable.from([Buffer.from(pdf)]), {
        contentType: "application/pdf",
      });
      stored = true;
      await tx.insert(certificates).values({
        id,
        registrationId: input.registrationId,
        name: document.name,
        courseTitle: reg.title,
        hours: document.hours,
        startDay: document.startDay,
        endDay: document.endDay,
        attended: standing.attended,
        held: standing.held,
        issuedAt: now,
        issuedBy: actor.user.id,
        storageKey: key,
        credential,
      });
      await auditChange(tx, actor, "certificate_issued", `registration:${input.registrationId}`, {
        certificate: id,
        name: document.name,
        course: reg.title,
        attended: standing.attended,
        held: standing.held,
      });
      const mail = await notice(brand, student.email, {
        template: "certificate-issued",
        subject: `Your certificate for ${reg.title}`,
        heading: "Congratulations: you completed the course",
        lines: [
          `Your certificate of completion for ${reg.title} is attached.`,
          "Anyone can check it at its public address, and you can add it to your LinkedIn profile from the Training Portal.",
        ],
        facts: [
          ["Course", reg.title],
          ["Name", document.name],
          ["Certificate ID", id],
          ["Issued", formatDay(today)],
        ],
        button: { label: "View your certificate", href: document.verifyUrl },
        footnote:
          "You receive this e-mail because you completed a course with us. Questions? Reply to this e-mail or call us.",
      });
      await services.mail.outbox.enqueue(tx, [
        {
          ...mail,
          leadId: student.leadId,
          attachments: [
            ...(mail.attachments ?? []),
            {
              filename: `certificate-${id}.pdf`,
              contentType: "application/pdf",
              content: Buffer.from(pdf).toString("base64"),
              encoding: "base64",
            },
          ],
        },
      ]);
      return success(`${document.name}'s certificate ${id} is issued; they were e-mailed.`);
    });
  } catch (error) {
    // Nothing was recorded: the stored PDF would be an orphan.
    if (stored) await services.storage.delete(key);
    throw error;
  }
}

/** Revokes a certificate (admins): its public page says so from then on; kept, never deleted. */
export async function revokeCertificate(
  db: Db,
  actor: Actor,
  input: { id: string; cohortId: number; reason: string },
  now: Date,
): Promise<Result<string>> {
  const reason = input.reason.trim();
  const refuse = (message: string) => failure("invalid", message, { reason: message });
  if (isRefusedText(input.reason)) return refuse(COMPLETION_TEXTS.reasonControl);
  if (!reason) return refuse(COMPLETION_TEXTS.reasonRequired);
  if (reason.length > REVOKE_REASON_MAX) return refuse(COMPLETION_TEXTS.reasonTooLong);
  if (!CERTIFICATE_ID.test(input.id)) return notFound;
  return db.transaction(async (tx) => {
    // The cohort's own certificate only (the screen it is revoked from).
    const [row] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
      .where(and(eq(certificates.id, input.id), eq(registrations.cohortId, input.cohortId)))
      .for("update", { of: certificates });
    if (!row) return notFound;
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: now, revokedReason: reason, revokedBy: actor.user.id })
      .where(and(eq(certificates.id, input.id), isNull(certificates.revokedAt)))
      .returning();
    if (!revoked) return failure("conflict", COMPLETION_TEXTS.alreadyRevoked);
    await auditChange(tx, actor, "certificate_revoked", `registration:${revoked.registrationId}`, {
      certificate: revoked.id,
      name: revoked.name,
      course: revoked.courseTitle,
      reason,
    });
    return success(`Certificate ${revoked.id} is revoked.`);
  });
}

/** What the public page and its JSON show of a certificate: everything printed, and its state. */
export interface PublicCertificate {
  id: string;
  name: string;
  courseTitle: string;
  hours: number;
  startDay: string;
  endDay: string;
  issuedAt: Date;
  revokedAt: Date | null;
  /** The signed Open Badges credential (VC-JWT). */
  credential: string;
}

const publicColumns = {
  id: certificates.id,
  name: certificates.name,
  courseTitle: certificates.courseTitle,
  hours: certificates.hours,
  startDay: certificates.startDay,
  endDay: certificates.endDay,
  issuedAt: certificates.issuedAt,
  revokedAt: certificates.revokedAt,
  credential: certificates.credential,
};

/** A certificate by its public ID (no sign-in), or null for an unknown or malformed one. */
export async function publicCertificate(db: Db, id: string): Promise<PublicCertificate | null> {
  if (!CERTIFICATE_ID.test(id)) return null;
  const [row] = await db.select(publicColumns).from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** The certificates of a student's registrations, by registration (the portal). */
export async function studentCertificates(
  db: Db,
  student: Pick<PublicUser, "email" | "role">,
): Promise<Map<number, PublicCertificate>> {
  if (student.role !== "student") return new Map();
  const rows = await db
    .select({ registrationId: certificates.registrationId, ...publicColumns })
    .from(certificates)
    .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(ownedBy(student));
  return new Map(rows.map(({ registrationId, ...row }) => [registrationId, row]));
}

/** The stored PDF of the student's own certificate (revoked ones too), or null for anyone else. */
export async function certificateFileFor(
  db: Db,
  student: Pick<PublicUser, "email" | "role">,
  id: string,
): Promise<{ storageKey: string; fileName: string } | null> {
  if (student.role !== "student" || !CERTIFICATE_ID.test(id)) return null;
  const [row] = await db
    .select({ storageKey: certificates.storageKey })
    .from(certificates)
    .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(and(eq(certificates.id, id), ownedBy(student)));
  return row ? { storageKey: row.storageKey, fileName: `certificate-${id}.pdf` } : null;
}

/** Of these stored keys, the ones a certificate references (the clean-up's owner check). */
export async function certificateKeysAmong(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: certificates.storageKey })
    .from(certificates)
    .where(inArray(certificates.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
