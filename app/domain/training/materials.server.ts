// A cohort's materials (issue 46, decision 0024): files (stored through the storage interface)
// and links staff add to a cohort or one of its classes, each released at a set time. Before it
// a student sees nothing and the download itself answers "not found"; after it, the students
// with a seat in that cohort download it. The students are e-mailed once per release by the
// registrations' job, which claims the release in the same transaction that queues the mail.
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { type Actor, auditChange } from "#app/domain/audit/audit.server.ts";
import type { PublicUser } from "#app/domain/auth/roles.ts";
import type { StaffMail } from "#app/domain/mail/brand.server.ts";
import { notice } from "#app/domain/mail/notice.server.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import {
  classMaterials,
  classSessions,
  cohorts,
  leads,
  registrations,
} from "#app/platform/db/schema.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { cohortEnrolments } from "./class-calendar.server.ts";
import { TITLE_MAX, URL_MAX } from "./materials.ts";
import { ownedBy } from "./portal.server.ts";
import { holdsSeat } from "./registration-status.ts";

export type ClassMaterial = typeof classMaterials.$inferSelect;

/** Where material files are stored (the clean-up knows it as their owner's prefix). */
export const MATERIALS_PREFIX = "materials";

export const MATERIAL_TEXTS = {
  notFound: "That material is not available.",
  cohortNotFound: "That cohort no longer exists.",
} as const;

/** What staff add: a title, a stored file or a link, an optional class, the release instant. */
export interface NewMaterial {
  title: string;
  file: { key: string; name: string; contentType: string; size: number } | null;
  url: string;
  sessionId: number | null;
  releaseAt: Date | null;
}

/** The field messages of a new material (none: it holds). */
export function materialErrors(input: NewMaterial): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = input.title.trim();
  if (!title) errors.title = "Give the material a title.";
  else if (title.length > TITLE_MAX) errors.title = `Keep the title under ${TITLE_MAX} characters.`;
  if (input.file && input.url) errors.url = "Add a file or a link, not both.";
  else if (!input.file && !input.url) errors.file = "Choose a file, or give a link instead.";
  else if (input.url && !/^https?:\/\/[^\s]+$/i.test(input.url)) {
    errors.url = "Give a link that starts with https:// (or http://).";
  } else if (input.url.length > URL_MAX) {
    errors.url = `Keep the link under ${URL_MAX} characters.`;
  }
  if (!input.releaseAt) errors.releaseDay = "Give the day and time the students get it.";
  return errors;
}

/** Adds a material to a cohort the course owns (the class, when named, is one of its own). */
export async function addMaterial(
  db: Db,
  actor: Actor & { user: { id: number } },
  ids: { courseId: number; cohortId: number },
  input: NewMaterial,
): Promise<Result<number>> {
  const errors = materialErrors(input);
  if (Object.keys(errors).length > 0 || !input.releaseAt) {
    return failure("invalid", CORRECT_FIELDS, errors);
  }
  const releaseAt = input.releaseAt;
  return db.transaction(async (tx) => {
    const [cohort] = await tx
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(and(eq(cohorts.id, ids.cohortId), eq(cohorts.courseId, ids.courseId)));
    if (!cohort) return failure("not-found", MATERIAL_TEXTS.cohortNotFound);
    if (input.sessionId !== null) {
      const [session] = await tx
        .select({ id: classSessions.id })
        .from(classSessions)
        .where(and(eq(classSessions.id, input.sessionId), eq(classSessions.cohortId, cohort.id)));
      if (!session) {
        return failure("invalid", CORRECT_FIELDS, {
          sessionId: "Choose one of this cohort's classes.",
        });
      }
    }
    const [made] = await tx
      .insert(classMaterials)
      .values({
        cohortId: cohort.id,
        sessionId: input.sessionId,
        title: input.title.trim(),
        storageKey: input.file?.key ?? "",
        fileName: input.file?.name ?? "",
        contentType: input.file?.contentType ?? "",
        size: input.file?.size ?? 0,
        url: input.file ? "" : input.url,
        releaseAt,
        createdBy: actor.user.id,
      })
      .returning({ id: classMaterials.id });
    const id = (made as { id: number }).id;
    await auditChange(tx, actor, "class_material_added", `course:${ids.courseId}`, {
      cohort: cohort.id,
      material: id,
      title: input.title.trim(),
      releaseAt: releaseAt.toISOString(),
    });
    return success(id);
  });
}

/** Removes a material; answers its stored file's key ("" for a link) for the caller to delete. */
export async function removeMaterial(
  db: Db,
  actor: Actor,
  ids: { courseId: number; cohortId: number; materialId: number },
): Promise<Result<string>> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ material: classMaterials })
      .from(classMaterials)
      .innerJoin(cohorts, eq(cohorts.id, classMaterials.cohortId))
      .where(
        and(
          eq(classMaterials.id, ids.materialId),
          eq(classMaterials.cohortId, ids.cohortId),
          eq(cohorts.courseId, ids.courseId),
        ),
      );
    if (!found) return failure("not-found", MATERIAL_TEXTS.notFound);
    await tx.delete(classMaterials).where(eq(classMaterials.id, ids.materialId));
    await auditChange(tx, actor, "class_material_removed", `course:${ids.courseId}`, {
      cohort: ids.cohortId,
      material: ids.materialId,
      title: found.material.title,
    });
    return success(found.material.storageKey);
  });
}

/** A cohort's materials for staff, by release time. */
export function cohortMaterials(db: Db, cohortId: number): Promise<ClassMaterial[]> {
  return db
    .select()
    .from(classMaterials)
    .where(eq(classMaterials.cohortId, cohortId))
    .orderBy(asc(classMaterials.releaseAt), asc(classMaterials.id));
}

/** The released materials of a student's registrations that hold a seat, by registration. */
export async function studentMaterials(
  db: Db,
  student: Pick<PublicUser, "email">,
  now: Date,
): Promise<Map<number, ClassMaterial[]>> {
  const rows = await db
    .select({
      registrationId: registrations.id,
      status: registrations.status,
      material: classMaterials,
    })
    .from(registrations)
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .innerJoin(classMaterials, eq(classMaterials.cohortId, registrations.cohortId))
    .where(and(ownedBy(student), lte(classMaterials.releaseAt, now)))
    .orderBy(asc(classMaterials.releaseAt), asc(classMaterials.id));
  const byRegistration = new Map<number, ClassMaterial[]>();
  for (const row of rows.filter((r) => holdsSeat(r.status))) {
    byRegistration.set(row.registrationId, [
      ...(byRegistration.get(row.registrationId) ?? []),
      row.material,
    ]);
  }
  return byRegistration;
}

/**
 * The file a student may download now: released, of a cohort they hold a seat in; anything else
 * (not released, another cohort, a link, someone not a student) is not found.
 */
export async function materialFileFor(
  db: Db,
  user: Pick<PublicUser, "email" | "role">,
  materialId: number,
  now: Date,
): Promise<Result<Pick<ClassMaterial, "storageKey" | "fileName" | "contentType" | "size">>> {
  const notFound = failure("not-found", MATERIAL_TEXTS.notFound);
  if (user.role !== "student") return notFound;
  const rows = await db
    .select({ status: registrations.status, material: classMaterials })
    .from(classMaterials)
    .innerJoin(registrations, eq(registrations.cohortId, classMaterials.cohortId))
    .innerJoin(leads, eq(leads.id, registrations.leadId))
    .where(
      and(eq(classMaterials.id, materialId), ownedBy(user), lte(classMaterials.releaseAt, now)),
    );
  const seated = rows.find((r) => holdsSeat(r.status));
  if (!seated?.material.storageKey) return notFound;
  const { storageKey, fileName, contentType, size } = seated.material;
  return success({ storageKey, fileName, contentType, size });
}

/**
 * Tells each cohort's students of the materials released by `now`, once: each release is
 * claimed (announcedAt set) in the transaction that queues its e-mails, so a second run, a
 * restart or a second instance sends nothing again. Returns how many materials were announced.
 */
export async function announceReleasedMaterials(
  db: Db,
  mail: StaffMail,
  now: Date,
): Promise<number> {
  const due = await db
    .select({ id: classMaterials.id })
    .from(classMaterials)
    .where(and(isNull(classMaterials.announcedAt), lte(classMaterials.releaseAt, now)));
  let announced = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(classMaterials)
        .set({ announcedAt: now })
        .where(and(eq(classMaterials.id, id), isNull(classMaterials.announcedAt)))
        .returning();
      if (!claimed) return false;
      const students = await cohortEnrolments(tx, claimed.cohortId);
      const messages = await Promise.all(
        students.map(async (student) => ({
          ...(await notice(mail.brand, student.email, {
            template: "class-material-released",
            subject: `New material for ${student.title}: ${claimed.title}`,
            heading: "New course material",
            lines: [
              `${claimed.title} is ready for you in ${student.title}.`,
              "Open the Training Portal to download it.",
            ],
            facts: [
              ["Course", student.title],
              ["Material", claimed.title],
            ],
            button: { label: "Open the Training Portal", href: `${mail.brand.siteUrl}/portal` },
            footnote:
              "You receive this e-mail because you hold a seat in this course. Questions? Reply to this e-mail or call us.",
          })),
          leadId: student.leadId,
        })),
      );
      if (messages.length > 0) await mail.outbox.enqueue(tx, messages);
      return true;
    });
    if (sent) announced += 1;
  }
  return announced;
}

/** Of these stored keys, the ones a material still references (the clean-up's owner check). */
export async function materialKeysAmong(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: classMaterials.storageKey })
    .from(classMaterials)
    .where(inArray(classMaterials.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
